#!/bin/sh
# Installs what `npm run bench` needs on a fresh machine of this kind (Debian, root): wrk, the
# load generator, from Debian's packages.
set -e
if command -v wrk >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "wrk is missing: install Debian's wrk package (apt-get install wrk) and run again." >&2
  exit 1
fi
echo "installing Debian's wrk for the benchmark..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq wrk >/dev/null
