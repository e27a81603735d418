#!/usr/bin/env bash
# Installs what the browser tests (Tests/Web, run by Tests/Web/run.sh) need: Debian's chromium and
# chromium-driver (so selenium downloads no browser), fonts (DejaVu, colour emoji), and from PyPI selenium, pytest,
# requests and axe-playwright-python (only for the axe.min.js inside its wheel; Playwright itself is
# never used). Idempotent; quiet when everything is there; sudo only when not root.
set -euo pipefail

SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
# Colour emoji: the capture app's task markers (and the screenshots) show them as phones do.
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
if [ ${#missing[@]} -gt 0 ]; then
    if ! command -v apt-get >/dev/null; then
        echo "web-deps: missing ${missing[*]} and no apt-get; install them by hand" >&2
        exit 1
    fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! python3 -c 'import selenium, pytest, requests, axe_playwright_python' 2>/dev/null; then
    pkgs=(selenium pytest requests axe-playwright-python)
    # A Debian system Python refuses pip (PEP 668) unless told; a venv or pyenv Python does not need it.
    python3 -m pip install --quiet "${pkgs[@]}" 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages "${pkgs[@]}"
fi
