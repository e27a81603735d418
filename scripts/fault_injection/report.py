"""Per-scenario bookkeeping: figures (what was measured), invariants (checked / failed, with the
first few reproductions), and the summary table the run ends with."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

MAX_EXAMPLES = 3        # reproductions kept per invariant
MAX_EXAMPLE_CHARS = 8000
REDACT = []  # (text, replacement) applied to printed reproductions, e.g. the run's temp folder -> $T


@dataclass
class Invariant:
    name: str
    checked: int = 0
    failed: int = 0
    examples: list = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.failed == 0


@dataclass
class Scenario:
    name: str
    seed: int
    figures: list = field(default_factory=list)      # (label, value)
    invariants: dict = field(default_factory=dict)   # name -> Invariant
    notes: list = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    elapsed: float = 0.0

    def invariant(self, name: str) -> Invariant:
        if name not in self.invariants:
            self.invariants[name] = Invariant(name)
        return self.invariants[name]

    def check(self, name: str, ok: bool, repro=None) -> bool:
        """Count one check of invariant `name`; on failure keep `repro` (a string, or a
        callable producing one, evaluated only for the first few failures)."""
        with self.lock:
            inv = self.invariant(name)
            inv.checked += 1
            if ok:
                return True
            inv.failed += 1
            keep = len(inv.examples) < MAX_EXAMPLES and repro is not None
        if keep:
            text = repro() if callable(repro) else str(repro)
            if len(text) > MAX_EXAMPLE_CHARS:
                text = text[:MAX_EXAMPLE_CHARS] + "\n  ... (cut)"
            with self.lock:
                if len(inv.examples) < MAX_EXAMPLES:
                    inv.examples.append(text)
        return False

    def figure(self, label: str, value) -> None:
        self.figures.append((label, value))

    def note(self, text: str) -> None:
        self.notes.append(text)

    @property
    def ok(self) -> bool:
        return all(i.ok for i in self.invariants.values())

    def finish(self) -> None:
        self.elapsed = time.monotonic() - self.started

    def print_details(self) -> None:
        print(f"\n=== {self.name}  ({self.elapsed:.1f} s, seed {self.seed})")
        width = max([len(l) for l, _ in self.figures] + [10])
        for label, value in self.figures:
            print(f"  {label:<{width}}  {value}")
        for n in self.notes:
            print(f"  note: {n}")
        for inv in self.invariants.values():
            mark = "ok  " if inv.ok else "FAIL"
            print(f"  [{mark}] {inv.name}: {inv.failed} failed of {inv.checked}")
        for inv in self.invariants.values():
            for i, ex in enumerate(inv.examples, 1):
                print(f"\n  --- FAIL {self.name} / {inv.name} (example {i} of {inv.failed}; seed {self.seed})")
                for old, new in REDACT:
                    ex = ex.replace(old, new)
                for line in ex.splitlines():
                    print("  | " + line)


def per_thousand(n: int, d: int) -> str:
    return "n/a" if d == 0 else f"{1000.0 * n / d:.1f}"


def print_summary(scenarios: list, seed: int, total: float, argv_hint: str) -> bool:
    print("\n" + "=" * 100)
    print(f"SUMMARY  seed {seed}  total {total:.1f} s")
    rows = []
    for s in scenarios:
        for inv in s.invariants.values():
            rows.append((s.name, inv.name, inv.checked, inv.failed, "PASS" if inv.ok else "FAIL"))
    w0 = max([len(r[0]) for r in rows] + [8])
    w1 = max([len(r[1]) for r in rows] + [9])
    print(f"{'scenario':<{w0}}  {'invariant':<{w1}}  {'checked':>7}  {'failed':>6}  result")
    for r in rows:
        print(f"{r[0]:<{w0}}  {r[1]:<{w1}}  {r[2]:>7}  {r[3]:>6}  {r[4]}")
    ok = all(s.ok for s in scenarios)
    failed = sum(1 for r in rows if r[4] == "FAIL")
    print(f"{len(rows) - failed} invariants passed, {failed} failed")
    if not ok:
        print(f"reproduce: {argv_hint} --seed {seed} [--only SCENARIO]  (examples with file contents above)")
    return ok
