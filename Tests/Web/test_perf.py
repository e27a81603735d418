"""Performance, measured in Chromium and printed as a table at the end of the run (also written to
$TMPDIR/todomd-web-perf.txt). The assertions are generous bounds so CI is not flaky; the targets
(Today <= 300 ms, a view switch <= 100 ms, no long task over 50 ms while scrolling) are in the table.
TODOMD_WEB_PERF_100K=1 adds the 100k-task Anytime scroll (the vault takes a minute to generate)."""
import os
import statistics
import subprocess
import time

import pytest

from conftest import BIN, Server, new_driver, open_app, record_perf, wait_for

OBSERVERS = r"""
window.__perf = {fcp: 0, lcp: 0, firstRow: 0, firstRowPaint: 0, longtasks: []};
try { new PerformanceObserver(l => { for (const e of l.getEntries()) window.__perf.lcp = e.startTime; })
        .observe({type: 'largest-contentful-paint', buffered: true}); } catch (e) {}
try { new PerformanceObserver(l => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__perf.fcp = e.startTime; })
        .observe({type: 'paint', buffered: true}); } catch (e) {}
try { new PerformanceObserver(l => { for (const e of l.getEntries()) window.__perf.longtasks.push([e.startTime, e.duration]); })
        .observe({type: 'longtask', buffered: true}); } catch (e) {}
const __mo = new MutationObserver(() => {
  if (!window.__perf.firstRow && document.querySelector('#main .task-row')) {
    window.__perf.firstRow = performance.now();
    requestAnimationFrame(() => setTimeout(() => { window.__perf.firstRowPaint = performance.now(); }, 0));
    __mo.disconnect();
  }
});
__mo.observe(document, {childList: true, subtree: true});
"""

SWITCH = r"""
const [nav] = arguments; const done = arguments[arguments.length - 1];
const sig = () => [...document.querySelectorAll('#main .task-row')].slice(0, 30).map(r => r.dataset.id).join('|');
const before = new Set(document.querySelectorAll('#main .task-row')); const beforeSig = sig();
const a = document.querySelector(`#sidebar a.nav-item[data-nav="${nav}"]`);
if (!a) { done({error: 'no nav ' + nav}); return; }
let finished = false;
const t0 = performance.now();
const check = () => {
  if (finished) return;
  const rows = [...document.querySelectorAll('#main .task-row')];
  if (location.pathname === '/' + nav && rows.length && (rows.some(r => !before.has(r)) || sig() !== beforeSig)) {
    finished = true; mo.disconnect();
    const t1 = performance.now();
    requestAnimationFrame(() => setTimeout(() => done({rendered: t1 - t0, painted: performance.now() - t0, rows: rows.length}), 0));
  } else if (performance.now() - t0 > 10000) { finished = true; mo.disconnect(); done({error: 'timeout'}); }
};
const mo = new MutationObserver(check);
mo.observe(document.querySelector('#main'), {childList: true, subtree: true, attributes: true});
a.click();
check();
const poll = () => { if (!finished) { check(); setTimeout(poll, 5); } }; poll();
"""

TYPING = r"""
const inp = document.querySelector('#quick-entry input[name=quick]');
window.__lat = []; window.__kd = 0;
inp.addEventListener('keydown', e => { window.__kd = e.timeStamp; }, true);
inp.addEventListener('input', () => { const t0 = window.__kd;
  requestAnimationFrame(() => setTimeout(() => window.__lat.push(performance.now() - t0), 0)); }, true);
"""

SCROLL = r"""
const done = arguments[arguments.length - 1];
const [ms, step] = [arguments[0], arguments[1]];
const first = document.querySelector('#main .task-row');
let sc = first; while (sc && sc !== document.body) { const s = getComputedStyle(sc);
  if (/(auto|scroll)/.test(s.overflowY) && sc.scrollHeight > sc.clientHeight + 10) break; sc = sc.parentElement; }
if (!sc || sc === document.body) sc = document.scrollingElement;
window.__perf.longtasks = [];
const t0 = performance.now(); let frames = 0, maxRows = 0;
const tick = () => {
  sc.scrollTop += step; frames++;
  maxRows = Math.max(maxRows, document.querySelectorAll('#main .task-row').length);
  if (performance.now() - t0 < ms) requestAnimationFrame(tick);
  else setTimeout(() => done({frames, ms: performance.now() - t0, scrollTop: sc.scrollTop, scrollHeight: sc.scrollHeight,
                              maxRows, longtasks: window.__perf.longtasks.filter(([s]) => s >= t0)}), 200);
};
requestAnimationFrame(tick);
"""


def generate(path, count):
    subprocess.run([BIN, "bench", "--generate", str(path), "--count", str(count)], check=True,
                   capture_output=True, timeout=900)


@pytest.fixture(scope="module")
def perf10k(tmp_path_factory):
    v = tmp_path_factory.mktemp("v10k")
    t = time.monotonic()
    generate(v, 10000)
    s = Server(v)
    record_perf("setup: generate 10k vault + server ready", (time.monotonic() - t) * 1000, "ms")
    s.api("GET", "/api/overview")
    d = new_driver(1280, 900)
    d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVERS})
    yield s, d
    d.quit()
    s.stop()


def test_today_first_paint_10k(perf10k):
    s, d = perf10k
    open_app(d, s.url, "/today")  # warm: the service worker and the server's caches
    runs = []
    for _ in range(5):
        d.get(s.url + "/today")
        wait_for(lambda: d.execute_script("return window.__perf.firstRowPaint > 0"), 15,
                 message="Today never showed a .task-row")
        time.sleep(0.3)
        runs.append(d.execute_script("""const p = Object.assign({}, window.__perf);
            const nav = performance.getEntriesByType('navigation')[0];
            p.dcl = nav.domContentLoadedEventEnd; p.html = nav.responseEnd;
            const res = performance.getEntriesByType('resource');
            const view = res.find(r => r.name.includes('/api/views/today'));
            p.viewStart = view ? view.startTime : 0; p.viewEnd = view ? view.responseEnd : 0;
            p.resources = res.filter(r => r.startTime < (p.firstRow || 1e9)).length;
            p.viewBytes = view ? view.transferSize : 0;
            return p;"""))
    med = lambda k: statistics.median(r[k] for r in runs)  # noqa: E731
    record_perf("10k Today: HTML received (median of 5)", med("html"), "ms")
    record_perf("10k Today: DOMContentLoaded", med("dcl"), "ms")
    record_perf("10k Today: GET /api/views/today started", med("viewStart"), "ms")
    record_perf("10k Today: GET /api/views/today answered", med("viewEnd"), "ms")
    record_perf("10k Today: requests before the first row", med("resources"), "requests")
    record_perf("10k Today: first-contentful-paint", med("fcp"), "ms")
    record_perf("10k Today: largest-contentful-paint", med("lcp"), "ms", "<= 300")
    record_perf("10k Today: first .task-row in DOM", med("firstRow"), "ms")
    record_perf("10k Today: first .task-row painted", med("firstRowPaint"), "ms", "<= 300")
    assert med("firstRowPaint") < 2000, runs


def test_view_switch_10k(perf10k):
    s, d = perf10k
    open_app(d, s.url, "/today")
    times = {}
    for nav in ["upcoming", "anytime", "inbox", "flagged", "logbook", "someday", "today"] * 2:
        r = d.execute_async_script(SWITCH, nav)
        assert "error" not in r, f"switch to {nav}: {r}"
        times.setdefault(nav, []).append(r["painted"])
        time.sleep(0.15)
    allp = [t for v in times.values() for t in v[1:]] or [t for v in times.values() for t in v]
    for nav, ts in times.items():
        record_perf(f"10k view switch -> {nav} (painted, warm)", ts[-1], "ms", "<= 100")
    record_perf("10k view switch: median over views", statistics.median(allp), "ms", "<= 100")
    record_perf("10k view switch: max over views", max(allp), "ms", "<= 100")
    assert statistics.median(allp) < 1000, times


def test_typing_latency_quick_entry(perf10k):
    s, d = perf10k
    open_app(d, s.url, "/today")
    d.execute_script("document.querySelector('#fab').click()")
    inp = wait_for(lambda: d.execute_script("return document.querySelector('#quick-entry input[name=quick]')"), 5)
    d.execute_script(TYPING)
    # the network is slow: keystrokes must not wait for /api/parse
    d.execute_cdp_cmd("Network.enable", {})
    d.execute_cdp_cmd("Network.emulateNetworkConditions",
                      {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1})
    try:
        text = "Buy oat milk tomorrow at 5pm #errands !high ~15m"
        for ch in text:
            inp.send_keys(ch)
        wait_for(lambda: d.execute_script("return window.__lat.length") >= len(text), 5)
        lat = d.execute_script("return window.__lat")
        shown = inp.get_attribute("value")
    finally:
        d.execute_cdp_cmd("Network.emulateNetworkConditions",
                          {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})
    assert shown == text
    p95 = sorted(lat)[int(len(lat) * 0.95) - 1]
    record_perf("quick entry: keystroke -> next frame, median (400 ms RTT)", statistics.median(lat), "ms")
    record_perf("quick entry: keystroke -> next frame, p95 (400 ms RTT)", p95, "ms", "< 50, no network wait")
    record_perf("quick entry: keystroke -> next frame, max", max(lat), "ms")
    assert p95 < 300, lat  # a keystroke waiting on the network would take >= 400 ms


def scroll_anytime(s, d, label, bound_rows):
    t = time.monotonic()
    open_app(d, s.url, "/anytime", timeout=60)
    record_perf(f"{label} Anytime: navigation -> first row (cold)", (time.monotonic() - t) * 1000, "ms")
    time.sleep(0.5)
    r = d.execute_async_script(SCROLL, 4000, 120)
    long_ = [dur for _, dur in r["longtasks"] if dur > 50]
    record_perf(f"{label} Anytime scroll: frames in {r['ms']:.0f} ms", r["frames"], "frames")
    record_perf(f"{label} Anytime scroll: long tasks > 50 ms", len(long_), "tasks", "0")
    record_perf(f"{label} Anytime scroll: longest task", max([0] + [dur for _, dur in r["longtasks"]]), "ms", "<= 50")
    record_perf(f"{label} Anytime scroll: most rows in the DOM", r["maxRows"], "rows", "virtualised")
    assert r["scrollTop"] > 1000, f"the list did not scroll: {r}"
    assert r["maxRows"] < bound_rows, f"{r['maxRows']} rows in the DOM: not virtualised"
    return long_


def test_anytime_scroll_10k(perf10k):
    s, d = perf10k
    long_ = scroll_anytime(s, d, "10k", 2000)
    assert len(long_) <= 10, long_


@pytest.mark.skipif(os.environ.get("TODOMD_WEB_PERF_100K") != "1", reason="TODOMD_WEB_PERF_100K=1 runs it")
def test_anytime_scroll_100k(tmp_path_factory):
    v = tmp_path_factory.mktemp("v100k")
    t = time.monotonic()
    generate(v, 100000)
    s = Server(v)
    record_perf("setup: generate 100k vault + server ready", (time.monotonic() - t) * 1000, "ms")
    d = new_driver(1280, 900)
    try:
        d.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": OBSERVERS})
        long_ = scroll_anytime(s, d, "100k", 5000)
        assert len(long_) <= 20, long_
    finally:
        d.quit()
        s.stop()
