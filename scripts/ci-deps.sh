#!/usr/bin/env bash
# Installs what the tests need that SwiftPM does not bring: python-dateutil (the RRULE oracle)
# and SQLite's headers (the index cache). Idempotent; quiet when everything is there.
set -euo pipefail

if ! python3 -c 'import dateutil' 2>/dev/null; then
    python3 -m pip install --quiet python-dateutil
fi

if [ ! -f /usr/include/sqlite3.h ] && command -v apt-get >/dev/null; then
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq libsqlite3-dev >/dev/null
fi
