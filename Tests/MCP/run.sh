#!/usr/bin/env bash
# The MCP end-to-end tests: the official Python MCP SDK as the client of the real `todomd mcp`
# (stdio) and `todomd serve` (/mcp, streamable HTTP), each test on its own temp vault. Builds
# nothing: TODOMD_BIN (default .build/debug/todomd, with todomd-server beside it; a private copy
# is taken per run). Extra arguments go to pytest (e.g. `Tests/MCP/run.sh -k stdio -x`).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/mcp-deps.sh
export TODOMD_BIN="${TODOMD_BIN:-$PWD/.build/debug/todomd}"
export PYTHONDONTWRITEBYTECODE=1
exec python3 -m pytest -q -p no:cacheprovider -p no:benchmark Tests/MCP "$@"
