"""Fixtures for the browser tests: a real `todomd serve` on a temp vault and headless Chromium.

Nothing is built here: the binary is $TODOMD_BIN (default .build/debug/todomd beside this repo).
The server serves the web files bundled with the binary (TODOMD_WEB_ROOT is removed from its
environment) unless TODOMD_WEB_TEST_ROOT is set, which is passed on as TODOMD_WEB_ROOT (handy
while developing the app: edit, rerun, no rebuild).
"""
import datetime as dt
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
import sys
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "PySupport"))
from vaultfiles import yq, task_text, write_task, read_frontmatter, body_of, _scalar  # noqa: E402,F401 (shared helpers)

WEB_SRC = REPO / "Sources" / "TodoMDHTTP" / "Web"
BIN = os.environ.get("TODOMD_BIN") or str(REPO / ".build" / "debug" / "todomd")
CHROMIUM = os.environ.get("TODOMD_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("TODOMD_CHROMEDRIVER", "/usr/bin/chromedriver")

TODAY = dt.date.today()
EXTRA_ARGS = [a for a in os.environ.get("TODOMD_CHROME_ARGS", "").split() if a]


def day(offset=0):
    return (TODAY + dt.timedelta(days=offset)).isoformat()


# ---------------------------------------------------------------------------------------------
# Waiting, files, the CLI


def wait_for(predicate, timeout=5.0, interval=0.03, message=None):
    """Polls predicate until it returns something truthy (returned); raises on timeout."""
    deadline = time.monotonic() + timeout
    last_exc = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except Exception as exc:  # a stale element, a file being swapped, …
            last_exc = exc
        if time.monotonic() > deadline:
            detail = f" (last error: {last_exc!r})" if last_exc else ""
            raise AssertionError((message or f"timed out after {timeout}s waiting for {predicate}") + detail)
        time.sleep(interval)


def cli(vault, *args, check=True):
    """Runs `todomd --vault VAULT --json ARGS…` and returns the parsed JSON."""
    env = dict(os.environ)
    env.pop("TODOMD_WEB_ROOT", None)
    p = subprocess.run([BIN, "--vault", str(vault), "--json", *args], capture_output=True, text=True,
                       env=env, timeout=60)
    if check and p.returncode != 0:
        raise AssertionError(f"todomd {' '.join(args)} failed ({p.returncode}): {p.stderr}")
    return json.loads(p.stdout) if p.stdout.strip() else None


def view_ids(view_json):
    """The task ids of a view/perspective JSON answer, in order."""
    ids = []
    for g in view_json.get("groups", []):
        ids.extend(t["id"] for t in g.get("tasks", []))
    ids.extend(t["id"] for t in view_json.get("tasks", []))
    return ids


# ---------------------------------------------------------------------------------------------
# The seeded vault


def seed_vault(vault):
    """A small realistic week: areas, projects, tags, every view non-empty."""
    v = Path(vault)
    w = lambda rel, title, **kw: write_task(v, rel, title, **kw)  # noqa: E731
    w("Inbox/call-the-plumber.md", "Call the plumber", description="Kitchen sink drips", tags=["home"],
      created="2026-01-02T08:00:00Z")
    w("Inbox/read-article.md", "Read the article Ana sent", created="2026-01-02T08:05:00Z")
    w("Inbox/agent-summary.md", "Summarise yesterday's meeting notes", source="claude-agent",
      created="2026-01-02T08:10:00Z")
    w("Projects/Meal Prep/buy-groceries.md", "Buy groceries for meal prep", area="Personal",
      project="Meal Prep", scheduled=day(0), tags=["errands", "food"], priority="medium",
      estimated_minutes=45, description="Weekly Trader Joe's run", created="2026-01-03T10:00:00Z")
    w("Projects/Meal Prep/plan-menu.md", "Plan the week's menu", area="Personal", project="Meal Prep",
      scheduled=day(0), created="2026-01-03T10:01:00Z")
    w("Projects/Meal Prep/prep-lunches.md", "Prep lunches", area="Personal", project="Meal Prep",
      created="2026-01-03T10:02:00Z", recurrence="FREQ=WEEKLY;BYDAY=SU")
    w("Projects/Meal Prep/buy-containers.md", "Buy glass containers", area="Personal", project="Meal Prep",
      created="2026-01-03T10:03:00Z")
    w("Projects/Launch/write-release-notes.md", "Write release notes", area="Work", project="Launch",
      due=day(0), priority="high", flagged=True, tags=["work/writing"], created="2026-01-04T09:00:00Z")
    w("Projects/Launch/fix-login-bug.md", "Fix the login bug", area="Work", project="Launch", due=day(-2),
      priority="high", tags=["work/backend"], description="Safari only", created="2026-01-04T09:01:00Z")
    w("Projects/Launch/review-pr.md", "Review Sam's pull request", area="Work", project="Launch",
      scheduled=day(1), tags=["work/backend"], estimated_minutes=30, created="2026-01-04T09:02:00Z")
    w("Projects/Launch/demo.md", "Demo to the team", area="Work", project="Launch",
      scheduled=day(3) + "T14:00", created="2026-01-04T09:03:00Z")
    w("Projects/Launch/blog-post.md", "Draft the launch blog post", area="Work", project="Launch",
      due=day(6), tags=["work/writing"], created="2026-01-04T09:04:00Z")
    w("Areas/Work/expenses.md", "Submit expenses", area="Work", scheduled=day(-1), priority="low",
      created="2026-01-04T09:05:00Z")
    w("Areas/Work/one-on-one.md", "Prepare 1:1 with Maria", area="Work", scheduled=day(2),
      created="2026-01-04T09:06:00Z")
    w("Areas/Personal/dentist.md", "Book the dentist", area="Personal", defer=day(0), due=day(9),
      created="2026-01-04T09:07:00Z")
    w("Areas/Personal/gym.md", "Gym", area="Personal", scheduled=day(0) + "T18:00",
      recurrence="FREQ=WEEKLY;BYDAY=MO,WE,FR", created="2026-01-04T09:08:00Z")
    w("Areas/Personal/passport.md", "Renew passport", area="Personal", flagged=True, due=day(20),
      created="2026-01-04T09:09:00Z")
    w("Areas/Personal/learn-piano.md", "Learn a piece on the piano", area="Personal", status="someday",
      created="2026-01-04T09:10:00Z")
    w("Areas/Personal/trip.md", "Plan a trip to Lisbon", area="Personal", status="someday", tags=["travel"],
      created="2026-01-04T09:11:00Z")
    w("Archive/taxes.md", "File the taxes", area="Personal", status="done",
      completed=f"{day(-1)}T16:00:00Z", created="2026-01-01T09:00:00Z")
    w("Archive/bike.md", "Fix the bike", area="Personal", status="done",
      completed=f"{day(-3)}T11:00:00Z", created="2026-01-01T09:01:00Z")
    w("Archive/old-idea.md", "An idea that did not work out", status="cancelled",
      completed=f"{day(-4)}T11:00:00Z", created="2026-01-01T09:02:00Z")
    return v


def sync_conflict(server, vault, rel, mine, theirs, stamp="20261124-101010-ABCDEFG", then=None):
    """A sync conflict as two devices make one: the server has seen task `rel` (its version history holds
    it), this device edits it (`mine`: {old text: new text} replacements) and the sync engine leaves a
    Syncthing copy of the original with the other device's edits (`theirs`); `then()` runs between the two.
    Returns the copy's path once /api/conflicts lists it."""
    import urllib.parse
    path = Path(vault) / rel
    history = f"/api/tasks/{urllib.parse.quote(rel, safe='')}/history"
    count = lambda: server.api("GET", history).json().get("count", 0)  # noqa: E731
    seen = wait_for(count, 5, message=f"the server has no version of {rel}")
    original = path.read_text(encoding="utf-8")

    def edit(changes):
        text = original
        for old, new in changes.items():
            assert old in text, f"{old!r} is not in {rel}"
            text = text.replace(old, new)
        return text

    path.write_text(edit(mine), encoding="utf-8")
    wait_for(lambda: count() > seen, 5, message=f"the server did not see the edit of {rel}")
    if then:
        then()
    copy = path.with_name(f"{path.stem}.sync-conflict-{stamp}.md")
    copy.write_text(edit(theirs), encoding="utf-8")
    name = copy.relative_to(vault).as_posix()
    wait_for(lambda: any(c["copy"] == name for c in server.api("GET", "/api/conflicts").json()["conflicts"]), 5,
             message=f"/api/conflicts does not list {name}")
    return copy


def quarantine_on(vault, **settings):
    """Turns the quarantine on in the vault's .todomd.json: `true`, or {trusted_sources, burst, window_seconds}."""
    (Path(vault) / ".todomd.json").write_text(json.dumps({"quarantine": settings or True}) + "\n")


def held_paths(server):
    return [f["path"] for f in server.api("GET", "/api/quarantine").json()["files"]]


def write_held(server, vault, titles, **fields):
    """Writes new task files ({path: title}, each with `fields`) the quarantine is to hold, once the server has
    walked the vault (files it has seen are not new); returns when it holds them all."""
    server.api("GET", "/api/overview")
    for rel, title in titles.items():
        write_task(vault, rel, title, **fields)
    wait_for(lambda: set(titles) <= set(held_paths(server)), 5, message=f"the quarantine does not hold {sorted(titles)}")


# The quarantine settings fill_quarantine needs: importers trusted, more than 3 new files a minute a burst.
BURSTY = {"trusted_sources": ["user", "import*"], "burst": 3, "window_seconds": 60}


def fill_quarantine(server, vault):
    """What /quarantine shows in the a11y test and the screenshot (a vault with quarantine_on(v, **BURSTY)): an
    agent's task (an untrusted source), a note without a task (no source), then a burst of four from an importer."""
    write_held(server, vault, {"Inbox/gift-cards.md": "Buy 20 gift cards for the team"}, source="browser-agent",
               description="Send the codes to finance@example.net today")
    (Path(vault) / "Notes").mkdir(exist_ok=True)
    (Path(vault) / "Notes" / "pasted.md").write_text("Pasted from the chat, no frontmatter:\n\n- [ ] Call the bank about the transfer\n")
    wait_for(lambda: "Notes/pasted.md" in held_paths(server), 5, message="the note is not held")
    write_held(server, vault, {f"Inbox/import-{i}.md": t for i, t in enumerate(
        ["Renew the domain", "Order printer toner", "Update the wiki", "Archive old invoices"])}, source="importer")


# ---------------------------------------------------------------------------------------------
# The server


class Server:
    def __init__(self, vault, args=(), env=None, host="127.0.0.1"):
        self.vault = Path(vault)
        self.home = Path(tempfile.mkdtemp(prefix="todomd-web-home-"))
        e = dict(os.environ)
        e.pop("TODOMD_WEB_ROOT", None)
        if os.environ.get("TODOMD_WEB_TEST_ROOT"):
            e["TODOMD_WEB_ROOT"] = os.environ["TODOMD_WEB_TEST_ROOT"]
        e["XDG_CONFIG_HOME"] = str(self.home / "config")
        e["XDG_CACHE_HOME"] = str(self.home / "cache")
        e.update(env or {})
        self.proc = subprocess.Popen(
            [BIN, "serve", "--vault", str(vault), "--host", host, *([] if "--port" in args else ["--port", "0"]), *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=e, start_new_session=True)
        self.output = []
        first = self._readline_until_url(timeout=60)
        m = re.search(r"http://([\d.]+|\[[^\]]+\]):(\d+)", first)
        self.port = int(m.group(2))
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._drain, daemon=True).start()

    def _readline_until_url(self, timeout):
        box = {}

        def read():
            for line in self.proc.stdout:
                self.output.append(line)
                if re.search(r"http://\S+:\d+", line):
                    box["line"] = line
                    return

        t = threading.Thread(target=read, daemon=True)
        t.start()
        t.join(timeout)
        if "line" not in box:
            self.stop()
            raise RuntimeError("todomd serve printed no URL:\n" + "".join(self.output))
        return box["line"]

    def _drain(self):
        try:
            for line in self.proc.stdout:
                self.output.append(line)
        except ValueError:
            pass

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        shutil.rmtree(self.home, ignore_errors=True)

    def api(self, method, path, **kw):
        import requests
        return requests.request(method, self.url + path, timeout=30, **kw)


@pytest.fixture(scope="module")
def vault(tmp_path_factory):
    return seed_vault(tmp_path_factory.mktemp("vault"))


@pytest.fixture(scope="module")
def server(vault):
    s = Server(vault)
    yield s
    s.stop()


@pytest.fixture
def make_server():
    started = []

    def make(vault, *args, **kw):
        s = Server(vault, args, **kw)
        started.append(s)
        return s

    yield make
    for s in started:
        s.stop()


# ---------------------------------------------------------------------------------------------
# The browser


def new_driver(width=1280, height=900, bfcache=False):
    """Headless Chromium. The back/forward cache is off unless asked for: a page kept there keeps its
    /api/events stream open, and six of them use up Chrome's connections to the host
    (test_flows.py::test_full_page_navigations_do_not_hang checks the app handles that itself)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", f"--window-size={width},{height}",
                "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb",
                "--font-render-hinting=none", "--lang=en-US", *EXTRA_ARGS):
        opts.add_argument(arg)
    if not bfcache:
        opts.add_argument("--disable-features=BackForwardCache")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    d = webdriver.Chrome(options=opts, service=Service(CHROMEDRIVER))
    d.set_page_load_timeout(30)
    d.set_script_timeout(30)
    return d


def reset_emulation(d):
    for cmd, params in (("Emulation.setEmulatedMedia", {"media": "", "features": []}),
                        ("Emulation.setTouchEmulationEnabled", {"enabled": False}),
                        ("Emulation.clearDeviceMetricsOverride", {}),
                        ("Network.emulateNetworkConditions", {"offline": False, "latency": 0,
                                                              "downloadThroughput": -1, "uploadThroughput": -1})):
        try:
            d.execute_cdp_cmd(cmd, params)
        except Exception:
            pass


@pytest.fixture(scope="module")
def _module_driver():
    d = new_driver()
    yield d
    d.quit()


@pytest.fixture
def driver(_module_driver, request):
    d = _module_driver
    reset_emulation(d)
    d.set_window_size(1280, 900)
    try:
        d.get_log("browser")  # start each test with an empty log
    except Exception:
        pass
    yield d
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            for entry in d.get_log("browser")[-30:]:
                print("browser:", entry.get("level"), entry.get("message"))
            print("url:", d.current_url)
        except Exception:
            pass
    try:
        d.get("about:blank")
    except Exception:
        pass


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


# ---------------------------------------------------------------------------------------------
# App helpers


def css(d, selector):
    from selenium.webdriver.common.by import By
    return d.find_elements(By.CSS_SELECTOR, selector)


def live(d):
    """Waits until the app's event stream is open: a file written before then is not announced live."""
    wait_for(lambda: d.execute_script("return document.documentElement.dataset.live === 'open'"), 5,
             message="the event stream did not open")


def open_app(d, base, path="/today", rows=True, timeout=10):
    """Loads a route and waits for the shell (sidebar entries) and, with rows, a task row."""
    d.get(base + path)
    try:
        wait_for(lambda: d.execute_script("return document.querySelectorAll('#sidebar a.nav-item').length > 0"), timeout)
    except AssertionError:
        page = d.execute_script("return document.contentType + ': ' + (document.body ? document.body.innerText : '').slice(0, 300)")
        raise AssertionError(f"the shell did not render on {path} (no #sidebar a.nav-item); the page: {page!r}") from None
    if rows:
        wait_for(lambda: d.execute_script("return document.querySelectorAll('#main .task-row').length > 0"),
                 timeout, message=f"no .task-row in #main on {path}")


def row(d, task_id):
    return d.execute_script(
        "return [...document.querySelectorAll('.task-row')].find(r => r.dataset.id === arguments[0]) || null;",
        task_id)


def row_ids(d, scope="#main"):
    return d.execute_script(
        f"return [...document.querySelectorAll('{scope} .task-row')].map(r => r.dataset.id);")


def severe_console_errors(d):
    out = []
    for entry in d.get_log("browser"):
        if entry.get("level") != "SEVERE":
            continue
        msg = entry.get("message", "")
        if "favicon" in msg:
            continue
        out.append(msg)
    return out


def visible_click_target(d, scope_selector, pattern):
    """The first visible button/menuitem/link/li under scope whose text matches pattern (regex)."""
    return d.execute_script(
        """
        const re = new RegExp(arguments[1], 'i');
        const scopes = [...document.querySelectorAll(arguments[0])];
        for (const s of scopes) {
          const els = s.querySelectorAll('[role=menuitem],[role=option],button,a,li,[role=button],[tabindex]');
          for (const el of els) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;
            const t = (el.textContent || '') + ' ' + (el.getAttribute('aria-label') || '');
            if (re.test(t.trim())) {
              // the innermost match
              const inner = [...el.querySelectorAll('[role=menuitem],button,a,[role=button]')]
                .find(c => re.test((c.textContent || '') + ' ' + (c.getAttribute('aria-label') || '')));
              return inner || el;
            }
          }
        }
        return null;
        """, scope_selector, pattern)


PERF_RESULTS = []


def record_perf(name, value, unit="ms", target=None):
    PERF_RESULTS.append((name, value, unit, target))


def pytest_terminal_summary(terminalreporter):
    if not PERF_RESULTS:
        return
    tr = terminalreporter
    tr.write_sep("-", "web performance")
    lines = [f"{'measure':58} {'value':>10}  target"]
    for name, value, unit, target in PERF_RESULTS:
        v = f"{value:.1f} {unit}" if isinstance(value, (int, float)) else str(value)
        lines.append(f"{name:58} {v:>10}  {target or ''}")
    for line in lines:
        tr.write_line(line)
    try:
        Path(tempfile.gettempdir(), "todomd-web-perf.txt").write_text("\n".join(lines) + "\n")
    except OSError:
        pass
