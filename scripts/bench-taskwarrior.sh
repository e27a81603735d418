#!/usr/bin/env bash
# Taskwarrior side by side: the same generated tasks (default 10,000) in Taskwarrior 2.6 and in a
# todomd vault, Taskwarrior's closest report to Today next to `todomd list today`, timed in one
# hyperfine run. Usage: scripts/bench-taskwarrior.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${1:-10000}

if ! command -v task >/dev/null || ! command -v hyperfine >/dev/null; then
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    $SUDO apt-get install -y -qq taskwarrior hyperfine >/dev/null 2>&1 \
        || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq taskwarrior hyperfine >/dev/null; }
fi
swift build -c release --product todomd 2>&1 | grep -v '^\[' || true
BIN="$PWD/.build/release/todomd"

WORK=$(mktemp -d /tmp/todomd-vs-taskwarrior.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
# Both tools see the same "now": Taskwarrior reads the real clock, so todomd does too.
export TZ=UTC TODOMD_NOW="$(date -u +%Y-%m-%dT%H:%M:%S)"
export XDG_CACHE_HOME="$WORK/cache" TASKRC="$WORK/taskrc" TASKDATA="$WORK/taskdata"
mkdir -p "$TASKDATA"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nhooks=off\nnews.version=2.6.0\n' "$TASKDATA" > "$TASKRC"

"$BIN" bench --generate "$WORK/vault" --count "$COUNT" >/dev/null
"$BIN" list all --json --no-cache --vault "$WORK/vault" > "$WORK/all.json"
python3 - "$WORK/all.json" "$WORK/import.json" <<'PY'
import json, sys, uuid, datetime
tasks = [t for g in json.load(open(sys.argv[1]))["groups"] for t in g["tasks"]]
today = datetime.datetime.utcnow().strftime("%Y-%m-%d")
def tw(d):  # "2026-11-24" or "2026-11-24T17:00" or a timestamp -> Taskwarrior's UTC form
    d = d.replace("Z", "").replace("-", "").replace(":", "")
    return (d + "T000000")[:15] + "Z" if "T" not in d else (d + "00")[:15] + "Z"
out = []
for t in tasks:
    status = {"todo": "pending", "in-progress": "pending", "someday": "pending", "done": "completed", "cancelled": "deleted"}[t["status"]]
    x = {"uuid": str(uuid.uuid5(uuid.NAMESPACE_URL, t["id"])), "description": t["title"], "status": status,
         "entry": tw(t["created"] or "2026-01-01")}
    if status != "pending": x["end"] = tw(t["completed"] or t["modified"] or t["created"] or "2026-01-01")
    if t["due"]: x["due"] = tw(t["due"])
    if t["scheduled"]: x["scheduled"] = tw(t["scheduled"])
    if t["defer"] and t["defer"][:10] > today: x["wait"] = tw(t["defer"])   # defer = wait (hidden until then)
    if t["area"] or t["project"]: x["project"] = ".".join(p.replace(" ", "_") for p in [t["area"], t["project"]] if p)
    tags = [g.replace(" ", "_") for g in t["tags"]] + (["someday"] if t["status"] == "someday" else [])
    if tags: x["tags"] = tags
    if t["priority"] != "none": x["priority"] = {"high": "H", "medium": "M", "low": "L"}[t["priority"]]
    out.append(x)
json.dump(out, open(sys.argv[2], "w"))
print(f"{len(out)} tasks to import")
PY
task import "$WORK/import.json" >/dev/null
echo "taskwarrior $(task --version): $(task count) tasks"

# Today in Taskwarrior: pending, not waiting (the `list` report's own filter), due or scheduled
# by the end of today, minus someday. The closest equivalent of Things' and todomd's Today.
TW_TODAY="task rc.color=off '(due.before:tomorrow or scheduled.before:tomorrow)' -someday list"
# todomd as a lone command (it walks the vault to check its cache), and with a `todomd watch`
# running (commands sync with it instead): two caches, so only the second has a watch.
OURS="env XDG_CACHE_HOME=$WORK/cache-alone $BIN list today --vault $WORK/vault"
WATCHED="$BIN list today --vault $WORK/vault"
eval "$OURS" >/dev/null      # warm both caches once, as any earlier command would
"$BIN" watch --vault "$WORK/vault" >/dev/null 2>&1 &
WATCH_PID=$!
trap 'kill $WATCH_PID 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do
    TODOMD_TRACE=1 $WATCHED 2>&1 >/dev/null | grep -q "synced with the running watch" && break
    sleep 0.1
done
echo "Today: taskwarrior $(eval "$TW_TODAY" | grep -c '^ *[0-9]' || true) rows, todomd $($WATCHED --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])') tasks"

hyperfine --warmup 3 --runs 20 --export-json "$WORK/result.json" --export-markdown "$WORK/result.md" \
    -n taskwarrior "$TW_TODAY" -n todomd "$OURS" -n "todomd, watch running" "$WATCHED"
cat "$WORK/result.md"
python3 - "$WORK/result.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
tw = r["taskwarrior"]["mean"]
for name in ["todomd", "todomd, watch running"]:
    us = r[name]["mean"]
    print(f"{name}: {us / tw:.2f} of Taskwarrior's time ({us * 1000:.1f} ms vs {tw * 1000:.1f} ms); target: at most 0.20")
PY

# JSON for scripts: Taskwarrior's `export` of the same Today tasks next to `todomd list today --json`.
TW_EXPORT="task rc.color=off '(due.before:tomorrow or scheduled.before:tomorrow)' -someday status:pending export"
echo "JSON: taskwarrior exports $(eval "$TW_EXPORT" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))') tasks, todomd $($WATCHED --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["count"])')"
hyperfine --warmup 3 --runs 20 --export-json "$WORK/json.json" --export-markdown "$WORK/json.md" \
    -n "taskwarrior export" "$TW_EXPORT" -n "todomd --json" "$OURS --json" -n "todomd --json, watch running" "$WATCHED --json"
cat "$WORK/json.md"
python3 - "$WORK/json.json" <<'PY'
import json, sys
r = {x["command"]: x for x in json.load(open(sys.argv[1]))["results"]}
tw = r["taskwarrior export"]["mean"]
for name in ["todomd --json", "todomd --json, watch running"]:
    us = r[name]["mean"]
    print(f"{name}: {us / tw:.2f} of Taskwarrior's export time ({us * 1000:.1f} ms vs {tw * 1000:.1f} ms)")
PY
