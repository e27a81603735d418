"""The main flows in a real browser against a real `todomd serve`: every change checked on disk."""
import difflib
import json
import re
import time
import urllib.parse
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import (cli, css, day, new_driver, open_app, read_frontmatter, row, row_ids, seed_vault,
                      severe_console_errors, view_ids, visible_click_target, wait_for, write_task)

DETAIL_FIELDS = ["title", "description", "status", "flagged", "due", "scheduled", "defer", "priority",
                 "estimated_minutes", "area", "project", "tags", "recurrence", "body"]


def detail_seed(field):
    return dict(
        title=f"Detail sample {field}", status="todo", due=day(4), scheduled=day(2), defer=day(1),
        priority="low", flagged=False, area="Work", project="Launch", tags=["alpha", "beta"],
        recurrence="FREQ=WEEKLY;BYDAY=MO", estimated_minutes=30, description="The old subtitle",
        created="2026-01-06T09:00:00Z", modified="2026-01-06T09:00:00Z", source="user")


@pytest.fixture(scope="module")
def vault(tmp_path_factory):
    v = seed_vault(tmp_path_factory.mktemp("flows"))
    write_task(v, "Inbox/swipe-me.md", "Swipe me to tomorrow", scheduled=day(0), created="2026-01-05T09:00:00Z")
    write_task(v, "Inbox/menu-defer-me.md", "Defer me from the menu", scheduled=day(0), created="2026-01-05T09:01:00Z")
    write_task(v, "Inbox/drag-to-launch.md", "Drag me to Launch", created="2026-01-05T09:02:00Z")
    write_task(v, "Inbox/menu-actions.md", "Menu actions target", created="2026-01-05T09:05:00Z")
    write_task(v, "Inbox/date-sheet.md", "Pick a date for me", created="2026-01-05T09:06:00Z")
    write_task(v, "Inbox/delete-me.md", "Delete me with confirmation", created="2026-01-05T09:07:00Z")
    write_task(v, "Inbox/drag-to-today.md", "Drag me to Today", created="2026-01-05T09:08:00Z")
    write_task(v, "Inbox/rename-me.md", "Rename me inline", created="2026-01-05T09:04:00Z")
    write_task(v, "Inbox/undo-key.md", "Complete me then press Ctrl-Z", scheduled=day(0), created="2026-01-05T09:03:00Z")
    for i, name in enumerate("ABCD"):
        write_task(v, f"Projects/Reorder/reorder-{name.lower()}.md", f"Reorder {name}", area="Work", project="Reorder",
                   created=f"2026-01-05T10:0{i}:00Z")
    for f in DETAIL_FIELDS:
        fields = detail_seed(f)
        title = fields.pop("title")
        write_task(v, f"Detail/detail-{f.replace('_', '-')}.md", title,
                   body="Some notes.\n\n- a list item\n- [link](https://example.com)\n\nThe end.",
                   extra_lines=["energy: low  # unknown keys are kept"], **fields)
    return v


def test_every_view_loads_without_errors(driver, server):
    d, base = driver, server.url
    routes = ["/", "/inbox", "/today", "/upcoming", "/anytime", "/someday", "/flagged", "/logbook", "/trash",
              "/area/Work", "/project/Meal%20Prep", "/tag/work/backend", "/search?q=groceries", "/settings",
              "/builder", "/builder/today", "/task/Projects%2FLaunch%2Fdemo.md"]
    errors = []
    for r in routes:
        d.get(base + r)
        try:
            wait_for(lambda: d.execute_script("return document.querySelectorAll('#sidebar a.nav-item').length > 0 "
                                              "&& document.querySelector('#main').children.length > 0"), 10)
        except AssertionError:
            errors.append(f"{r}: did not render")
        time.sleep(0.2)
        errors += [f"{r}: {m}" for m in severe_console_errors(d)]
    assert not errors, "\n".join(errors)


def test_names_with_spaces_and_symbols_list_their_tasks(driver, server, vault):
    """/project/Meal%20Prep, /area/…, /tag/… list what the CLI lists for the same filter."""
    d, base = driver, server.url
    write_task(vault, "Projects/Odd/odd.md", "Odd project task", area="R&D + Ops", project="Tom & Jerry's / Q1",
               tags=["big plans"], created="2026-01-05T11:00:00Z")
    cases = [("/project/Meal%20Prep", "Projects/Meal Prep/plan-menu.md"),
             ("/project/" + urllib.parse.quote("Tom & Jerry's / Q1", safe=""), "Projects/Odd/odd.md"),
             ("/area/" + urllib.parse.quote("R&D + Ops", safe=""), "Projects/Odd/odd.md")]
    bad = []
    for route, tid in cases:
        d.get(base + route)
        try:
            wait_for(lambda: row(d, tid), 5)
        except AssertionError:
            bad.append(f"{urllib.parse.unquote(route)} does not list {tid}: "
                       + d.execute_script("return document.querySelector('#main').innerText.slice(0, 120)").replace("\n", " | "))
    assert not bad, "\n".join(bad)


def test_todomd_show_urls_open_the_right_screen(driver, server):
    """A `todomd://show/…` link, handed to the app as /open?url=…, lands on that screen."""
    d, base = driver, server.url
    cases = [("todomd://show/upcoming", "/upcoming", "upcoming"), ("todomd://show?id=Meal%20Prep", "/project/Meal%20Prep", "project/Meal Prep"),
             ("todomd://show/Projects/Launch/demo.md", "/task/Projects/Launch/demo.md", None)]
    for url, path, nav in cases:
        d.get(base + "/open?url=" + urllib.parse.quote(url, safe=""))
        wait_for(lambda: urllib.parse.urlparse(d.current_url).path == path, 5, message=f"{url} did not open {path}: {d.current_url}")
        if nav:
            wait_for(lambda: d.execute_script(f"return !!document.querySelector('#sidebar a.nav-item[data-nav=\"{nav}\"].active, "
                                              f"#sidebar a.nav-item[data-nav=\"{nav}\"][aria-current]')"), 5,
                     message=f"{nav} is not the current sidebar entry")


def test_full_page_navigations_do_not_hang(server):
    """With Chrome's back/forward cache on (the default for users), a page left by a full navigation
    must close its /api/events stream (pagehide) or six of them exhaust the connections to the host
    and the next page never loads."""
    d = new_driver(bfcache=True)
    d.set_page_load_timeout(8)
    try:
        for r in ["/", "/inbox", "/today", "/upcoming", "/anytime", "/someday", "/flagged", "/logbook", "/today"]:
            t = time.monotonic()
            d.get(server.url + r)
            wait_for(lambda: d.execute_script("return document.querySelectorAll('#sidebar a.nav-item').length > 0"), 5,
                     message=f"{r} did not render")
            assert time.monotonic() - t < 5, f"{r} took {time.monotonic() - t:.1f}s"
    finally:
        d.quit()


def test_sidebar_counts_navigation_and_back(driver, server):
    d, base = driver, server.url
    open_app(d, base, "/today")
    navs = d.execute_script("return [...document.querySelectorAll('#sidebar a.nav-item')].map(a => a.dataset.nav)")
    for need in ("inbox", "today", "upcoming", "anytime", "someday", "flagged", "logbook", "trash",
                 "project/Meal Prep", "project/Launch", "area/Work"):
        assert need in navs, f"sidebar lacks {need}: {navs}"
    count = d.execute_script("return document.querySelector('a.nav-item[data-nav=today] .count').textContent")
    expected = len(view_ids(server.api("GET", "/api/views/today").json()))
    assert str(expected) in count
    d.execute_script("document.querySelector('a.nav-item[data-nav=upcoming]').click()")
    wait_for(lambda: d.current_url.endswith("/upcoming"))
    wait_for(lambda: "Projects/Launch/review-pr.md" in row_ids(d))
    d.back()
    wait_for(lambda: d.current_url.endswith("/today"))
    wait_for(lambda: "Projects/Launch/write-release-notes.md" in row_ids(d))


def new_files(vault, before):
    return [p for p in Path(vault).rglob("*.md") if p not in before and "/." not in str(p.relative_to(vault))]


def open_quick_entry(d):
    d.find_element(By.CSS_SELECTOR, "body").send_keys("n")
    try:
        return wait_for(lambda: [e for e in css(d, "#quick-entry input[name=quick]") if e.is_displayed()], 2)[0]
    except AssertionError:
        d.execute_script("document.querySelector('#fab').click()")
        return wait_for(lambda: [e for e in css(d, "#quick-entry input[name=quick]") if e.is_displayed()], 5,
                        message="#quick-entry input[name=quick] did not open (N key and #fab)")[0]


def test_quick_entry_with_dates_and_tokens(driver, server, vault):
    d, base = driver, server.url
    open_app(d, base, "/today")
    before = set(Path(vault).rglob("*.md"))
    inp = open_quick_entry(d)
    inp.send_keys('Buy oat milk tomorrow #errands !high +"Meal Prep" ~15m')
    wait_for(lambda: len([c for c in css(d, "#quick-entry .chip") if c.is_displayed()]) >= 4, 5,
             message="the parse preview shows no chips")
    chips = " ".join(c.text for c in css(d, "#quick-entry .chip"))
    assert re.search(r"errands", chips) and re.search(r"Meal Prep", chips), chips
    inp.send_keys(Keys.ENTER)
    files = wait_for(lambda: new_files(vault, before), 5, message="no file was written")
    assert len(files) == 1, files
    fm = read_frontmatter(files[0])
    assert fm["title"] == "Buy oat milk", fm
    assert fm["due"] == day(1), fm
    assert "errands" in fm["tags"], fm
    assert fm["priority"] == "high", fm
    assert fm["project"] == "Meal Prep", fm
    assert str(fm["estimated_minutes"]) == "15", fm
    assert fm["source"] == "user", fm

    # Enter returned to the view; Shift-Enter creates and keeps the entry open for the next one;
    # an empty entry is ignored
    wait_for(lambda: not d.execute_script("return document.querySelector('#quick-entry input[name=quick]')"), 3,
             message="Enter did not close the quick entry")
    before = set(Path(vault).rglob("*.md"))
    inp = open_quick_entry(d)
    inp.send_keys("Call the bank on friday // about the card")
    wait_for(lambda: css(d, "#quick-entry .chip"), 5)
    inp.send_keys(Keys.SHIFT, Keys.ENTER)
    files = wait_for(lambda: new_files(vault, before), 5)
    fm = read_frontmatter(files[0])
    assert fm["title"] == "Call the bank" and fm["description"] == "about the card", fm
    assert fm.get("scheduled"), fm
    still = wait_for(lambda: [e for e in css(d, "#quick-entry input[name=quick]") if e.is_displayed()], 2,
                     message="Shift-Enter closed the quick entry")[0]
    wait_for(lambda: still.get_attribute("value") == "", 2, message="the entry was not cleared for the next task")
    before = set(Path(vault).rglob("*.md"))
    still.send_keys(Keys.ENTER)
    time.sleep(0.5)
    assert not new_files(vault, before), "an empty quick entry created a file"
    still.send_keys(Keys.ESCAPE)
    wait_for(lambda: not [e for e in css(d, "#quick-entry input[name=quick]") if e.is_displayed()], 2,
             message="Escape did not close the quick entry")


def test_complete_and_undo(driver, server, vault):
    d, base = driver, server.url
    tid = "Projects/Meal Prep/plan-menu.md"
    path = Path(vault) / tid
    open_app(d, base, "/today")
    r = wait_for(lambda: row(d, tid), 5)
    cb = r.find_element(By.CSS_SELECTOR, "button.checkbox")
    assert cb.get_attribute("role") == "checkbox" and cb.get_attribute("aria-checked") == "false"
    cb.click()
    wait_for(lambda: read_frontmatter(path)["status"] == "done", 5, message="the file did not become done")
    assert read_frontmatter(path).get("completed")
    undo = wait_for(lambda: [b for b in css(d, "#toasts .toast button.undo") if b.is_displayed()], 3,
                    message="no undo toast")[0]
    undo.click()
    wait_for(lambda: read_frontmatter(path)["status"] == "todo", 5, message="undo did not reopen the file")
    assert not read_frontmatter(path).get("completed")
    wait_for(lambda: row(d, tid), 5, message="the reopened task did not come back to Today")


def test_complete_then_ctrl_z(driver, server, vault):
    d, base = driver, server.url
    tid = "Inbox/undo-key.md"
    path = Path(vault) / tid
    open_app(d, base, "/today")
    wait_for(lambda: row(d, tid), 5).find_element(By.CSS_SELECTOR, "button.checkbox").click()
    wait_for(lambda: read_frontmatter(path)["status"] == "done", 5)
    time.sleep(0.3)
    d.execute_script("document.activeElement && document.activeElement.blur()")
    ActionChains(d).key_down(Keys.CONTROL).send_keys("z").key_up(Keys.CONTROL).perform()
    wait_for(lambda: read_frontmatter(path)["status"] == "todo", 5, message="Ctrl-Z did not undo the completion")


def touch_swipe(d, el, dx, steps=12):
    rect = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", el)
    x0 = rect[0] + (rect[2] * 0.75 if dx < 0 else rect[2] * 0.25)
    y = rect[1] + rect[3] / 2
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for i in range(1, steps + 1):
        d.execute_cdp_cmd("Input.dispatchTouchEvent",
                          {"type": "touchMove", "touchPoints": [{"x": x0 + dx * i / steps, "y": y}]})
        time.sleep(0.016)
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def defer_choice(d, what="tomorrow"):
    target = wait_for(lambda: visible_click_target(d, "#overlays, .menu, [role=menu], .sheet", what), 3,
                      message=f"no '{what}' choice appeared")
    d.execute_script("arguments[0].click()", target)


def test_defer_by_swipe(driver, server, vault):
    d, base = driver, server.url
    tid = "Inbox/swipe-me.md"
    path = Path(vault) / tid
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    open_app(d, base, "/today")
    r = wait_for(lambda: row(d, tid), 5)
    touch_swipe(d, r, -260)
    defer_choice(d, "tomorrow")
    wait_for(lambda: day(1) in str(read_frontmatter(path).get("defer")), 5,
             message="swiping left and choosing Tomorrow did not defer the task")
    wait_for(lambda: not row(d, tid), 3, message="the deferred task stayed in Today")


def test_complete_by_swipe_right(driver, server, vault):
    d, base = driver, server.url
    tid = "Areas/Personal/gym.md"
    path = Path(vault) / tid
    before = read_frontmatter(path)
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    open_app(d, base, "/today")
    touch_swipe(d, wait_for(lambda: row(d, tid), 5), 260)
    # a repeating task completes into its next occurrence (same file, a later scheduled date)
    wait_for(lambda: read_frontmatter(path).get("scheduled") != before.get("scheduled")
             or read_frontmatter(path).get("status") == "done", 5, message="swiping right did not complete")


def test_defer_by_context_menu(driver, server, vault):
    d, base = driver, server.url
    tid = "Inbox/menu-defer-me.md"
    path = Path(vault) / tid
    open_app(d, base, "/today")
    r = wait_for(lambda: row(d, tid), 5)
    ActionChains(d).context_click(r.find_element(By.CSS_SELECTOR, ".title")).perform()
    items = wait_for(lambda: d.execute_script(
        "return [...document.querySelectorAll('#overlays [role=menuitem], #overlays button')]"
        ".filter(e => e.getBoundingClientRect().height > 0).map(e => e.textContent.trim())"), 3,
        message="right-click opened no menu")
    target = visible_click_target(d, "#overlays", "defer|later")
    assert target, f"the menu has no Defer item: {items}"
    d.execute_script("arguments[0].click()", target)
    defer_choice(d, "tomorrow")
    wait_for(lambda: day(1) in str(read_frontmatter(path).get("defer")), 5,
             message="Defer > Tomorrow from the menu did not set defer")


def html5_drag(d, src, dst, where="top"):
    """A synthetic HTML5 drag and drop (WebDriver's own does not fire dragstart in Chrome)."""
    d.execute_script("""
        const [src, dst, where] = arguments;
        const dt = new DataTransfer();
        const s = src.closest('[draggable=true]') || src.querySelector('[draggable=true]') || src;
        const r = dst.getBoundingClientRect();
        const x = r.left + r.width / 2, y = where === 'top' ? r.top + 3 : r.top + r.height / 2;
        const ev = (type, el, px, py) => el.dispatchEvent(new DragEvent(type,
            {bubbles: true, cancelable: true, composed: true, dataTransfer: dt, clientX: px, clientY: py}));
        const sr = s.getBoundingClientRect();
        ev('dragstart', s, sr.left + 10, sr.top + sr.height / 2);
        ev('drag', s, sr.left + 10, sr.top + sr.height / 2);
        ev('dragenter', dst, x, y);
        for (let i = 0; i < 3; i++) ev('dragover', dst, x, y);
        ev('drop', dst, x, y);
        ev('dragend', s, x, y);
    """, src, dst, where)


def pointer_drag(d, src, dst, where="top"):
    """A real mouse drag in small steps (pointer-event implementations)."""
    sr = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", src)
    tr = d.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height];", dst)
    x0, y0 = sr[0] + min(40, sr[2] / 3), sr[1] + sr[3] / 2
    x1, y1 = tr[0] + tr[2] / 2, tr[1] + (3 if where == "top" else tr[3] / 2)
    for typ, x, y, buttons in [("mouseMoved", x0, y0, 0), ("mousePressed", x0, y0, 1)]:
        d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": typ, "x": x0, "y": y0, "button": "left",
                                                        "buttons": buttons, "clickCount": 1 if typ == "mousePressed" else 0})
    time.sleep(0.25)  # some implementations start a drag after a short hold
    steps = 20
    for i in range(1, steps + 1):
        d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x0 + (x1 - x0) * i / steps,
                                                        "y": y0 + (y1 - y0) * i / steps, "button": "left", "buttons": 1})
        time.sleep(0.02)
    time.sleep(0.1)
    d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": "mouseReleased", "x": x1, "y": y1, "button": "left",
                                                    "buttons": 0, "clickCount": 1})


def drag(d, src, dst, done, where="top"):
    """Tries a pointer drag, then an HTML5 drag; returns which one worked, or None."""
    # The list binds its drag gestures once js/gestures.js (loaded on demand) is in: a drag made
    # before that is lost (an occasional failure on a loaded machine).
    wait_for(lambda: d.execute_script("return performance.getEntriesByType('resource').some(e => e.name.endsWith('/js/gestures.js'))"), 5,
             message="gestures.js did not load")
    time.sleep(0.2)
    for name, fn in (("pointer", pointer_drag), ("html5", html5_drag)):
        fn(d, src, dst, where)
        try:
            wait_for(done, 4)
            return name
        except AssertionError:
            d.find_element(By.CSS_SELECTOR, "body").send_keys(Keys.ESCAPE)
            time.sleep(0.2)
    return None


def order_of(vault, key_part):
    p = Path(vault) / ".order.json"
    if not p.exists():
        return None
    views = json.loads(p.read_text()).get("views", {})
    for k, v in views.items():
        if key_part in k:
            return v
    return None


def test_reorder_by_drag(driver, server, vault):
    d, base = driver, server.url
    open_app(d, base, "/project/Reorder")
    ids = row_ids(d)
    want = [f"Projects/Reorder/reorder-{c}.md" for c in "abcd"]
    assert ids[:4] == want, ids

    def moved():
        o = order_of(vault, "Reorder")
        if not o:
            return False
        names = [Path(x).name for x in o]
        return "reorder-d.md" in names and (
            "reorder-a.md" not in names or names.index("reorder-d.md") < names.index("reorder-a.md"))

    how = drag(d, row(d, want[3]), row(d, want[0]), moved)
    assert how, ".order.json did not change after dragging D above A (pointer and HTML5 drags)"
    print("reorder worked with a", how, "drag")
    wait_for(lambda: row_ids(d)[0] == want[3], 3, message="the list does not show the new order")
    d.refresh()
    wait_for(lambda: row_ids(d) and row_ids(d)[0] == want[3], 5, message="the order did not survive a reload")
    assert [Path(x).name for x in order_of(vault, "project:Reorder")][:1] == ["reorder-d.md"], order_of(vault, "Reorder")
    cli_ids = view_ids(cli(vault, "list", "areas", "--project", "Reorder"))
    assert cli_ids.index(want[3]) < cli_ids.index(want[0]), cli_ids


def test_move_by_dragging_to_sidebar_project(driver, server, vault):
    d, base = driver, server.url
    tid = "Inbox/drag-to-launch.md"
    path = Path(vault) / tid
    open_app(d, base, "/inbox")
    src = wait_for(lambda: row(d, tid), 5)
    dst = wait_for(lambda: d.find_element(By.CSS_SELECTOR, 'a.nav-item[data-nav="project/Launch"]'), 5)
    how = drag(d, src, dst, lambda: read_frontmatter(path).get("project") == "Launch", where="middle")
    assert how, "dragging a row onto the Launch project in the sidebar did not move it"
    print("move worked with a", how, "drag")
    wait_for(lambda: not row(d, tid), 3, message="the moved task stayed in the Inbox")


# ------------------------------------------------------------------------------------------------
# Detail: every field, and nothing else in the file changes

NEW_VALUES = {
    "title": ("Detail sample renamed", lambda fm: fm["title"] == "Detail sample renamed"),
    "description": ("A brand new subtitle", lambda fm: fm.get("description") == "A brand new subtitle"),
    "status": ("in-progress", lambda fm: fm["status"] == "in-progress"),
    "flagged": (True, lambda fm: fm.get("flagged") is True),
    "due": (day(10), lambda fm: fm.get("due") == day(10)),
    "scheduled": (day(5), lambda fm: fm.get("scheduled") == day(5)),
    "defer": (day(3), lambda fm: fm.get("defer") == day(3)),
    "priority": ("high", lambda fm: fm.get("priority") == "high"),
    "estimated_minutes": ("90", lambda fm: str(fm.get("estimated_minutes")) == "90"),
    "area": ("Personal", lambda fm: fm.get("area") == "Personal"),
    "project": ("Meal Prep", lambda fm: fm.get("project") == "Meal Prep"),
    "tags": ("gamma", lambda fm: set(fm.get("tags") or []) == {"alpha", "beta", "gamma"}),
    "recurrence": ("FREQ=DAILY", lambda fm: fm.get("recurrence") and fm.get("recurrence") != "FREQ=WEEKLY;BYDAY=MO"),
    "body": ("Appended by the browser.", None),
}
# lines that may change with a field besides its own (todomd keeps `modified` up to date)
ALSO = {"status": {"completed"}, "area": {"project"}, "project": {"area"}, "recurrence": {"recurrence_type"}}


def line_keys(text):
    """(owner, line) for every line: the frontmatter key a line belongs to, or 'body'."""
    out, key, in_fm = [], None, False
    for i, line in enumerate(text.split("\n")):
        if i == 0 and line == "---":
            in_fm = True
            out.append(("---", line))
            continue
        if in_fm and line == "---":
            in_fm = False
            out.append(("---", line))
            continue
        if in_fm:
            m = re.match(r"^([A-Za-z_][\w\-]*):", line)
            if m:
                key = m.group(1)
            out.append((key or "?", line))
        else:
            out.append(("body", line))
    return out


def changed_keys(before, after):
    a, b = line_keys(before), line_keys(after)
    keys = set()
    sm = difflib.SequenceMatcher(a=[x[1] for x in a], b=[x[1] for x in b], autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag != "equal":
            keys |= {k for k, _ in a[i1:i2]} | {k for k, _ in b[j1:j2]}
    return keys


def set_field(d, name, value):
    els = [e for e in css(d, f"#detail [name={name}]")]
    assert els, f"the detail has no [name={name}]"
    el = next((e for e in els if e.is_displayed()), els[0])
    tag, typ = el.tag_name.lower(), (el.get_attribute("type") or "").lower()
    if len(els) > 1 and all((e.get_attribute("type") or "").lower() in ("radio", "button", "submit") or e.tag_name == "button" for e in els):
        target = next((e for e in els if e.get_attribute("value") == value), None)
        assert target, f"no [name={name}][value={value}]"
        d.execute_script("arguments[0].click()", target)
        return
    if tag == "select":
        s = Select(el)
        try:
            s.select_by_value(value)
        except Exception:
            opts = [o for o in s.options if value.lower() in (o.get_attribute("value") + o.text).lower()]
            assert opts, f"[name={name}] has no option {value}: {[o.get_attribute('value') for o in s.options]}"
            s.select_by_value(opts[0].get_attribute("value"))
        return
    if typ == "checkbox" or tag == "button" or el.get_attribute("role") in ("switch", "checkbox"):
        checked = el.is_selected() if typ == "checkbox" else el.get_attribute("aria-checked") == "true" or el.get_attribute("aria-pressed") == "true"
        if checked != bool(value):
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
            el.click()
        return
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    el.click()
    if name == "body":
        el.send_keys(Keys.CONTROL, Keys.END)
        el.send_keys("\n" + value)
    elif name == "tags":
        el.send_keys(value, Keys.ENTER)
    else:
        el.send_keys(Keys.CONTROL, "a")
        el.send_keys(Keys.DELETE)
        el.send_keys(value)
        if tag == "input":
            el.send_keys(Keys.ENTER)
    # leave the field (saving is per field, on change/blur)
    d.execute_script("if (document.activeElement && document.activeElement !== document.body) document.activeElement.blur()")


@pytest.mark.parametrize("field", DETAIL_FIELDS)
def test_detail_edits_only_that_field(driver, server, vault, field):
    d, base = driver, server.url
    tid = f"Detail/detail-{field.replace('_', '-')}.md"
    path = Path(vault) / tid
    before = path.read_text(encoding="utf-8")
    d.get(base + "/task/" + urllib.parse.quote(tid, safe=""))
    wait_for(lambda: d.execute_script("const x = document.querySelector('#detail');"
                                      "return x && !x.hidden && x.querySelector('[name=title]')"), 10,
             message="the detail did not open at /task/ID")
    time.sleep(0.2)
    value, check = NEW_VALUES[field]
    set_field(d, field, value)
    if field == "body":
        wait_for(lambda: value in path.read_text(encoding="utf-8"), 5, message="the body was not saved")
    else:
        wait_for(lambda: check(read_frontmatter(path)), 5,
                 message=f"{field} was not saved as {value!r}: {read_frontmatter(path).get(field)!r}")
    time.sleep(0.4)  # anything else the UI might (wrongly) save too
    after = path.read_text(encoding="utf-8")
    keys = changed_keys(before, after)
    allowed = {field, "modified"} | ALSO.get(field, set())
    assert keys <= allowed, (f"editing {field} also changed {sorted(keys - allowed)}:\n" +
                             "".join(difflib.unified_diff(before.splitlines(True), after.splitlines(True))))
    assert "energy: low  # unknown keys are kept" in after


# ------------------------------------------------------------------------------------------------
# Perspective builder, themes, dark mode


def cond_rows(d):
    return d.find_elements(By.CSS_SELECTOR, "#main .cond-row")


def set_condition(d, index, field, op, value):
    """Sets condition row `index` of the builder: Field, Operator, then the value editor."""
    def pick(label, want):
        el = cond_rows(d)[index].find_element(By.CSS_SELECTOR, f"select[aria-label={label}]")
        s = Select(el)
        values = [o.get_attribute("value") for o in s.options]
        assert want in values, f"{label} offers no {want!r}: {values}"
        s.select_by_value(want)
    pick("Field", field)
    pick("Operator", op)
    row_el = cond_rows(d)[index]
    sel = row_el.find_elements(By.CSS_SELECTOR, "select[aria-label^='Value']")
    if sel:
        Select(sel[0]).select_by_value(value)
    else:
        inp = row_el.find_element(By.CSS_SELECTOR, "input.value, input[aria-label^='Value']")
        inp.clear()
        inp.send_keys(value)


def test_builder_perspective_equals_cli(driver, server, vault):
    d, base = driver, server.url
    d.get(base + "/builder")
    wait_for(lambda: cond_rows(d) or d.execute_script("return document.querySelector('#main .group-add button')"), 10,
             message="the builder did not render")
    d.find_element(By.CSS_SELECTOR, "#main input[name=name]").send_keys("Web test backend")
    if not cond_rows(d):
        d.execute_script("arguments[0].click()", visible_click_target(d, "#main .group-add", "condition"))
    set_condition(d, 0, "tags", "contains", "work/backend")
    d.execute_script("arguments[0].click()", visible_click_target(d, "#main .group-add", "condition"))
    wait_for(lambda: len(cond_rows(d)) == 2, 3, message="+ Condition added no row")
    set_condition(d, 1, "priority", "equals", "high")
    want_live = view_ids(server.api("POST", "/api/query", json={"query": "#work/backend & priority:high"}).json())
    assert want_live == ["Projects/Launch/fix-login-bug.md"], want_live
    wait_for(lambda: re.search(r"\b1 task\b", d.find_element(By.CSS_SELECTOR, "#main .builder-count").text), 5,
             message="the live result count does not say 1 task: "
                     + d.execute_script("return (document.querySelector('#main .builder-count') || {}).textContent"))
    d.execute_script("arguments[0].click()", visible_click_target(d, "#main", r"^\s*save"))
    pid = wait_for(lambda: next((p["id"] for p in server.api("GET", "/api/perspectives").json().get("perspectives", [])
                                 if p.get("name") == "Web test backend"), None), 5,
                   message="the builder saved no perspective named 'Web test backend'")
    saved = (Path(vault) / ".perspectives.json").read_text()
    assert "work/backend" in saved and "high" in saved, saved
    want = view_ids(cli(vault, "list", pid))
    assert want == ["Projects/Launch/fix-login-bug.md"], f"the CLI gives {want}"
    d.get(base + "/perspective/" + urllib.parse.quote(pid, safe=""))
    wait_for(lambda: row_ids(d), 10, message="the saved perspective lists nothing in the browser")
    time.sleep(0.3)
    assert row_ids(d) == want, f"browser {row_ids(d)} != CLI {want}"


def test_builtin_view_opens_read_only_in_the_builder(driver, server):
    d, base = driver, server.url
    d.get(base + "/builder/today")
    wait_for(lambda: cond_rows(d), 10, message="/builder/today shows no conditions")
    editable = d.execute_script("return [...document.querySelectorAll('#main .cond-row select, #main .cond-row input')]"
                                ".filter(e => !e.disabled).length")
    assert editable == 0, f"{editable} controls of a built-in view are editable"
    assert not visible_click_target(d, "#main", r"^\s*save( perspective)?\s*$"), "a built-in view offers Save"


def colours(d):
    return d.execute_script("""const cs = getComputedStyle(document.body), root = getComputedStyle(document.documentElement);
        return {bg: cs.backgroundColor, fg: cs.color, accent: root.getPropertyValue('--accent').trim(),
                preset: document.documentElement.dataset.preset, scheme: document.documentElement.dataset.scheme};""")


def luminance(rgb):
    nums = [float(x) for x in re.findall(r"[\d.]+", rgb)[:3]]
    return (0.2126 * nums[0] + 0.7152 * nums[1] + 0.0722 * nums[2]) / 255


def test_theme_switch_changes_computed_colours(driver, server, vault):
    d, base = driver, server.url
    d.get(base + "/settings")
    wait_for(lambda: d.execute_script("return document.querySelector('#main').textContent.length > 0"), 10)
    before = colours(d)
    assert before["preset"] == "classic"
    target = d.execute_script("""return document.querySelector('#main [value=ink], #main [data-preset=ink]') ||
        [...document.querySelectorAll('#main button, #main label, #main [role=radio]')].find(e => /^\\s*ink\\b/i.test(e.textContent));""")
    assert target, "settings offers no Ink preset control"
    d.execute_script("arguments[0].click()", target)
    wait_for(lambda: colours(d)["preset"] == "ink", 3, message="choosing Ink did not set data-preset=ink")
    after = colours(d)
    assert (after["bg"], after["fg"], after["accent"]) != (before["bg"], before["fg"], before["accent"]), (before, after)
    wait_for(lambda: (Path(vault) / ".theme.json").exists()
             and json.loads((Path(vault) / ".theme.json").read_text()).get("base") == "ink", 5,
             message=".theme.json was not written with base ink")
    open_app(d, base, "/today")
    assert colours(d)["preset"] == "ink", "the theme did not survive a reload"
    (Path(vault) / ".theme.json").write_text('{"base": "classic"}\n')


def test_dark_mode_follows_the_system(driver, server, vault):
    d, base = driver, server.url
    theme = Path(vault) / ".theme.json"
    theme.write_text('{"base": "classic"}\n')
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    open_app(d, base, "/today")
    light = colours(d)
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    wait_for(lambda: colours(d)["scheme"] == "dark", 3, message="data-scheme did not follow the system to dark live")
    dark = colours(d)
    d.refresh()
    wait_for(lambda: colours(d)["scheme"] == "dark", 5)
    assert light["scheme"] == "light"
    assert luminance(light["bg"]) > 0.7, light
    assert luminance(dark["bg"]) < 0.3, dark
    assert luminance(dark["fg"]) > 0.6, dark


# ------------------------------------------------------------------------------------------------
# Keyboard, palette, inline entry, phone layout, reduced motion


def focused_row_id(d):
    return d.execute_script("""const s = document.querySelector('#main .task-row.selected, #main .task-row[aria-selected=true]')
        || document.activeElement?.closest?.('.task-row'); return s ? s.dataset.id : null;""")


def test_keyboard_select_open_and_complete(driver, server, vault):
    d, base = driver, server.url
    open_app(d, base, "/project/Launch")
    body = d.find_element(By.CSS_SELECTOR, "body")
    d.execute_script("document.activeElement && document.activeElement.blur()")
    body.send_keys("j")
    first = wait_for(lambda: focused_row_id(d), 2, message="j selected no row")
    body = d.switch_to.active_element
    body.send_keys("j")
    second = wait_for(lambda: focused_row_id(d) != first and focused_row_id(d), 2, message="j did not move down")
    d.switch_to.active_element.send_keys("k")
    wait_for(lambda: focused_row_id(d) == first, 2, message="k did not move up")
    d.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(lambda: d.execute_script("return !document.querySelector('#detail').hidden"), 3,
             message="Enter did not open the selected task")
    assert urllib.parse.unquote(d.current_url).endswith(first), d.current_url
    d.switch_to.active_element.send_keys(Keys.ESCAPE)
    wait_for(lambda: d.execute_script("return document.querySelector('#detail').hidden"), 3, message="Escape did not close the detail")
    # x completes the selected task
    d.execute_script("document.activeElement && document.activeElement.blur()")
    d.find_element(By.CSS_SELECTOR, "body").send_keys("j")
    sel = wait_for(lambda: focused_row_id(d), 2)
    d.switch_to.active_element.send_keys("x")
    wait_for(lambda: read_frontmatter(Path(vault) / sel)["status"] == "done", 5, message="x did not complete the selected task")
    # ? lists the shortcuts
    d.execute_script("document.activeElement && document.activeElement.blur()")
    d.find_element(By.CSS_SELECTOR, "body").send_keys("?")
    wait_for(lambda: "Undo" in d.execute_script("return document.querySelector('#overlays').textContent"), 2,
             message="? shows no shortcut list")


def test_palette_jumps_and_searches(driver, server, vault):
    d, base = driver, server.url
    open_app(d, base, "/today")
    # The palette jumps to what the sidebar lists: wait for the projects (they come with /api/overview).
    wait_for(lambda: css(d, '#sidebar a.nav-item[data-nav="project/Meal Prep"]'), 5)
    d.execute_script("document.activeElement && document.activeElement.blur()")
    ActionChains(d).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()
    inp = wait_for(lambda: [e for e in css(d, "#overlays input") if e.is_displayed()], 3, message="Ctrl-K opened no palette")[0]
    inp.send_keys("Meal Prep")
    time.sleep(0.4)
    inp.send_keys(Keys.ENTER)
    wait_for(lambda: urllib.parse.unquote(d.current_url).endswith("/project/Meal Prep"), 3,
             message=f"the palette did not jump to the project: {d.current_url}")
    ActionChains(d).key_down(Keys.CONTROL).send_keys("k").key_up(Keys.CONTROL).perform()
    inp = wait_for(lambda: [e for e in css(d, "#overlays input") if e.is_displayed()], 3)[0]
    inp.send_keys("Trader Joe")  # full text: only in a description
    wait_for(lambda: "Buy groceries" in d.execute_script("return document.querySelector('#overlays').textContent"), 3,
             message="full-text search in the palette found nothing")
    inp.send_keys(Keys.ENTER)
    # Enter opens the found task, or the search results (a list) with it
    tid = "Projects/Meal Prep/buy-groceries.md"
    wait_for(lambda: "buy-groceries" in d.current_url or row(d, tid), 3,
             message=f"Enter neither opened the found task nor listed it: {d.current_url}")
    if "buy-groceries" not in d.current_url:
        ActionChains(d).double_click(row(d, tid)).perform()  # click selects, double-click opens
        wait_for(lambda: "buy-groceries" in d.current_url, 3, message="double-clicking the search result did not open it")


def test_inline_new_task_row_prefills_the_project(driver, server, vault):
    d, base = driver, server.url
    open_app(d, base, "/project/Launch")
    before = set(Path(vault).rglob("*.md"))
    slot = wait_for(lambda: d.execute_script("return document.querySelector('#main .inline-entry, #main .new-task-slot')"), 3,
                    message="the list has no inline New task row")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", slot)
    inp = d.execute_script("return arguments[0].querySelector('input')", slot)
    if not inp:
        d.execute_script("(arguments[0].querySelector('button') || arguments[0]).click()", slot)
        inp = wait_for(lambda: d.execute_script("return arguments[0].querySelector('input')", slot), 4,
                       message="clicking New task gave no input")
    inp.click()
    inp.send_keys("Write the changelog")
    inp.send_keys(Keys.ENTER)
    files = wait_for(lambda: new_files(vault, before), 5, message="the inline row created nothing")
    fm = read_frontmatter(files[0])
    assert fm["title"] == "Write the changelog" and fm.get("project") == "Launch", fm
    wait_for(lambda: row(d, str(files[0].relative_to(vault))), 5, message="the new task is not in the project list")


def test_phone_shows_the_sidebar_first(driver, server):
    d, base = driver, server.url
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    d.get(base + "/")
    wait_for(lambda: d.execute_script("return document.querySelectorAll('#sidebar a.nav-item').length > 0"), 10)
    vis = lambda sel: d.execute_script(  # noqa: E731
        "const e = document.querySelector(arguments[0]); if (!e) return false; const r = e.getBoundingClientRect();"
        "return r.width > 0 && r.height > 0 && r.left < innerWidth && r.right > 0 && getComputedStyle(e).visibility !== 'hidden';", sel)
    assert vis("#sidebar a.nav-item[data-nav=today]"), "on a phone / should show the sidebar"
    d.find_element(By.CSS_SELECTOR, "#sidebar a.nav-item[data-nav=today]").click()
    wait_for(lambda: d.current_url.endswith("/today") and vis("#main .task-row"), 5, message="tapping Today showed no list")
    assert not vis("#sidebar a.nav-item[data-nav=today]"), "the sidebar stays over the list on a phone"
    d.back()
    wait_for(lambda: vis("#sidebar a.nav-item[data-nav=today]"), 5, message="back did not return to the sidebar")


def test_reduced_motion_turns_motion_off(driver, server):
    d, base = driver, server.url
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_app(d, base, "/today")
    wait_for(lambda: d.execute_script("return document.documentElement.dataset.motion") == "none", 3,
             message="prefers-reduced-motion did not set html[data-motion=none]")
    durs = d.execute_script("""return [...document.querySelectorAll('#main .task-row, #main .checkbox, #fab')].slice(0, 20)
        .map(e => getComputedStyle(e)).map(s => [s.transitionDuration, s.animationDuration].join(' '))""")
    slow = [x for x in durs if re.search(r"(?<![\d.])(0\.[1-9]|[1-9])\d*m?s", x) and not re.fullmatch(r"[0s,. ]+", x)]
    assert not slow, f"transitions still run with reduced motion: {slow[:5]}"


def test_tap_title_to_rename_and_blank_reverts(driver, server, vault):
    """Spec 001: tap a title to edit it in place; a blank edit reverts."""
    d, base = driver, server.url
    tid = "Inbox/rename-me.md"
    path = Path(vault) / tid
    open_app(d, base, "/inbox")
    before = path.read_text()
    wait_for(lambda: row(d, tid), 5).find_element(By.CSS_SELECTOR, ".title").click()
    inp = wait_for(lambda: row(d, tid).find_element(By.CSS_SELECTOR, "input"), 2, message="tapping the title gave no input")
    inp.send_keys(Keys.CONTROL, "a")
    inp.send_keys(Keys.DELETE, Keys.ENTER)
    time.sleep(0.6)
    assert path.read_text() == before, "a blank title edit changed the file"
    assert row(d, tid).find_element(By.CSS_SELECTOR, ".title").text == "Rename me inline"
    row(d, tid).find_element(By.CSS_SELECTOR, ".title").click()
    inp = wait_for(lambda: row(d, tid).find_element(By.CSS_SELECTOR, "input"), 2)
    inp.send_keys(Keys.CONTROL, "a")
    inp.send_keys("Renamed in the list", Keys.ENTER)
    wait_for(lambda: read_frontmatter(path)["title"] == "Renamed in the list", 5, message="the inline rename was not saved")
    assert changed_keys(before, path.read_text()) <= {"title", "modified"}


def open_menu(d, tid):
    ActionChains(d).context_click(wait_for(lambda: row(d, tid), 5).find_element(By.CSS_SELECTOR, ".title")).perform()
    wait_for(lambda: visible_click_target(d, "#overlays", "."), 3, message="right-click opened no menu")


def menu_click(d, pattern):
    target = wait_for(lambda: visible_click_target(d, "#overlays", pattern), 3,
                      message=f"the menu has no item matching {pattern!r}")
    d.execute_script("arguments[0].click()", target)


def test_context_menu_flag_priority_duplicate(driver, server, vault):
    d, base = driver, server.url
    tid = "Inbox/menu-actions.md"
    path = Path(vault) / tid
    open_app(d, base, "/inbox")
    open_menu(d, tid)
    menu_click(d, r"^\s*flag\s*$")
    wait_for(lambda: read_frontmatter(path).get("flagged") is True, 5, message="menu Flag did not flag the file")
    open_menu(d, tid)
    menu_click(d, r"^\s*priority")
    menu_click(d, r"^\s*high\s*$")
    wait_for(lambda: read_frontmatter(path).get("priority") == "high", 5, message="menu Priority > High did not save")
    before = set(Path(vault).rglob("*.md"))
    open_menu(d, tid)
    menu_click(d, r"^\s*duplicate")
    files = wait_for(lambda: new_files(vault, before), 5, message="menu Duplicate wrote no file")
    fm = read_frontmatter(files[0])
    assert fm["title"] == "Menu actions target" and fm.get("priority") == "high", fm


def test_defer_pick_a_date_sheet_save_cancel_clear(driver, server, vault):
    """Spec 001: the date sheet with Save, Cancel and Clear (reached from Defer > Pick a date)."""
    d, base = driver, server.url
    tid = "Inbox/date-sheet.md"
    path = Path(vault) / tid

    def sheet(action, phrase=None):
        open_menu(d, tid)
        menu_click(d, r"^\s*defer")
        menu_click(d, r"pick|choose|date…|custom")
        inp = wait_for(lambda: [e for e in css(d, "#overlays input[name=date-phrase]") if e.is_displayed()], 3,
                       message="Pick a date opened no date sheet")[0]
        if phrase:
            inp.send_keys(phrase)
            time.sleep(0.3)
        d.execute_script("arguments[0].click()", d.find_element(By.CSS_SELECTOR, f"#overlays button[name={action}]"))

    open_app(d, base, "/inbox")
    sheet("save", "+3d")
    wait_for(lambda: read_frontmatter(path).get("defer") == day(3), 5,
             message=f"Save did not defer to {day(3)}: {read_frontmatter(path).get('defer')!r}")
    before = path.read_text()
    sheet("cancel", "+5d")
    time.sleep(0.6)
    assert path.read_text() == before, "Cancel changed the file"
    sheet("clear")
    wait_for(lambda: not read_frontmatter(path).get("defer"), 5, message="Clear did not remove defer")


def test_delete_from_detail_asks_then_moves_to_trash(driver, server, vault):
    d, base = driver, server.url
    tid = "Inbox/delete-me.md"
    path = Path(vault) / tid
    d.get(base + "/task/" + urllib.parse.quote(tid, safe=""))
    btn = wait_for(lambda: [e for e in css(d, "#detail button.detail-delete, #detail button.danger") if e.is_displayed()], 10,
                   message="the detail has no Delete button")[0]
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", btn)
    btn.click()
    ok = wait_for(lambda: visible_click_target(d, "#overlays", r"^\s*delete\s*$"), 3, message="Delete asked no confirmation")
    assert path.exists(), "Delete did not wait for the confirmation"
    d.execute_script("arguments[0].click()", ok)
    wait_for(lambda: not path.exists(), 5, message="confirming Delete left the file")
    assert list((Path(vault) / ".trash").rglob("delete-me*.md")), "the file is not in .trash/"
    open_app(d, base, "/trash", rows=False)
    wait_for(lambda: "Delete me with confirmation" in d.execute_script("return document.querySelector('#main').textContent"), 5,
             message="the Trash view does not list the deleted task")


def test_drag_to_sidebar_today_schedules_it(driver, server, vault):
    d, base = driver, server.url
    tid = "Inbox/drag-to-today.md"
    path = Path(vault) / tid
    open_app(d, base, "/inbox")
    src = wait_for(lambda: row(d, tid), 5)
    dst = wait_for(lambda: d.find_element(By.CSS_SELECTOR, 'a.nav-item[data-nav="today"]'), 5)
    how = drag(d, src, dst, lambda: read_frontmatter(path).get("scheduled") == day(0), where="middle")
    assert how, "dragging a row onto Today in the sidebar did not schedule it for today"
