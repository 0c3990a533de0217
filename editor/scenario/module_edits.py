"""Turning a scenario's optional ruleset modules on and off (`modules: [...]`, docs/rules.md 16). Qt-free: each call
is ONE undo command on the scenario document; the Properties dock's module boxes (modules_box.py) make them."""

from __future__ import annotations

from ruamel.yaml.comments import CommentedSeq

from tacforge.engine.model.modules import MODULES

from ..document import MISSING, bulk_edit


def modules_on(document) -> list[str]:
    """The names the file lists, as written (a name the schema refuses stays, for the issues dock to show)."""
    value = document.value("modules", default=MISSING)
    return [str(name) for name in value] if isinstance(value, list) else []


def set_module(document, name: str, on: bool) -> bool:
    """Turn module `name` on (added after those listed) or off (the last one off takes the key with it, so the
    file keeps no empty `modules: []`). True if an edit was made."""
    if name not in MODULES:
        raise ValueError(f"unknown module '{name}'; the modules are: {', '.join(MODULES)}")
    listed = modules_on(document)
    if (name in listed) == on:
        return False
    names = [*listed, name] if on else [n for n in listed if n != name]
    value = MISSING
    if names:
        value = CommentedSeq(names)
        value.fa.set_flow_style()  # as `tacforge new` writes it: modules: [battle_rating]
    text = f"Turn {'on' if on else 'off'} the {name} module"
    with bulk_edit(document, text):  # its own step: a click on another box is another switch, not a retyping
        document.set_value(("modules",), value, text)
    return True
