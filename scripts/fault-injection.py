#!/usr/bin/env python3
"""Fault-injection suite for todomd: crashes, racing editors, damaged caches, hostile files.

    python3 scripts/fault-injection.py .build/debug/todomd            # CI: ~1.5 min on 2 cores
    python3 scripts/fault-injection.py .build/debug/todomd --long     # bigger counts
    python3 scripts/fault-injection.py BIN --seed 42 --only kill --kinds done-repeating

Scenarios (each in its own temporary vault and XDG_CACHE_HOME, clock pinned by TODOMD_NOW):
  kill    SIGKILL at random points of set, done (repeating, and with archive_completed),
          archive, delete, trash restore, add; invariants right after the kill and after the
          next ordinary command; stale temp files and who cleans them.
  race    an external editor rewriting the task file every 1-10 ms (atomic rename and in-place,
          alternating) while `todomd set` runs; lost updates attributable to todomd, refusals,
          and writes reported as failures.
  cache   the SQLite index damaged (zeroed half, flipped bytes, a title replaced, truncated,
          -wal deleted); every answer must equal --no-cache, warnings at most once.
  hostile YAML bombs, deep nesting (LF/CRLF, comments, quoting), aliases, a 50 MB field, bad
          UTF-8, NUL, BOM+CRLF, FIFO, symlink loop and escape, unreadable file, a directory
          named d.md, a 10k-file burst, control characters; no crash, no hang, doctor names
          every bad file, good tasks still list, cached == uncached, no raw ESC/BEL/NUL.

Stdlib only. Prints the seed, each scenario's figures, a summary table; exits 1 if any
invariant failed (with reproductions: seed, scenario, commands and file contents).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fault_injection import report  # noqa: E402
from fault_injection.report import print_summary  # noqa: E402
from fault_injection.runner import Todomd  # noqa: E402

SCENARIOS = ["kill", "race", "cache", "hostile"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary", nargs="?", default=os.environ.get("TODOMD_BIN", ".build/debug/todomd"))
    ap.add_argument("--long", action="store_true", help="bigger counts (1,000+ kills and racing sets)")
    ap.add_argument("--seed", type=int, default=None, help="random seed (printed; default: time-based)")
    ap.add_argument("--only", action="append", choices=SCENARIOS, help="run only this scenario (repeatable)")
    ap.add_argument("--kinds", default="", help="kill scenario: comma-separated write kinds "
                    "(done-repeating,done-archive,set,archive-note,delete,trash-restore,add)")
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every count (e.g. 0.2 for a smoke run)")
    ap.add_argument("--jobs", type=int, default=2, help="trials or cases run side by side (kill, cache, hostile; default 2)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args()

    if not os.path.isfile(args.binary):
        print(f"fault-injection: no binary at {args.binary}", file=sys.stderr)
        return 64
    if args.kinds:
        from fault_injection.kill_writes import KINDS
        unknown = set(args.kinds.split(",")) - {k.name for k in KINDS} - {""}
        if unknown:
            print(f"fault-injection: unknown --kinds {sorted(unknown)}; known: {','.join(k.name for k in KINDS)}", file=sys.stderr)
            return 64
    seed = args.seed if args.seed is not None else int(time.time() * 1000) % 1_000_000_007
    only = args.only or SCENARIOS
    print(f"fault-injection: seed {seed}  mode {'long' if args.long else 'ci'}  binary {args.binary}  "
          f"scenarios {','.join(only)}", flush=True)
    base = tempfile.mkdtemp(prefix="todomd-fault-")
    report.REDACT.append((base, "$T"))
    print("every command runs with TODOMD_NOW=2026-11-24T09:00:00 TZ=UTC NO_COLOR=1 LC_ALL=C.UTF-8, "
          "HOME and XDG_CONFIG_HOME in the work folder, XDG_CACHE_HOME per vault (shown with each command)")
    print(f"work folder: $T = {base}" + ("" if args.keep else " (removed at the end; --keep keeps it)"), flush=True)
    t0 = time.monotonic()
    tm = Todomd(os.path.abspath(args.binary), os.path.join(base, "bin"))
    results = []
    try:
        for name in only:
            sc = run_scenario(name, tm, base, seed, args)
            sc.finish()
            sc.print_details()
            sys.stdout.flush()
            results.append(sc)
    finally:
        if args.keep:
            print(f"kept {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)
    hint = (f"python3 scripts/fault-injection.py {args.binary}" + (" --long" if args.long else "")
            + (f" --scale {args.scale}" if args.scale != 1.0 else ""))
    ok = print_summary(results, seed, time.monotonic() - t0, hint)
    return 0 if ok else 1


def run_scenario(name, tm, base, seed, args):
    if name == "kill":
        from fault_injection.kill_writes import KillScenario
        kinds = [k for k in args.kinds.split(",") if k]
        return KillScenario(tm, base, seed, args.long, kinds, args.scale, args.jobs).run()
    if name == "race":
        from fault_injection.editor_race import RaceScenario
        return RaceScenario(tm, base, seed, args.long, args.scale).run()
    if name == "cache":
        from fault_injection.cache_damage import CacheScenario
        return CacheScenario(tm, base, seed, args.long, args.scale, args.jobs).run()
    from fault_injection.hostile_corpus import HostileScenario
    return HostileScenario(tm, base, seed, args.long, args.scale, args.jobs).run()


if __name__ == "__main__":
    sys.exit(main())
