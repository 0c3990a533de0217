#!/usr/bin/env bash
# Proves that `make test` works on a fresh Debian 12 (bookworm) machine that lacks Qt's system libraries, and that a
# second `make test` does no set-up work.
#
#   sudo bash scripts/prove-fresh-machine.sh
#
# It builds (or reuses) a minimal debootstrap chroot at $CHROOT (default /var/tmp/tacforge-chroot) holding only the
# minbase system plus python3, make, git and ca-certificates, clones this repository into it and then, inside it:
#   1. as a non-root user, runs `make test`, which must fail early and print the `sudo apt-get install ...` line;
#   2. as root, runs `make test` (must install the Debian packages, create .venv, install the pinned deps, pass);
#   3. runs `make test` again, which must print no "setup:" line; times `make -n test` and the no-op set-up check;
#   4. checks that the Qt libraries are installed and that PyQt6 can create an offscreen QGuiApplication;
#   5. as the non-root user again, runs `make test`, which must now set up .venv and run the tests without sudo.
# A reused chroot is first reset to its freshly-bootstrapped package set (everything installed later is purged, the
# clones, pip caches and the test user are removed), so every run starts from the same fresh machine.
#
# Environment:
#   CHROOT=/path     where the chroot lives (kept for reuse; delete it to rebuild from scratch)
#   MIRROR=url       Debian mirror (default: the first bookworm mirror in this host's /etc/apt/sources.list*)
#   WORKTREE=0|1     0 (default): the clone is exactly HEAD; 1: also copy in this checkout's uncommitted changes
#                    (untracked non-ignored files, modified and deleted tracked files) and list them
#   REBUILD=1        delete and re-create the chroot even if it is complete
set -euo pipefail

CHROOT=${CHROOT:-/var/tmp/tacforge-chroot}
WORKTREE=${WORKTREE:-0}
REBUILD=${REBUILD:-0}
SUITE=bookworm
TEST_USER=tacuser
BASE_LIST=/var/lib/tacforge-prove/base-packages      # inside the chroot
COMPLETE=/var/lib/tacforge-prove/complete            # inside the chroot
LOGDIR=/var/log/tacforge-prove                       # inside the chroot
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CHROOT_PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

say()  { printf '\n==> %s\n' "$*"; }
die()  { printf '\nFAIL: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" -eq 0 ] || die "run as root: sudo bash scripts/prove-fresh-machine.sh"
case "$CHROOT" in /|/bin|/boot|/dev|/etc|/home|/lib*|/opt|/proc|/root|/run|/sbin|/srv|/sys|/tmp|/usr|/var|/var/tmp|"")
    die "refusing to use CHROOT=$CHROOT" ;; esac
CHROOT=$(realpath -m "$CHROOT")

# ---------------------------------------------------------------------------------------------------------- mirror
apt_uris() {    # every repository URI this host's apt uses (deb822 .sources and one-line .list files)
    { cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '$1 == "URIs:" {for (i = 2; i <= NF; i++) print $i}'
      cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | awk '$1 == "deb" {print ($2 ~ /^\[/ ? $3 : $2)}'
    } | sed 's#/*$##' || true
}
if [ -z "${MIRROR:-}" ]; then
    MIRROR=$(apt_uris | grep -E '/debian$' | head -n1 || true)
    MIRROR=${MIRROR:-http://deb.debian.org/debian}
fi
MIRROR=${MIRROR%/}
SECURITY_MIRROR=$(apt_uris | grep -E '/debian-security$' | head -n1 || true)
SECURITY_MIRROR=${SECURITY_MIRROR:-${MIRROR}-security}

# ---------------------------------------------------------------------------------------------------------- mounts
MOUNTED=()
mounts_under_chroot() { findmnt -rn -o TARGET | awk -v p="$CHROOT/" 'index($0 "/", p) == 1' || true; }
mount_one() {   # mount_one TARGET ARGS...
    local target=$CHROOT$1; shift
    mkdir -p "$target"
    if mountpoint -q "$target"; then return 0; fi
    mount "$@" "$target"
    MOUNTED+=("$target")
}
mount_all() {
    mount_one /proc -t proc proc
    mount_one /sys -t sysfs -o ro sysfs
    mount_one /dev --bind /dev
    mount_one /dev/pts --bind /dev/pts
}
unmount_all() {
    local i
    for ((i = ${#MOUNTED[@]} - 1; i >= 0; i--)); do
        umount "${MOUNTED[i]}" 2>/dev/null || umount -l "${MOUNTED[i]}" 2>/dev/null || true
    done
    MOUNTED=()
}
trap unmount_all EXIT
trap 'exit 130' INT TERM

# Runs a command line in the chroot as root, with a clean environment (no host PIP_* etc.).
in_chroot() { chroot "$CHROOT" /usr/bin/env -i HOME=/root USER=root LOGNAME=root PATH="$CHROOT_PATH" LANG=C.UTF-8 \
                  TERM=dumb bash -c "$1"; }
as_user()   { chroot --userspec="$TEST_USER:$TEST_USER" "$CHROOT" /usr/bin/env -i HOME="/home/$TEST_USER" \
                  USER="$TEST_USER" LOGNAME="$TEST_USER" PATH="/usr/local/bin:/usr/bin:/bin" LANG=C.UTF-8 TERM=dumb \
                  bash -c "$1"; }

remove_chroot() {
    [ -n "$(mounts_under_chroot)" ] && die "something is still mounted under $CHROOT:"$'\n'"$(mounts_under_chroot)"
    rm -rf --one-file-system "$CHROOT"
}

# -------------------------------------------------------------------------------------------------- create/reuse
SECONDS=0
if [ "$REBUILD" = 1 ] && [ -e "$CHROOT" ]; then
    say "REBUILD=1: removing $CHROOT"
    remove_chroot
fi
if [ -f "$CHROOT$COMPLETE" ]; then
    say "reusing the complete chroot at $CHROOT"
    CREATED=0
else
    if [ -e "$CHROOT" ]; then
        say "$CHROOT exists but is incomplete: removing it"
        remove_chroot
    fi
    command -v debootstrap >/dev/null || die "debootstrap is missing: apt-get install debootstrap"
    say "debootstrap $SUITE (minbase + python3 make git ca-certificates) from $MIRROR into $CHROOT"
    mkdir -p "$(dirname "$CHROOT")"
    debootstrap --variant=minbase --include=python3,make,git,ca-certificates "$SUITE" "$CHROOT" "$MIRROR" \
        > /tmp/tacforge-debootstrap.log 2>&1 || { tail -n 30 /tmp/tacforge-debootstrap.log; die "debootstrap failed"; }
    rm -f /tmp/tacforge-debootstrap.log
    # The same suites a freshly installed bookworm machine uses.
    cat > "$CHROOT/etc/apt/sources.list" <<EOF
deb $MIRROR $SUITE main
deb $MIRROR $SUITE-updates main
deb $SECURITY_MIRROR $SUITE-security main
EOF
    # No daemons may be started from package scripts inside a chroot.
    printf '#!/bin/sh\nexit 101\n' > "$CHROOT/usr/sbin/policy-rc.d"
    chmod 755 "$CHROOT/usr/sbin/policy-rc.d"
    mkdir -p "$CHROOT$(dirname "$BASE_LIST")"
    chroot "$CHROOT" dpkg-query -W -f='${Package}\n' | sort > "$CHROOT$BASE_LIST"
    rm -f "$CHROOT"/var/cache/apt/archives/*.deb
    touch "$CHROOT$COMPLETE"
    CREATED=1
fi
BOOTSTRAP_SECONDS=$SECONDS

cp -L /etc/resolv.conf "$CHROOT/etc/resolv.conf"
mount_all

# This host's network may intercept TLS with a local CA (in /usr/local/share/ca-certificates); trust it in the chroot
# too, or pip cannot reach PyPI. This is the network's doing, not the project's: a real machine needs no such step.
LOCAL_CAS=""
rm -f "$CHROOT"/usr/local/share/ca-certificates/*.crt
for ca in /usr/local/share/ca-certificates/*.crt; do
    [ -f "$ca" ] || continue
    cp -L "$ca" "$CHROOT/usr/local/share/ca-certificates/"
    LOCAL_CAS+=" $(basename "$ca")"
done
in_chroot "update-ca-certificates --fresh >/dev/null 2>&1"
[ -z "$LOCAL_CAS" ] || echo "note: trusting this host's local CA certificates in the chroot:$LOCAL_CAS"

# ---------------------------------------------------------------------------------------------- reset to fresh
if [ "$CREATED" = 0 ]; then
    extra=$(chroot "$CHROOT" dpkg-query -W -f='${Package}\n' | sort | comm -13 "$CHROOT$BASE_LIST" - | tr '\n' ' ')
    if [ -n "${extra// /}" ]; then
        say "resetting the chroot: purging packages installed after debootstrap: $extra"
        in_chroot "DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq $extra >/dev/null"
    fi
    in_chroot "apt-get clean"
fi
# Start without apt package lists, as debootstrap leaves them (setup-system.sh runs apt-get update itself).
in_chroot "find /var/lib/apt/lists -maxdepth 1 -type f ! -name lock -delete"
in_chroot "rm -rf /tmp/* /var/tmp/* /root/tacforge /root/.cache /root/.local /root/.config $LOGDIR; \
           if id $TEST_USER >/dev/null 2>&1; then userdel -r $TEST_USER 2>/dev/null || true; fi; rm -rf /home/$TEST_USER"
mkdir -p "$CHROOT$LOGDIR"

# -------------------------------------------------------------------------------------------------------- clone
HEAD=$(git -C "$REPO" rev-parse HEAD)
say "cloning $REPO at ${HEAD:0:12} into $CHROOT/root/tacforge"
git clone -q --no-hardlinks "$REPO" "$CHROOT/root/tacforge"
git -C "$CHROOT/root/tacforge" checkout -q --detach "$HEAD"
OVERLAID=""
if [ "$WORKTREE" != 0 ]; then
    # Files that exist in this checkout but not (or differently) at HEAD: without them the clone may lack the
    # Makefile itself while it is still uncommitted.
    mapfile -d '' untracked < <(git -C "$REPO" ls-files -z --others --exclude-standard)
    mapfile -d '' modified  < <(git -C "$REPO" diff -z --name-only --diff-filter=AMRT HEAD)
    mapfile -d '' deleted   < <(git -C "$REPO" diff -z --name-only --diff-filter=D HEAD)
    files=("${untracked[@]}" "${modified[@]}")
    if [ ${#files[@]} -gt 0 ]; then
        tar -C "$REPO" -cf - -- "${files[@]}" | tar -C "$CHROOT/root/tacforge" -xf -
        OVERLAID="${files[*]}"
    fi
    for f in "${deleted[@]}"; do rm -f -- "$CHROOT/root/tacforge/$f"; done
    if [ -n "$OVERLAID" ] || [ ${#deleted[@]} -gt 0 ]; then
        echo "WORKTREE=1: copied uncommitted files over the clone: ${OVERLAID:-none}${deleted:+; deleted: ${deleted[*]}}"
    fi
fi
[ -f "$CHROOT/root/tacforge/Makefile" ] || die "the clone has no Makefile (commit it, or run with WORKTREE=1)"
[ ! -e "$CHROOT/root/tacforge/.venv" ] || die "the clone unexpectedly contains .venv"

say "checking that the chroot is a fresh machine without Qt's libraries"
SETUP_PACKAGES=$(bash -c 'eval "$(sed -n "/^packages=(/,/)/p" "$1")"; echo "${packages[*]}"' _ \
                 "$CHROOT/root/tacforge/scripts/setup-system.sh")
[ -n "$SETUP_PACKAGES" ] || die "could not read the package list from scripts/setup-system.sh"
present=$(chroot "$CHROOT" dpkg-query -W -f='${Package} ${Status}\n' 2>/dev/null \
          | awk '$NF == "installed" {print $1}' \
          | grep -E -x "python3-venv|python3\.[0-9]+-venv|$(echo "$SETUP_PACKAGES" | tr ' ' '|' | sed 's/\./\\./g')|libqt.*|libgl.*|libegl.*|libx11.*|libxcb.*|fonts-.*|libfontconfig.*|libfreetype.*" \
          || true)
[ -z "$present" ] || die "the chroot is not fresh; it already has: $(echo $present)"
for cmd in python3 make git; do in_chroot "command -v $cmd >/dev/null" || die "$cmd missing in the chroot"; done
BASE_PYTHON=$(in_chroot "python3 --version")
echo "ok: none of [$SETUP_PACKAGES python3-venv] installed; $BASE_PYTHON, $(in_chroot 'make --version | head -n1'), \
$(in_chroot 'git --version')"

# ---------------------------------------------------------------------------------------------------- non-root
say "as the non-root user $TEST_USER: make test (must fail early with the apt-get line)"
in_chroot "useradd -m -s /bin/bash $TEST_USER"
cp -a "$CHROOT/root/tacforge" "$CHROOT/home/$TEST_USER/tacforge"
in_chroot "chown -R $TEST_USER:$TEST_USER /home/$TEST_USER/tacforge"
set +e
as_user "cd ~/tacforge && make test" > "$CHROOT$LOGDIR/nonroot.log" 2>&1
NONROOT_RC=$?
set -e
sed 's/^/    | /' "$CHROOT$LOGDIR/nonroot.log"
echo "    exit status: $NONROOT_RC"
[ "$NONROOT_RC" -ne 0 ] || die "make test as a non-root user succeeded; it should have failed"
APT_LINE=$(grep -E '^ *sudo apt-get install ' "$CHROOT$LOGDIR/nonroot.log" | sed 's/^ *//' || true)
[ -n "$APT_LINE" ] || die "the non-root run did not print a 'sudo apt-get install' line"
for p in $SETUP_PACKAGES python3-venv; do
    grep -qw -- "$p" <<< "$APT_LINE" || die "the apt-get line does not name $p"
done
[ ! -e "$CHROOT/home/$TEST_USER/tacforge/.venv" ] || die "the failed non-root run created .venv (not an early fail)"
NONROOT_MSG=$(cat "$CHROOT$LOGDIR/nonroot.log")
echo "ok: failed early (no .venv created), and named every missing package"

# ------------------------------------------------------------------------------------------------ first run
# pytest exits 5 when it collects no tests; make then fails with "Error 5". That only means the suite is empty.
run_make_test() {   # run_make_test LOGNAME -> sets RC, SECS
    local log=$CHROOT$LOGDIR/$1.log
    set +e
    in_chroot "cd /root/tacforge && start=\$(date +%s.%N) && { time make test; } > /var/log/tacforge-prove/$1.out 2>&1; \
               rc=\$?; end=\$(date +%s.%N); cat /var/log/tacforge-prove/$1.out; echo \"rc=\$rc\"; \
               echo \"secs=\$(echo \"\$end - \$start\" | awk '{printf \"%.1f\", \$1 - \$3}')\"" > "$log" 2>&1
    set -e
    RC=$(sed -n 's/^rc=//p' "$log" | tail -n1)
    SECS=$(sed -n 's/^secs=//p' "$log" | tail -n1)
    sed '/^rc=/d; /^secs=/d; s/^/    | /' "$log"
    echo "    exit status: $RC, wall time: ${SECS}s"
}
TEST_FAILURES=0
check_pytest_rc() {   # check_pytest_rc LOGNAME
    local out=$CHROOT$LOGDIR/$1.out summary
    summary=$(grep -E '^=*\s*[0-9]+ (passed|failed|error)|no tests ran' "$out" | tail -n1 | sed 's/=//g; s/^ *//; s/ *$//')
    if [ "$RC" = 0 ]; then PYTEST_NOTE="make test passed: $summary"; return; fi
    # A failure of the set-up rule is fatal; a failure of the test recipe itself means the set-up worked.
    if grep -qE '^make: \*\*\* \[Makefile:[0-9]+: \.venv/\.ready\]' "$out" || [ ! -f "$CHROOT/root/tacforge/.venv/.ready" ]; then
        die "the set-up failed (exit $RC); see $out"
    fi
    grep -qE '^make: \*\*\* \[Makefile:[0-9]+: test\] Error [0-9]+$' "$out" || die "make test failed (exit $RC); see $out"
    if grep -qE 'Error 5$' "$out"; then
        PYTEST_NOTE="pytest collected no tests (exit 5): the suite is empty"
    else
        PYTEST_NOTE="the set-up worked but tests FAILED: $summary"
        TEST_FAILURES=1
    fi
    echo "note: $PYTEST_NOTE; everything before pytest worked"
}

say "as root: time make test (first run: installs Debian packages, creates .venv, installs pinned deps)"
run_make_test first
FIRST_RC=$RC; FIRST_SECS=$SECS
check_pytest_rc first
grep -q '^setup: installing ' "$CHROOT$LOGDIR/first.out" || die "the first run did not install the system packages"
INSTALLED_LINE=$(grep '^setup: installing ' "$CHROOT$LOGDIR/first.out" | head -n1 | sed 's/^setup: installing //')
[ -x "$CHROOT/root/tacforge/.venv/bin/python" ] || die "the first run did not create .venv"
[ -f "$CHROOT/root/tacforge/.venv/.ready" ] || die "the first run did not mark .venv ready"
READY_MTIME=$(stat -c %y "$CHROOT/root/tacforge/.venv/.ready")
# NAME==VERSION with the name normalised (lower case, '.' and '_' as '-'), as pip freeze and requirements/*.txt agree
normalise() { sed -E ':a; s/^([^=]*)[._]/\1-/; ta; s/^([^=]*)/\L\1/'; }
in_chroot "cd /root/tacforge && .venv/bin/python -m pip freeze --all --disable-pip-version-check --exclude-editable" \
    | grep -v '^pip==' | normalise | sort > "$CHROOT$LOGDIR/freeze.txt"
grep -hE '^[A-Za-z0-9]' "$CHROOT"/root/tacforge/requirements/*.txt | sed 's/ .*//' | normalise | sort -u \
    > "$CHROOT$LOGDIR/lock.txt"
not_pinned=$(comm -13 "$CHROOT$LOGDIR/lock.txt" "$CHROOT$LOGDIR/freeze.txt" | tr '\n' ' ')
not_installed=$(comm -23 "$CHROOT$LOGDIR/lock.txt" "$CHROOT$LOGDIR/freeze.txt" | tr '\n' ' ')
[ -z "${not_installed// /}" ] || die ".venv lacks these pins of requirements/*.txt (or has other versions): $not_installed"
echo "ok: .venv holds all $(wc -l < "$CHROOT$LOGDIR/lock.txt") pinned versions of requirements/*.txt"
UNPINNED_NOTE="none"
if [ -n "${not_pinned// /}" ]; then
    UNPINNED_NOTE=$not_pinned
    echo "WARNING: .venv also holds packages that requirements/*.txt does not pin (pulled in as dependencies, so"
    echo "         their versions are whatever PyPI has today): $not_pinned"
    for d in $not_pinned; do
        in_chroot "cd /root/tacforge && .venv/bin/python -m pip show ${d%%==*} 2>/dev/null | sed -n 's/^Required-by: /         ${d%%==*} is required by: /p'"
    done
fi

# ----------------------------------------------------------------------------------------------- second run
say "as root: time make test again (must do no set-up work)"
run_make_test second
SECOND_RC=$RC; SECOND_SECS=$SECS
check_pytest_rc second
if grep -q '^setup:' "$CHROOT$LOGDIR/second.out"; then die "the second run printed setup: lines"; fi
[ "$(stat -c %y "$CHROOT/root/tacforge/.venv/.ready")" = "$READY_MTIME" ] || die "the second run re-made .venv/.ready"
echo "ok: no setup: lines, .venv/.ready untouched"

say "time to start: make -n test, and the set-up check alone (make setup, a no-op now)"
in_chroot 'cd /root/tacforge && make -q setup' || die "make -q setup says the set-up is out of date after a run"
timeit() {  # best of 5 runs, in seconds
    in_chroot "cd /root/tacforge && best=; for i in 1 2 3 4 5; do s=\$(date +%s%N); $1 >/dev/null 2>&1 || exit 1; \
               e=\$(date +%s%N); t=\$(( (e - s) / 1000 )); [ -z \"\$best\" ] || [ \$t -lt \$best ] && best=\$t; done; \
               awk -v us=\$best 'BEGIN {printf \"%.3f\", us / 1e6}'"
}
DRYRUN_SECS=$(timeit "make -n test")
SETUPCHK_SECS=$(timeit "make setup")
in_chroot "cd /root/tacforge && make -n test" | sed 's/^/    | /'
if in_chroot "cd /root/tacforge && make -n test" | grep -q 'setup-system.sh\|pip install\|-m venv'; then
    die "make -n test would still run set-up commands"
fi
echo "make -n test: ${DRYRUN_SECS}s; make setup (no-op): ${SETUPCHK_SECS}s (best of 5)"

# ------------------------------------------------------------------------------------------------------ Qt check
say "checking the Qt libraries and PyQt6 offscreen"
missing_after=""
for p in $SETUP_PACKAGES python3-venv; do
    chroot "$CHROOT" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing_after+=" $p"
done
[ -z "$missing_after" ] || die "still missing after the run:$missing_after"
QT_OUT=$(in_chroot "cd /root/tacforge && .venv/bin/python -c \"from PyQt6.QtGui import QGuiApplication; import sys; \
app=QGuiApplication(sys.argv+['-platform','offscreen']); print('qt ok')\"" 2>&1) || { echo "$QT_OUT"; die "PyQt6 check failed"; }
echo "$QT_OUT" | sed 's/^/    | /'
grep -qx 'qt ok' <<< "$QT_OUT" || die "PyQt6 check did not print 'qt ok'"
QT_VERSION=$(in_chroot "cd /root/tacforge && .venv/bin/python -c 'from PyQt6.QtCore import qVersion, PYQT_VERSION_STR; print(\"Qt\", qVersion(), \"PyQt6\", PYQT_VERSION_STR)'")

say "as $TEST_USER again, now that the packages of the printed line are installed: make test (must set up and pass)"
set +e
as_user "cd ~/tacforge && make test" > "$CHROOT$LOGDIR/nonroot-after.log" 2>&1
NONROOT_AFTER_RC=$?
set -e
grep -vE '^[.FEsx]+ +\[ *[0-9]+%\]$' "$CHROOT$LOGDIR/nonroot-after.log" | sed 's/^/    | /'
echo "    exit status: $NONROOT_AFTER_RC"
grep -q '^setup: installing pinned' "$CHROOT$LOGDIR/nonroot-after.log" || die "the non-root user's make test did not set up .venv"
if grep -q -- '--no-install-recommends' "$CHROOT$LOGDIR/nonroot-after.log"; then die "still asks for system packages"; fi
if [ "$NONROOT_AFTER_RC" = 0 ]; then NONROOT_AFTER="passed"
elif grep -qE '^make: \*\*\* \[Makefile:[0-9]+: test\] Error 5$' "$CHROOT$LOGDIR/nonroot-after.log"; then NONROOT_AFTER="set up; no tests collected"
elif grep -qE '^make: \*\*\* \[Makefile:[0-9]+: test\]' "$CHROOT$LOGDIR/nonroot-after.log"; then NONROOT_AFTER="set up; tests FAILED"
else die "the non-root user's make test failed in the set-up (exit $NONROOT_AFTER_RC)"; fi
echo "ok: $NONROOT_AFTER"

# ------------------------------------------------------------------------------------------------------ summary
say "SUMMARY"
cat <<EOF
date:                 $(date -u '+%Y-%m-%d %H:%M UTC')
commit:               $HEAD$( [ -n "$OVERLAID" ] && echo " + uncommitted: $OVERLAID")
chroot:               $CHROOT ($( [ "$CREATED" = 1 ] && echo "created in ${BOOTSTRAP_SECONDS}s" || echo reused)), \
Debian $(cat "$CHROOT/etc/debian_version"), $BASE_PYTHON, mirror $MIRROR
non-root make test:   exit $NONROOT_RC, printed:
                      $APT_LINE
first make test:      ${FIRST_SECS}s (exit $FIRST_RC) - installed: $INSTALLED_LINE
second make test:     ${SECOND_SECS}s (exit $SECOND_RC) - no setup: lines
time to start:        make -n test ${DRYRUN_SECS}s, set-up check (make setup) ${SETUPCHK_SECS}s
pytest:               $PYTEST_NOTE
not pinned:           $UNPINNED_NOTE
Qt:                   all packages present; offscreen QGuiApplication: qt ok ($QT_VERSION)
non-root afterwards:  make test $NONROOT_AFTER (exit $NONROOT_AFTER_RC), no sudo needed once the packages are in
logs:                 $CHROOT$LOGDIR
EOF
if [ "$TEST_FAILURES" = 1 ]; then
    echo
    echo "The fresh-machine set-up is proved, but the test suite itself has failures (see above)."
    exit 1
fi
