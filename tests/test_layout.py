"""The package layout: engine without Qt, and the one module that locates schemas and the core pack."""

import subprocess
import sys

from engine import resources

BLOCK_QT = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split('.')[0] in ('PyQt6', 'pyqtgraph', 'editor'):
            raise ImportError('blocked for this test: ' + name)
sys.meta_path.insert(0, Block())
import pkgutil, importlib, engine
for mod in pkgutil.walk_packages(engine.__path__, 'engine.'):
    if not mod.name.endswith("__main__"):
        importlib.import_module(mod.name)
from engine.cli import main
sys.exit(main(['validate']))
"""


def test_engine_imports_and_validates_without_qt():
    result = subprocess.run([sys.executable, "-c", BLOCK_QT], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_resources_point_at_schemas_and_core_pack():
    assert (resources.SCHEMA_DIR / "weapons.schema.json").is_file()
    assert (resources.CORE_PACK_DIR / "pack.yaml").is_file()
