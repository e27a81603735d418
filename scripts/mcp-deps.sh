#!/usr/bin/env bash
# Installs what the MCP end-to-end tests (Tests/MCP, run by Tests/MCP/run.sh) need, from PyPI:
# the official Python MCP SDK (`mcp`, the client the tests drive the server with), pytest and
# jsonschema. Idempotent; quiet when everything is there.
set -euo pipefail

if ! python3 -c 'import mcp.client.stdio, mcp.client.streamable_http, pytest, jsonschema' 2>/dev/null; then
    pkgs=(mcp pytest jsonschema)
    # A Debian system Python refuses pip (PEP 668) unless told; a venv or pyenv Python does not need it.
    python3 -m pip install --quiet --disable-pip-version-check "${pkgs[@]}" 2>/dev/null \
        || python3 -m pip install --quiet --disable-pip-version-check --break-system-packages "${pkgs[@]}"
fi
