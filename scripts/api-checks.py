#!/usr/bin/env python3
"""The real `todomd serve`, checked from outside (CI runs this after `swift test`).

    python3 scripts/api-checks.py [.build/debug/todomd]        (or TODOMD_BIN=…)

Builds nothing. In a temporary folder it seeds a vault with a realistic mix (task files made by
`todomd add` and by hand, unknown keys, a note of checkbox tasks, typed items, a saved view, a
type definition, repeating tasks, a malformed file, CRLF and a BOM), then starts the server on
free loopback ports and checks, over HTTP only:

  1. schemathesis against /api/openapi.json: no 5xx, every status, content type, header and body
     as the document says (every operation but the never-ending /api/events);
  2. the conflict flow: two clients, a stale If-Match that merges and one that is refused (409
     edit_conflict), and the file's bytes after each;
  3. live events: an outside edit reaches an SSE client within 1 s; Last-Event-ID replays exactly
     what was missed; an unknown id gets `reload`;
  4. DNS rebinding (Host) and CSRF (Origin, Sec-Fetch-Site, body type and size) are refused;
  5. off loopback the token is required (file created 0600; Bearer, /login cookie);
  6. every server stops on SIGTERM with exit 0 within a few seconds, even with a stream open;
  7. perspectives (saved filters) and queries: create, list, get, run, query (text and tree),
     a stale update (409), update, delete (a copy in the trash), 404, and a `.perspectives.json`
     with a mistake in it still listing the others.

Nothing leaves 127.0.0.1: the "off loopback" server binds 0.0.0.0 (or $TODOMD_API_CHECKS_HOST)
and is reached through 127.0.0.1. Exits 1 on any failure, with a report; ends with the plain
'N passed, N failed' line.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse

try:
    import requests
except ImportError:  # pragma: no cover - CI installs it (scripts/ci-deps.sh)
    sys.exit("api-checks: needs `requests` (pip install requests schemathesis; scripts/ci-deps.sh does)")

# The clock the vault and the server run under ("now" pinned, UTC), so the seed and the
# schemathesis run are the same every time.
NOW = "2026-11-24T09:00:00"
# Schemathesis: examples per operation and the seed (override for a deeper local run).
ST_MAX_EXAMPLES = int(os.environ.get("TODOMD_API_CHECKS_MAX_EXAMPLES", "150"))
ST_SEED = int(os.environ.get("TODOMD_API_CHECKS_SEED", "20261124"))
ST_TIMEOUT = 300  # seconds; a hung run is a failure, not a hung CI
ST_CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,response_headers_conformance"
SSE_BUDGET = 1.0  # seconds from an outside write to its event at the client
STOP_BUDGET = 5.0  # seconds from SIGTERM to exit


# --------------------------------------------------------------------------------------------
# Results


class CheckFailed(Exception):
    pass


def expect(cond: bool, message: str) -> None:
    if not cond:
        raise CheckFailed(message)


class Results:
    def __init__(self) -> None:
        self.rows: list[tuple[str, bool, float, str]] = []
        self.notes: list[str] = []

    @contextlib.contextmanager
    def check(self, name: str):
        start = time.monotonic()
        print(f"-- {name}", flush=True)
        try:
            yield
        except CheckFailed as e:
            self._add(name, False, time.monotonic() - start, str(e))
        except Exception as e:  # an unexpected error is a failure too, with where it came from
            tb = traceback.format_exc(limit=6)
            self._add(name, False, time.monotonic() - start, f"{type(e).__name__}: {e}\n{tb}")
        else:
            self._add(name, True, time.monotonic() - start, "")

    def _add(self, name: str, ok: bool, seconds: float, detail: str) -> None:
        self.rows.append((name, ok, seconds, detail))
        mark = "ok  " if ok else "FAIL"
        print(f"   {mark} {name} ({seconds:.2f} s)", flush=True)
        if detail:
            print(indent(detail, "        "), flush=True)

    def note(self, text: str) -> None:
        self.notes.append(text)
        print(f"   {text}", flush=True)

    @property
    def failed(self) -> int:
        return sum(1 for r in self.rows if not r[1])


def indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.rstrip().splitlines())


# --------------------------------------------------------------------------------------------
# The binary, the vault, the server


def find_binary(arg: str | None) -> str:
    path = os.path.abspath(arg or os.environ.get("TODOMD_BIN") or ".build/debug/todomd")
    # Someone may be relinking it right now: give it a moment to come back.
    deadline = time.monotonic() + 120
    while not os.access(path, os.X_OK):
        if time.monotonic() > deadline:
            sys.exit(f"api-checks: no executable at {path} (build it first: swift build)")
        time.sleep(2)
    return path


def private_copy(binary: str, into: str) -> str:
    """A copy of the binary (with its resource bundles beside it), so a rebuild meanwhile
    cannot swap it under a running check."""
    dest_dir = os.path.join(into, "bin")
    os.makedirs(dest_dir)
    dest = os.path.join(dest_dir, "todomd")
    # `todomd serve` runs `todomd-server` from beside itself: copy both.
    for name, target in [(binary, dest), (os.path.join(os.path.dirname(binary), "todomd-server"), os.path.join(dest_dir, "todomd-server"))]:
        for _ in range(30):
            try:
                shutil.copy2(name, target)
                break
            except OSError:
                time.sleep(2)
        else:
            sys.exit(f"api-checks: cannot copy {name}")
    src_dir = os.path.dirname(binary)
    for name in os.listdir(src_dir):
        if name.endswith(".resources"):
            os.symlink(os.path.join(src_dir, name), os.path.join(dest_dir, name))
    return dest


def base_env(root: str, config: str | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TODOMD_") and k.lower() not in
           ("http_proxy", "https_proxy", "all_proxy", "no_proxy")}
    env.update({
        "TZ": "UTC",
        "TODOMD_NOW": NOW,
        "XDG_CACHE_HOME": os.path.join(root, "cache"),
        "XDG_CONFIG_HOME": config or os.path.join(root, "config"),
        "HOME": os.path.join(root, "home"),
        "NO_COLOR": "1",
        "NO_PROXY": "127.0.0.1,localhost",
    })
    for key in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "HOME"):
        os.makedirs(env[key], exist_ok=True)
    return env


def run_todomd(binary: str, env: dict[str, str], *args: str) -> str:
    p = subprocess.run([binary, *args], env=env, capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        raise CheckFailed(f"todomd {' '.join(args)} exited {p.returncode}: {p.stderr.strip()}")
    return p.stdout


def write(path: str, text: str | bytes) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(text.encode() if isinstance(text, str) else text)


CONFLICT_TASK = """---
title: "Renew passport"
status: "todo"
due: "2026-12-15"
# keep this comment, and the key order
tags: [travel, admin]
mood: 'hopeful'
reviewer:
  name: Ana
  when: 2026-11-20
created: "2026-11-01T10:00:00Z"
modified: "2026-11-01T10:00:00Z"
source: "user"
---

Bring two photos.
  - and the old passport
"""

PLUMBER_TASK = """---
title: "Call the plumber"
status: todo
scheduled: 2026-11-24
priority: medium
area: Home
energy: low            # an unknown key, with a comment
links:
  - https://example.invalid/boiler
created: 2026-11-02T08:30:00Z
source: claude-agent
---
The boiler makes a noise.
"""


def seed_vault(binary: str, env: dict[str, str], vault: str) -> None:
    """A vault like a real one: quick entry, options, typed items, and files written by hand."""
    os.makedirs(vault)
    adds = [
        ["Buy milk tomorrow #errands"],
        ["Pay rent due eom #bills p1 ~15m // landlord portal"],
        ['Plan Q1 +"Company Goals" =Work !flag next monday'],
        ["Water plants every saturday", "--due", "saturday"],
        ["Mow lawn every 2 weeks when done", "--due", "today"],
        ["Dentist defer next week by dec 10 on friday"],
        ["Email bob@example.com about the C# course #work/backend"],
        ["Réviser le budget ~1h30m #finances !medium"],
        ["Learn the piano", "--status", "someday", "--area", "Personal"],
        ["File the old report", "--status", "done", "--project", "Company Goals"],
        ["Write report", "--scheduled", "today", "--defer", "monday", "--note", "Outline:\n- intro\n- numbers"],
        ["Project Hail Mary", "--type", "book", "author=Andy Weir", "rating=5", "#sci-fi"],
    ]
    for a in adds:
        run_todomd(binary, env, "add", *a, "--vault", vault)
    # Something in the trash, to restore.
    run_todomd(binary, env, "add", "Throw this away", "--vault", vault)
    run_todomd(binary, env, "delete", "Throw this away", "--vault", vault)
    write(os.path.join(vault, "Inbox/call-plumber.md"), PLUMBER_TASK)
    write(os.path.join(vault, "Projects/renew-passport.md"), CONFLICT_TASK)
    write(os.path.join(vault, "Work/Todos 2026.md"), """# Todos 2026

Some prose first.

- [ ] Review PR #work/linear #urgent 📅 2026-11-30 ⏫
> - [ ] Inside a callout 🛫 2026-11-25 📅 2026-11-30
1. [/] Numbered, in progress [due:: 2026-11-23] (priority:: high)
- [ ] Water the office plants 🔁 every week 📅 2026-11-22 ^water
- [x] Ship the release ✅ 2026-11-20
- [-] Old idea ❌ 2026-11-19

```
- [ ] not a task: inside a code block
```
""")
    write(os.path.join(vault, "Books/dune.md"), """---
type: book
title: Dune
author: Frank Herbert
rating: 4
tags: [sci-fi, classic]
---
Read in the winter.
""")
    write(os.path.join(vault, "Types/podcast.md"), """---
type: list_type_definition
name: Podcast
folder: Podcasts
---
fields:
  - name: title
    type: text
    required: true
  - name: episodes
    type: number
    min: 1
""")
    write(os.path.join(vault, "Podcasts/hardcore-history.md"), "---\ntype: podcast\ntitle: Hardcore History\nepisodes: 70\n---\n")
    write(os.path.join(vault, "Views/urgent-work.md"), """---
type: view
name: Urgent Work
filters:
  tags: [work/*, urgent, -someday]
  completed: false
  due_before: +30d
---
What needs me this month.
""")
    write(os.path.join(vault, "Routines/weekly-review.md"), """---
title: Weekly review
status: todo
due: 2026-11-27
recurrence: "FREQ=WEEKLY;BYDAY=FR"
recurrence_type: every
estimated_minutes: 30
tags: [routine]
created: 2026-10-01T09:00:00Z
modified: 2026-10-01T09:00:00Z
source: user
---
""")
    write(os.path.join(vault, "broken.md"), "---\ntitle: [unclosed\nstatus: todo\ncreated: 2026-11-01T10:00:00Z\n---\nBody.\n")
    write(os.path.join(vault, "Inbox/windows-task.md"),
          "\ufeff---\r\ntitle: \"Written on Windows\"\r\nstatus: in-progress\r\nflagged: true\r\n"
          "created: \"2026-11-03T12:00:00Z\"\r\nsource: user\r\n---\r\nCRLF body.\r\n")
    write(os.path.join(vault, "notes/plain-note.md"), "# Just a note\n\nNo tasks here.\n")
    write(os.path.join(vault, ".todomd.json"), json.dumps({"status_map": {">": "someday"}}))
    write(os.path.join(vault, ".perspectives.json"), json.dumps({"perspectives": [SEED_PERSPECTIVE]}, indent=2))


# A perspective in the seeded vault, as a person would write it in `.perspectives.json`.
SEED_PERSPECTIVE = {
    "id": "work-open", "name": "Work, open", "icon": "briefcase",
    "filter": {"operator": "AND", "conditions": [
        {"field": "area", "op": "equals", "value": "Work"},
        {"field": "status", "op": "in", "value": ["todo", "in-progress"]},
    ]},
    "sort": [{"field": "due", "direction": "asc"}], "group_by": "project",
}


# Every server started, so that none outlives the script, whatever happens.
STARTED: list["Server"] = []


class Server:
    """One `todomd serve` process: started, read for its URL, stopped with SIGTERM."""

    def __init__(self, name: str, binary: str, vault: str, env: dict[str, str], workdir: str, *args: str):
        self.name = name
        self.cmd = [binary, "serve", "--vault", vault, "--port", "0", "--log-level", "info", *args]
        self.env = env
        self.stderr_path = os.path.join(workdir, f"server-{name}.stderr")
        self.proc: subprocess.Popen | None = None
        self.url = ""
        self.banner = ""

    def start(self, timeout: float = 30) -> "Server":
        self._stderr = open(self.stderr_path, "wb")
        self.proc = subprocess.Popen(self.cmd, env=self.env, stdout=subprocess.PIPE, stderr=self._stderr,
                                     stdin=subprocess.DEVNULL)
        STARTED.append(self)
        lines: list[str] = []
        got = threading.Event()

        def read() -> None:
            assert self.proc and self.proc.stdout
            for raw in self.proc.stdout:
                lines.append(raw.decode(errors="replace"))
                got.set()
            got.set()

        threading.Thread(target=read, daemon=True).start()
        if not got.wait(timeout) or not lines:
            self.kill()
            raise CheckFailed(f"server {self.name} printed no URL within {timeout:.0f} s (exit {self.proc.poll()}):\n"
                              + self.stderr_tail())
        self.banner = lines[0].strip()
        m = re.search(r"https?://\S+", self.banner)
        expect(m is not None, f"no URL in the server's first line: {self.banner!r}")
        self.url = m.group(0).rstrip("/")
        # The line is printed once the port is bound; make sure it answers.
        deadline = time.monotonic() + 10
        port = self.port
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    raise CheckFailed(f"server {self.name} does not accept connections on {port}:\n" + self.stderr_tail())
                time.sleep(0.05)
        return self

    @property
    def port(self) -> int:
        return urllib.parse.urlsplit(self.url).port or 80

    @property
    def local(self) -> str:
        """The URL through 127.0.0.1 (the server may have bound 0.0.0.0)."""
        return f"http://127.0.0.1:{self.port}"

    def stderr_tail(self, n: int = 30) -> str:
        try:
            with open(self.stderr_path, errors="replace") as f:
                return indent("".join(f.readlines()[-n:]) or "(stderr empty)", "   | ")
        except OSError:
            return ""

    def stop(self) -> tuple[int | None, float]:
        """SIGTERM, then the exit code and how long it took (None: had to be killed)."""
        if self.proc is None or self.proc.poll() is not None:
            return (self.proc.returncode if self.proc else None, 0.0)
        start = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        try:
            code = self.proc.wait(STOP_BUDGET)
        except subprocess.TimeoutExpired:
            self.kill()
            return (None, time.monotonic() - start)
        return (code, time.monotonic() - start)

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def check_graceful_stop(results: Results, server: Server, extra: str = "") -> None:
    with results.check(f"server {server.name}: SIGTERM stops it gracefully{extra}"):
        code, took = server.stop()
        expect(code is not None, f"still running {STOP_BUDGET:.0f} s after SIGTERM (killed)\n" + server.stderr_tail())
        expect(code == 0, f"exit code {code} after SIGTERM (expected 0)\n" + server.stderr_tail())
        results.note(f"exited 0 in {took * 1000:.0f} ms")


def check_request_log(results: Results, server: Server) -> None:
    """`--log-level info` logs one line per request (`METHOD PATH STATUS MS ms`): none may be a 5xx."""
    with results.check(f"server {server.name}: no 5xx in its request log"):
        with open(server.stderr_path, errors="replace") as f:
            lines = f.read().splitlines()
        requests_seen = [l for l in lines if re.search(r"\] [A-Z]+ \S* \d{3} [\d.]+ ms$", l)]
        expect(requests_seen, "no request lines in the log (--log-level info)")
        bad = [l for l in requests_seen if re.search(r" 5\d\d [\d.]+ ms$", l)]
        expect(not bad, f"{len(bad)} of {len(requests_seen)} requests answered 5xx:\n" + "\n".join(bad[:20]))
        results.note(f"{len(requests_seen)} requests logged")


# --------------------------------------------------------------------------------------------
# HTTP helpers


def session() -> requests.Session:
    s = requests.Session()
    s.trust_env = False  # no proxy, no .netrc: only 127.0.0.1
    return s


def enc(task_id: str) -> str:
    return urllib.parse.quote(task_id, safe="")


def error_code(r: requests.Response) -> str | None:
    try:
        doc = r.json()
    except ValueError:
        return None
    if not isinstance(doc, dict) or doc.get("schema_version") != 1 or not isinstance(doc.get("error"), dict):
        return None
    return doc["error"].get("code")


def describe(r: requests.Response) -> str:
    body = r.text if len(r.text) < 600 else r.text[:600] + "…"
    shown = {k: v for k, v in r.request.headers.items() if k in ("Host", "Origin", "Sec-Fetch-Site", "If-Match", "Authorization", "Cookie")}
    return f"{r.request.method} {r.request.path_url} {shown or ''} -> {r.status_code} {body}"


def expect_error(r: requests.Response, status: int, code: str) -> None:
    expect(r.status_code == status and error_code(r) == code,
           f"expected {status} {code}, got: {describe(r)}")
    expect(r.headers.get("Content-Type", "").startswith("application/json"), f"Content-Type {r.headers.get('Content-Type')!r}: {describe(r)}")
    VALIDATE("Error", r.json(), f"the {status} body of {r.request.method} {r.request.path_url}")


def no_validation(name: str, value, what: str) -> None:
    pass


# Checks a value against a schema of the server's document (set once the document is read).
VALIDATE = no_validation


def raw_request(port: int, method: str, path: str, headers: dict[str, str], body: bytes | None = None,
                chunked: bool = False) -> tuple[int, dict[str, str], bytes]:
    """A request whose body the server may refuse before reading it (413): sending may fail
    half-way, the answer is still read."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)
        for k, v in headers.items():
            conn.putheader(k, v)
        if body is not None and not chunked:
            conn.putheader("Content-Length", str(len(body)))
        if chunked:
            conn.putheader("Transfer-Encoding", "chunked")
        conn.endheaders()
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            if body is not None and chunked:
                step = 64 * 1024
                for i in range(0, len(body), step):
                    piece = body[i:i + step]
                    conn.send(b"%x\r\n" % len(piece) + piece + b"\r\n")
                conn.send(b"0\r\n\r\n")
            elif body is not None:
                conn.send(body)
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        conn.close()


# --------------------------------------------------------------------------------------------
# Server-Sent Events


class SSEClient:
    """A raw `GET /api/events` reader: every event with the moment it arrived."""

    def __init__(self, port: int, last_event_id: str | None = None, query: str = "", headers: dict[str, str] | None = None):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        headers = {"Accept": "text/event-stream", **(headers or {})}
        if last_event_id is not None:
            headers["Last-Event-ID"] = last_event_id
        self.conn.request("GET", "/api/events" + query, headers=headers)
        self.resp = self.conn.getresponse()
        self.status = self.resp.status
        self.content_type = self.resp.getheader("Content-Type", "")
        self.events: list[dict] = []
        self.comments: list[str] = []
        self.retry: str | None = None
        self.eof = False
        self.cond = threading.Condition()
        if self.status == 200:
            self.conn.sock.settimeout(None)
            self.thread = threading.Thread(target=self._run, daemon=True)
            self.thread.start()

    def _run(self) -> None:
        buf = b""
        try:
            while True:
                chunk = self.resp.read1(65536)
                if not chunk:
                    break
                now = time.monotonic()
                buf += chunk.replace(b"\r\n", b"\n")
                while b"\n\n" in buf:
                    block, buf = buf.split(b"\n\n", 1)
                    self._block(block.decode("utf-8", errors="replace"), now)
        except Exception:  # closed by us, or by the server: the stream is over either way
            pass
        with self.cond:
            self.eof = True
            self.cond.notify_all()

    def _block(self, block: str, at: float) -> None:
        event: dict = {}
        data: list[str] = []
        for line in block.split("\n"):
            if line.startswith(":"):
                with self.cond:
                    self.comments.append(line[1:].strip())
                    self.cond.notify_all()
                continue
            field, _, value = line.partition(":")
            value = value[1:] if value.startswith(" ") else value
            if field == "data":
                data.append(value)
            elif field in ("id", "event"):
                event[field] = value
            elif field == "retry":
                self.retry = value
        if not data and not event:
            return
        event["raw"] = "\n".join(data)
        try:
            event["data"] = json.loads(event["raw"])
        except ValueError:
            event["data"] = None
        event["at"] = at
        with self.cond:
            self.events.append(event)
            self.cond.notify_all()

    def wait_for(self, pred, timeout: float, start: int = 0) -> dict | None:
        """The first event from index `start` on that satisfies `pred`."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                for e in self.events[start:]:
                    if pred(e):
                        return e
                left = deadline - time.monotonic()
                if left <= 0 or self.eof:
                    return None
                self.cond.wait(left)

    def wait_connected(self, timeout: float = 5) -> bool:
        deadline = time.monotonic() + timeout
        with self.cond:
            while "connected" not in self.comments:
                left = deadline - time.monotonic()
                if left <= 0 or self.eof:
                    return False
                self.cond.wait(left)
            return True

    def wait_eof(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self.cond:
            while not self.eof:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self.cond.wait(left)
            return True

    def snapshot(self) -> list[dict]:
        with self.cond:
            return list(self.events)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            if self.conn.sock:
                self.conn.sock.shutdown(socket.SHUT_RDWR)
        with contextlib.suppress(OSError):
            self.conn.close()


def event_task_id(e: dict) -> str | None:
    d = e.get("data")
    if isinstance(d, dict) and isinstance(d.get("task"), dict):
        return d["task"].get("id")
    return None


# --------------------------------------------------------------------------------------------
# 1. schemathesis


def schemathesis_version() -> str:
    try:
        from importlib.metadata import version
        return version("schemathesis")
    except Exception:
        return "?"


SEARCH_WORDS = ["milk", "rent", "budg*", '"weekly review"', "plants OR lawn", "C#", "bob@example.com"]


def toml_list(values: list[str]) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def run_schemathesis(results: Results, server: Server, workdir: str, task_ids: list[str],
                     trash_paths: list[str]) -> None:
    with results.check(f"schemathesis {schemathesis_version()} against /api/openapi.json ({ST_MAX_EXAMPLES} examples/operation, seed {ST_SEED})"):
        try:
            import schemathesis  # noqa: F401  (run below as `python3 -m schemathesis.cli`, this interpreter's)
        except ImportError:
            raise CheckFailed("schemathesis is not installed (pip install schemathesis; scripts/ci-deps.sh does)")
        # Real references, views, types and values of the seeded vault, so generated requests get
        # past the 400s and 404s to the code behind them; generated values still come often.
        config = os.path.join(workdir, "schemathesis.toml")
        dictionaries = {
            "task_refs": task_ids,
            "views": ["inbox", "today", "upcoming", "anytime", "someday", "flagged", "logbook", "areas", "tags", "all",
                      "Urgent Work"],
            "types": ["book", "movie", "restaurant", "place_to_visit", "todo", "podcast", "Podcast"],
            "words": ["milk", "rent", "budg*", '"weekly review"', "plants OR lawn", "C#", "bob@example.com"],
            "trash": trash_paths or ["nothing.md"],
            "versions": ["*"],  # If-Match: no check (a real version changes as the run goes)
            "dates": ["2026-12-01", "tomorrow", "+3d", "next friday", "2026-12-24T17:30"],
            "texts": ["Buy milk tomorrow #errands", "Pay rent due eom #bills p1 ~15m // portal", "Call mom every sunday",
                      "Plan Q1 +\"Company Goals\" =Work !flag next monday"],
            "priorities": ["none", "low", "medium", "high"],
            "statuses": ["todo", "in-progress", "done", "cancelled", "someday"],
            "rules": ["FREQ=WEEKLY;BYDAY=SA", "every 2 weeks", "every month on the last friday"],
            "perspectives": [SEED_PERSPECTIVE["id"], SEED_PERSPECTIVE["name"], "inbox", "today", "upcoming", "logbook", "all"],
            "queries": ["area:Work & p1", "#errands | #bills", "due<+7d & !done", '"weekly review"', "@Home & available",
                        "flagged | (priority:high & !#someday)", "status:done,cancelled"],
        }
        bindings = {
            "path.id": ("task_refs", 0.6), "path.view": ("views", 0.6), "path.type": ("types", 0.6),
            "path.path": ("trash", 0.5), "query.q": ("words", 0.6), "header.If-Match": ("versions", 0.7),
            "body.date": ("dates", 0.7), "body.before": ("task_refs", 0.6), "body.after": ("task_refs", 0.6),
            "body.text": ("texts", 0.6), "body.due": ("dates", 0.5), "body.defer": ("dates", 0.3),
            "body.scheduled": ("dates", 0.3), "body.priority": ("priorities", 0.6), "body.status": ("statuses", 0.5),
            "body.recurrence": ("rules", 0.3), "body.view": ("views", 0.3), "body.query": ("queries", 0.6),
        }
        # Perspective paths take perspective ids, not task references.
        per_operation = {"^/api/perspectives/": {"path.id": ("perspectives", 0.7)}}
        with open(config, "w") as f:
            for name, values in dictionaries.items():
                f.write(f"[dictionaries.{name}]\nvalues = {toml_list(values)}\n\n")
            f.write("[parameters]\n")
            for key, (name, p) in bindings.items():
                f.write(f'"{key}" = {{ dictionary = "{name}", probability = {p} }}\n')
            for regex, params in per_operation.items():
                f.write(f"\n[[operations]]\ninclude-path-regex = {json.dumps(regex)}\n[operations.parameters]\n")
                for key, (name, p) in params.items():
                    f.write(f'"{key}" = {{ dictionary = "{name}", probability = {p} }}\n')
        cmd = [sys.executable, "-m", "schemathesis.cli", "--config-file", config, "run", server.local + "/api/openapi.json",
               "--checks", ST_CHECKS,
               "--exclude-path", "/api/events",
               "--max-examples", str(ST_MAX_EXAMPLES),
               "--seed", str(ST_SEED),
               "--workers", "1",
               "--request-timeout", "20",
               "--generation-database", "none",
               "--output-truncate", "false",
               "--no-color",
               "--report", "junit,har", "--report-dir", os.path.join(workdir, "schemathesis-report"),
               "--report-har-path", os.path.join(workdir, "schemathesis-report", "requests.har")]
        env = dict(os.environ, NO_PROXY="127.0.0.1,localhost", NO_COLOR="1", SCHEMATHESIS_HOOKS="")
        for k in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
            env.pop(k, None)
        log = os.path.join(workdir, "schemathesis.log")
        start = time.monotonic()
        try:
            with open(log, "wb") as out:
                p = subprocess.run(cmd, cwd=workdir, env=env, stdout=out, stderr=subprocess.STDOUT, timeout=ST_TIMEOUT)
            code = p.returncode
        except subprocess.TimeoutExpired:
            code = None
        took = time.monotonic() - start
        with open(log, errors="replace") as f:
            output = f.read()
        cases = re.search(r"(\d+) generated, .*", output)
        results.note(f"{cases.group(0) if cases else 'no test cases counted'} in {took:.1f} s (log: {log})")
        with contextlib.suppress(Exception):
            results.note(har_coverage(os.path.join(workdir, "schemathesis-report", "requests.har"),
                                      requests.get(server.local + "/api/openapi.json", timeout=10).json()))
        if code != 0:
            # The whole failure section: operation, request (curl), response, and the schema part.
            cut = output.find("=== FAILURES") if "=== FAILURES" in output else output.find("FAILURES")
            cut = output.rfind("\n", 0, cut) if cut > 0 else max(0, len(output) - 12000)
            raise CheckFailed(("timed out after %d s" % ST_TIMEOUT if code is None else f"schemathesis exited {code}")
                              + "\n" + output[cut:].strip() + "\n" + server.stderr_tail(10))


def har_coverage(har_path: str, doc: dict) -> str:
    """Which documented operations schemathesis got a success (2xx/3xx) from."""
    ops = []
    for path, item in doc.get("paths", {}).items():
        parts = re.split(r"(\{[^}]+\})", path)  # a task id or trash path may hold slashes
        rx = re.compile("^" + "".join("(.+)" if part.startswith("{") else re.escape(part) for part in parts) + "$")
        for method in item:
            if method in ("get", "post", "put", "patch", "delete"):
                ops.append((method.upper(), path, rx))
    # Fixed paths before templated ones (/api/trash before /api/trash/{path}/restore…).
    ops.sort(key=lambda o: ("{" in o[1], -len(o[1])))
    ok: dict[str, int] = {}
    total: dict[str, int] = {}
    with open(har_path) as f:
        entries = json.load(f)["log"]["entries"]
    for e in entries:
        method = e["request"]["method"]
        path = urllib.parse.unquote(urllib.parse.urlsplit(e["request"]["url"]).path)
        for m, p, rx in ops:
            if m == method and rx.match(path):
                key = f"{m} {p}"
                total[key] = total.get(key, 0) + 1
                if 200 <= e["response"]["status"] < 400:
                    ok[key] = ok.get(key, 0) + 1
                break
    tested = [f"{m} {p}" for m, p, _ in ops if p not in ("/api/events", "/api/openapi.json")]
    never = sorted(k for k in tested if not ok.get(k))
    return (f"{len(entries)} requests; a success from {len(tested) - len(never)} of {len(tested)} operations"
            + (f"; never a success: {', '.join(never)}" if never else ""))


# --------------------------------------------------------------------------------------------
# The seeded vault, read and changed over HTTP


def check_vault(results: Results, s: requests.Session, base: str, vault: str) -> None:
    with results.check("vault: every seeded task reads back by its id (file tasks, checkbox tasks with '#')"):
        r = s.get(base + "/api/views/all")
        expect(r.status_code == 200, describe(r))
        VALIDATE("ViewDocument", r.json(), "GET /api/views/all")
        tasks = [t for g in r.json()["groups"] for t in g["tasks"]]
        expect(any("#" in t["id"] for t in tasks), "no checkbox task (id with '#') in the all view")
        for t in tasks:
            g = s.get(f"{base}/api/tasks/{enc(t['id'])}")
            expect(g.status_code == 200, f"{t['id']!r}: {describe(g)}")
            got = g.json()["task"]
            expect(got["id"] == t["id"] and got["version"] == t["version"], f"{t['id']!r} read back as {got['id']!r} {got['version']}")
            expect(g.headers.get("ETag") == f'"{t["version"]}"', f"{t['id']!r}: ETag {g.headers.get('ETag')} for version {t['version']}")
        results.note(f"{len(tasks)} tasks, {sum('#' in t['id'] for t in tasks)} of them checkbox tasks")

    with results.check("vault: saved view, typed items, doctor"):
        r = s.get(base + "/api/views")
        VALIDATE("ViewsDocument", r.json(), "GET /api/views")
        saved = [v for v in r.json()["views"] if v["kind"] == "saved"]
        expect([v["name"] for v in saved] == ["Urgent Work"], f"saved views: {saved}")
        r = s.get(base + "/api/views/" + enc("Urgent Work"))
        expect(r.status_code == 200, describe(r))
        VALIDATE("SavedViewDocument", r.json(), "GET /api/views/Urgent Work")
        expect([t["title"] for t in r.json()["tasks"]] == ["Review PR #work/linear #urgent"], f"Urgent Work shows {r.text[:300]}")
        r = s.get(base + "/api/items/book")
        VALIDATE("ItemsDocument", r.json(), "GET /api/items/book")
        expect(sorted(i["title"] for i in r.json()["items"]) == ["Dune", "Project Hail Mary"], f"books: {r.text[:300]}")
        r = s.get(base + "/api/items/podcast")
        expect(r.status_code == 200 and [i["title"] for i in r.json()["items"]] == ["Hardcore History"], describe(r))
        r = s.get(base + "/api/doctor")
        VALIDATE("DoctorDocument", r.json(), "GET /api/doctor")
        expect([p["path"] for p in r.json()["problems"]] == ["broken.md"], f"doctor: {r.text[:400]}")

    with results.check("vault: a write to a file that cannot be read fully -> 422 unreadable (as documented), file untouched"):
        broken = os.path.join(vault, "broken.md")
        before = open(broken, "rb").read()
        r = s.patch(f"{base}/api/tasks/broken.md", json={"priority": "high"})
        expect(open(broken, "rb").read() == before, "the unreadable file was rewritten")
        expect_error(r, 422, "unreadable")

    with results.check("vault: completing a checkbox task rewrites only its line"):
        note = os.path.join(vault, "Work/Todos 2026.md")
        before = open(note, "rb").read()
        r = s.get(base + "/api/search", params={"q": "Numbered"})
        expect(r.status_code == 200 and r.json()["count"] == 1, describe(r))
        VALIDATE("SearchDocument", r.json(), "GET /api/search")
        tid = r.json()["hits"][0]["task"]["id"]
        r = s.post(f"{base}/api/tasks/{enc(tid)}/done")
        expect(r.status_code == 200 and r.json()["task"]["status"] == "done", describe(r))
        after = open(note, "rb").read()
        diff = [(a, b) for a, b in zip(before.split(b"\n"), after.split(b"\n")) if a != b]
        expect(len(before.split(b"\n")) == len(after.split(b"\n")) and len(diff) == 1, f"lines changed: {diff}")
        line = diff[0][1].decode()
        expect(line.startswith("1. [x] Numbered, in progress") and "2026-11-24" in line, f"the completed line: {line!r}")

    with results.check("vault: completing a repeating task creates the next occurrence"):
        r = s.post(f"{base}/api/tasks/{enc('Routines/weekly-review.md')}/done")
        expect(r.status_code == 200, describe(r))
        VALIDATE("ActionDocument", r.json(), "POST /api/tasks/{id}/done")
        doc = r.json()
        expect(doc["task"]["status"] == "done" and doc["task"]["recurrence"] is None, f"completed: {r.text[:300]}")
        expect(len(doc["created"]) == 1 and doc["created"][0]["due"] == "2026-12-04"
               and doc["created"][0]["recurrence"] == "FREQ=WEEKLY;BYDAY=FR", f"next occurrence: {json.dumps(doc['created'])[:400]}")
        r = s.post(f"{base}/api/tasks/{enc('Routines/weekly-review.md')}/reopen")
        expect(r.status_code == 200 and r.json()["task"]["status"] == "todo", "reopen (undo): " + describe(r))
        expect(not os.path.exists(os.path.join(vault, doc["created"][0]["path"])), "reopen left the successor in place")


# --------------------------------------------------------------------------------------------
# 2. The conflict flow


def check_conflict(results: Results, s: requests.Session, base: str, vault: str) -> None:
    path = os.path.join(vault, "Projects/renew-passport.md")
    tid = "Projects/renew-passport.md"
    url = f"{base}/api/tasks/{enc(tid)}"
    original = open(path, "rb").read()

    with results.check("conflict: two clients read the same version (GET, ETag, If-None-Match 304)"):
        a = s.get(url)
        b = s.get(url)
        expect(a.status_code == 200, describe(a))
        etag = a.headers.get("ETag")
        expect(etag is not None and re.fullmatch(r'"[^"]+"', etag) is not None, f"ETag {etag!r} is not a quoted version")
        expect(b.headers.get("ETag") == etag, f"two GETs of an unchanged file gave {etag} and {b.headers.get('ETag')}")
        doc = a.json()
        expect(doc.get("schema_version") == 1, f"schema_version missing: {a.text[:200]}")
        VALIDATE("TaskDocument", doc, "GET /api/tasks/{id}")
        task = doc.get("task") or {}
        expect(task.get("id") == tid and task.get("title") == "Renew passport", f"unexpected task: {a.text[:300]}")
        expect(f'"{task.get("version")}"' == etag, f"task.version {task.get('version')!r} is not the ETag {etag}")
        nm = s.get(url, headers={"If-None-Match": etag})
        expect(nm.status_code == 304, f"If-None-Match with the current version: {nm.status_code} (expected 304)")
    v0 = etag

    with results.check("conflict: A changes priority with If-Match -> 200, new ETag, one line added"):
        r = s.patch(url, json={"priority": "high"}, headers={"If-Match": v0})
        expect(r.status_code == 200, describe(r))
        v1 = r.headers.get("ETag")
        expect(v1 and v1 != v0, f"ETag after the write is {v1!r}, the version read was {v0}")
        expect(r.json()["task"]["priority"] == "high", f"response task: {r.text[:300]}")
        VALIDATE("ActionDocument", r.json(), "PATCH /api/tasks/{id}")
        after_a = open(path, "rb").read()
        only_changed(original, after_a, {"priority", "modified"})
        expect(b'priority: "high"' in after_a or b"priority: high" in after_a, "priority not on disk:\n" + after_a.decode())
        g = s.get(url)
        expect(g.headers.get("ETag") == v1, f"GET after the write gives ETag {g.headers.get('ETag')}, PATCH said {v1}")

    with results.check("conflict: B changes flagged with the stale If-Match -> 200, merged, both on disk"):
        r = s.patch(url, json={"flagged": True}, headers={"If-Match": v0})
        expect(r.status_code == 200, "a stale version with another field must merge: " + describe(r))
        t = r.json()["task"]
        expect(t["flagged"] is True and t["priority"] == "high", f"merged task lost a change: {r.text[:400]}")
        v2 = r.headers.get("ETag")
        expect(v2 not in (None, v0, v1), f"ETag after the merge: {v2}")
        merged = open(path, "rb").read()
        only_changed(original, merged, {"priority", "flagged", "modified"})
        text = merged.decode()
        expect(re.search(r"^priority: \"?high\"?$", text, re.M) and re.search(r"^flagged: true$", text, re.M),
               "both changes are not on disk:\n" + text)

    with results.check("conflict: B changes priority with the stale If-Match -> 409 edit_conflict, file untouched"):
        before = open(path, "rb").read()
        mtime = os.stat(path).st_mtime_ns
        r = s.patch(url, json={"priority": "low"}, headers={"If-Match": v0})
        expect_error(r, 409, "edit_conflict")
        err = r.json()["error"]
        conflict = err.get("conflict") or {}
        fields = conflict.get("fields") or []
        keys = [f.get("key") for f in fields]
        expect("priority" in keys, f"conflict.fields names {keys}, not priority: {r.text}")
        pf = next(f for f in fields if f.get("key") == "priority")
        expect(pf.get("on_disk") == "high", f"priority on_disk is {pf.get('on_disk')!r}, expected 'high': {r.text}")
        expect("read" in pf and pf.get("read") in (None, "none"), f"priority read is {pf.get('read')!r}: {r.text}")
        expect("flagged" not in keys, f"flagged is not in conflict with this write: {r.text}")
        current = s.get(url).headers.get("ETag")
        expect(f'"{conflict.get("current_version")}"' == current,
               f"current_version {conflict.get('current_version')!r} is not the ETag on disk {current}")
        expect(conflict.get("path") == tid, f"conflict.path {conflict.get('path')!r}")
        expect(open(path, "rb").read() == before and os.stat(path).st_mtime_ns == mtime,
               "the refused write changed the file")
        # Retrying with current_version, as the error says, goes through.
        r2 = s.patch(url, json={"priority": "low"}, headers={"If-Match": current})
        expect(r2.status_code == 200 and r2.json()["task"]["priority"] == "low", "retry with current_version: " + describe(r2))
        only_changed(original, open(path, "rb").read(), {"priority", "flagged", "modified"})

    with results.check("conflict: malformed If-Match -> 400; If-Match * -> no check"):
        r = s.patch(url, json={"estimated_minutes": 20}, headers={"If-Match": "not a version"})
        expect_error(r, 400, "invalid_argument")
        r = s.patch(url, json={"estimated_minutes": 20}, headers={"If-Match": "*"})
        expect(r.status_code == 200, describe(r))


def only_changed(before: bytes, after: bytes, keys: set[str]) -> None:
    """Every line of `before` is still in `after`, byte for byte and in order, except lines of
    `keys`; every added or removed line is one of `keys`' lines."""
    a = before.split(b"\n")
    b = after.split(b"\n")
    bad = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        for line in a[i1:i2] + b[j1:j2]:
            key = line.split(b":", 1)[0].decode(errors="replace")
            if key not in keys:
                bad.append(f"{op}: {line.decode(errors='replace')!r}")
    expect(not bad, "lines other than " + ", ".join(sorted(keys)) + " changed:\n" + "\n".join(bad)
           + "\n--- before\n" + before.decode(errors="replace") + "--- after\n" + after.decode(errors="replace"))


# --------------------------------------------------------------------------------------------
# 7. Perspectives and queries


def check_perspectives(results: Results, s: requests.Session, base: str, vault: str) -> None:
    pfile = os.path.join(vault, ".perspectives.json")
    pid = "errands-and-bills"
    url = f"{base}/api/perspectives/{pid}"

    def titles(doc: dict) -> list[str]:
        return [t["title"] for g in doc["groups"] for t in g["tasks"]]

    with results.check("perspectives: create -> 201 (Location, ETag); a taken id -> 409; a bad definition -> 400"):
        body = {"id": pid, "name": "Errands and bills", "query": "#errands | #bills", "sort": "-priority", "group_by": "tag",
                "color": "#F07A1A", "shelf": "top"}
        r = s.post(base + "/api/perspectives", json=body)
        expect(r.status_code == 201, describe(r))
        VALIDATE("PerspectiveDocument", r.json(), "POST /api/perspectives")
        expect(r.headers.get("Location") == f"/api/perspectives/{pid}", f"Location {r.headers.get('Location')!r}")
        p = r.json()["perspective"]
        expect(r.headers.get("ETag") == f'"{p["version"]}"', f"ETag {r.headers.get('ETag')} for version {p['version']}")
        expect(p["built_in"] is False and p["definition"].get("shelf") == "top", f"unknown keys are kept: {r.text[:400]}")
        expect(p["definition"]["filter"]["operator"] == "OR" and "query" not in p["definition"], f"the query is stored as a tree: {r.text[:400]}")
        stored = json.load(open(pfile))["perspectives"]
        expect([e["id"] for e in stored] == [SEED_PERSPECTIVE["id"], pid], f".perspectives.json holds {[e.get('id') for e in stored]}")
        expect_error(s.post(base + "/api/perspectives", json={**body, "name": "again"}), 409, "conflict")
        before = open(pfile, "rb").read()
        r = s.post(base + "/api/perspectives", json={"id": "bad", "filter": {"field": "due", "op": "sooner", "value": "+3d"}})
        expect_error(r, 400, "invalid_argument")
        expect(r.json()["error"]["message"].startswith("filter.op: unknown operator"), describe(r))
        expect_error(s.post(base + "/api/perspectives", json={"id": "inbox", "query": "p1"}), 400, "invalid_argument")
        expect_error(s.post(base + "/api/perspectives", json={"id": "x", "query": "p1", "filter": {"field": "flagged"}}), 400, "invalid_argument")
        expect(open(pfile, "rb").read() == before, "a refused create changed .perspectives.json")

    with results.check("perspectives: list (built-in views, then the vault's), get (ETag, If-None-Match 304), 404"):
        r = s.get(base + "/api/perspectives")
        expect(r.status_code == 200, describe(r))
        VALIDATE("PerspectiveListDocument", r.json(), "GET /api/perspectives")
        doc = r.json()
        ids = [p["id"] for p in doc["perspectives"]]
        expect(ids[:8] == ["inbox", "today", "upcoming", "anytime", "someday", "flagged", "logbook", "all"], f"built-in views first: {ids}")
        expect(ids[8:] == [SEED_PERSPECTIVE["id"], pid], f"then the vault's: {ids}")
        expect(doc["problems"] == [], f"problems: {doc['problems']}")
        g = s.get(url)
        expect(g.status_code == 200, describe(g))
        VALIDATE("PerspectiveDocument", g.json(), "GET /api/perspectives/{id}")
        etag = g.headers.get("ETag")
        expect(etag == f'"{g.json()["perspective"]["version"]}"', f"ETag {etag}")
        nm = s.get(url, headers={"If-None-Match": etag})
        expect(nm.status_code == 304, f"If-None-Match with the current version: {nm.status_code}")
        by_name = s.get(base + "/api/perspectives/" + enc(SEED_PERSPECTIVE["name"]))
        expect(by_name.status_code == 200 and by_name.json()["perspective"]["id"] == SEED_PERSPECTIVE["id"], "by name: " + describe(by_name))
        today = s.get(base + "/api/perspectives/today")
        expect(today.status_code == 200 and today.json()["perspective"]["built_in"] is True and "ETag" not in today.headers, describe(today))
        expect_error(s.get(base + "/api/perspectives/no-such-thing"), 404, "not_found")

    with results.check("perspectives: tasks (sorted and grouped as it says; filters narrow it), and as a view"):
        r = s.get(url + "/tasks")
        expect(r.status_code == 200, describe(r))
        VALIDATE("PerspectiveViewDocument", r.json(), "GET /api/perspectives/{id}/tasks")
        doc = r.json()
        expect(doc["view"] == pid and doc["query"] == "#errands | #bills", f"view/query: {r.text[:300]}")
        expect(sorted(titles(doc)) == ["Buy milk", "Pay rent"] and doc["count"] == 2, f"tasks: {titles(doc)}")
        expect([g["name"] for g in doc["groups"]] == ["bills", "errands"], f"grouped by tag: {[g['name'] for g in doc['groups']]}")
        r = s.get(url + "/tasks", params={"tag": "bills"})
        expect(r.status_code == 200 and titles(r.json()) == ["Pay rent"], "?tag=bills: " + describe(r))
        expect_error(s.get(url + "/tasks", params={"status": "finished"}), 400, "invalid_argument")
        r = s.get(base + "/api/perspectives/" + SEED_PERSPECTIVE["id"] + "/tasks")
        expect(r.status_code == 200 and titles(r.json()) == ["Plan Q1"], "the seeded perspective: " + describe(r))
        r = s.get(base + "/api/views/" + pid)
        expect(r.status_code == 200, describe(r))
        VALIDATE("PerspectiveViewDocument", r.json(), "GET /api/views/{perspective}")
        expect_error(s.get(base + "/api/perspectives/no-such-thing/tasks"), 404, "not_found")

    with results.check("query: the text syntax and a tree give the same tasks; sort and group_by; mistakes -> 400 (with the column)"):
        r = s.post(base + "/api/query", json={"query": "#errands | #bills", "sort": "title"})
        expect(r.status_code == 200, describe(r))
        VALIDATE("PerspectiveViewDocument", r.json(), "POST /api/query (text)")
        text = r.json()
        expect(text["view"] == "query" and titles(text) == ["Buy milk", "Pay rent"], f"text query: {r.text[:300]}")
        tree = {"operator": "OR", "conditions": [{"field": "tags", "op": "contains", "value": "errands"},
                                                 {"field": "tags", "op": "contains", "value": "bills"}]}
        r = s.post(base + "/api/query", json={"filter": tree, "sort": [{"field": "title", "direction": "desc"}], "group_by": "none"})
        expect(r.status_code == 200, describe(r))
        VALIDATE("PerspectiveViewDocument", r.json(), "POST /api/query (tree)")
        expect(titles(r.json()) == ["Pay rent", "Buy milk"], f"tree query, by title descending: {titles(r.json())}")
        expect(r.json()["query"] == text["query"], f"the same query printed: {r.json()['query']!r} vs {text['query']!r}")
        r = s.post(base + "/api/query", json={"query": "area:Work & (p1"})
        expect_error(r, 400, "invalid_argument")
        expect(re.match(r"query: column \d+: ", r.json()["error"]["message"]) is not None, f"no column: {describe(r)}")
        r = s.post(base + "/api/query", json={"filter": {"operator": "AND", "conditions": [{"field": "moods"}]}})
        expect_error(r, 400, "invalid_argument")
        expect(r.json()["error"]["message"].startswith("filter.conditions[0].field: "), describe(r))
        expect_error(s.post(base + "/api/query", json={"query": "p1", "sort": "colour"}), 400, "invalid_argument")
        expect_error(s.post(base + "/api/query", json={}), 400, "invalid_argument")

    with results.check("perspectives: update with a stale version -> 409, file untouched; with the current one -> 200"):
        v1 = s.get(url).headers["ETag"]
        r = s.put(url, json={"name": "Errands and bills, urgent first", "query": "#errands | #bills", "sort": "-priority"},
                  headers={"If-Match": v1})
        expect(r.status_code == 200, describe(r))
        VALIDATE("PerspectiveDocument", r.json(), "PUT /api/perspectives/{id}")
        v2 = r.headers.get("ETag")
        expect(v2 and v2 != v1 and v2 == f'"{r.json()["perspective"]["version"]}"', f"ETag after the update: {v2} (read {v1})")
        expect(r.json()["perspective"]["id"] == pid and "shelf" not in r.json()["perspective"]["definition"], f"a full replacement: {r.text[:400]}")
        before = open(pfile, "rb").read()
        mtime = os.stat(pfile).st_mtime_ns
        expect_error(s.put(url, json={"name": "Lost update", "query": "p1"}, headers={"If-Match": v1}), 409, "conflict")
        expect_error(s.put(url, json={"name": "Lost update", "query": "p1", "version": v1.strip('"')}), 409, "conflict")
        expect_error(s.put(url, json={"name": "x"}, headers={"If-Match": "not a version"}), 400, "invalid_argument")
        expect_error(s.put(base + "/api/perspectives/today", json={"query": "p1"}), 400, "invalid_argument")
        expect(open(pfile, "rb").read() == before and os.stat(pfile).st_mtime_ns == mtime, "a refused update changed .perspectives.json")
        # Another writer's perspective is not touched by an update of this one.
        stored = {e["id"]: e for e in json.load(open(pfile))["perspectives"]}
        expect(stored[SEED_PERSPECTIVE["id"]] == SEED_PERSPECTIVE, f"the seeded perspective changed: {stored[SEED_PERSPECTIVE['id']]}")
        r = s.get(url + "/tasks")
        expect(titles(r.json()) == ["Pay rent", "Buy milk"], f"runs as updated (priority first): {titles(r.json())}")

    with results.check("perspectives: delete (stale -> 409; then 200, a copy in the trash folder), then 404"):
        v2 = s.get(url).headers["ETag"]
        expect_error(s.delete(url, headers={"If-Match": '"0123456789abcdef"'}), 409, "conflict")
        expect_error(s.delete(base + "/api/perspectives/inbox"), 400, "invalid_argument")
        r = s.delete(url, headers={"If-Match": v2})
        expect(r.status_code == 200, describe(r))
        VALIDATE("PerspectiveDeleteDocument", r.json(), "DELETE /api/perspectives/{id}")
        doc = r.json()
        copy = os.path.join(vault, doc["trash"])
        expect(doc["perspective"]["id"] == pid and doc["trash"].startswith(".trash/perspectives/") and os.path.exists(copy),
               f"delete: {r.text[:300]}")
        expect(json.load(open(copy))["id"] == pid, "the copy in the trash is not the perspective")
        expect_error(s.get(url), 404, "not_found")
        expect_error(s.delete(url), 404, "not_found")
        stored = json.load(open(pfile))["perspectives"]
        expect(stored == [SEED_PERSPECTIVE], f".perspectives.json after the delete: {stored}")

    with results.check("perspectives: a malformed entry in .perspectives.json is in problems; the others still list and run"):
        original = open(pfile, "rb").read()
        try:
            broken = {"id": "broken", "name": "Broken", "filter": {"field": "due", "op": "sooner", "value": "+3d"}}
            write(pfile, json.dumps({"perspectives": [broken, SEED_PERSPECTIVE]}, indent=2))
            r = s.get(base + "/api/perspectives")
            expect(r.status_code == 200, describe(r))
            VALIDATE("PerspectiveListDocument", r.json(), "GET /api/perspectives (a malformed entry)")
            doc = r.json()
            expect([p["id"] for p in doc["perspectives"] if not p["built_in"]] == [SEED_PERSPECTIVE["id"]], f"listed: {r.text[:300]}")
            expect(len(doc["problems"]) == 1 and doc["problems"][0].startswith(".perspectives.json: perspectives[0].filter.op:"),
                   f"problems: {doc['problems']}")
            r = s.get(base + "/api/perspectives/" + SEED_PERSPECTIVE["id"] + "/tasks")
            expect(r.status_code == 200 and titles(r.json()) == ["Plan Q1"], "the others still run: " + describe(r))
            expect_error(s.get(base + "/api/perspectives/broken"), 404, "not_found")
            write(pfile, '{"perspectives": [')
            r = s.get(base + "/api/perspectives")
            expect(r.status_code == 200 and len(r.json()["problems"]) == 1 and "not valid JSON" in r.json()["problems"][0], describe(r))
            expect_error(s.post(base + "/api/perspectives", json={"id": "more", "query": "p1"}), 409, "conflict")
            expect(open(pfile).read() == '{"perspectives": [', "a file that is not JSON was overwritten")
        finally:
            write(pfile, original)


# --------------------------------------------------------------------------------------------
# 3. Live events


def check_events(results: Results, s: requests.Session, server: Server, vault: str, validate) -> SSEClient | None:
    port = server.port
    plumber = os.path.join(vault, "Inbox/call-plumber.md")
    plumber_id = "Inbox/call-plumber.md"
    ref: SSEClient | None = None
    with results.check("events: GET /api/events is an event stream"):
        ref = SSEClient(port)
        expect(ref.status == 200, f"status {ref.status}")
        expect(ref.content_type.startswith("text/event-stream"), f"Content-Type {ref.content_type!r}")
        expect(ref.wait_connected(5), "no ': connected' comment within 5 s")
    if ref is None or ref.status != 200:
        return None

    latencies = []

    def outside_edit(label: str, old: str, new: str, atomic: bool) -> dict:
        text = open(plumber, encoding="utf-8").read()
        expect(old in text, f"{old!r} not in the file")
        start_index = len(ref.snapshot())
        if atomic:  # vim, most IDEs: a temp file renamed over the old one
            tmp = plumber + ".swp~"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new))
            os.replace(tmp, plumber)
        else:  # in place, as many editors and scripts do
            with open(plumber, "w", encoding="utf-8") as f:
                f.write(text.replace(old, new))
        written = time.monotonic()
        e = ref.wait_for(lambda e: e.get("event") == "modified" and event_task_id(e) == plumber_id, 5, start_index)
        expect(e is not None, f"{label}: no modified event for {plumber_id} within 5 s; got "
               + json.dumps([(x.get('event'), event_task_id(x)) for x in ref.snapshot()[start_index:]]))
        latency = e["at"] - written
        latencies.append(latency)
        results.note(f"{label}: event after {latency * 1000:.0f} ms")
        expect(latency <= SSE_BUDGET, f"{label}: the event came {latency:.3f} s after the write (budget {SSE_BUDGET} s)")
        expect(re.fullmatch(r"[0-9a-z]+-\d+", e.get("id", "")) is not None, f"event id {e.get('id')!r} is not <epoch>-<n>")
        return e

    with results.check(f"events: an outside edit (written in place) reaches the client within {SSE_BUDGET:.0f} s"):
        e = outside_edit("in-place write", 'title: "Call the plumber"', 'title: "Call the plumber again"', atomic=False)
        d = e["data"]
        expect(d.get("schema_version") == 1 and d["task"]["title"] == "Call the plumber again",
               f"event data: {e['raw'][:300]}")
        expect("title" in (d.get("changed") or []), f"changed is {d.get('changed')}, expected title in it")
        validate("WatchEvent", d, "modified event")

    with results.check(f"events: an outside edit (temp file + rename) reaches the client within {SSE_BUDGET:.0f} s"):
        e = outside_edit("rename write", "priority: medium", "priority: high", atomic=True)
        expect("priority" in (e["data"].get("changed") or []), f"changed: {e['data'].get('changed')}")

    with results.check("events: a new file, an API write and a removal arrive as added/modified/removed"):
        start_index = len(ref.snapshot())
        new_path = os.path.join(vault, "Inbox/from-a-script.md")
        write(new_path, '---\ntitle: "Made by a script"\nstatus: todo\nsource: a-script\ncreated: 2026-11-24T08:00:00Z\n---\n')
        e = ref.wait_for(lambda e: e.get("event") == "added" and event_task_id(e) == "Inbox/from-a-script.md", 3, start_index)
        expect(e is not None, "no added event for a new file")
        validate("WatchEvent", e["data"], "added event")
        r = s.post(f"{server.local}/api/tasks/{enc('Inbox/from-a-script.md')}/flag")
        expect(r.status_code == 200, describe(r))
        e = ref.wait_for(lambda e: e.get("event") == "modified" and event_task_id(e) == "Inbox/from-a-script.md", 3, start_index)
        expect(e is not None and e["data"]["task"]["flagged"] is True, "no modified event for the API's own write")
        os.remove(new_path)
        e = ref.wait_for(lambda e: e.get("event") == "removed" and event_task_id(e) == "Inbox/from-a-script.md", 3, start_index)
        expect(e is not None, "no removed event for a deleted file")
        validate("WatchEvent", e["data"], "removed event")

    with results.check("events: Last-Event-ID replays exactly the missed events"):
        b = SSEClient(port)
        expect(b.wait_connected(), "second client did not connect")
        start_index = len(ref.snapshot())
        first = outside_edit("while both listen", "energy: low", "energy: medium", atomic=False)
        seen = b.wait_for(lambda e: e.get("id") == first["id"], 3)
        expect(seen is not None, f"the second client did not get {first['id']}")
        b.close()
        time.sleep(0.2)
        # Missed while away: two outside edits and one through the API.
        outside_edit("missed 1", "energy: medium", "energy: high", atomic=False)
        outside_edit("missed 2", "area: Home", "area: House", atomic=True)
        r = s.post(f"{server.local}/api/tasks/{enc(plumber_id)}/defer", json={"date": "2026-11-28"})
        expect(r.status_code == 200, describe(r))
        deferred = ref.wait_for(lambda e: e.get("event") == "modified" and event_task_id(e) == plumber_id
                                and e["data"]["task"].get("defer") == "2026-11-28", 3, start_index)
        expect(deferred is not None, "no modified event for POST …/defer")
        time.sleep(0.3)

        def after(events: list[dict], event_id: str) -> list[dict]:
            idx = next(i for i, e in enumerate(events) if e.get("id") == event_id)
            return events[idx + 1:]

        c = SSEClient(port, last_event_id=first["id"])
        expect(c.wait_connected(), "reconnecting client did not connect")
        c.wait_for(lambda e: e.get("id") == deferred["id"], 3)
        time.sleep(0.3)
        c.close()
        # Both listen to the same server, so anything late reaches both.
        missed = after(ref.snapshot(), first["id"])
        expect(len(missed) >= 3, f"the reference client saw only {[e['id'] for e in missed]} after {first['id']}")
        got = c.snapshot()
        expect([e["id"] for e in got] == [e["id"] for e in missed],
               f"reconnected with Last-Event-ID {first['id']}: got {[e['id'] for e in got]}, missed were {[e['id'] for e in missed]}")
        expect([e["raw"] for e in got] == [e["raw"] for e in missed], "replayed events differ from the live ones")
        missed = [e["id"] for e in missed]
        # The same through ?last_event_id= (EventSource cannot set headers on its first try).
        q = SSEClient(port, query="?last_event_id=" + urllib.parse.quote(missed[0]))
        q.wait_for(lambda e: e.get("id") == missed[-1], 3)
        time.sleep(0.2)
        got_q = [e["id"] for e in q.snapshot()]
        q.close()
        expect(got_q == missed[1:], f"?last_event_id={missed[0]}: got {got_q}, expected {missed[1:]}")
        results.note(f"replayed {len(missed)} missed events ({missed[0]} … {missed[-1]})")

    with results.check("events: an unknown Last-Event-ID gets a reload event"):
        epoch = (ref.snapshot() or [{"id": "x-0"}])[-1]["id"].split("-")[0]
        for bogus in ("bogus", "zzzzzz-1", f"{epoch}-999999", "-", f"{epoch}-"):
            c = SSEClient(port, last_event_id=bogus)
            e = c.wait_for(lambda e: True, 3)
            c.close()
            expect(e is not None and e.get("event") == "reload",
                   f"Last-Event-ID {bogus!r}: first event {e and (e.get('event'), e.get('raw'))}, expected reload")
            expect(isinstance(e["data"], dict) and e["data"].get("schema_version") == 1 and e["data"].get("event") == "reload",
                   f"reload data: {e['raw']!r}")
        validate("WatchEvent", e["data"], "reload event")

    if latencies:
        results.note(f"SSE latency: min {min(latencies) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms over {len(latencies)} outside edits")
    return ref


# --------------------------------------------------------------------------------------------
# 4. DNS rebinding and CSRF


def vault_files(vault: str) -> list[tuple[str, int]]:
    out = []
    for root, dirs, files in os.walk(vault):
        for f in files:
            p = os.path.join(root, f)
            st = os.stat(p)
            out.append((os.path.relpath(p, vault), st.st_mtime_ns))
    return sorted(out)


def check_guards(results: Results, s: requests.Session, server: Server, vault: str) -> None:
    base, port = server.local, server.port
    target = "Projects/renew-passport.md"
    tpath = os.path.join(vault, target)

    with results.check("DNS rebinding: a Host that is not loopback -> 403 forbidden_host"):
        wrong = []
        for host in ("evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", f"127.0.0.1.nip.io:{port}",
                     f"127.evil.example:{port}", f"localhost.evil.example:{port}", f"todo.example.test.evil:{port}",
                     "10.0.0.1", f"[::1].evil.example:{port}", ""):
            for path in ("/api/views/all", f"/api/tasks/{enc(target)}", "/api/openapi.json"):
                r = s.get(base + path, headers={"Host": host})
                if r.status_code != 403 or error_code(r) != "forbidden_host":
                    wrong.append(f"Host: {host!r}: GET {path} -> {r.status_code} {' '.join(r.text[:70].split())}…")
                    break
        expect(not wrong, "not refused (expected 403 forbidden_host):\n" + "\n".join(wrong))
        before = vault_files(vault)
        r = s.post(base + "/api/tasks", json={"title": "rebound"}, headers={"Host": f"evil.example:{port}"})
        expect_error(r, 403, "forbidden_host")
        expect(vault_files(vault) == before, "a refused request changed the vault")

    with results.check("DNS rebinding: loopback names and --allowed-host -> 200"):
        for host in (f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}", "localhost", f"todo.example.test:{port}",
                     "TODO.example.test"):
            r = s.get(base + "/api/views/all", headers={"Host": host})
            expect(r.status_code == 200, f"Host {host}: {describe(r)}")

    before = vault_files(vault)
    with results.check("CSRF: a foreign Origin on POST/PATCH/DELETE/actions -> 403 forbidden_origin, nothing changed"):
        bytes_before = open(tpath, "rb").read()
        for origin in ("http://evil.example", f"http://evil.example:{port}", "null", f"http://127.0.0.1:{port + 1 if port < 65535 else 1}",
                       f"https://127.0.0.1:{port}x", f"http://127.0.0.1:{port}.evil.example", "file://"):
            h = {"Origin": origin}
            expect_error(s.post(base + "/api/tasks", json={"title": "csrf"}, headers=h), 403, "forbidden_origin")
            expect_error(s.patch(base + f"/api/tasks/{enc(target)}", json={"title": "pwned"}, headers=h), 403, "forbidden_origin")
            expect_error(s.delete(base + f"/api/tasks/{enc(target)}", headers=h), 403, "forbidden_origin")
            expect_error(s.post(base + f"/api/tasks/{enc(target)}/done", headers=h), 403, "forbidden_origin")
            expect_error(s.delete(base + "/api/trash", headers=h), 403, "forbidden_origin")
        h = {"Sec-Fetch-Site": "cross-site"}
        expect_error(s.post(base + "/api/tasks", json={"title": "csrf"}, headers=h), 403, "forbidden_origin")
        expect_error(s.post(base + f"/api/tasks/{enc(target)}/cancel", headers=h), 403, "forbidden_origin")
        expect(open(tpath, "rb").read() == bytes_before, "a refused request changed the task file")
        expect(vault_files(vault) == before, "a refused request changed the vault")

    with results.check("CSRF: reads carry no CORS grant; same-origin writes are allowed"):
        r = s.get(base + "/api/views/all", headers={"Origin": "http://evil.example"})
        expect(r.status_code == 200, describe(r))
        expect("Access-Control-Allow-Origin" not in r.headers, f"CORS header on a read: {r.headers}")
        pre = s.options(base + "/api/tasks", headers={"Origin": "http://evil.example", "Access-Control-Request-Method": "POST"})
        expect("Access-Control-Allow-Origin" not in pre.headers, f"a preflight was granted: {pre.status_code} {pre.headers}")
        created = []
        for host, origin, extra in ((f"127.0.0.1:{port}", f"http://127.0.0.1:{port}", {}),
                                    (f"localhost:{port}", f"http://localhost:{port}", {"Sec-Fetch-Site": "same-origin"}),
                                    (f"127.0.0.1:{port}", None, {"Sec-Fetch-Site": "none"})):
            h = {"Host": host, **extra}
            if origin:
                h["Origin"] = origin
            r = s.post(base + "/api/tasks", json={"text": "Same-origin task tomorrow #csrf"}, headers=h)
            expect(r.status_code == 201, f"Origin {origin} Host {host}: {describe(r)}")
            expect(r.headers.get("Location", "").startswith("/api/tasks/"), f"Location {r.headers.get('Location')!r}")
            created.append(r.headers["Location"])
        for loc in created:
            r = s.delete(base + loc, headers={"Origin": f"http://127.0.0.1:{port}"})
            expect(r.status_code == 200, describe(r))

    before = vault_files(vault)
    with results.check("CSRF: bodies that are not JSON -> 415"):
        for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
            headers = {"Content-Type": ctype} if ctype else {}
            status, _, body = raw_request(port, "POST", "/api/tasks", headers, b'{"title": "form post"}')
            expect(status == 415 and json.loads(body)["error"]["code"] == "unsupported_media_type",
                   f"Content-Type {ctype}: {status} {body[:200]!r}")
        status, _, body = raw_request(port, "PATCH", f"/api/tasks/{enc(target)}", {"Content-Type": "text/plain"}, b'{"title": "x"}')
        expect(status == 415, f"PATCH text/plain: {status} {body[:200]!r}")
        ok = s.post(base + "/api/parse", data=b'{"text": "x tomorrow"}', headers={"Content-Type": "Application/JSON; charset=utf-8"})
        expect(ok.status_code == 200, "application/json with a charset and capitals: " + describe(ok))
        expect(vault_files(vault) == before, "a refused request changed the vault")

    with results.check("bodies over 1 MB -> 413 (Content-Length and chunked)"):
        big = json.dumps({"title": "big", "description": "x" * (1536 * 1024)}).encode()
        status, _, body = raw_request(port, "POST", "/api/tasks", {"Content-Type": "application/json"}, big)
        expect(status == 413 and json.loads(body)["error"]["code"] == "payload_too_large", f"Content-Length: {status} {body[:200]!r}")
        status, _, body = raw_request(port, "POST", "/api/tasks", {"Content-Type": "application/json"}, big, chunked=True)
        expect(status == 413 and json.loads(body)["error"]["code"] == "payload_too_large", f"chunked: {status} {body[:200]!r}")
        status, _, body = raw_request(port, "PATCH", f"/api/tasks/{enc(target)}", {"Content-Type": "application/json"}, big)
        expect(status == 413, f"PATCH: {status} {body[:200]!r}")
        expect(vault_files(vault) == before, "a refused request changed the vault")
        r = s.get(base + "/api/views/all")  # still serving
        expect(r.status_code == 200, describe(r))


# --------------------------------------------------------------------------------------------
# 5. The token


def check_token(results: Results, binary: str, root: str, vault: str, workdir: str) -> None:
    host = os.environ.get("TODOMD_API_CHECKS_HOST", "0.0.0.0")
    config = os.path.join(root, "config-token")
    env = base_env(root, config)
    token_file = os.path.join(config, "todomd", "token")
    server = Server("off-loopback", binary, vault, env, workdir, "--host", host)
    with results.check(f"token: a server on {host} starts and creates its token file 0600"):
        expect(not os.path.exists(token_file), "token file exists before the server started")
        server.start()
        expect("token" in server.banner, f"the banner does not say a token is needed: {server.banner!r}")
        expect(os.path.exists(token_file), f"no token file at {token_file}")
        mode = stat.S_IMODE(os.stat(token_file).st_mode)
        expect(mode == 0o600, f"token file mode {oct(mode)}, expected 0o600")
        dmode = stat.S_IMODE(os.stat(os.path.dirname(token_file)).st_mode)
        expect(dmode & 0o077 == 0, f"token folder mode {oct(dmode)} lets others in")
        token = open(token_file).read().strip()
        expect(len(token) >= 32, f"token too short: {len(token)} characters")
        printed = run_todomd(binary, env, "token").strip()
        expect(printed == token, "`todomd token` prints another token than the server's file")
    if server.proc is None or server.proc.poll() is not None:
        return
    s = session()
    base = server.local
    try:
        with results.check("token: requests without it -> 401 with WWW-Authenticate"):
            for path in ("/api/views/all", "/api/openapi.json", "/api/events", f"/api/tasks/{enc('Projects/renew-passport.md')}"):
                r = s.get(base + path, timeout=10)
                expect_error(r, 401, "unauthorized")
                expect(r.headers.get("WWW-Authenticate", "").lower().startswith("bearer"),
                       f"{path}: WWW-Authenticate {r.headers.get('WWW-Authenticate')!r}")
            before = vault_files(vault)
            expect_error(s.post(base + "/api/tasks", json={"title": "no token"}), 401, "unauthorized")
            expect(vault_files(vault) == before, "an unauthorized write changed the vault")
            r = s.get(base + "/")
            expect(r.status_code == 200, "/ needs no token: " + describe(r))

        with results.check("token: a wrong token -> 401 (Bearer, cookie, /login)"):
            for auth in ("Bearer wrong", f"Bearer {token[:-1]}", f"Basic {token}", token, f"Bearer {token}x"):
                expect_error(s.get(base + "/api/views/all", headers={"Authorization": auth}), 401, "unauthorized")
            expect_error(s.get(base + "/api/views/all", headers={"Cookie": "todomd_token=wrong"}), 401, "unauthorized")
            r = s.get(base + "/login", params={"token": "wrong"}, allow_redirects=False)
            expect(r.status_code == 401 and "Set-Cookie" not in r.headers, f"/login with a wrong token: {r.status_code} {r.headers}")

        with results.check("token: Authorization: Bearer -> 200"):
            h = {"Authorization": f"Bearer {token}"}
            r = s.get(base + "/api/views/all", headers=h)
            expect(r.status_code == 200 and r.json().get("schema_version") == 1, describe(r))
            r = s.get(base + "/api/views/all", headers={"Authorization": f"bearer  {token}"})
            expect(r.status_code == 200, "scheme is case-insensitive: " + describe(r))
            # Off loopback the token is what protects; any Host is fine with it.
            r = s.get(base + "/api/views/all", headers={**h, "Host": "todo.lan:7878"})
            expect(r.status_code == 200, "Host with a token: " + describe(r))
            r = s.post(base + "/api/tasks", json={"title": "Made with the token"}, headers=h)
            expect(r.status_code == 201, describe(r))
            loc = r.headers["Location"]
            # The token does not switch off the CSRF guard.
            expect_error(s.delete(base + loc, headers={**h, "Origin": "http://evil.example"}), 403, "forbidden_origin")
            expect(s.delete(base + loc, headers=h).status_code == 200, "DELETE with the token")

        with results.check("token: GET /login?token= sets the cookie (303), and the cookie works"):
            c = session()
            r = c.get(base + "/login", params={"token": token}, allow_redirects=False)
            expect(r.status_code == 303 and r.headers.get("Location") == "/", f"/login: {r.status_code} {r.headers}")
            cookie = r.headers.get("Set-Cookie", "")
            expect(cookie.startswith(f"todomd_token={token}"), f"Set-Cookie {cookie!r}")
            for attr in ("HttpOnly", "SameSite=Strict", "Path=/"):
                expect(attr.lower() in cookie.lower(), f"Set-Cookie lacks {attr}: {cookie!r}")
            r = c.get(base + "/api/views/all")
            expect(r.status_code == 200, "with the login cookie: " + describe(r))
            ev = SSEClient(server.port)  # no cookie: refused
            expect(ev.status == 401, f"/api/events without the token: {ev.status}")
            ev.close()
            for how in ({"Authorization": f"Bearer {token}"}, {"Cookie": f"todomd_token={token}"}):
                ev = SSEClient(server.port, headers=how)
                ok = ev.status == 200 and ev.wait_connected(5)
                ev.close()
                expect(ok, f"/api/events with {list(how)[0]}: {ev.status}")
    finally:
        check_graceful_stop(results, server)

    # --require-token on loopback, and --token-file.
    own = os.path.join(root, "own-token")
    write(own, "an-own-token-of-at-least-16-chars\n")
    os.chmod(own, 0o644)
    with results.check("token: --token-file readable by others is refused"):
        p = subprocess.run([binary, "serve", "--vault", vault, "--port", "0", "--token-file", own], env=env,
                           capture_output=True, text=True, timeout=30)
        expect(p.returncode != 0 and "http://" not in p.stdout, f"served with a 0644 token file: exit {p.returncode} {p.stdout!r}")
        expect("chmod" in p.stderr or "600" in p.stderr, f"the error does not say how to fix it: {p.stderr.strip()!r}")
    os.chmod(own, 0o600)
    for name, args, tok in (("require-token", ["--require-token"], token),
                            ("token-file", ["--token-file", own], "an-own-token-of-at-least-16-chars")):
        server = Server(name, binary, vault, env, workdir, *args)
        with results.check(f"token: {' '.join(args[:1])} on loopback requires it"):
            server.start()
            expect_error(s.get(server.local + "/api/views/all"), 401, "unauthorized")
            r = s.get(server.local + "/api/views/all", headers={"Authorization": f"Bearer {tok}"})
            expect(r.status_code == 200, describe(r))
        if server.proc is not None:
            check_graceful_stop(results, server)


# --------------------------------------------------------------------------------------------
# Schema validation of what the checks see themselves (SSE payloads)


def make_validator(doc: dict):
    try:
        import jsonschema
    except ImportError:  # schemathesis brings it; without it, skip this extra
        return lambda name, value, what: None

    def validate(name: str, value, what: str) -> None:
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "components": doc.get("components", {}),
                  "$ref": f"#/components/schemas/{name}"}
        errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(value), key=lambda e: list(e.path))
        expect(not errors, f"{what} does not match #/components/schemas/{name}:\n" + "\n".join(
            f"  at {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:300]} (schema {'/'.join(map(str, e.absolute_schema_path))})"
            for e in errors[:5]) + f"\n  value: {json.dumps(value)[:500]}")

    return validate


# --------------------------------------------------------------------------------------------


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("binary", nargs="?", help="the todomd binary (default: $TODOMD_BIN or .build/debug/todomd)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder (vaults, logs)")
    ap.add_argument("--skip-schemathesis", action="store_true", help="the other checks only (a quick local run)")
    opts = ap.parse_args()

    started = time.monotonic()
    # A CI time-out or Ctrl-C still stops the servers (the finally below).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("api-checks: terminated"))
    binary_src = find_binary(opts.binary)
    root = tempfile.mkdtemp(prefix="todomd-api-checks-")
    results = Results()
    try:
        binary = private_copy(binary_src, root)
        env = base_env(root)
        seed = os.path.join(root, "seed")
        print(f"api-checks: {binary_src}, in {root}", flush=True)
        with results.check("seed a vault (todomd add, hand-written files)"):
            seed_vault(binary, env, seed)
            listing = json.loads(run_todomd(binary, env, "list", "all", "--json", "--vault", seed))
            n = listing.get("count")
            expect(isinstance(n, int) and n >= 20, f"the seeded vault lists {n} tasks")
            results.note(f"{n} tasks, {sum(1 for _ in vault_files(seed))} files")
        if results.failed:
            return finish(results, started, root, keep=True)

        # The checks' own vault, and a copy schemathesis may do anything to.
        vault = os.path.join(root, "vault")
        shutil.copytree(seed, vault)
        main_server = Server("loopback", binary, vault, env, root, "--allowed-host", "todo.example.test")
        with results.check("server starts on a free loopback port"):
            main_server.start()
            expect(main_server.url.startswith("http://127.0.0.1:"), f"URL {main_server.url}")
            results.note(main_server.banner)
        if main_server.proc is None or main_server.proc.poll() is not None:
            return finish(results, started, root, keep=True)
        s = session()
        doc = s.get(main_server.local + "/api/openapi.json").json()
        validate = make_validator(doc)
        global VALIDATE
        VALIDATE = validate

        check_vault(results, s, main_server.local, vault)
        check_conflict(results, s, main_server.local, vault)
        check_perspectives(results, s, main_server.local, vault)
        stream = check_events(results, s, main_server, vault, validate)
        check_guards(results, s, main_server, vault)
        with results.check("still serving after all that"):
            expect(s.get(main_server.local + "/api/views/today").status_code == 200, "GET today")
        check_graceful_stop(results, main_server, " (with an event stream open)")
        check_request_log(results, main_server)
        if stream is not None:
            with results.check("the open event stream ends at shutdown"):
                expect(stream.wait_eof(2), "the SSE connection was still open after the server exited")

        if not opts.skip_schemathesis:
            st_vault = os.path.join(root, "vault-schemathesis")
            shutil.copytree(seed, st_vault)
            tasks = [t for g in listing["groups"] for t in g["tasks"]]
            # References as people type them: file names, parts of titles, path:line (a "/" or
            # "#" inside a path parameter is left to the hand-written checks).
            refs = sorted({os.path.basename(t["path"]) for t in tasks if t.get("line") is None}
                          | {t["title"].split(" #")[0] for t in tasks if t.get("line") is not None}
                          | {"weekly review", "plumber", "Written on Windows"})
            trash = [os.path.relpath(os.path.join(d, f), os.path.join(st_vault, ".trash"))
                     for d, _, fs in os.walk(os.path.join(st_vault, ".trash")) for f in fs]
            st_server = Server("schemathesis", binary, st_vault, env, root)
            with results.check("server for schemathesis starts"):
                st_server.start()
            if st_server.proc is not None and st_server.proc.poll() is None:
                run_schemathesis(results, st_server, root, refs, trash)
                check_graceful_stop(results, st_server)
                check_request_log(results, st_server)

        check_token(results, binary, root, os.path.join(root, "vault"), root)
    finally:
        for srv in STARTED:
            srv.kill()
    return finish(results, started, root, keep=opts.keep or results.failed > 0)


def finish(results: Results, started: float, root: str, keep: bool) -> int:
    total = time.monotonic() - started
    print("\n== api-checks summary ==")
    for name, ok, seconds, _ in results.rows:
        print(f"  {'ok  ' if ok else 'FAIL'} {seconds:6.2f} s  {name}")
    for name, ok, _, detail in results.rows:
        if not ok:
            print(f"\nFAILED: {name}\n{indent(detail, '  ')}")
    passed = len(results.rows) - results.failed
    print(f"\napi-checks: {total:.1f} s; " + ("temporary files kept in " + root if keep else "temporary files removed"))
    shutil.rmtree(os.path.join(root, "bin"), ignore_errors=True)  # the copy of the binary is 100 MB
    if not keep:
        shutil.rmtree(root, ignore_errors=True)
    print(f"api-checks: {passed} passed, {results.failed} failed")
    return 1 if results.failed else 0


if __name__ == "__main__":
    sys.exit(main())
