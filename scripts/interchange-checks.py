#!/usr/bin/env python3
"""Import and export checked against the real tools (CI runs this after `swift test`).

    python3 scripts/interchange-checks.py [.build/debug/todomd]        (or TODOMD_BIN=…)

In a temporary folder it writes a vault of varied tasks (dates with and without times, every priority,
tags, areas and projects, repeating tasks, done and cancelled ones, subtasks, multi-line notes with
quotes, commas and non-ASCII), then:

  1. round trips every format todomd both writes and reads: `todomd export F` → `todomd import F`
     into an empty vault gives the same tasks, field by field, for the fields the README's format
     table says F keeps;
  2. Taskwarrior: Debian's `task import` takes our export, and its `task export` of the same comes
     back into todomd with the same fields;
  3. iCalendar: Python's `icalendar` parses our export (every VTODO with a UID, a DTSTAMP and the
     right SUMMARY; dates as DATE values), lines are CRLF and at most 75 octets, and every RRULE
     parses with python-dateutil;
  4. Todoist CSV: our export of a project re-imported through our importer equals the source;
  5. importing the same file twice creates nothing the second time.

Exits 1 on any failure with what differed; ends with 'N passed, N failed'.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("TODOMD_BIN", ".build/debug/todomd"))
ENV = {**os.environ, "TODOMD_NOW": "2026-11-27T09:00", "TZ": "Europe/Berlin", "NO_COLOR": "1"}
ENV.pop("TODOMD_VAULT", None)

# The fields each format keeps (the README's table): what a round trip must give back. `key:day` is
# compared as a local date (the format has no time for it); `when` is scheduled, else defer (Things).
KEEPS = {
    "json": ["title", "status", "due", "defer", "scheduled", "priority", "flagged", "area", "project", "tags", "recurrence",
             "recurrence_type", "estimated_minutes", "description", "created", "completed", "body", "parent"],
    "csv": ["title", "status", "due", "defer", "scheduled", "priority", "flagged", "area", "project", "tags", "recurrence",
            "recurrence_type", "estimated_minutes", "description", "created", "completed", "body", "parent"],
    "taskwarrior": ["title", "status", "due", "defer", "scheduled", "priority", "area", "project", "tags", "recurrence",
                    "created", "completed", "body", "parent"],
    "todoist": ["title", "priority", "due:day", "scheduled", "tags", "recurrence", "body", "parent"],
    "todotxt": ["title", "status", "priority", "due", "defer", "project", "tags", "created:day"],
    "taskpaper": ["title", "status", "due", "defer", "flagged", "area", "project", "tags", "estimated_minutes", "recurrence",
                  "recurrence_type", "body", "parent"],
    "ical": ["title", "status", "due", "priority", "tags", "recurrence", "body", "parent"],
    "things": ["title", "status", "when", "due:day", "area", "project", "tags", "body"],
}


class Checks:
    def __init__(self):
        self.passed = 0
        self.failures: list[str] = []

    def check(self, name, fn):
        try:
            fn()
            self.passed += 1
            print(f"ok   {name}")
        except AssertionError as e:
            self.failures.append(f"{name}: {e}")
            print(f"FAIL {name}: {e}")
        except subprocess.CalledProcessError as e:
            self.failures.append(f"{name}: {e.cmd} exited {e.returncode}: {e.stderr}")
            print(f"FAIL {name}: {' '.join(map(str, e.cmd))} exited {e.returncode}\n{e.stderr}")


def todomd(*args, stdin=None):
    return subprocess.run([BIN, *map(str, args)], env=ENV, capture_output=True, text=True, check=True, input=stdin).stdout


def task_file(path: Path, fields: dict, body: str = ""):
    lines = ["---"]
    for k, v in fields.items():
        lines.append(f"{k}: {json.dumps(v, ensure_ascii=False)}")
    lines.append("---")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n" + (("\n" + body + "\n") if body else ""))


def seed(vault: Path):
    c = "2026-11-20T08:00:00Z"
    t = lambda name, body="", **f: task_file(vault / name, {"status": "todo", "created": c, "source": "user", **f}, body)  # noqa: E731
    t("20261120-0800-plan-the-launch.md", "Notes with \"quotes\", commas, and a second line.\nZweite Zeile: Grüße ✓",
      title="Plan the launch", area="Work", project="Launch", due="2026-12-01", priority="high", tags=["work", "q4"],
      flagged=True, estimated_minutes=90)
    t("20261120-0801-write-release-notes.md", title="Write release notes", area="Work", project="Launch",
      due="2026-11-30T17:00", scheduled="2026-11-28", priority="medium", parent="20261120-0800-plan-the-launch.md")
    t("20261120-0802-review-the-copy.md", title="Review the copy, again", area="Work", project="Launch", priority="low",
      defer="2026-11-29", parent="20261120-0800-plan-the-launch.md")
    t("20261120-0803-water-the-plants.md", title="Water the plants", area="Home", project="Garden", due="2026-11-29",
      recurrence="FREQ=WEEKLY", recurrence_type="every")
    t("20261120-0804-pay-rent.md", title="Pay rent", area="Home", project="Bills", due="2026-12-01",
      recurrence="FREQ=MONTHLY;BYMONTHDAY=1", tags=["money"])
    t("20261120-0805-call-mum.md", title="Call Mum", tags=["family"], scheduled="2026-11-27")
    t("20261120-0806-file-taxes.md", title="File the taxes", area="Home", project="Bills", status="done",
      completed="2026-11-21T10:00:00Z")
    t("20261120-0807-old-idea.md", title="An idea that did not work out", area="Home", project="Garden", status="cancelled",
      completed="2026-11-22T10:00:00Z")
    t("20261120-0808-cafe.md", title="Café with Zoë — résumé 📎", area="Home", project="Garden")


def tasks(vault: Path) -> dict[str, dict]:
    """Every task of the vault by title, as `todomd export json` writes it."""
    out = {}
    for t in json.loads(todomd("export", "json", "--vault", vault)):
        out[t["title"]] = t
    return out


def value(t: dict, key: str, by_file: dict):
    if key.endswith(":day"):
        v = value(t, key[:-4], by_file)
        if v and key.startswith("created"):
            from datetime import datetime
            from zoneinfo import ZoneInfo
            return datetime.fromisoformat(v.replace("Z", "+00:00")).astimezone(ZoneInfo("Europe/Berlin")).date().isoformat()
        return v[:10] if v else v
    if key == "when":
        return t.get("scheduled") or t.get("defer")
    if key == "recurrence_type":
        return t.get(key) or ("every" if t.get("recurrence") else None)
    v = t.get(key)
    if key == "parent":
        return by_file.get(v, {}).get("title") if v else None
    if key == "body":
        return (v or "").strip() or None
    if key == "tags":
        return sorted(v or [])
    if key in ("status",) and v == "someday":
        return "todo"
    return v


def compare(fmt: str, before: dict, after: dict, keys: list[str], titles=None):
    titles = titles or list(before)
    b_files = {t["file"]: t for t in before.values()}
    a_files = {t["file"]: t for t in after.values()}
    problems = []
    missing = [x for x in titles if x not in after]
    assert not missing, f"{fmt}: not back after the round trip: {missing}; got {sorted(after)}"
    for title in titles:
        for k in keys:
            x, y = value(before[title], k, b_files), value(after[title], k, a_files)
            if x != y:
                problems.append(f"{title!r}.{k}: {x!r} → {y!r}")
    assert not problems, f"{fmt}: " + "; ".join(problems)


def main() -> int:
    checks = Checks()
    tmp = Path(tempfile.mkdtemp(prefix="todomd-interchange-"))
    try:
        src = tmp / "source"
        seed(src)
        before = tasks(src)

        def round_trip(fmt):
            def run():
                out = tmp / f"export.{fmt}"
                todomd("export", fmt, "--vault", src, "-o", out)
                dest = tmp / f"back-{fmt}"
                dest.mkdir()
                todomd("import", fmt, out, "--vault", dest)
                after = tasks(dest)
                titles = [t for t in before if fmt not in ("todoist",) or before[t]["status"] in ("todo", "in-progress")]
                compare(fmt, before, after, KEEPS[fmt], titles)
                again = json.loads(todomd("import", fmt, out, "--vault", dest, "--json"))
                assert again["created"] == 0 and again["updated"] == 0, f"{fmt}: a second import did something: {again['summary']}"
            return run

        for fmt in KEEPS:
            if fmt != "todoist":
                checks.check(f"round trip {fmt}", round_trip(fmt))

        def todoist():
            out = tmp / "Launch.csv"
            todomd("export", "todoist", "--vault", src, "--project", "Launch", "-o", out)
            dest = tmp / "back-todoist"
            dest.mkdir()
            todomd("import", "todoist", out, "--vault", dest)
            after = tasks(dest)
            launch = [t for t, v in before.items() if v.get("project") == "Launch"]
            compare("todoist", before, after, KEEPS["todoist"] + ["project"], launch)
        checks.check("Todoist CSV of a project re-imports as the source", todoist)

        def taskwarrior():
            if not shutil.which("task"):
                raise AssertionError("Debian's taskwarrior is not installed (scripts/ci-deps.sh installs it)")
            data = tmp / "taskdata"
            data.mkdir()
            rc = tmp / "taskrc"
            rc.write_text(f"data.location={data}\nconfirmation=off\nhooks=off\nverbose=nothing\nnews.version=2.6.2\n")
            tenv = {**ENV, "TASKRC": str(rc), "TASKDATA": str(data)}
            out = tmp / "tw.json"
            todomd("export", "taskwarrior", "--vault", src, "-o", out)
            r = subprocess.run(["task", "import", str(out)], env=tenv, capture_output=True, text=True)
            assert r.returncode == 0, f"task import refused our export: {r.stdout}{r.stderr}"
            exported = subprocess.run(["task", "export"], env=tenv, capture_output=True, text=True, check=True).stdout
            back = tmp / "from-task.json"
            back.write_text(exported)
            dest = tmp / "back-from-task"
            dest.mkdir()
            todomd("import", "taskwarrior", back, "--vault", dest)
            compare("task export", before, tasks(dest), KEEPS["taskwarrior"])
        checks.check("Taskwarrior: task import of our export, and its export back into todomd", taskwarrior)

        def ical():
            import icalendar
            from dateutil.rrule import rrulestr
            out = tmp / "tasks.ics"
            todomd("export", "ical", "--vault", src, "-o", out)
            raw = out.read_bytes()
            lines = raw.split(b"\r\n")
            assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b""), "lines must end with CRLF"
            long = [l for l in lines if len(l) > 75]
            assert not long, f"lines over 75 octets: {long[:2]}"
            cal = icalendar.Calendar.from_ical(raw)
            todos = [c for c in cal.walk("VTODO")]
            assert sorted(str(t["SUMMARY"]) for t in todos) == sorted(before), sorted(str(t["SUMMARY"]) for t in todos)
            for t in todos:
                assert "UID" in t and "DTSTAMP" in t, f"{t['SUMMARY']}: no UID or DTSTAMP"
                if "RRULE" in t:
                    start = t["DUE"].dt if "DUE" in t else None
                    rrulestr(t["RRULE"].to_ical().decode(), dtstart=start)
            plants = next(t for t in todos if str(t["SUMMARY"]) == "Water the plants")
            assert type(plants["DUE"].dt).__name__ == "date", f"a date-only due must be a DATE value: {plants['DUE'].to_ical()}"
            notes = next(t for t in todos if str(t["SUMMARY"]) == "Release notes" or str(t["SUMMARY"]) == "Write release notes")
            assert type(notes["DUE"].dt).__name__ == "datetime"
        checks.check("iCalendar: Python icalendar and dateutil read our export", ical)

        def feed():
            import icalendar
            from dateutil.rrule import rrulestr
            open_dated = {t: v for t, v in before.items() if v["status"] not in ("done", "cancelled")
                          and (v.get("due") or v.get("scheduled") or v.get("defer"))}
            todos_file, events_file = tmp / "feed.ics", tmp / "events.ics"
            todomd("export", "ics", "--vault", src, "-o", todos_file)
            todomd("export", "calendar-events", "--vault", src, "-o", events_file)
            todos = icalendar.Calendar.from_ical(todos_file.read_bytes()).walk("VTODO")
            assert sorted(str(t["SUMMARY"]) for t in todos) == sorted(open_dated), "the feed has the open tasks with a date"
            events = icalendar.Calendar.from_ical(events_file.read_bytes()).walk("VEVENT")
            assert len(events) == len(open_dated)
            for e in events:
                title = str(e["SUMMARY"]).removeprefix("Available: ")
                v = open_dated[title]
                when = v.get("due") or v.get("scheduled") or v.get("defer")
                start = e["DTSTART"].dt
                if "T" in when:
                    assert start.isoformat()[:16] == when, f"{title}: {start} for {when}"
                    assert "DURATION" in e
                else:
                    assert type(start).__name__ == "date" and start.isoformat() == when, f"{title}: a day stays a day: {start} for {when}"
                    assert e["DTEND"].dt.toordinal() == start.toordinal() + 1
                alarms = e.walk("VALARM")
                assert alarms and "TRIGGER" in alarms[0], f"{title}: no alarm"
                if "RRULE" in e:
                    rrulestr(e["RRULE"].to_ical().decode(), dtstart=start)
            # The to-do feed reads back through our importer: same titles and due dates.
            dest = tmp / "back-feed"
            dest.mkdir()
            todomd("import", "ical", todos_file, "--vault", dest)
            back = tasks(dest)
            assert sorted(back) == sorted(open_dated)
            for t in open_dated:
                assert back[t].get("due") == open_dated[t].get("due"), f"{t}: due {open_dated[t].get('due')} came back as {back[t].get('due')}"
        checks.check("calendar feed: icalendar reads the to-dos and the events, days stay days, alarms, and it re-imports", feed)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"{checks.passed} passed, {len(checks.failures)} failed")
    for f in checks.failures:
        print("  " + f)
    return 1 if checks.failures else 0


if __name__ == "__main__":
    sys.exit(main())
