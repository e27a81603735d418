#!/usr/bin/env python3
"""Differential-test oracle: random RRULEs and their first occurrences per python-dateutil.

Usage: rrule_oracle.py SEED N [OCCURRENCES]   (env RRULE_ORACLE_FREQS=HOURLY,… restricts FREQ)
Prints JSON: {"cases": [{"rule": ..., "start": ..., "occurrences": [...]}, ...]}.
Starts are `YYYY-MM-DD` (date-only) or `YYYY-MM-DDTHH:MM[:SS]`; occurrences use the same
format the Swift engine prints (date-only for date-only rules, `:SS` only when non-zero).
Rules dateutil rejects or chokes on are skipped; each case is computed under a time limit so
an impossible rule (which dateutil may scan for a long time) cannot stall the run.
"""
import datetime
import itertools
import json
import os
import random
import signal
import sys
import warnings

try:
    from dateutil.rrule import rrulestr
except ImportError:
    sys.stderr.write("python-dateutil missing: pip install python-dateutil\n")
    sys.exit(3)

warnings.simplefilter("ignore")

FREQS = ["YEARLY", "MONTHLY", "WEEKLY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


class Timeout(Exception):
    pass


def on_alarm(signum, frame):
    raise Timeout()


def pick(rng, values, lo=1, hi=3):
    return sorted(set(rng.choice(values) for _ in range(rng.randint(lo, hi))))


def random_start(rng, timed):
    y = rng.randint(1990, 2040)
    kind = rng.random()
    if kind < 0.15:
        m, d = 1, 31
    elif kind < 0.25:
        y = rng.choice([1996, 2000, 2004, 2016, 2020, 2024, 2028])
        m, d = 2, 29
    elif kind < 0.35:
        m, d = 12, rng.choice([28, 29, 30, 31])
    elif kind < 0.45:
        m = rng.randint(1, 12)
        d = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] if m != 2 else 28
    else:
        m, d = rng.randint(1, 12), rng.randint(1, 28)
    if not timed:
        return datetime.datetime(y, m, d), f"{y:04d}-{m:02d}-{d:02d}"
    hh, mm = rng.randint(0, 23), rng.choice([0, 0, 15, 30, rng.randint(0, 59)])
    ss = rng.choice([0, 0, 0, rng.randint(0, 59)])
    text = f"{y:04d}-{m:02d}-{d:02d}T{hh:02d}:{mm:02d}" + (f":{ss:02d}" if ss else "")
    return datetime.datetime(y, m, d, hh, mm, ss), text


def random_rule(rng):
    only = [f for f in os.environ.get("RRULE_ORACLE_FREQS", "").upper().split(",") if f in FREQS]
    if only:  # e.g. RRULE_ORACLE_FREQS=SECONDLY,MINUTELY to stress one part of the engine
        freq = rng.choice(only)
    else:
        freq = rng.choices(FREQS, weights=[6, 6, 5, 4, 2, 1, 1])[0]
    parts = [f"FREQ={freq}"]
    if rng.random() < 0.4:
        parts.append(f"INTERVAL={rng.choice([2, 2, 3, 4, 5, 7, 12, 100])}")
    sub_daily = freq in ("HOURLY", "MINUTELY", "SECONDLY")
    # A few filters at a time: stacking many makes most rules empty, which tests little.
    kinds = ["BYDAY", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST", "BYHOUR"]
    if freq == "YEARLY":
        kinds += ["BYYEARDAY", "BYWEEKNO", "BYWEEKNO", "BYMONTH"]
    elif rng.random() < 0.1:
        kinds += ["BYYEARDAY", "BYWEEKNO"]
    if sub_daily:
        kinds += ["BYHOUR", "BYMINUTE", "BYSECOND"]
    elif rng.random() < 0.15:
        kinds += ["BYMINUTE", "BYSECOND"]
    chosen = set(rng.sample(kinds, min(len(kinds), rng.choice([0, 1, 1, 2, 2, 3, 4]))))
    monthly_ord = freq in ("MONTHLY", "YEARLY")
    if "BYDAY" in chosen:
        days = []
        # dateutil ANDs plain and ordinal BYDAY entries, so mixing them is almost always empty.
        ordinals = monthly_ord and rng.random() < 0.5
        for _ in range(rng.randint(1, 4)):
            wd = rng.choice(DAYS)
            if ordinals:
                n = rng.choice([1, 2, 3, 4, -1, -2, 5, -5] if freq == "MONTHLY" else [1, 2, 10, 20, 52, -1, -2, -10, 53, -53])
                days.append(f"{n}{wd}")
            else:
                days.append(wd)
        if rng.random() < 0.15:
            days = ["MO", "TU", "WE", "TH", "FR"]
        parts.append("BYDAY=" + ",".join(dict.fromkeys(days)))
    if "BYMONTHDAY" in chosen and freq != "WEEKLY":
        parts.append("BYMONTHDAY=" + ",".join(map(str, pick(rng, list(range(1, 32)) + [-1, -2, -3, -7, -15, -31, 28, 29, 30, 31]))))
    if "BYYEARDAY" in chosen:
        parts.append("BYYEARDAY=" + ",".join(map(str, pick(rng, [1, 2, 32, 59, 60, 100, 200, 365, 366, -1, -2, -100, -365, -366]))))
    if "BYWEEKNO" in chosen:
        parts.append("BYWEEKNO=" + ",".join(map(str, pick(rng, [1, 2, 10, 20, 26, 51, 52, 53, -1, -2, -52, -53]))))
    if "BYMONTH" in chosen:
        parts.append("BYMONTH=" + ",".join(map(str, pick(rng, list(range(1, 13)), 1, 4))))
    if "BYHOUR" in chosen:
        parts.append("BYHOUR=" + ",".join(map(str, pick(rng, list(range(24)), 1, 4))))
    if "BYMINUTE" in chosen:
        parts.append("BYMINUTE=" + ",".join(map(str, pick(rng, [0, 15, 30, 45, 1, 59, 7], 1, 3))))
    if "BYSECOND" in chosen:
        parts.append("BYSECOND=" + ",".join(map(str, pick(rng, [0, 10, 20, 30, 59], 1, 3))))
    if "BYSETPOS" in chosen and freq in ("YEARLY", "MONTHLY", "WEEKLY") and len(chosen) <= 3:
        parts.append("BYSETPOS=" + ",".join(map(str, pick(rng, [1, 2, 3, -1, -2, 5, 10, -10], 1, 2))))
    if "WKST" in chosen or rng.random() < 0.1:
        parts.append("WKST=" + rng.choice(DAYS))
    r = rng.random()
    if r < 0.2:
        parts.append(f"COUNT={rng.randint(1, 60)}")
    rest = parts[1:]
    rng.shuffle(rest)  # the order of parts must not matter
    return freq, [parts[0]] + rest, r


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 50
    rng = random.Random(seed)
    signal.signal(signal.SIGALRM, on_alarm)
    cases = []
    skipped = 0
    attempts = 0
    while len(cases) < n and attempts < n * 20:
        attempts += 1
        freq, parts, r = random_rule(rng)
        has_time = any(p.startswith(("BYHOUR", "BYMINUTE", "BYSECOND")) for p in parts)
        timed = freq in ("HOURLY", "MINUTELY", "SECONDLY") or rng.random() < 0.3
        dtstart, start_text = random_start(rng, timed)
        date_only = not timed and not has_time
        if 0.2 <= r < 0.35:
            # UNTIL in the start's form: a date for date-only rules, a date-time otherwise.
            delta = datetime.timedelta(days=rng.choice([0, 1, 10, 40, 400, 3000]), hours=rng.randint(0, 30))
            u = dtstart + delta
            parts.append("UNTIL=" + (u.strftime("%Y%m%d") if date_only else u.strftime("%Y%m%dT%H%M%S")))
        rule = ";".join(parts)
        try:
            signal.setitimer(signal.ITIMER_REAL, 0.02)
            rr = rrulestr(rule, dtstart=dtstart)
            occ = list(itertools.islice(iter(rr), limit))
            signal.setitimer(signal.ITIMER_REAL, 0)
        except Timeout:
            skipped += 1
            continue
        except Exception:
            signal.setitimer(signal.ITIMER_REAL, 0)
            skipped += 1
            continue
        out = []
        for o in occ:
            if date_only:
                out.append(o.strftime("%Y-%m-%d"))
            else:
                out.append(o.strftime("%Y-%m-%dT%H:%M") + (o.strftime(":%S") if o.second else ""))
        cases.append({"rule": rule, "start": start_text, "occurrences": out})
    json.dump({"seed": seed, "skipped": skipped, "cases": cases}, sys.stdout)


if __name__ == "__main__":
    main()
