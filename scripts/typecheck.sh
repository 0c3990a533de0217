#!/usr/bin/env bash
# mypy over the two import packages. The checkout's engine/ and editor/ folders install as tacforge.engine and
# tacforge.editor through setuptools' package-dir mapping, which a static checker cannot follow: a tree of two links
# under build/ gives mypy the installed names, so `from tacforge.engine.x import y` resolves to engine/x.py.
set -euo pipefail
cd "$(dirname "$0")/.."
root=build/typecheck
mkdir -p "$root/tacforge"
ln -sfn ../../../engine "$root/tacforge/engine"
ln -sfn ../../../editor "$root/tacforge/editor"
cd "$root"
exec ../../.venv/bin/mypy --config-file ../../pyproject.toml -p tacforge.engine -p tacforge.editor "$@"
