#!/bin/sh
# The storage tests also run against a throwaway PostgreSQL cluster (scripts/postgres.ts);
# install Debian's server when it is absent. Nothing is downloaded from anywhere else.
set -e
for bin in /usr/lib/postgresql/*/bin/postgres; do [ -x "$bin" ] && exit 0; done
echo "latch: installing Debian's postgresql for the storage tests..."
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "latch: PostgreSQL is missing and this user cannot install it. Run: apt-get install -y postgresql" >&2
  exit 1
fi
$SUDO apt-get update -qq
# The tests start their own cluster (scripts/postgres.ts) and never use the package's.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
for bin in /usr/lib/postgresql/*/bin/postgres; do [ -x "$bin" ] && exit 0; done
echo "latch: installing postgresql failed." >&2
exit 1
