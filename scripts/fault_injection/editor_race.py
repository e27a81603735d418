"""Scenario 2: an external editor racing `todomd set` on the same task file.

The editor (a thread) rewrites race.md every 1-10 ms, alternating atomic rename (temp +
os.replace) and in-place (open r+, truncate, write), and alternating the field it bumps: the
unknown key `ext: C` or the body line `w: C`. C is its own counter, so the file's "editor
version" max(ext, w) only ever grows through its writes. It keeps every other byte it read, so
it carries todomd's `n` along. Meanwhile `todomd set race.md n=V` runs with V = 1, 2, 3...

Attribution (no false alarms on a correct todomd):
  * editor update lost by todomd: the editor's write C is *confirmed* when it is known to have
    landed on the live file (os.replace returned; in place: the inode written is still the
    path's after the write — if not, the write may have gone to a file todomd had already
    replaced, which is the editor's own problem, counted as "ambiguous"). Only todomd writes
    besides the editor, and the editor's versions only grow, so any later read showing a version
    below a confirmed C means todomd wrote back content read before C: a lost update.
  * todomd update lost: after `set n=V` exits 0 the file is read. If n != V, the content seen
    was written by an editor write W (its version says which). Walk back through the editor's
    writes that read the file after the set had exited (they would have seen V); if that chain
    ends at a write that read before the exit and wrote after the set started, the editor may
    have clobbered V from a stale read (not todomd's fault: counted, not failed). If it ends at a
    write finished before the set started (or the initial file), V never reached the disk while
    todomd said it did: todomd's fault.
  * write reported as a failure: a set that exits non-zero but whose V is ever seen on disk
    (by the check right after it, or by any editor read).
"""

from __future__ import annotations

import ctypes
import errno
import os
import random
import re
import threading
import time
from collections import Counter
from dataclasses import dataclass

from .report import Scenario, per_thousand
from .runner import Todomd
from . import vaultfs as vf

N_RE = re.compile(rb"^n: (\d+)\r?$", re.M)
EXT_RE = re.compile(rb"^ext: (\d+)\r?$", re.M)
W_RE = re.compile(rb"^w: (\d+)\r?$", re.M)
END = b"\nEND\n"
LOST_EDITOR = "no editor update lost by todomd (editor version never goes back)"


def initial() -> bytes:
    return vf.task_text("Race target", fields=["n: 0", "ext: 0"], body="w: 0\nBody text the editor keeps.\nEND\n").encode()


def parse(data: bytes):
    """(n, editor version) of a whole file, or None (torn, or mid in-place write)."""
    if not data.endswith(END):
        return None
    n, e, w = N_RE.findall(data), EXT_RE.findall(data), W_RE.findall(data)
    if len(n) != 1 or len(e) != 1 or len(w) != 1:
        return None
    return int(n[0]), max(int(e[0]), int(w[0]))


UNKNOWN = object()
_renameat2 = None
try:
    _renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
except (OSError, AttributeError):
    pass


def exchange(a: str, b: str) -> bool:
    """renameat2(RENAME_EXCHANGE): True when swapped; False when the system or file system has
    none (then os.replace is used); OSError on any other failure."""
    global _renameat2
    if _renameat2 is None:
        return False
    if _renameat2(-100, a.encode(), -100, b.encode(), 2) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        _renameat2 = None
        return False
    raise OSError(err, os.strerror(err), b)


@dataclass
class WriteRec:
    version: int
    base: int          # editor version of the content it read
    read_n: int
    t_read: float      # monotonic, taken before opening the file to read
    t_end: float | None = None  # after the write returned (None: in progress)
    mode: str = ""
    confirmed: bool = False
    displaced_n: object = None   # atomic writes: the n of the file it replaced (UNKNOWN without renameat2)
    done: bool = False           # fully logged


class Editor(threading.Thread):
    def __init__(self, path: str, rng: random.Random, sc: Scenario):
        super().__init__(daemon=True)
        self.path, self.rng, self.sc = path, rng, sc
        self.stop = threading.Event()
        self.counter = 0          # last version written
        self.confirmed = 0        # last version known to have landed on the live file
        self.log: dict = {}       # version -> WriteRec (inserted before the write starts)
        self.lost: set = set()    # confirmed versions later seen rolled back
        self.seen_n: dict = {}    # n value -> first monotonic time the editor read it
        self.writes = Counter()
        self.unparseable = 0
        self.errors = []

    def check_read(self, data: bytes, t: float):
        p = parse(data)
        if p is None:
            self.unparseable += 1
            return None
        n, ver = p
        self.seen_n.setdefault(n, t)
        conf = self.confirmed
        if ver >= conf:
            self.sc.check(LOST_EDITOR, True)
        elif conf not in self.lost:  # one failure per lost write, whoever sees it first
            self.lost.add(conf)
            self.sc.check(LOST_EDITOR, False, lambda: (
                f"editor write {conf} had landed (confirmed: {self.log[conf].mode}) but the editor's next read showed "
                f"editor version {ver} (n={n}): todomd wrote back content read before it:\n" + data.decode("utf-8", "replace")))
        return p

    def run(self):
        i = 0
        while not self.stop.is_set():
            time.sleep(self.rng.uniform(0.001, 0.010))
            mode = "atomic" if i % 2 == 0 else "in-place"
            field = b"ext" if (i // 2) % 2 == 0 else b"w"
            i += 1
            try:
                if mode == "atomic":
                    self.atomic(field)
                else:
                    self.in_place(field)
            except FileNotFoundError:
                continue
            except OSError as e:  # never let the editor die silently
                self.errors.append(repr(e))

    def bump(self, data: bytes, field: bytes, version: int) -> bytes:
        rx = EXT_RE if field == b"ext" else W_RE
        return rx.sub(field + b": " + str(version).encode(), data, count=1)

    def atomic(self, field: bytes):
        t_read = time.monotonic()
        with open(self.path, "rb") as f:
            data = f.read()
        p = self.check_read(data, t_read)
        if p is None:
            return
        v = self.counter + 1
        new = self.bump(data, field, v)
        tmp = os.path.join(os.path.dirname(self.path), f".race.md.editor-{v}.tmp")
        with open(tmp, "wb") as f:
            f.write(new)
        rec = WriteRec(v, p[1], p[0], t_read, mode="atomic")
        self.log[v] = rec
        self.counter = v
        try:
            swapped = exchange(tmp, self.path)
        except OSError:
            os.unlink(tmp)
            rec.done = True
            self.writes["atomic, failed (file gone)"] += 1
            return
        if swapped:
            # Same effect on race.md as os.replace, but the replaced file stays at `tmp`: the
            # editor knows exactly what it overwrote (a todomd value it never read = its clobber).
            with open(tmp, "rb") as f:
                displaced = f.read()
            os.unlink(tmp)
            dp = parse(displaced)
            rec.displaced_n = dp[0] if dp else None
            if dp:
                self.seen_n.setdefault(dp[0], t_read)
        else:
            os.replace(tmp, self.path)
            rec.displaced_n = UNKNOWN
        rec.t_end = time.monotonic()
        rec.confirmed = True
        self.confirmed = v
        self.writes["atomic"] += 1
        rec.done = True

    def in_place(self, field: bytes):
        t_read = time.monotonic()
        fd = os.open(self.path, os.O_RDWR)
        try:
            chunks = []
            while True:
                b = os.read(fd, 65536)
                if not b:
                    break
                chunks.append(b)
            data = b"".join(chunks)
            p = self.check_read(data, t_read)
            if p is None:
                return
            v = self.counter + 1
            new = self.bump(data, field, v)
            rec = WriteRec(v, p[1], p[0], t_read, mode="in-place")
            self.log[v] = rec
            self.counter = v
            os.lseek(fd, 0, os.SEEK_SET)
            os.ftruncate(fd, 0)
            os.write(fd, new)
            rec.t_end = time.monotonic()
            try:
                landed = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except FileNotFoundError:
                landed = False
        finally:
            os.close(fd)
        rec.confirmed = landed
        rec.done = True
        if landed:
            self.confirmed = v
            self.writes["in-place"] += 1
        else:
            self.writes["in-place, ambiguous (file replaced meanwhile)"] += 1


class RaceScenario:
    def __init__(self, tm: Todomd, base: str, seed: int, long: bool, scale: float):
        self.tm, self.base, self.seed = tm, base, seed
        self.n = max(10, int((1500 if long else 300) * scale))
        self.sc = Scenario("2 external editor racing set", seed)

    def observe(self, path: str):
        """Read the file until it is whole (the editor may be mid in-place write)."""
        for _ in range(200):
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except FileNotFoundError:
                data = b""
            p = parse(data)
            if p is not None:
                return p, data
            time.sleep(0.001)
        return None, data

    def run(self) -> Scenario:
        sc, tm = self.sc, self.tm
        root = os.path.join(self.base, "race")
        vault, cache = os.path.join(root, "vault"), os.path.join(root, "cache")
        path = os.path.join(vault, "race.md")
        vf.write(path, initial())
        vf.write(os.path.join(vault, "other.md"), vf.task_text("Other task"))
        tm.run(vault, cache, ["list"])
        editor = Editor(path, random.Random(f"{self.seed}:editor"), sc)
        codes = Counter()
        messages = Counter()
        failed_values = {}      # v -> describe() of the failed run
        missing, clobbered, torn = [], 0, 0
        reported_failed_but_written = []
        editor.start()
        t_begin = time.monotonic()
        try:
            for v in range(1, self.n + 1):
                t_start = time.monotonic()
                r = tm.run(vault, cache, ["set"], ["race.md", f"n={v}"])
                t_exit = time.monotonic()
                codes["timeout" if r.timed_out else r.rc] += 1
                sc.check("set never crashes or hangs under a racing editor", not (r.timed_out or r.crashed), r.describe)
                conf = editor.confirmed
                p, data = self.observe(path)
                if p is None:
                    torn += 1
                    sc.check("task file whole after each set", False,
                             lambda: f"{r.describe()}\nfile:\n{data.decode('utf-8', 'replace')}")
                    continue
                sc.check("task file whole after each set", True)
                n_obs, ver_obs = p
                if ver_obs < conf and conf not in editor.lost:
                    editor.lost.add(conf)
                    sc.check(LOST_EDITOR, False,
                             lambda: f"after {r.describe()}\neditor write {conf} had landed, file shows editor version "
                                     f"{ver_obs}:\n{data.decode('utf-8', 'replace')}")
                if r.rc != 0:
                    failed_values[v] = r.describe()
                    msg = re.sub(rb"\d+", b"N", r.err.strip().splitlines()[-1] if r.err.strip() else b"(no stderr)")
                    messages[(r.rc, msg.decode("utf-8", "replace")[:160])] += 1
                    if n_obs == v:
                        reported_failed_but_written.append(v)
                    continue
                if n_obs == v:
                    sc.check("no todomd update lost (set exit 0 => value on disk)", True)
                    continue
                verdict = self.attribute(editor, v, ver_obs, t_start, t_exit)
                if verdict == "editor":
                    clobbered += 1
                    continue
                missing.append(v)
                sc.check("no todomd update lost (set exit 0 => value on disk)", False,
                         lambda: f"{r.describe()}\nset n={v} exited 0, but right after it the file holds n={n_obs} "
                                 f"(editor version {ver_obs}, {verdict}):\n{data.decode('utf-8', 'replace')}")
        finally:
            editor.stop.set()
            editor.join(5)
        elapsed = time.monotonic() - t_begin

        # A failed set whose value the editor ever read was written after all.
        for v in failed_values:
            if v in editor.seen_n and v not in reported_failed_but_written:
                reported_failed_but_written.append(v)
        for v in sorted(failed_values):
            bad = v in reported_failed_but_written
            sc.check("a set that exits non-zero wrote nothing", not bad,
                     lambda v=v: f"{failed_values[v]}\nyet n={v} was seen on disk afterwards "
                                 f"(a retrying script would apply it twice)")

        sc.check("the editor thread ran without errors", not editor.errors, lambda: "\n".join(editor.errors[:5]))
        if _renameat2 is None:
            sc.note("renameat2 unavailable: todomd-lost values attributed by timing (weaker)")
        w_total = sum(editor.writes.values())
        edits = self.n + w_total
        lost = len(editor.lost) + len(missing)
        sc.figure("racing edits", f"{edits} ({self.n} todomd sets + {w_total} editor writes: "
                  + ", ".join(f"{k} {v}" for k, v in sorted(editor.writes.items())) + f") in {elapsed:.1f} s")
        sc.figure("set exit codes", ", ".join(f"{k}: {v}" for k, v in sorted(codes.items(), key=str)))
        for (rc, msg), k in messages.most_common(6):
            sc.figure(f"  exit {rc} x{k}", msg)
        sc.figure("refused (exit 4)", f"{codes.get(4, 0)} ({per_thousand(codes.get(4, 0), self.n)} per 1,000 sets; a refusal is fine)")
        sc.figure("lost updates by todomd", f"{lost} = {per_thousand(lost, edits)} per 1,000 racing edits "
                  f"(editor writes rolled back {len(editor.lost)}, exit-0 sets missing {len(missing)})")
        sc.figure("success reported as failure", f"{len(reported_failed_but_written)} sets exited non-zero but their value "
                  f"reached the disk ({per_thousand(len(reported_failed_but_written), len(failed_values))} per 1,000 failed sets)")
        sc.figure("editor's own clobbers", f"{clobbered} exit-0 sets overwritten by the editor's stale read-modify-write (not todomd's fault)")
        sc.figure("torn observations", f"{torn} (file not whole 200 ms after a set); editor reads not whole: {editor.unparseable}")
        return sc

    @staticmethod
    def attribute(editor: Editor, v: int, ver: int, t_start: float, t_exit: float) -> str:
        """Who replaced todomd's value v? 'editor' (the editor's own stale write displaced it) or
        why it is todomd's fault."""
        last = editor.log.get(ver)
        while last is not None and not last.done:  # the write we saw may still be logging
            time.sleep(0.0005)
        recs = list(editor.log.values())
        if any(r.displaced_n == v and r.read_n != v for r in recs):
            return "editor"
        if any(r.displaced_n is UNKNOWN for r in recs):
            # No renameat2: fall back on timing (conservative: any editor write whose
            # read-modify-write straddled the set's run may have clobbered it).
            w = editor.log.get(ver)
            while w is not None and w.t_read > t_exit:
                w = editor.log.get(w.base)
            if w is not None and not (w.t_end is not None and w.t_end < t_start):
                return "editor"
        return "no editor write ever replaced a file holding that value (the editor swaps files with RENAME_EXCHANGE and sees what it replaced)"
