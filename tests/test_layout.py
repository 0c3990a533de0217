"""The package layout: engine without Qt, and the one module that locates schemas and the core pack."""

import subprocess
import sys

from tacforge.engine import resources

BLOCK_QT = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split('.')[0] in ('PyQt6', 'pyqtgraph') or name.startswith('tacforge.editor'):
            raise ImportError('blocked for this test: ' + name)
sys.meta_path.insert(0, Block())
import pkgutil, importlib
import tacforge.engine as engine
for mod in pkgutil.walk_packages(engine.__path__, 'tacforge.engine.'):
    if not mod.name.endswith("__main__"):
        importlib.import_module(mod.name)
from tacforge.engine.cli import main
sys.exit(main(['validate']))
"""


def test_engine_imports_and_validates_without_qt():
    result = subprocess.run([sys.executable, "-c", BLOCK_QT], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_resources_point_at_schemas_and_core_pack():
    assert (resources.SCHEMA_DIR / "weapons.schema.json").is_file()
    assert (resources.CORE_PACK_DIR / "pack.yaml").is_file()


def test_every_import_package_is_listed_in_pyproject():
    """setuptools installs only the packages pyproject lists; a new folder left out would be missing from the wheel."""
    import tomllib

    from conftest import REPO

    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    folders = {
        "tacforge." + ".".join(p.parent.relative_to(REPO).parts)
        for top in ("engine", "editor")
        for p in (REPO / top).rglob("__init__.py")
    }
    assert folders <= listed, f"add to [tool.setuptools] packages: {sorted(folders - listed)}"
    stale = {name for name in listed - folders if "_bundled" not in name}
    assert not stale, f"listed but not a folder: {sorted(stale)}"


def test_source_imports_only_the_tacforge_namespace():
    """`import engine` would load a second copy of every module (or another distribution's `editor`)."""
    import re

    from conftest import REPO

    bare = re.compile(r"^\s*(from|import) (engine|editor)\b", re.M)
    offenders = [
        str(p.relative_to(REPO))
        for top in ("engine", "editor", "tests", "scripts")
        for p in (REPO / top).rglob("*.py")
        if bare.search(p.read_text(encoding="utf-8"))
    ]
    assert not offenders


BLOCK_PYQT6 = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split('.')[0] == 'PyQt6':
            raise ModuleNotFoundError('No module named ' + repr(name), name=name)
sys.meta_path.insert(0, Block())
from tacforge.editor.launch import main
sys.exit(main([]))
"""


def test_editor_without_pyqt6_says_how_to_install_the_extra():
    result = subprocess.run([sys.executable, "-c", BLOCK_PYQT6], capture_output=True, text=True)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "PyQt6" in result.stderr and "pip install 'tacforge[editor]'" in result.stderr


def test_every_compiled_loop_is_built_and_typed():
    """Each engine/*/_*_core.c is an extension module of pyproject.toml (built by make setup and pip wheel; the
    Makefile rebuilds when one changes), with a .pyi beside it for mypy."""
    import tomllib

    from conftest import REPO

    declared = {
        source
        for module in tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["ext-modules"]
        for source in module["sources"]
    }
    found = {str(p.relative_to(REPO)) for p in REPO.glob("engine/*/_*_core.c")}
    assert found and found == declared, f"pyproject.toml ext-modules and the C files differ: {found ^ declared}"
    untyped = [c for c in sorted(found) if not (REPO / c).with_suffix(".pyi").exists()]
    assert not untyped, f"add a .pyi beside {untyped}"
