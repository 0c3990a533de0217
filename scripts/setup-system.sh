#!/usr/bin/env bash
# Checks for the Debian/Ubuntu packages tacforge needs (Qt's runtime libraries and a font, python3-venv, a C compiler
# and Python's headers for the compiled viewshed loop) and, run as root, installs the missing ones. As a normal user
# it prints the exact command to run and fails.
set -euo pipefail

python=${1:-python3}
packages=(libgl1 libegl1 libfontconfig1 libfreetype6 libxkbcommon0 libxkbcommon-x11-0 libdbus-1-3 libglib2.0-0
          fonts-dejavu-core libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
          libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxcb-xfixes0)

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "setup: not a Debian/Ubuntu system; make sure Qt 6's runtime libraries and a font are installed" >&2
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ! "$python" -c "import ensurepip, venv" >/dev/null 2>&1; then
    # the system Python needs python3-venv to create .venv
    missing+=(python3-venv)
fi
# the compiled loops (engine/rules/_los_core.c, engine/sim/_path_core.c, engine/rules/_fire_core.c,
# engine/ai/_strike_core.c) are built at install: a C compiler and Python's headers
if ! command -v cc >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1; then
    missing+=(gcc libc6-dev)
fi
if ! "$python" -c "import pathlib, sys, sysconfig
sys.exit(not (pathlib.Path(sysconfig.get_paths()['include']) / 'Python.h').is_file())" >/dev/null 2>&1; then
    missing+=(python3-dev)
fi

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "setup: these system packages are missing:" >&2
    echo "    sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
    echo "setup: run that line, then run make again." >&2
    exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
