#!/bin/sh
# The browser tests drive Debian's Chromium; install it when it is absent. No browser is ever
# downloaded from anywhere else.
set -e
[ -x /usr/bin/chromium ] && exit 0
echo "latch: installing Debian's chromium for the browser tests..."
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "latch: /usr/bin/chromium is missing and this user cannot install it. Run: apt-get install -y chromium" >&2
  exit 1
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
[ -x /usr/bin/chromium ] || { echo "latch: installing chromium failed." >&2; exit 1; }
