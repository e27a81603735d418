#!/usr/bin/env bash
# The HTTP API under load: `todomd serve` (release build) on a generated vault (default 10,000
# task files), measured from wrk on loopback. Prints p50/p90/p99 for GET today, GET one task,
# PATCH and POST /api/query (an ad hoc perspective), then 50 concurrent clients while another
# process rewrites files (errors, latency and the server's memory over the run).
# Usage: scripts/bench-http.sh [COUNT]; DURATION=30s.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-10000}
DURATION=${DURATION:-30s}

if ! command -v wrk >/dev/null; then
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get install -y -qq wrk >/dev/null 2>&1 || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq wrk >/dev/null; }
fi
swift build -c release 2>&1 | grep -v '^\[' || true   # todomd and todomd-server (what `todomd serve` runs)
BIN="$PWD/.build/release/todomd"

WORK=$(mktemp -d /tmp/todomd-bench-http.XXXXXX)
export TZ=UTC XDG_CACHE_HOME="$WORK/cache" XDG_CONFIG_HOME="$WORK/config"
"$BIN" bench --generate "$WORK/vault" --count "$COUNT" >/dev/null
"$BIN" serve --vault "$WORK/vault" --port 0 > "$WORK/serve.out" 2> "$WORK/serve.err" &
SERVER=$!
CHURN=""
# Every step may fail (under set -e a failing `kill` would end the trap before the rm); the
# server writes its cache as it stops, so it is waited for before its folder goes.
cleanup() {
    kill "$SERVER" 2>/dev/null || true
    [ -z "$CHURN" ] || kill "$CHURN" 2>/dev/null || true
    wait "$SERVER" 2>/dev/null || true
    rm -rf "$WORK"
}
trap cleanup EXIT
for _ in $(seq 600); do grep -q "http://" "$WORK/serve.out" 2>/dev/null && break; sleep 0.1; done
URL=$(grep -o 'http://[^ ]*' "$WORK/serve.out")
curl -sf "$URL/api/views/today" > "$WORK/today.json"
# A task file in Today (a checkbox line has no room for an arbitrary key, so PATCH needs a file).
ID=$(python3 -c 'import json,sys,urllib.parse; d=json.load(open(sys.argv[1])); print(urllib.parse.quote([t for g in d["groups"] for t in g["tasks"] if t["line"] is None][0]["id"], safe=""))' "$WORK/today.json")
echo "todomd serve on $COUNT task files at $URL; Today has $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["count"])' "$WORK/today.json") tasks"

cat > "$WORK/patch.lua" <<'LUA'
wrk.method = "PATCH"
wrk.headers["Content-Type"] = "application/json"
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, nil, '{"bench_counter": ' .. n .. '}')
end
LUA

# An ad hoc perspective over the generated vault: a filter the index cannot answer alone
# (available, OR), sorted and grouped.
QUERY='{"query": "@Work & available & (p1 | flagged | due<+7d)", "sort": "-priority", "group_by": "project"}'
curl -sf -X POST -H 'Content-Type: application/json' -d "$QUERY" "$URL/api/query" > "$WORK/query.json"
echo "POST /api/query: $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["count"], "tasks in", len(d["groups"]), "groups for", d["query"])' "$WORK/query.json")"
cat > "$WORK/query.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '$QUERY'
LUA

rss() { awk '/VmRSS/ {print $2}' "/proc/$SERVER/status"; }
summary() {  # label, wrk output file
    python3 - "$1" "$2" <<'PY'
import re, sys
label, text = sys.argv[1], open(sys.argv[2]).read()
lat = dict(re.findall(r"^\s+(50|75|90|99)%\s+(\S+)", text, re.M))
reqs = re.search(r"Requests/sec:\s+(\S+)", text)
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
sock = re.search(r"Socket errors: (.*)", text)
print(f"{label:<44} p50 {lat.get('50','?'):>8}  p90 {lat.get('90','?'):>8}  p99 {lat.get('99','?'):>8}  "
      f"{reqs.group(1) if reqs else '?':>9} req/s  non-2xx {errors.group(1) if errors else 0}" + (f"  socket errors: {sock.group(1)}" if sock else ""))
PY
}

wrk -t1 -c1 -d"$DURATION" --latency "$URL/api/views/today" > "$WORK/today.txt"
summary "GET /api/views/today (1 client)" "$WORK/today.txt"
wrk -t1 -c1 -d"$DURATION" --latency "$URL/api/tasks/$ID" > "$WORK/task.txt"
summary "GET /api/tasks/{id} (1 client)" "$WORK/task.txt"
wrk -t1 -c1 -d"$DURATION" --latency -s "$WORK/patch.lua" "$URL/api/tasks/$ID" > "$WORK/patch.txt"
summary "PATCH /api/tasks/{id} (1 client)" "$WORK/patch.txt"
wrk -t1 -c1 -d"$DURATION" --latency -s "$WORK/query.lua" "$URL/api/query" > "$WORK/query.txt"
summary "POST /api/query (1 client)" "$WORK/query.txt"

# 50 clients while another process rewrites a file every 20 ms (the watch and the index follow).
python3 - "$WORK/vault" <<'PY' &
import os, random, sys, time
root = sys.argv[1]
files = [os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs if f.endswith(".md") and "/Notes/" not in d]
random.seed(7)
while True:
    p = random.choice(files)
    with open(p, "a") as fh:
        fh.write(f"Churn {time.time()}\n")
    time.sleep(0.02)
PY
CHURN=$!
# Two rounds: memory that is flat grows in the first (caches filling) and not in the second.
RSS0=$(rss)
for round in 1 2; do
    wrk -t2 -c50 -d"$DURATION" --latency "$URL/api/views/today" > "$WORK/load$round.txt" &
    LOAD=$!
    PEAK=$(rss)
    while kill -0 $LOAD 2>/dev/null; do r=$(rss); [ "$r" -gt "$PEAK" ] && PEAK=$r; sleep 1; done
    wait $LOAD || true
    summary "GET today, 50 clients, files changing ($round)" "$WORK/load$round.txt"
    echo "  server memory (RSS) after round $round: $(( $(rss) / 1024 )) MB (peak $((PEAK / 1024)) MB; $((RSS0 / 1024)) MB before round 1)"
done
kill $CHURN; CHURN=""
echo "targets at 10k: GET today p50 ≤ 10 ms, GET task p50 ≤ 2 ms, PATCH p50 ≤ 10 ms, POST query p50 ≤ 10 ms (a view); 50 clients: no error, memory flat"
