"""Scenario 4: a hostile corpus (the files are in hostile_files.py).

Each case gets its own vault (three good tasks + the hostile files), then one vault holds them
all, then a 10k-file burst. Every command runs under a timeout. Invariants: no crash and no
hang; `doctor` names every bad file (JSON and human output) with one-line reasons; every good
task still lists and is found by search; cached and uncached answers agree (list, search,
doctor); human output (show, list, search, tags, doctor) holds no raw ESC/BEL/NUL; a symlink out
of the vault is not followed; files over the limits are never rewritten (set/done exit 4, bytes
unchanged); odd-but-valid files keep every byte through a `set`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from .hostile_files import GOOD, SECRET, FM_TAIL, Case, combined, corpus, good_files
from .report import Scenario
from .runner import Todomd
from . import vaultfs as vf

RAW_CONTROL = {b"\x1b": "ESC", b"\x07": "BEL", b"\x00": "NUL"}
NOBODY = 65534
CACHE_WARN = re.compile(r"cache", re.I)


class HostileScenario:
    def __init__(self, tm: Todomd, base: str, seed: int, long: bool, scale: float, jobs: int = 2):
        self.tm, self.base, self.seed = tm, base, seed
        self.burst = max(100, int((30_000 if long else 10_000) * scale))
        self.sc = Scenario("4 hostile corpus", seed)
        self.as_root = os.geteuid() == 0
        self.slowest = (0.0, "")
        self.commands = 0
        self.jobs = jobs
        self.lock = threading.Lock()
        self.failures = {}  # case name -> failed checks

    def run(self) -> Scenario:
        root = os.path.join(self.base, "hostile")
        if self.as_root:
            os.chmod(self.base, 0o755)  # the unreadable-file case runs todomd as nobody
        outside = os.path.join(root, "outside")
        vf.write(os.path.join(outside, "secret.md"), f'---\ntitle: "{SECRET}"\nstatus: todo\n{FM_TAIL}---\n')
        cases = corpus(outside, self.as_root)
        all_cases = cases + [combined(cases)]
        with ThreadPoolExecutor(max_workers=self.jobs) as ex:
            oks = list(ex.map(lambda c: self.case(root, c), all_cases))
        results = [(c.name, ok) for c, ok in zip(all_cases, oks)]
        for c, ok in zip(all_cases, oks):
            self.sc.figure(c.name, ("ok" if ok else "FAIL") + f" ({c.why})")
        self.burst_case(root)
        failing = [n for n, ok in results if not ok]
        self.sc.figure("cases", f"{len(results)} vaults ({len(cases)} hostile cases + all together), {self.commands} commands; "
                       f"slowest {self.slowest[0]:.2f} s ({self.slowest[1]})")
        self.sc.figure("cases with a failed invariant", ", ".join(failing) if failing else "none")
        return self.sc

    # -- one vault ------------------------------------------------------------------------------
    def build(self, root: str, case: Case):
        croot = os.path.join(root, case.name)
        shutil.rmtree(croot, ignore_errors=True)
        vault, cache = os.path.join(croot, "vault"), os.path.join(croot, "cache")
        os.makedirs(vault)
        os.makedirs(cache)
        files = good_files()
        files.update(case.files)
        for rel, data in files.items():
            vf.write(os.path.join(vault, rel), data)
        user = None
        for kind, rel, target in case.special:
            p = os.path.join(vault, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            if kind == "fifo":
                os.mkfifo(p)
            elif kind == "dir":
                os.makedirs(p, exist_ok=True)
            elif kind == "symlink":
                os.symlink(target, p)
            elif kind == "unreadable":
                os.chmod(p, 0)
                if self.as_root:
                    user = NOBODY
        if user is not None:  # everything but the unreadable file belongs to nobody
            os.chmod(croot, 0o755)
            for d, dirs, fs in os.walk(croot):
                for n in [d] + [os.path.join(d, x) for x in dirs + fs]:
                    if not n.endswith("unreadable.md"):
                        os.lchown(n, NOBODY, NOBODY)
        return croot, vault, cache, user

    def run_cmd(self, vault, cache, sub, args=(), *, no_cache=False, user=None, ok_codes=None, log=None, append=True, sc=None):
        r = self.tm.run(vault, cache, sub, list(args), no_cache=no_cache, user=user)
        with self.lock:
            self.commands += 1
            if r.elapsed > self.slowest[0]:
                self.slowest = (r.elapsed, r.cmdline().split("/todomd ", 1)[-1][:80])
        sc = sc or self.sc
        if log is not None and append:
            log.append(r.describe())
        head = lambda: "\n".join((log or []) + ([] if append else [r.describe()]))
        sc.check("no crash (signal / undocumented exit code)", not r.crashed, head)
        sc.check("no hang (every command within 20 s)", not r.timed_out, head)
        if ok_codes is not None:
            sc.check("read commands succeed beside hostile files", r.rc in ok_codes or r.timed_out or r.crashed,
                          lambda: head() + f"\nexpected exit {sorted(ok_codes)}")
        return r

    def case(self, root: str, case: Case) -> bool:
        sc = _CaseChecks(self, case.name)
        croot, vault, cache, user = self.build(root, case)
        log = [f"case {case.name} ({case.why}); vault {vault}" + (f"; commands run as uid {user}" if user else ""),
               "hostile files: " + ", ".join(sorted(case.files) + [f"{k}:{r}" for k, r, _ in case.special])]
        log += [f"  {rel} ({len(data)} bytes): {data[:240]!r}" + (" ..." if len(data) > 240 else "")
                for rel, data in sorted(case.files.items())]
        log += [f"  {rel}: {kind}" + (f" -> {target}" if target else "") for kind, rel, target in case.special]
        titles = dict(GOOD)
        titles.update(case.extra_good)
        run = lambda sub, args=(), **kw: self.run_cmd(vault, cache, sub, args, user=user, log=log, append=False, sc=sc, **kw)
        L = lambda *runs: "\n".join(log + [r.describe() for r in runs])

        # Cached and uncached answers agree; good tasks list; bad files are in doctor.
        pairs = {}
        for sub, args, codes in ((["list"], ["all", "--json"], {0}), (["search"], ["good", "--json"], {0}),
                                 (["doctor"], ["--json"], {0, 1})):
            first = run(sub, args, ok_codes=codes)
            uncached = run(sub, args, no_cache=True, ok_codes=codes)
            again = run(sub, args, ok_codes=codes)  # the warm cache too
            pairs[sub[0]] = (first, uncached)
            for r in (first, again):
                sc.check("cached answer equals --no-cache (list, search, doctor)", _norm(r) == _norm(uncached),
                         lambda r=r, u=uncached: L(r, u) + "\n" + _short_diff(r.out, u.out))
            warns = [l for r in (first, again) for l in r.err.decode("utf-8", "replace").splitlines() if CACHE_WARN.search(l)]
            sc.check("hostile files do not make the cache unusable (no cache warnings)", not warns,
                     lambda w=warns, f=first: L(f) + "\n" + "\n".join(w[:3]))
        listed = _titles(pairs["list"][1].out)
        for path, title in titles.items():
            sc.check("every good task still lists", title in listed,
                     lambda t=title: L(pairs["list"][1]) + f"\n{t!r} missing from list all --json (titles: {sorted(map(str, listed))[:10]})")
        found = _titles(pairs["search"][1].out)
        for path, title in GOOD.items():
            sc.check("every good task is still found by search", title in found,
                     lambda t=title: L(pairs["search"][1]) + f"\n{t!r} missing from search good --json")
        for r in pairs["list"] + pairs["search"]:
            sc.check("a symlink leaving the vault is not followed", SECRET.encode() not in r.out,
                     lambda r=r: L(r) + f"\n{SECRET!r} listed")
        doc = _json(pairs["doctor"][1].out) or {}
        problems = {p.get("path"): p.get("reasons", []) for p in doc.get("problems", []) if isinstance(p, dict)}
        human_doctor = run(["doctor"], [], ok_codes={0, 1})
        for bad in case.bad:
            sc.check("doctor reports each bad file with its path", bad in problems and bad.encode() in human_doctor.out,
                     lambda b=bad: L(pairs["doctor"][1], human_doctor) + f"\n{b} not reported (JSON paths: {sorted(problems)}; human:\n"
                     + human_doctor.out.decode("utf-8", "replace")[:1500] + ")")
        # Human doctor output: a header line, then per file its path and indented reasons; a
        # reason quoting a value with a newline must not spill onto lines of its own.
        lines = human_doctor.out.decode("utf-8", "replace").splitlines()
        stray = [l for l in lines[1:] if problems and l.strip() and not l[:1].isspace()
                 and not l.startswith("note: ") and not any(l.startswith(p) for p in problems)]
        sc.check("doctor prints each reason on one line (no newline-split reasons)", not stray,
                 lambda: L(human_doctor) + f"\nlines that are neither a path nor an indented reason: {stray[:5]}\n"
                 + human_doctor.out.decode("utf-8", "replace")[:1500])
        # Human output: no raw terminal control bytes.
        human = [human_doctor, run(["list"], ["all"], ok_codes={0}), run(["search"], ["good"], ok_codes={0}),
                 run(["tags"], [], ok_codes={0})]
        for rel in list(case.files) + [rel for _, rel, _ in case.special if rel.endswith(".md")]:
            human.append(run(["show"], [rel]))
        if case.name == "control-chars":
            human += [run(["search"], ["ctl"]), run(["list"], ["anytime"]), run(["show"], ["Ctl"])]
        for r in human:
            raw = [name for b, name in RAW_CONTROL.items() if b in r.out or b in r.err]
            sc.check("human output holds no raw ESC/BEL/NUL", not raw,
                     lambda r=r, raw=raw: L(r) + f"\nraw {', '.join(raw)} in output:\n"
                     + repr(r.out[:600]) + "\nstderr: " + repr(r.err[:300]))

        # Files that cannot be parsed safely are never rewritten; odd valid files and files with a
        # field over its limit keep every byte an edit does not touch (README, "Bad input").
        for rels, what in ((case.refuse, "a bad file"),):
            for rel in rels:
                p = os.path.join(vault, rel)
                for cmd in (["set"], ["done"]):
                    old = _read(p)
                    r = run(cmd, [rel, "fi=1"] if cmd == ["set"] else [rel])
                    new = _read(p)
                    sc.check(f"{what} is refused with exit 4 (set, done)", r.rc == 4,
                             lambda r=r: L(r) + f"\nexpected exit 4 (README: not written, unreadable file), got {r.rc}")
                    sc.check(f"{what} is never rewritten", old == new,
                             lambda r=r, old=old, new=new, rel=rel: L(r) + f"\n{rel} changed: "
                             f"{len(old or b'')} -> {len(new or b'')} bytes")
        for rel in case.keep_bytes:
            p = os.path.join(vault, rel)
            old = _read(p)
            r = run(["set"], [rel, "fi=1"])
            new = _read(p)
            if r.rc == 0:
                # set adds `fi` and sets `modified`; every other byte must stay
                edited = re.compile(rb"(?m)^(fi|modified):.*\n")
                sc.check("set keeps every other byte of an odd or over-limit file (NUL, control chars, BOM+CRLF, long fields)",
                         edited.sub(b"", new or b"") == edited.sub(b"", old or b""),
                         lambda r=r, old=old, new=new: L(r) + f"\nbefore: {old[:400]!r}\nafter:  {new[:400]!r}")
        shutil.rmtree(croot, ignore_errors=True)
        return self.failures.get(case.name, 0) == 0

    # -- a burst of files -------------------------------------------------------------------------
    def burst_case(self, root: str) -> None:
        sc = self.sc
        croot = os.path.join(root, "burst")
        vault, cache = os.path.join(croot, "vault"), os.path.join(croot, "cache")
        for rel, data in good_files().items():
            vf.write(os.path.join(vault, rel), data)
        os.makedirs(os.path.join(vault, "Burst"), exist_ok=True)
        for i in range(self.burst):
            with open(os.path.join(vault, "Burst", f"b{i:05d}.md"), "w") as f:
                f.write(f'---\ntitle: "Burst {i}"\nstatus: todo\ntags: ["burst"]\n{FM_TAIL}---\nburst body {i}\n')
        log = [f"burst of {self.burst} task files; vault {vault}"]
        t = time.monotonic()
        a = self.run_cmd(vault, cache, ["list"], ["all", "--json"], log=log, ok_codes={0})
        cold = time.monotonic() - t
        b = self.run_cmd(vault, cache, ["list"], ["all", "--json"], no_cache=True, log=log, ok_codes={0})
        c = self.run_cmd(vault, cache, ["list"], ["all", "--json"], log=log, ok_codes={0})
        want = self.burst + len(GOOD)
        counts = [(_json(x.out) or {}).get("count") for x in (a, b, c)]
        sc.check("a 10k-file burst lists every task (cached and uncached)", counts == [want] * 3,
                 lambda: "\n".join(log) + f"\ncounts {counts}, expected {want}")
        sc.check("cached answer equals --no-cache (list, search, doctor)", _norm(a) == _norm(b) == _norm(c),
                 lambda: "\n".join(log) + "\n" + _short_diff(a.out, b.out))
        s1 = self.run_cmd(vault, cache, ["search"], ["good", "--json"], log=log, ok_codes={0})
        s2 = self.run_cmd(vault, cache, ["search"], ["good", "--json"], no_cache=True, log=log, ok_codes={0})
        sc.check("cached answer equals --no-cache (list, search, doctor)", _norm(s1) == _norm(s2),
                 lambda: "\n".join(log) + "\n" + _short_diff(s1.out, s2.out))
        d = self.run_cmd(vault, cache, ["doctor"], ["--json"], log=log, ok_codes={0})
        sc.figure("burst", f"{self.burst} files: cold list {cold:.2f} s, --no-cache {b.elapsed:.2f} s, warm {c.elapsed:.2f} s, "
                  f"doctor {d.elapsed:.2f} s")
        shutil.rmtree(croot, ignore_errors=True)


class _CaseChecks:
    """The scenario's check(), also counting failures per case."""
    def __init__(self, owner: HostileScenario, name: str):
        self.owner, self.name = owner, name

    def check(self, inv, ok, repro=None):
        if not ok:
            with self.owner.lock:
                self.owner.failures[self.name] = self.owner.failures.get(self.name, 0) + 1
        return self.owner.sc.check(inv, ok, repro)


def _read(p):
    try:
        with open(p, "rb") as f:
            return f.read()
    except OSError:
        return None


def _json(out: bytes):
    try:
        return json.loads(out)
    except ValueError:
        return None


def _titles(out: bytes) -> set:
    doc = _json(out) or {}
    tasks = [t for g in doc.get("groups", []) for t in g.get("tasks", [])]
    tasks += [h.get("task", {}) for h in doc.get("hits", [])]
    return {t.get("title") for t in tasks if isinstance(t, dict)}


def _norm(r):
    """The answer; warnings about the cache itself are left out (checked on their own)."""
    doc = _json(r.out)
    if isinstance(doc, dict):
        if isinstance(doc.get("warnings"), list):
            doc["warnings"] = [w for w in doc["warnings"] if not CACHE_WARN.search(str(w))]
        return r.rc, doc
    return r.rc, r.out


def _short_diff(a: bytes, b: bytes) -> str:
    import difflib
    la = a.decode("utf-8", "replace").splitlines()
    lb = b.decode("utf-8", "replace").splitlines()
    d = list(difflib.unified_diff(la, lb, "cached", "--no-cache", n=1, lineterm=""))
    return "\n".join(d[:40]) or "(outputs equal apart from exit codes)"
