"""Scenario 1: SIGKILL at random points of every kind of write.

Each trial builds a fresh vault (and cache), optionally warms the cache, starts one write
command and SIGKILLs it after a random delay spread over the command's own measured run time
(at least 0-30 ms), then checks, right after the kill:
  - no torn task file (empty, frontmatter never closed, or a strict prefix of a known content);
  - no duplicated task (the same task in two places: vault and trash, root and Archive/);
  - how often a repeating series has two open occurrences on disk ("doubled series at kill":
    a figure; the successor is written first and the intent record in the cache finishes it);
and after the next ordinary command (a random read-only one: any command must roll an
interrupted action forward or back) that the vault is consistent (exactly one open occurrence,
each checkbox line exactly once, the task exactly once...) and that the cached answer equals
the uncached one. Stale temp files (.NAME.todomd-PID-RAND.tmp) are counted after the kill,
after that command, after the next write in their folder, and after `todomd doctor`.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import signal
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable

from .report import Scenario, per_thousand
from .runner import Todomd
from . import vaultfs as vf

SERIES = "Daily series"
TARGET = "Kill target"
ADDED = "Added task"
NOTE_LINES = [
    "- [ ] open one",
    "- [x] closed two ✅ 2026-11-20",
    "- [ ] open three",
    "- [-] cancelled four ❌ 2026-11-21",
    "- [x] closed five ✅ 2026-11-22",
    "- [ ] open six",
]
RECOVERY = [  # (sub, args, allowed exit codes): "the next ordinary command"
    (["list"], [], {0}),
    (["list"], ["all"], {0}),
    (["list"], ["logbook", "--json"], {0}),
    (["doctor"], [], {0, 1}),
    (["search"], ["series"], {0}),
    (["tags"], [], {0}),
    (["show"], ["sentinel.md"], {0}),
    (["trash"], [], {0}),
]


def _setup_common(vault: str) -> None:
    vf.write(os.path.join(vault, "sentinel.md"), vf.task_text("Sentinel", fields=['area: "Home"']))


def _setup_series(vault: str) -> None:
    _setup_common(vault)
    vf.write(os.path.join(vault, "series.md"), vf.task_text(
        SERIES, fields=['due: "2026-11-24"', 'recurrence: "FREQ=DAILY"', "ext: 1"], body="Keep the series going.\n"))


def _setup_series_archive(vault: str) -> None:
    _setup_series(vault)
    vf.write(os.path.join(vault, ".todomd.json"), '{"archive_completed": true}\n')


def _setup_target(vault: str) -> None:
    _setup_common(vault)
    vf.write(os.path.join(vault, "target.md"), vf.task_text(TARGET, fields=["n: 0"], body="Body.\n"))


def _setup_trashed(vault: str) -> None:
    _setup_common(vault)
    vf.write(os.path.join(vault, ".trash", "target.md"), vf.task_text(TARGET, fields=["n: 0"], body="Body.\n"))


def _setup_note(vault: str) -> None:
    _setup_common(vault)
    vf.write(os.path.join(vault, "Note.md"), "# Note\n\n" + "\n".join(NOTE_LINES) + "\n")


def titled(snap: dict, title: str, trash: bool = False) -> dict:
    return {rel: fm for rel, fm in vf.task_files(snap, trash).items() if fm and fm.get("title") == title}


def open_of(tasks: dict) -> list:
    return sorted(rel for rel, fm in tasks.items() if fm.get("status") in ("todo", "in-progress"))


# --- invariants per kind: functions (snap, ctx) -> list of problems --------------------------

def series_at_kill(snap, ctx):
    opens = open_of(titled(snap, SERIES))
    return [f"doubled series: {len(opens)} open occurrences {opens}"] if len(opens) > 1 else []


def series_after(snap, ctx):
    tasks = titled(snap, SERIES)
    opens = open_of(tasks)
    probs = []
    if len(opens) != 1:
        probs.append(f"{'doubled' if opens else 'lost'} series: {len(opens)} open occurrences {opens}")
    for rel, fm in tasks.items():
        rec = fm.get("next_occurrence")
        if fm.get("status") == "done" and isinstance(rec, str):
            m = re.search(r'file:\s*"([^"]+)"', rec)
            if m and m.group(1) not in opens and m.group(1) not in tasks:
                probs.append(f"{rel} is done but its next_occurrence file {m.group(1)} does not exist")
    return probs


def series_dup(snap, ctx):
    """The completed occurrence must not be in two places (root and Archive/)."""
    done = sorted(rel for rel, fm in titled(snap, SERIES).items() if fm.get("status") == "done")
    names = [os.path.basename(r) for r in done]
    return [f"duplicated task: {done}"] if len(names) != len(set(names)) else []


def target_once(snap, ctx, where=("vault", "trash")):
    tasks = titled(snap, TARGET, trash=True)
    if len(tasks) == 1:
        return []
    return [f"{'duplicated' if tasks else 'lost'} task: {TARGET!r} found {len(tasks)} times {sorted(tasks)}"]


def set_after(snap, ctx):
    probs = target_once(snap, ctx)
    cur = snap.get("target.md")
    if cur is not None and cur not in (ctx.s0.get("target.md"), ctx.s1.get("target.md")):
        probs.append("target.md is neither the old nor the new content")
    return probs


def added_at_most_once(snap, ctx):
    tasks = titled(snap, ADDED)
    return [f"duplicated task: {ADDED!r} {sorted(tasks)}"] if len(tasks) > 1 else []


def note_lines(snap, ctx):
    text = (snap.get("Note.md", b"") + b"\n" + snap.get("Note Archive.md", b"")).decode("utf-8", "replace")
    lines = [l.rstrip("\r") for l in text.split("\n")]
    probs = []
    for l in NOTE_LINES:
        n = lines.count(l)
        if n != 1:
            probs.append(f"checkbox line {l!r} appears {n} times in Note.md + Note Archive.md")
    return probs


@dataclass
class Kind:
    name: str
    sub: list
    args: list
    setup: Callable
    ci: int
    long: int
    at_kill: list            # hard invariants right after the kill
    after: list              # hard invariants after the next ordinary command
    at_kill_info: list = field(default_factory=list)  # intermediate states worth counting, not failures
    note: str = ""


KINDS = [
    Kind("done-repeating", ["done"], ["series.md"], _setup_series, 180, 1200,
         [series_at_kill], [series_after]),
    Kind("done-archive", ["done"], ["series.md"], _setup_series_archive, 15, 200,
         [series_at_kill, series_dup], [series_after, series_dup],
         note="archive_completed: done moves the file to Archive/"),
    Kind("set", ["set"], ["target.md", "n=1", "priority=high"], _setup_target, 15, 200,
         [target_once], [set_after]),
    Kind("archive-note", ["archive"], ["Note.md"], _setup_note, 15, 200,
         [], [note_lines], at_kill_info=[note_lines],
         note="two files change: a line in both (or neither) right after a kill is only counted; after the next command it must be exactly once"),
    Kind("delete", ["delete"], ["target.md"], _setup_target, 15, 200, [target_once], [target_once]),
    Kind("trash-restore", ["trash", "restore"], ["target.md"], _setup_trashed, 15, 200, [target_once], [target_once]),
    Kind("add", ["add"], ["--literal", ADDED], _setup_common, 15, 200, [added_at_most_once], [added_at_most_once]),
]


@dataclass
class Ctx:
    s0: dict
    s1: dict
    known_by_name: dict   # basename -> set of contents this file is known to have


def torn_files(snap: dict, ctx: Ctx) -> list:
    probs = []
    for rel, data in snap.items():
        if not rel.endswith(".md") or vf.is_temp(rel):
            continue
        why = vf.is_torn(data, ctx.known_by_name.get(os.path.basename(rel), set()))
        if why:
            probs.append(f"torn file {rel}: {why}")
    return probs


class KillScenario:
    def __init__(self, tm: Todomd, base: str, seed: int, long: bool, kinds: list | None, scale: float, jobs: int = 2):
        self.jobs = jobs
        self.tm, self.base, self.seed, self.long = tm, base, seed, long
        self.kinds = [k for k in KINDS if not kinds or k.name in kinds]
        self.scale = scale
        self.sc = Scenario("1 SIGKILL during writes", seed)

    # -- one vault --------------------------------------------------------------------------
    def fresh(self, kind: Kind, label: str):
        root = os.path.join(self.base, "kill", kind.name, label)
        shutil.rmtree(root, ignore_errors=True)
        vault, cache = os.path.join(root, "vault"), os.path.join(root, "cache")
        os.makedirs(vault)
        os.makedirs(cache)
        kind.setup(vault)
        return root, vault, cache

    def calibrate(self, kind: Kind):
        """Run the command uninterrupted, `jobs` at a time as the trials will: its median run time
        under that load (the delays must reach past its last write) and the bytes it writes."""
        def one(i):
            root, vault, cache = self.fresh(kind, f"calibrate-{i}")
            s0 = vf.snapshot(vault)
            if i % 2:
                self.tm.run(vault, cache, ["list"])  # warm cache, as in half the trials
            r = self.tm.run(vault, cache, kind.sub, kind.args)
            s1 = vf.snapshot(vault)
            shutil.rmtree(root, ignore_errors=True)
            return r, s0, s1

        with ThreadPoolExecutor(max_workers=self.jobs) as ex:
            runs = list(ex.map(one, range(2 * self.jobs)))
        for r, _, _ in runs:
            if r.rc != 0:
                self.sc.check(f"{kind.name}: uninterrupted command succeeds", False, r.describe())
                return None
        s0, s1 = runs[0][1], runs[0][2]
        if any(x[2] != s1 for x in runs):
            self.sc.note(f"{kind.name}: the uninterrupted command wrote different bytes from run to run")
        known = {}
        for snap in [s0] + [x[2] for x in runs]:
            for rel, data in snap.items():
                known.setdefault(os.path.basename(rel), set()).add(data)
        times = sorted(r.elapsed for r, _, _ in runs)
        return times[len(times) // 2], Ctx(s0, s1, known)

    # -- the scenario -------------------------------------------------------------------------
    def run(self) -> Scenario:
        sc = self.sc
        totals = dict(trials=0, killed=0, temp_kill=0, temp_after_read=0, temp_after_write=0, temp_after_doctor=0)
        for kind in self.kinds:
            cal = self.calibrate(kind)
            if cal is None:
                continue
            t_cmd, ctx = cal
            n = max(1, int((kind.long if self.long else kind.ci) * self.scale))
            dmax = max(0.030, 1.35 * t_cmd)  # past the end of most runs: every phase gets killed
            stats = self.run_kind(kind, ctx, n, dmax)
            for k in totals:
                totals[k] += stats[k]
            extra = ""
            if kind.name.startswith("done"):
                extra = (f"; doubled series at kill {stats['doubled']} = {per_thousand(stats['doubled'], stats['killed'])}"
                         f" per 1,000 killed completions; inconsistent after next command {stats['bad_after']}")
            sc.figure(f"{kind.name}", f"{n} trials, {stats['killed']} killed mid-run (delays 0-{dmax * 1000:.0f} ms, "
                      f"command takes {t_cmd * 1000:.0f} ms under the same load); torn {stats['torn']}, at-kill violations {stats['bad_kill']}, "
                      f"after next command {stats['bad_after']}, cache!=files {stats['cache_mismatch']}" + extra)
            if stats["info"]:
                sc.figure(f"{kind.name} intermediate", f"{stats['info']} kills left an intermediate state visible ({kind.note})")
            sc.figure(f"{kind.name} temp files", f"left by kill {stats['temp_kill']} trials; still there after next "
                      f"read {stats['temp_after_read']}, after next write {stats['temp_after_write']}, after doctor {stats['temp_after_doctor']}")
        sc.figure("all kinds", f"{totals['trials']} trials, {totals['killed']} killed; stale temp files left in "
                  f"{totals['temp_kill']} ({per_thousand(totals['temp_kill'], totals['killed'])} per 1,000 kills), "
                  f"not cleaned by next write {totals['temp_after_write']}, not cleaned by doctor {totals['temp_after_doctor']}")
        return sc

    def run_kind(self, kind: Kind, ctx: Ctx, n: int, dmax: float) -> dict:
        st = dict(trials=0, killed=0, torn=0, bad_kill=0, bad_after=0, doubled=0, info=0, cache_mismatch=0,
                  temp_kill=0, temp_after_read=0, temp_after_write=0, temp_after_doctor=0)
        # Stratified delays: every slice of [0, dmax] gets its share, in a shuffled order.
        order = list(range(n))
        random.Random(f"{self.seed}:{kind.name}:order").shuffle(order)

        def one(i):
            rng = random.Random(f"{self.seed}:{kind.name}:{i}")
            delay = dmax * (order[i] + rng.random()) / n
            warm = rng.random() < 0.5
            rec = RECOVERY[rng.randrange(len(RECOVERY))]
            return self.trial(kind, ctx, i, delay, warm, rec)

        with ThreadPoolExecutor(max_workers=self.jobs) as ex:
            for local in ex.map(one, range(n)):
                for k, v in local.items():
                    st[k] += v
        return st

    def trial(self, kind, ctx, i, delay, warm, rec) -> dict:
        sc, tm = self.sc, self.tm
        st = {}
        root, vault, cache = self.fresh(kind, f"trial-{i}")
        log = [f"kind {kind.name}, trial {i}, seed {self.seed}; vault {vault}",
               "setup files:\n" + vf.dump(ctx.s0)]
        if warm:
            r = tm.run(vault, cache, ["list"])
            log.append(r.describe())
        p = tm.spawn(vault, cache, kind.sub, kind.args)
        t0 = time.monotonic()
        end = t0 + delay
        if delay > 0.002:
            time.sleep(delay - 0.001)
        while time.monotonic() < end:
            pass
        if p.poll() is None:
            os.kill(p.pid, signal.SIGKILL)
        p.wait()
        killed = p.returncode == -signal.SIGKILL
        st["trials"] = 1
        st["killed"] = int(killed)
        log.append(f"$ XDG_CACHE_HOME={cache} {' '.join(tm.argv(vault, kind.sub, kind.args))}  -> "
                   + (f"SIGKILL after {delay * 1000:.1f} ms" if killed else f"finished before the kill (exit {p.returncode})"))
        snap_kill = vf.snapshot(vault)
        temps_kill = vf.temp_files(vault)
        log.append("files right after the kill:\n" + vf.dump(snap_kill))
        repro = lambda extra="": "\n".join(([f"PROBLEM: {extra}"] if extra else []) + log)

        torn = torn_files(snap_kill, ctx)
        st["torn"] = int(bool(torn))
        sc.check("no torn or empty task file after SIGKILL", not torn, lambda: repro("; ".join(torn)))
        probs = [p_ for f in kind.at_kill for p_ in f(snap_kill, ctx)]
        if kind.name.startswith("done"):
            # Right after the kill the successor may be on disk before the original is marked
            # done (the order spec'd: successor first, with an intent record in the cache): a
            # figure, not a failure. The invariant is after the next command (rolled forward).
            doubled = [p_ for p_ in probs if p_.startswith("doubled")]
            st["doubled"] = int(bool(doubled) and killed)
            probs = [p_ for p_ in probs if not p_.startswith("doubled")]
        st["bad_kill"] = int(bool(probs))
        sc.check("no duplicated or lost task after SIGKILL", not probs, lambda: repro("; ".join(probs)))
        if any(f(snap_kill, ctx) for f in kind.at_kill_info):
            st["info"] = int(1)
        if not killed:
            sc.check("a command that finished (not killed) succeeded", p.returncode == 0,
                     lambda: repro(f"exit {p.returncode}"))
        if not killed and p.returncode == 0:
            sc.check("a command that finished wrote the full result", snap_kill == ctx.s1,
                     lambda: repro("expected:\n" + vf.dump(ctx.s1)))

        # The next ordinary command: it must succeed and leave a consistent vault.
        r = tm.run(vault, cache, rec[0], rec[1])
        log.append(r.describe())
        ok = r.rc in rec[2]
        sc.check("the next ordinary command succeeds (no crash, hang or error)", ok, lambda: repro())
        snap = vf.snapshot(vault)
        log.append("files after the next command:\n" + vf.dump(snap))
        probs = torn_files(snap, ctx) + [p_ for f in kind.after for p_ in f(snap, ctx)]
        st["bad_after"] = int(bool(probs))
        sc.check("consistent after the next ordinary command (rolled forward or back)", not probs,
                 lambda: repro("; ".join(probs)))

        # The index agrees with the files.
        a = tm.run(vault, cache, ["list"], ["all", "--json"])
        b = tm.run(vault, cache, ["list"], ["all", "--json"], no_cache=True)
        same = a.rc == b.rc == 0 and _tasks(a.out) == _tasks(b.out)
        st["cache_mismatch"] = int(not same)
        sc.check("cached answer equals the files after a kill (list all)", same,
                 lambda: repro(a.describe() + "\n" + b.describe() + "\n" + _diff(a.out, b.out)))

        # Stale temp files: left by the kill; cleaned by the next write in that folder, or by doctor?
        temps = vf.temp_files(vault)
        if temps_kill:
            st["temp_kill"] = int(1)
        if temps:
            st["temp_after_read"] = int(1)
            folders = sorted({os.path.dirname(t) for t in temps})
            for folder in folders:  # a write in each folder holding one
                probe = _probe_target(snap, folder)
                if probe:
                    w = tm.run(vault, cache, ["set"], [probe, f"probe={i}"])
                    log.append(w.describe())
            left_w = vf.temp_files(vault)
            if left_w:
                st["temp_after_write"] = int(1)
            d = tm.run(vault, cache, ["doctor"])
            log.append(d.describe())
            left_d = vf.temp_files(vault)
            if left_d:
                st["temp_after_doctor"] = int(1)
            sc.check("stale temp files are cleaned by the next write in their folder or by doctor",
                     not (left_w and left_d), lambda: repro(f"temp files after the kill: {temps_kill}; after "
                                                            f"next write: {left_w}; after doctor: {left_d}"))
        elif temps_kill:
            sc.check("stale temp files are cleaned by the next write in their folder or by doctor", True)
        shutil.rmtree(root, ignore_errors=True)  # the reproduction above holds every file's bytes
        return st


def _probe_target(snap: dict, folder: str):
    """A task file in `folder` a probe `set` can write (the sentinel in the root)."""
    if folder == "":
        return "sentinel.md"
    for rel, fm in vf.task_files(snap).items():
        if os.path.dirname(rel) == folder and fm:
            return rel
    return None


def _tasks(out: bytes):
    try:
        doc = json.loads(out)
        return [t for g in doc.get("groups", []) for t in g.get("tasks", [])]
    except (ValueError, AttributeError):
        return out


def _diff(a: bytes, b: bytes) -> str:
    import difflib
    la = a.decode("utf-8", "replace").splitlines()
    lb = b.decode("utf-8", "replace").splitlines()
    d = list(difflib.unified_diff(la, lb, "cached", "--no-cache", n=1, lineterm=""))
    return "\n".join(d[:60])
