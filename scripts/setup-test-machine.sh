#!/bin/sh
# Installs what the browser tests need on a fresh machine of this kind (Debian, root):
# Debian's Chromium, driven by playwright-core. A test tool's own browser download does not work here.
set -e
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" != 0 ]; then
  echo "Chromium is missing: install Debian's chromium package (apt-get install chromium) and run again." >&2
  exit 1
fi
echo "installing Debian's chromium for the browser tests..."
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
