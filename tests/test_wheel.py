"""A wheel built from the repository, installed in a new virtual environment, finds its schemas and the core pack."""

import json
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

from conftest import REPO

OWN = ("tacforge", "_tacforge", "__editable__", "engine", "editor")


def test_wheel_install_finds_schemas_and_core_pack(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist),
                    str(REPO)], check=True, capture_output=True)
    wheel = next(dist.glob("tacforge-*.whl"))
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q", str(wheel)],
                   check=True, capture_output=True)
    # the dependencies come from this environment, but none of tacforge's own (editable) installs
    deps = tmp_path / "deps"
    deps.mkdir()
    for entry in Path(sysconfig.get_paths()["purelib"]).iterdir():
        if not entry.name.startswith(OWN) and not entry.name.endswith(".pth"):
            (deps / entry.name).symlink_to(entry)
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip())
    (site / "deps.pth").write_text(str(deps) + "\n")
    probe = ("import tacforge.engine.resources as r, json; print(json.dumps([str(r.SCHEMA_DIR), str(r.CORE_PACK_DIR), "
             "(r.SCHEMA_DIR / 'weapons.schema.json').is_file(), (r.CORE_PACK_DIR / 'terrain.yaml').is_file()]))")
    out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=True).stdout
    schema_dir, core_dir, has_schema, has_core = json.loads(out)
    assert has_schema and has_core
    assert str(site) in schema_dir and str(site) in core_dir  # from the wheel, not the checkout
    packs = subprocess.run([str(env_dir / "bin" / "tacforge"), "packs"], capture_output=True, text=True, cwd=tmp_path)
    assert packs.stdout.split()[0] == "core", packs.stdout + packs.stderr
    validate = subprocess.run([str(env_dir / "bin" / "tacforge"), "validate", "core"], capture_output=True, text=True,
                              cwd=tmp_path)
    assert validate.returncode == 0, validate.stdout
