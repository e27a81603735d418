#!/usr/bin/env python3
"""The TaskNotes conformance suite (tasknotes-spec 0.3.0-rc.3, Tests/Conformance/tasknotes-spec/)
against todo.md's adapter (`tasknotes-adapter`, one JSON request per line), as RUNNER_GUIDE.md
says: the adapter's claim decides which fixtures run, each fixture's assertion is applied with the
spec's matchers, and one summary line per fixture file is printed, then the totals.

Failures listed in Tests/Conformance/known-failures.txt (one fixture id per line, `#` comments)
are reported but do not fail the run; any other failure does, and a listed fixture that now
passes is reported so the list can shrink.

usage: tasknotes-conformance.py ADAPTER [--only PREFIX] [--verbose] [--write-known]
"""
import json
import re
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "Tests/Conformance/tasknotes-spec"
KNOWN = ROOT / "Tests/Conformance/known-failures.txt"


class Mismatch(Exception):
    pass


MISSING = object()


def resolve_ref(ref, ctx):
    if not isinstance(ref, str) or not ref.startswith("input."):
        return ref
    cur = ctx["input"]
    for seg in ref[len("input."):].split("."):
        if not isinstance(cur, dict):
            return MISSING
        cur = cur.get(seg, MISSING)
    return cur


def is_obj(x):
    return isinstance(x, dict)


def same_scalar(a, b):
    # JSON has one number type: 1 == 1.0, but true is not 1.
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    return a == b


def deep_match(actual, expected, ctx, path="$"):
    if is_obj(expected):
        if "$regex" in expected:
            if not isinstance(actual, str) or re.search(expected["$regex"], actual) is None:
                raise Mismatch(f"{path}: {actual!r} does not match /{expected['$regex']}/")
            return
        if "$oneOf" in expected:
            for option in expected["$oneOf"]:
                try:
                    deep_match(actual, option, ctx, path)
                    return
                except Mismatch:
                    pass
            raise Mismatch(f"{path}: {actual!r} matches none of {expected['$oneOf']!r}")
        if "$contains" in expected:
            subset = expected["$contains"]
            if isinstance(actual, list):
                if not isinstance(subset, list):
                    raise Mismatch(f"{path}: $contains of a list must be a list")
                for item in subset:
                    if not any(_matches(a, item, ctx) for a in actual):
                        raise Mismatch(f"{path}: {actual!r} has no element matching {item!r}")
                return
            if not is_obj(actual) or not is_obj(subset):
                raise Mismatch(f"{path}: {actual!r} is not an object")
            for k, v in subset.items():
                deep_match(actual.get(k, MISSING), v, ctx, f"{path}.{k}")
            return
        if "$ref" in expected:
            deep_match(actual, resolve_ref(expected["$ref"], ctx), ctx, path)
            return
        if not is_obj(actual):
            raise Mismatch(f"{path}: expected an object, got {actual!r}")
        for k, v in expected.items():
            deep_match(actual.get(k, MISSING), v, ctx, f"{path}.{k}")
        return
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) != len(expected):
            raise Mismatch(f"{path}: expected {expected!r}, got {actual!r}")
        for i, (a, e) in enumerate(zip(actual, expected)):
            deep_match(a, e, ctx, f"{path}[{i}]")
        return
    if actual is MISSING or not same_scalar(actual, expected):
        raise Mismatch(f"{path}: expected {expected!r}, got {'(missing)' if actual is MISSING else repr(actual)}")


def _matches(a, e, ctx):
    try:
        deep_match(a, e, ctx)
        return True
    except Mismatch:
        return False


def check(cond, message):
    if not cond:
        raise Mismatch(message)


def day_diff(a, b):
    return (date.fromisoformat(a[:10]) - date.fromisoformat(b[:10])).days


def assert_fixture(fx, env):
    ctx = {"input": fx["input"]}
    kind = fx["assertion"]
    inp = fx["input"]
    if kind == "envelope_equals":
        deep_match(env, fx["expect"], ctx)
    elif kind == "envelope_error":
        check(env.get("ok") is False, "expected ok=false, got ok=true")
        if "error" in fx.get("expect", {}):
            deep_match(env.get("error", MISSING), fx["expect"]["error"], ctx, "$.error")
    elif kind == "create_compat_invariants":
        deep_match(env, fx["expect"], ctx)
        if env.get("ok") is True and "path" in (env.get("result") or {}):
            p = env["result"]["path"]
            check(p.endswith(".md") and "{" not in p and "}" not in p, f"bad path {p!r}")
    elif kind == "recurrence_complete_invariants":
        check(env.get("ok") is True, f"expected ok=true: {env.get('error')}")
        r = env.get("result") or {}
        cd = inp["completionDate"]
        check(isinstance(r.get("completeInstances"), list), "completeInstances is not a list")
        check(isinstance(r.get("skippedInstances"), list), "skippedInstances is not a list")
        check(cd in r["completeInstances"], "completeInstances lacks the completion date")
        check(cd not in r["skippedInstances"], "skippedInstances holds the completion date")
        rule = r.get("updatedRecurrence") or ""
        check(isinstance(rule, str) and "FREQ=" in rule and "DTSTART:" in rule, f"updatedRecurrence {rule!r}")
        if inp.get("recurrenceAnchor") == "completion":
            check(re.search(f"DTSTART:{cd.replace('-', '')}(?:;|$)", rule), f"DTSTART not the completion day: {rule}")
        if inp.get("recurrenceAnchor") == "scheduled" and isinstance(inp.get("scheduled"), str):
            check(re.search(f"DTSTART:{inp['scheduled'][:10].replace('-', '')}(?:;|$)", rule), f"DTSTART not the scheduled day: {rule}")
        if "nextScheduled" in r and r["nextScheduled"] is not None:
            check(re.match(r"^\d{4}-\d{2}-\d{2}", r["nextScheduled"]), "nextScheduled not a date")
            check(r["nextScheduled"][:10] >= cd, "nextScheduled before the completion")
        if all(isinstance(x, str) for x in (r.get("nextScheduled"), r.get("nextDue"), inp.get("scheduled"), inp.get("due"))):
            check(day_diff(r["nextDue"], r["nextScheduled"]) == day_diff(inp["due"], inp["scheduled"]), "due offset not kept")
    elif kind == "recurrence_recalculate_invariants":
        check(env.get("ok") is True, f"expected ok=true: {env.get('error')}")
        r = env.get("result") or {}
        rule = r.get("updatedRecurrence") or ""
        check(isinstance(rule, str) and "FREQ=" in rule, f"updatedRecurrence {rule!r}")
        if inp.get("recurrenceAnchor") == "scheduled":
            check("DTSTART:" in rule, "no DTSTART")
        if r.get("nextScheduled") is not None and "nextScheduled" in r:
            nd = r["nextScheduled"][:10]
            check(nd >= inp["referenceDate"], "nextScheduled before the reference date")
            if inp.get("recurrenceAnchor") != "completion":
                check(nd not in (inp.get("completeInstances") or []), "nextScheduled is a completed instance")
            check(nd not in (inp.get("skippedInstances") or []), "nextScheduled is a skipped instance")
        if all(isinstance(x, str) for x in (r.get("nextScheduled"), r.get("nextDue"), inp.get("scheduled"), inp.get("due"))):
            check(day_diff(r["nextDue"], r["nextScheduled"]) == day_diff(inp["due"], inp["scheduled"]), "due offset not kept")
    else:
        raise Mismatch(f"unknown assertion kind {kind}")


def expand(profiles):
    out = set(profiles)
    if "extended" in out:
        out |= {"recurrence", "core-lite"}
    if "recurrence" in out:
        out.add("core-lite")
    return out


class Adapter:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def execute(self, operation, inp):
        self.p.stdin.write(json.dumps({"operation": operation, "input": inp}) + "\n")
        self.p.stdin.flush()
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError(f"the adapter ended (exit {self.p.wait()}) on {operation}")
        return json.loads(line)

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=10)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    adapter_path = args[0]
    only = args[args.index("--only") + 1] if "--only" in args else None
    verbose = "--verbose" in args
    known = set()
    if KNOWN.exists():
        known = {l.split("#")[0].strip() for l in KNOWN.read_text().splitlines()} - {""}
    started = time.time()
    adapter = Adapter(adapter_path)
    claim = adapter.execute("meta.claim", {})["result"]
    profiles, caps = expand(claim["profiles"]), set(claim["capabilities"])
    manifest = json.loads((SPEC / "manifest.json").read_text())
    totals = {"pass": 0, "fail": 0, "skip": 0}
    unexpected, fixed, failed_ids = [], [], []
    for entry in manifest["files"]:
        fixtures = json.loads((SPEC / "fixtures" / entry["file"]).read_text())
        counts = {"pass": 0, "fail": 0, "skip": 0}
        for fx in fixtures:
            if only and not fx["id"].startswith(only) and not fx["operation"].startswith(only):
                continue
            if fx["profile"] not in profiles or any(c not in caps for c in fx.get("requires", [])):
                counts["skip"] += 1
                continue
            try:
                env = adapter.execute(fx["operation"], fx["input"])
                assert_fixture(fx, env)
                counts["pass"] += 1
                if fx["id"] in known:
                    fixed.append(fx["id"])
            except Mismatch as e:
                counts["fail"] += 1
                failed_ids.append(fx["id"])
                if fx["id"] not in known:
                    unexpected.append((fx["id"], str(e)))
                if verbose:
                    print(f"  not ok {fx['id']} ({fx['operation']}): {e}")
        for k in totals:
            totals[k] += counts[k]
        if any(counts.values()):
            print(f"{entry['file']:24} {counts['pass']:5} passed {counts['fail']:5} failed {counts['skip']:5} skipped")
    adapter.close()
    print(f"tasknotes-conformance: profiles {sorted(claim['profiles'])}, capabilities {sorted(caps)}: "
          f"{totals['pass']} passed, {totals['fail']} failed ({len(unexpected)} not known), {totals['skip']} skipped "
          f"in {time.time() - started:.1f} s")
    if "--write-known" in args:
        KNOWN.write_text("# TaskNotes conformance fixtures that fail today (scripts/tasknotes-conformance.py).\n"
                         "# Remove an id when it passes; never add one to make a run green without saying why.\n"
                         + "".join(i + "\n" for i in sorted(failed_ids)))
        print(f"wrote {len(failed_ids)} ids to {KNOWN.relative_to(ROOT)}")
        return
    for i in fixed[:20]:
        print(f"fixed (remove from known-failures.txt): {i}")
    for i, e in unexpected[:40]:
        print(f"FAIL {i}: {e}")
    if unexpected:
        sys.exit(1)


if __name__ == "__main__":
    main()
