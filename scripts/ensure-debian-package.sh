#!/bin/sh
# `ensure-debian-package.sh COMMAND PACKAGE PURPOSE`: installs Debian's PACKAGE when COMMAND is
# missing, on a fresh machine of this kind (Debian, root). What the tests and the benchmark need
# from outside npm: Chromium for the browser tests (a test tool's own browser download does not
# work here), PHP for the guide's PHP signature recipe, wrk for the benchmark's load.
set -e
command="$1" package="$2" purpose="$3"
if command -v "$command" >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "$command is missing: install Debian's $package package (apt-get install $package) and run again." >&2
  exit 1
fi
echo "installing Debian's $package for $purpose..."
export DEBIAN_FRONTEND=noninteractive
# A second `npm test` beside this one (issue 24) may be installing at the same moment: wait for
# dpkg's lock rather than fail on it, and take what the other run installed.
lock='-o DPkg::Lock::Timeout=600'
apt-get $lock update -qq >/dev/null
if command -v "$command" >/dev/null 2>&1; then exit 0; fi
apt-get $lock install -y -qq "$package" >/dev/null
