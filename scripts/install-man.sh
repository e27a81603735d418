#!/usr/bin/env bash
# Builds the man page from the same help `todomd --help` prints (swift-argument-parser's
# generate-manual plugin) and installs todomd.1 into $MANDIR (default ~/.local/share/man/man1).
#   bash scripts/install-man.sh            # then: man todomd
#   MANDIR=/usr/local/share/man/man1 sudo -E bash scripts/install-man.sh
set -euo pipefail
cd "$(dirname "$0")/.."
MANDIR="${MANDIR:-$HOME/.local/share/man/man1}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
swift package --allow-writing-to-directory "$out" generate-manual --output-directory "$out" >&2
mkdir -p "$MANDIR"
install -m 0644 "$out/todomd.1" "$MANDIR/todomd.1"
echo "installed $MANDIR/todomd.1"
