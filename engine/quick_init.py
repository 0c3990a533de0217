"""A faster __init__ for the frozen dataclasses a battle builds by the thousand (every shot's Firer, Target, Attack
and FireResult, every event): `@quick_init` above `@dataclass(frozen=True)`.

A frozen dataclass's own __init__ stores each field through `object.__setattr__(self, name, value)`, a lookup and
a call per field that costs about three times the whole construction of a plain instance (docs/architecture.md
8.1.1: a tenth of a battle). quick_init replaces it with one that stores the same values under the same names
straight into the instance's __dict__, three to four times as fast. The class stays as it was (frozen, its equality,
hash, repr, fields and defaults); only fields given by position or name with plain defaults are supported, and a
class with anything else (a default factory, __post_init__, init=False or keyword-only fields, slots, whose
descriptors are no faster than object.__setattr__) is refused when it is defined rather than built wrong.
"""

from __future__ import annotations

import dataclasses
from typing import TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Give the frozen dataclass `cls` an __init__ that stores its fields directly (see the module's note)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or not params.init:
        raise TypeError(f"quick_init: {cls.__name__} is not a frozen dataclass with an __init__")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"quick_init: {cls.__name__} has a __post_init__")
    names, defaults = [], {}
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]  # (a dataclass: checked above)
        if not f.init or f.kw_only or f.default_factory is not dataclasses.MISSING:
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} is not a plain field")
        if f.name == "self" or f.name.startswith("_"):
            raise TypeError(f"quick_init: {cls.__name__}.{f.name} would clash with the __init__'s own names")
        names.append(f.name)
        if f.default is not dataclasses.MISSING:
            defaults[f.name] = f.default
    if "__slots__" in cls.__dict__:
        raise TypeError(f"quick_init: {cls.__name__} has slots (stored through their descriptors, no faster)")
    # The defaults are bound as the closure's names `_d_<field>`.
    params_src = ", ".join(f"{n}=_d_{n}" if n in defaults else n for n in names)
    body = "".join(f"        _d[{n!r}] = {n}\n" for n in names)
    bound = {f"_d_{n}": v for n, v in defaults.items()}
    source = (
        f"def make({', '.join(bound)}):\n"
        f"    def __init__(self, {params_src}):\n"
        f"        _d = self.__dict__\n{body}"
        "    return __init__\n"
    )
    namespace: dict = {}
    exec(source, {}, namespace)  # noqa: S102 - the source is built above from the class's own field names
    init = namespace["make"](**bound)
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
