"""Structure in the web app (issue 21): the Next view (each project's first available task, a sequential project's
first in its manual order, No Project last) in the sidebar after Anytime and at /next; a task's checklist as a
badge in its row and as real checkboxes in the detail, ticked on a phone by touch (only that line of the file
changes, the badge and the notes follow) and refused with a stale version (the checklist is reloaded and says
so); review mode at /review stepping through the projects due for review (Mark reviewed, Skip, Previous,
Enter and arrows) to "All reviewed"; axe in light, dark and on a phone; screenshots."""
import base64
import json
import shutil
import time
import urllib.parse
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import REPO, Server, day, open_app, read_frontmatter, row, view_ids, wait_for, write_task
from test_a11y import bad, describe, run_axe

SHOTS = REPO / "docs" / "screenshots"
PHONE = dict(width=390, height=844, deviceScaleFactor=2, mobile=True)
PACK = "Trip/pack.md"
CHECKLIST = "- [ ] charger\n- [x] passport\n- [ ] adapter"


def js(d, script, *args):
    return d.execute_script(script, *args)


def seed(v):
    """Trip is sequential with "Pack bags" first in its manual order (created last); Home is parallel; Garden
    has only a deferred task (stalled); one task has no project."""
    (v / ".todomd.json").write_text(json.dumps({"projects": {"Trip": {"sequential": True}}}) + "\n")
    (v / ".order.json").write_text(json.dumps({"version": 1, "views": {"project:Trip": ["pack.md", "flights.md", "visa.md"]}}) + "\n")
    w = lambda rel, title, **kw: write_task(v, rel, title, **kw)  # noqa: E731
    w("Trip/flights.md", "Book flights", area="Travel", project="Trip", created="2026-01-02T09:00:00Z")
    w("Trip/visa.md", "Get the visa", area="Travel", project="Trip", created="2026-01-02T09:01:00Z")
    w(PACK, "Pack bags", body="Things to take:\n\n" + CHECKLIST, area="Travel", project="Trip", created="2026-01-02T09:02:00Z")
    w("Home/sink.md", "Fix the sink", area="House", project="Home", created="2026-01-03T09:00:00Z")
    w("Home/paint.md", "Paint the hall", area="House", project="Home", due=day(-1), created="2026-01-03T09:01:00Z")
    w("Garden/seeds.md", "Sow the seeds", area="House", project="Garden", defer=day(30), created="2026-01-04T09:00:00Z")
    w("Inbox/call.md", "Call <b>mom</b> & dad", created="2026-01-05T09:00:00Z")
    return v


@pytest.fixture(scope="module")
def st(tmp_path_factory):
    s = Server(seed(tmp_path_factory.mktemp("structure")))
    yield s
    s.stop()


def shot(d, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / name).write_bytes(base64.b64decode(d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]))


def emulate(d, device="desktop", scheme="light"):
    if device == "phone":
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})


def groups(d):
    """[[group title, [row titles…]]…] of the list shown."""
    return js(d, "return [...document.querySelectorAll('#main .group')].map(g => [g.querySelector('.group-title').textContent,"
                 "[...g.querySelectorAll('.task-row .title')].map(t => t.textContent)])")


def tap(d, el):
    """A finger's tap in the middle of `el` (touch events, as a phone sends them)."""
    r = js(d, "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]", el)
    for kind, points in (("touchStart", [{"x": r[0], "y": r[1]}]), ("touchEnd", [])):
        d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def open_detail(d, base, task_id):
    open_app(d, base, "/task/" + urllib.parse.quote(task_id, safe=""), rows=False)
    wait_for(lambda: js(d, "return document.querySelectorAll('#detail .detail-cl .cl-item').length") == 3, 10,
             message="the detail shows no checklist")


def items(d):
    return js(d, "return [...document.querySelectorAll('#detail .cl-item')].map(l => [l.textContent, l.querySelector('input').checked])")


def item_box(d, text):
    return js(d, "return [...document.querySelectorAll('#detail .cl-item')].find(l => l.textContent === arguments[0])", text)


def badge(d, task_id):
    r = row(d, task_id)
    return r and js(d, "const b = arguments[0].querySelector('.cl-badge'); return b && [b.textContent, b.getAttribute('aria-label'), b.getAttribute('role')]", r)


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_next_lists_each_projects_first_available_task(driver, st, device):
    d = driver
    emulate(d, device)
    open_app(d, st.url, "/next")
    want = [["Home", ["Fix the sink"]], ["Trip", ["Pack bags"]], ["No Project", ["Call <b>mom</b> & dad"]]]
    wait_for(lambda: groups(d) == want, 5, message=f"Next shows {groups(d)}")
    # The same tasks as the API, in its order; Garden (only a deferred task) has no next action.
    assert [t for _, ts in want for t in ts] == [t["title"] for g in st.api("GET", "/api/views/next").json()["groups"] for t in g["tasks"]]
    assert view_ids(st.api("GET", "/api/views/next").json()) == js(d, "return [...document.querySelectorAll('#main .task-row')].map(r => r.dataset.id)")
    # User text stays text.
    assert js(d, "return document.querySelector('#main b')") is None
    # The checklist's progress in the row.
    assert badge(d, PACK) == ["☑ 1/3", "Checklist 1 of 3 done", "img"]
    # Next is not a perspective: no builder link.
    assert not js(d, "return document.querySelector('#main .list-actions a[href^=\"/builder\"]')")
    if device == "desktop":
        navs = js(d, "return [...document.querySelectorAll('#sidebar .builtin .nav-item')].map(a => a.dataset.nav)")
        assert navs[navs.index("anytime") + 1] == "next", navs
        assert js(d, "return document.querySelector('#sidebar [data-nav=next]').ariaCurrent") == "page"
        assert js(d, "return document.querySelector('#sidebar [data-nav=next] .count').textContent") == "3"
        # From the sidebar to Anytime and back to Next.
        js(d, "document.querySelector('#sidebar [data-nav=anytime]').click()")
        wait_for(lambda: d.current_url.endswith("/anytime") and "Fix the sink" in js(d, "return document.querySelector('#main').innerText"), 5)
        js(d, "document.querySelector('#sidebar [data-nav=next]').click()")
        wait_for(lambda: d.current_url.endswith("/next") and groups(d) == want, 5)
    else:
        assert js(d, "return document.documentElement.scrollWidth <= innerWidth"), "wider than the phone"
    time.sleep(0.2)
    shot(d, f"next-{device}.png")


def test_tick_a_checklist_item_by_touch_on_a_phone(driver, st):
    d = driver
    path = st.vault / PACK
    before = path.read_text()
    emulate(d, "phone")
    open_detail(d, st.url, PACK)
    assert items(d) == [["charger", False], ["passport", True], ["adapter", False]]
    assert js(d, "return document.querySelector('#detail .cl-head').textContent") == "Checklist 1/3"
    # Real checkboxes named by their item, and targets a finger can hit.
    assert js(d, "return [...document.querySelectorAll('#detail .cl-item input')].map(i => i.type + ':' + i.labels[0].textContent)") == \
        ["checkbox:charger", "checkbox:passport", "checkbox:adapter"]
    sizes = js(d, "return [...document.querySelectorAll('#detail .cl-item')].map(l => { const r = l.getBoundingClientRect(); return [r.width, r.height] })")
    assert all(w >= 44 and h >= 44 for w, h in sizes), sizes
    tap(d, item_box(d, "charger"))
    want = before.replace("- [ ] charger", "- [x] charger")
    wait_for(lambda: path.read_text().partition("\n---\n")[2] == want.partition("\n---\n")[2], 5,
             message=f"the file after the tap:\n{path.read_text()}")
    # Only the item's line changed in the body; the frontmatter gained the `modified` stamp only.
    assert [l for l in path.read_text().splitlines() if l not in before.splitlines()][-1] == "- [x] charger"
    assert {l.split(":")[0] for l in path.read_text().splitlines() if l not in before.splitlines()} == {"modified", "- [x] charger"}
    wait_for(lambda: items(d)[0] == ["charger", True], 3)
    wait_for(lambda: js(d, "return document.querySelector('#detail .cl-head').textContent") == "Checklist 2/3", 3)
    assert "- [x] charger" in js(d, "return document.querySelector('#detail-body').value"), "the notes do not show the tick"
    time.sleep(0.3)
    shot(d, "checklist-phone.png")
    # Back to the list: the row's badge follows.
    js(d, "document.querySelector('#detail .detail-close').click()")
    open_app(d, st.url, "/next")
    wait_for(lambda: badge(d, PACK) == ["☑ 2/3", "Checklist 2 of 3 done", "img"], 5, message=f"the badge: {badge(d, PACK)}")
    # Untick from the detail again (a tap on the box itself this time).
    open_detail(d, st.url, PACK)
    tap(d, js(d, "return arguments[0].querySelector('input')", item_box(d, "charger")))
    wait_for(lambda: "- [ ] charger" in path.read_text(), 5, message="the second tap did not untick")
    assert path.read_text().partition("\n---\n")[2] == before.partition("\n---\n")[2]


def test_a_tick_with_a_stale_version_is_refused_and_reloaded(driver, st):
    d = driver
    path = st.vault / PACK
    open_detail(d, st.url, PACK)
    read = js(d, "return document.querySelector('#detail .detail-cl').dataset.version")
    # Another program ticks "adapter"; the detail follows it live…
    path.write_text(path.read_text().replace("- [ ] adapter", "- [x] adapter"))
    wait_for(lambda: items(d)[2] == ["adapter", True], 5, message="the detail did not follow the edit on disk")
    on_disk = path.read_text()
    # …but as if it had not seen it yet: the tick goes with the version read first.
    js(d, "document.querySelector('#detail .detail-cl').dataset.version = arguments[0]", read)
    item_box(d, "passport").click()
    msg = "return document.querySelector('#detail .detail-cl .dfield-msg')?.textContent || ''"
    wait_for(lambda: "changed elsewhere" in js(d, msg), 5, message=f"no conflict message: {js(d, msg)!r}")
    assert js(d, "return document.querySelector('#detail .detail-cl .dfield-msg').getAttribute('role')") == "alert"
    assert path.read_text() == on_disk, "a stale tick was written"
    # The checklist as the file has it, with the new version: the next tick goes through.
    wait_for(lambda: items(d) == [["charger", False], ["passport", True], ["adapter", True]], 3, message=f"{items(d)}")
    assert js(d, "return document.querySelector('#detail .detail-cl').dataset.version") != read
    item_box(d, "adapter").click()
    wait_for(lambda: "- [ ] adapter" in path.read_text(), 5, message="the tick after the reload was not written")
    wait_for(lambda: not js(d, msg), 3, message="the conflict message stayed")


def review(server):
    return {p["project"]: p for p in server.api("GET", "/api/review").json()["projects"]}


def shown(d):
    return js(d, "return document.querySelector('.rv-card .rv-name')?.textContent || ''")


def test_review_mode_steps_through_the_projects_due(driver, make_server, tmp_path):
    d = driver
    s = make_server(seed(tmp_path))
    due = [p["project"] for p in s.api("GET", "/api/review").json()["projects"] if p["due"]]
    assert sorted(due) == ["Garden", "Home", "Trip"], due
    open_app(d, s.url, "/review", rows=False)
    wait_for(lambda: shown(d) == due[0], 10, message=f"review shows {shown(d)!r}")
    wait_for(lambda: js(d, "return document.querySelector('#sidebar [data-nav=review] .count').textContent") == "3", 5)
    assert js(d, "return document.querySelector('#sidebar [data-nav=review]').ariaCurrent") == "page"
    step = "return document.querySelector('.rv-step').textContent"
    assert js(d, step) == f"Project 1 of 3"
    # Each project: its area, counts, stalled warning and open tasks.
    facts = {}
    for i, name in enumerate(due):
        wait_for(lambda: shown(d) == name and js(d, "return !document.querySelector('.rv-tasks .rows').textContent.startsWith('Loading')"), 5)
        wait_for(lambda: js(d, "return document.querySelectorAll('.rv-tasks .task-row, .rv-tasks .rv-none').length") > 0, 5)
        facts[name] = js(d, """return {counts: [...document.querySelectorAll('.rv-stat')].map(s => s.querySelector('dt').textContent + ' ' + s.querySelector('dd').textContent),
            area: document.querySelector('.rv-meta').textContent, stalled: document.querySelector('.rv-warn')?.textContent || null,
            tasks: [...document.querySelectorAll('.rv-tasks .task-row .title')].map(t => t.textContent)}""")
        if name == "Trip":
            shot(d, "review-desktop.png")
        if i < len(due) - 1:
            d.find_element("css selector", ".rv-actions [data-k=skip]").click()
    api = review(s)
    assert facts["Home"]["counts"] == [f"Open {api['Home']['open']}", f"Available {api['Home']['available']}", f"Overdue {api['Home']['overdue']}"] \
        == ["Open 2", "Available 2", "Overdue 1"], facts["Home"]
    assert facts["Trip"]["tasks"] == ["Pack bags", "Book flights", "Get the visa"] and "Travel" in facts["Trip"]["area"]
    assert facts["Trip"]["stalled"] is None and facts["Garden"]["stalled"] == "Stalled: no available task" and api["Garden"]["stalled"]
    assert facts["Garden"]["counts"][1] == "Available 0"
    # Back to the first with Previous and the left arrow; Mark reviewed by click, then by Enter.
    d.find_element("css selector", ".rv-actions [data-k=back]").click()
    wait_for(lambda: shown(d) == due[1], 3)
    js(d, "document.querySelector('.rv-card').focus()")
    ActionChains(d).send_keys(Keys.ARROW_LEFT).perform()
    wait_for(lambda: shown(d) == due[0], 3)
    assert js(d, "return document.querySelector('[data-k=back]').disabled")
    d.find_element("css selector", ".rv-actions [data-k=mark]").click()
    wait_for(lambda: not review(s)[due[0]]["due"], 5, message=f"{due[0]} is still due")
    assert review(s)[due[0]]["last_reviewed"] == s.api("GET", "/api/review").json()["today"]
    wait_for(lambda: shown(d) == due[1], 3, message="Mark reviewed did not go on to the next project")
    wait_for(lambda: js(d, "return document.querySelector('#sidebar [data-nav=review] .count').textContent") == "2", 5)
    ActionChains(d).send_keys(Keys.ENTER).perform()
    wait_for(lambda: not review(s)[due[1]]["due"], 5, message=f"Enter did not mark {due[1]} reviewed")
    wait_for(lambda: shown(d) == due[2], 3)
    # The right arrow skips the last one: the end screen.
    ActionChains(d).send_keys(Keys.ARROW_RIGHT).perform()
    wait_for(lambda: js(d, "return document.querySelector('.rv-end h2')?.textContent") == "All reviewed", 3, message="no end screen")
    assert review(s)[due[2]]["due"], "a skipped project was marked reviewed"
    assert js(d, "return document.querySelector('.rv-end p').textContent").startswith("2 projects marked reviewed.")
    time.sleep(0.2)
    shot(d, "review-end.png")
    # A task opened from the review comes back to the review.
    js(d, "document.querySelector('.rv-end [data-k=back]').click()")
    wait_for(lambda: shown(d) == due[2], 3)
    js(d, "document.querySelector('.rv-tasks .task-row').dispatchEvent(new MouseEvent('dblclick', {bubbles: true}))")
    wait_for(lambda: js(d, "return !document.querySelector('#detail').hidden"), 5)
    js(d, "document.querySelector('#detail .detail-close').click()")
    wait_for(lambda: d.current_url.endswith("/review") and shown(d) == due[2], 5, message="the review lost its place")


@pytest.mark.parametrize("scheme,device", [("light", "desktop"), ("dark", "desktop"), ("light", "phone")])
def test_structure_a11y(driver, st, scheme, device):
    d = driver
    emulate(d, device, scheme)
    problems = []
    open_app(d, st.url, "/next")
    time.sleep(0.3)
    problems += describe(f"next {scheme} {device}", bad(run_axe(d)))
    if scheme == "dark":
        shot(d, "next-dark.png")
    open_detail(d, st.url, PACK)
    time.sleep(0.3)
    problems += describe(f"checklist {scheme} {device}", bad(run_axe(d)))
    open_app(d, st.url, "/review", rows=False)
    wait_for(lambda: js(d, "return document.querySelectorAll('.rv-tasks .task-row').length") > 0, 10, message="the review shows no tasks")
    time.sleep(0.3)
    problems += describe(f"review {scheme} {device}", bad(run_axe(d)))
    if device == "phone":
        assert js(d, "return document.documentElement.scrollWidth <= innerWidth && document.querySelector('#main').scrollWidth <= innerWidth"), \
            "the review is wider than the phone"
        sizes = js(d, "return [...document.querySelectorAll('.rv-actions .btn')].map(b => b.getBoundingClientRect().height)")
        assert min(sizes) >= 44, sizes
        shot(d, "review-phone.png")
    elif scheme == "dark":
        shot(d, "review-dark.png")
    assert not problems, "\n".join(problems)


def test_subtasks_sit_under_their_parent(driver, make_server, tmp_path):
    """A child right under its parent, indented; alone (its parent elsewhere), it names the parent."""
    d = driver
    v = tmp_path
    write_task(v, "plan.md", "Plan the trip", created="2026-01-01T09:00:00Z")
    write_task(v, "flights.md", "Book flights", parent="plan.md", created="2026-01-01T09:01:00Z", due=day(0))
    write_task(v, "compare.md", "Compare prices", parent="flights", created="2026-01-01T09:02:00Z")
    write_task(v, "other.md", "Unrelated", created="2026-01-01T08:00:00Z")
    s = make_server(v)
    open_app(d, s.url, "/anytime")
    rows = lambda: js(d, "return [...document.querySelectorAll('#main .task-row')].map(r => [r.querySelector('.title').textContent, r.dataset.depth])")  # noqa: E731
    wait_for(lambda: len(rows()) == 4, 5)
    assert rows() == [["Unrelated", "0"], ["Plan the trip", "0"], ["Book flights", "1"], ["Compare prices", "2"]], rows()
    indent = js(d, "const [a, b] = ['plan.md', 'flights.md'].map(id => document.querySelector(`.task-row[data-id='${id}']`)"
                   ".getBoundingClientRect().left); return b - a")
    assert indent > 10, indent
    open_app(d, s.url, "/today")
    wait_for(lambda: js(d, "return document.querySelector('#main .parent-of')?.textContent") == "↳ Plan the trip", 5)


def test_held_up_tasks_say_what_holds_them(driver, make_server, tmp_path):
    """A blocked task shows a lock naming its blocker; a task waiting in a sequential project is dimmed."""
    d = driver
    v = tmp_path
    (v / ".todomd.json").write_text(json.dumps({"projects": {"Move": {"sequential": True}}}) + "\n")
    write_task(v, "first.md", "Hire the van", project="Move", created="2026-01-01T09:00:00Z")
    write_task(v, "second.md", "Load the van", project="Move", created="2026-01-01T09:01:00Z")
    write_task(v, "talk.md", "Draft the talk", created="2026-01-01T09:02:00Z")
    write_task(v, "lease.md", "Sign the lease", blocked_by=["talk.md"], created="2026-01-01T09:03:00Z")
    s = make_server(v)
    open_app(d, s.url, "/project/Move")
    wait_for(lambda: js(d, "return document.querySelector(\".task-row[data-id='second.md']\")?.classList.contains('waiting')"), 5)
    assert not js(d, "return document.querySelector(\".task-row[data-id='first.md']\").classList.contains('waiting')")
    open_app(d, s.url, "/inbox")
    wait_for(lambda: js(d, "return document.querySelector(\".task-row[data-id='lease.md'] .blocked\")?.title") == "Blocked by Draft the talk", 5)


# ---------------------------------------------------------------------------------------------
# Nesting by drag and from the menu; completing a parent with open subtasks

WEBSHOTS = Path("/tmp/webshots")


def webshot(d, name):
    WEBSHOTS.mkdir(parents=True, exist_ok=True)
    (WEBSHOTS / name).write_bytes(base64.b64decode(d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]))


def family(v, parent=None):
    """Plan the trip, Book flights (under `parent` if given), Pack: three tasks in Anytime, in that order."""
    write_task(v, "plan.md", "Plan the trip", created="2026-01-01T09:00:00Z")
    write_task(v, "flights.md", "Book flights", created="2026-01-01T09:01:00Z", **({"parent": parent} if parent else {}))
    write_task(v, "pack.md", "Pack", created="2026-01-01T09:02:00Z")
    return v


def depths(d):
    return js(d, "return [...document.querySelectorAll('#main .task-row')].map(r => [r.querySelector('.title').textContent, r.dataset.depth])")


def gestures_loaded(d):
    """The list binds its drag gestures once js/gestures.js (loaded on demand) is in."""
    wait_for(lambda: js(d, "return performance.getEntriesByType('resource').some(e => e.name.endsWith('/js/gestures.js'))"), 5,
             message="gestures.js did not load")
    time.sleep(0.2)


def mouse_drag(d, src, dst, frac, holding=None):
    """A real mouse drag (the list's gestures are pointer events) from `src` to the point `frac` of the way down
    `dst`, in small steps; `holding()` runs before the button is let go."""
    rect = "const r = arguments[0].getBoundingClientRect(); return [r.left, r.top, r.width, r.height]"
    sr, tr = js(d, rect, src), js(d, rect, dst)
    x0, y0 = sr[0] + sr[2] * 0.6, sr[1] + sr[3] / 2
    x1, y1 = tr[0] + tr[2] * 0.6, tr[1] + tr[3] * frac
    mouse = lambda typ, x, y, b: d.execute_cdp_cmd("Input.dispatchMouseEvent", {  # noqa: E731
        "type": typ, "x": x, "y": y, "button": "left", "buttons": b, "clickCount": 0 if typ == "mouseMoved" else 1})
    mouse("mouseMoved", x0, y0, 0)
    mouse("mousePressed", x0, y0, 1)
    for i in range(1, 21):
        mouse("mouseMoved", x0 + (x1 - x0) * i / 20, y0 + (y1 - y0) * i / 20, 1)
        time.sleep(0.015)
    time.sleep(0.1)
    if holding:
        holding()
    mouse("mouseReleased", x1, y1, 0)


def test_drag_a_task_onto_another_to_make_it_a_subtask(driver, make_server, tmp_path):
    """The middle of a row nests (a highlighted target, nothing parts); its top edge still reorders."""
    d = driver
    v = family(tmp_path)
    s = make_server(v)
    open_app(d, s.url, "/anytime")
    wait_for(lambda: depths(d) == [["Plan the trip", "0"], ["Book flights", "0"], ["Pack", "0"]], 5, message=f"{depths(d)}")
    gestures_loaded(d)

    def holding():
        assert js(d, "return [...document.querySelectorAll('.task-row.nest-over')].map(r => r.dataset.id)") == ["plan.md"]
        # The target stays in place under the pointer: the others do not part as for a reorder.
        assert js(d, "return document.querySelector(\".task-row[data-id='flights.md']\").style.transform") == ""
        webshot(d, "nest-drop-target.png")
    mouse_drag(d, row(d, "pack.md"), row(d, "plan.md"), 0.5, holding)
    wait_for(lambda: read_frontmatter(v / "pack.md").get("parent") == "plan.md", 5,
             message=f"pack.md after the drop:\n{(v / 'pack.md').read_text()}")
    wait_for(lambda: depths(d) == [["Plan the trip", "0"], ["Pack", "1"], ["Book flights", "0"]], 5, message=f"{depths(d)}")
    assert not js(d, "return document.querySelector('.task-row.nest-over')"), "the highlight stayed"
    assert not d.current_url.endswith(".md"), "the drop opened a task"
    # A task cannot go under its own subtask: Pack's row is no target for Plan the trip.
    mouse_drag(d, row(d, "plan.md"), row(d, "pack.md"), 0.5,
               lambda: not js(d, "return document.querySelector('.task-row.nest-over')") or pytest.fail("its own subtask was a target"))
    time.sleep(0.5)
    assert read_frontmatter(v / "plan.md").get("parent") is None
    # The top edge of a row reorders and does not nest.
    wait_for(lambda: row(d, "flights.md"), 3)
    mouse_drag(d, row(d, "flights.md"), row(d, "plan.md"), 0.08)
    wait_for(lambda: "flights.md" in (v / ".order.json").read_text(), 5, message="dropping on the top edge did not reorder")
    assert read_frontmatter(v / "flights.md").get("parent") is None


def context_menu(d, task_id):
    """Right-clicks a row (again until the menu opens: the list binds its gestures once gestures.js has loaded)."""
    wait_for(lambda: js(d, "const r = arguments[0].getBoundingClientRect(); arguments[0].dispatchEvent(new MouseEvent('contextmenu', "
                          "{bubbles: true, cancelable: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2}));"
                          "return document.querySelector('.menu[role=menu]')", row(d, task_id)), 3, interval=0.2, message="no context menu")
    return js(d, "return [...document.querySelectorAll('.menu .menu-item')].map(b => b.textContent)")


def menu_pick(d, label):
    js(d, "[...document.querySelectorAll('.menu .menu-item')].find(b => b.textContent === arguments[0]).click()", label)


def test_nest_and_unnest_from_the_menu(driver, make_server, tmp_path):
    """The keyboard's way: "Make subtask of…" lists the other tasks of the list; "Move out of parent" for a subtask."""
    d = driver
    v = family(tmp_path)
    s = make_server(v)
    open_app(d, s.url, "/anytime")
    wait_for(lambda: len(depths(d)) == 3, 5)
    labels = context_menu(d, "pack.md")
    assert "Make subtask of…" in labels and "Move out of parent" not in labels, labels
    menu_pick(d, "Make subtask of…")
    wait_for(lambda: js(d, "return [...document.querySelectorAll('.menu .menu-item')].map(b => b.textContent)") == ["Plan the trip", "Book flights"], 3)
    # The submenu is a menu a keyboard can walk: the first item has the focus.
    assert js(d, "return document.activeElement.textContent") == "Plan the trip"
    menu_pick(d, "Book flights")
    wait_for(lambda: read_frontmatter(v / "pack.md").get("parent") == "flights.md", 5)
    wait_for(lambda: ["Pack", "1"] in depths(d), 5, message=f"{depths(d)}")
    # Book flights' own subtask is not offered as its parent.
    context_menu(d, "flights.md")
    menu_pick(d, "Make subtask of…")
    wait_for(lambda: js(d, "return [...document.querySelectorAll('.menu .menu-item')].map(b => b.textContent)") == ["Plan the trip"], 3)
    ActionChains(d).send_keys(Keys.ESCAPE).perform()
    labels = context_menu(d, "pack.md")
    assert "Move out of parent" in labels, labels
    menu_pick(d, "Move out of parent")
    wait_for(lambda: "parent" not in read_frontmatter(v / "pack.md"), 5, message=(v / "pack.md").read_text())
    wait_for(lambda: ["Pack", "0"] in depths(d), 5, message=f"{depths(d)}")


def test_rename_a_parent_file_from_the_menu(driver, make_server, tmp_path):
    """"Rename file…" asks for a name (or a folder path) in a dialog; the file moves and its subtask's link follows."""
    d = driver
    v = family(tmp_path, parent="plan.md")
    s = make_server(v)
    open_app(d, s.url, "/anytime")
    wait_for(lambda: ["Book flights", "1"] in depths(d), 5, message=f"{depths(d)}")
    labels = context_menu(d, "plan.md")
    assert "Rename file…" in labels, labels
    menu_pick(d, "Rename file…")
    wait_for(lambda: js(d, "return document.querySelector('dialog[open] input')"), 3, message="no rename dialog")
    got = js(d, """const g = document.querySelector('dialog[open]');
        return {title: document.getElementById(g.getAttribute('aria-labelledby')).textContent, value: g.querySelector('input').value,
                focus: document.activeElement.id, modal: g.matches(':modal'), label: g.querySelector('label').textContent}""")
    assert got == {"title": "Rename “Plan the trip”", "value": "plan", "focus": "rename-input", "modal": True,
                   "label": "File name, or a path to move it"}, got
    assert not describe("rename dialog", bad(run_axe(d)))
    webshot(d, "rename-dialog.png")
    ActionChains(d).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys("Trips/2027", Keys.ENTER).perform()
    wait_for(lambda: (v / "Trips" / "2027.md").exists(), 5, message="the file did not move")
    assert not (v / "plan.md").exists()
    # The file moves first, then the links are rewritten.
    wait_for(lambda: read_frontmatter(v / "flights.md").get("parent") == "2027.md", 5, message=(v / "flights.md").read_text())
    wait_for(lambda: "Renamed to Trips/2027.md" in js(d, "return document.body.textContent"), 3, message="no toast")
    wait_for(lambda: js(d, "return !!document.querySelector(\".task-row[data-id='Trips/2027.md']\")"), 5, message="the list kept the old id")
    assert ["Book flights", "1"] in depths(d), depths(d)
    # With the task open (selected, Enter), the detail follows it to its new id.
    wait_for(lambda: row(d, "flights.md"), 5)
    ActionChains(d).move_to_element_with_offset(row(d, "flights.md"), 200, 0).click().send_keys(Keys.ENTER).perform()
    wait_for(lambda: d.current_url.endswith("/task/flights.md"), 5, message=f"Enter did not open the task: {d.current_url}")
    context_menu(d, "flights.md")
    menu_pick(d, "Rename file…")
    wait_for(lambda: js(d, "return document.querySelector('dialog[open] input')"), 3)
    ActionChains(d).key_down(Keys.CONTROL).send_keys("a").key_up(Keys.CONTROL).send_keys("flights-2027", Keys.ENTER).perform()
    wait_for(lambda: d.current_url.endswith("/task/flights-2027.md"), 5, message=f"the detail stayed at {d.current_url}")
    assert (v / "flights-2027.md").exists()
    # Escape cancels: nothing moves.
    context_menu(d, "pack.md")
    menu_pick(d, "Rename file…")
    wait_for(lambda: js(d, "return document.querySelector('dialog[open] input')"), 3)
    ActionChains(d).send_keys("x", Keys.ESCAPE).perform()
    wait_for(lambda: not js(d, "return document.querySelector('dialog[open]')"), 3)
    time.sleep(0.3)
    assert (v / "pack.md").exists()


def dialog(d):
    return js(d, """const g = document.querySelector('dialog[open]'); if (!g) return null;
        return {title: document.getElementById(g.getAttribute('aria-labelledby'))?.textContent,
                items: [...g.querySelectorAll('li')].map(l => l.textContent), focus: document.activeElement.textContent,
                modal: g.matches(':modal'), buttons: [...g.querySelectorAll('button')].map(b => b.textContent)}""")


def status(v, rel):
    return read_frontmatter(v / rel).get("status", "todo")


def test_completing_a_parent_with_open_subtasks_asks_first(driver, make_server, tmp_path):
    d = driver
    v = family(tmp_path, parent="plan.md")
    s = make_server(v)
    problems = []
    want = {"title": "Complete “Plan the trip”?", "items": ["Book flights"], "focus": "Complete all", "modal": True,
            "buttons": ["Cancel", "Complete all"]}
    box = lambda: js(d, "return document.querySelector(\".task-row[data-id='plan.md'] .checkbox\")")  # noqa: E731
    checked = lambda: js(d, "return arguments[0].getAttribute('aria-checked')", box())  # noqa: E731
    for scheme, device, how in (("light", "desktop", "cancel"), ("dark", "desktop", "escape"), ("light", "phone", "all")):
        emulate(d, device, scheme)
        open_app(d, s.url, "/anytime")
        wait_for(lambda: ["Book flights", "1"] in depths(d), 5, message=f"{depths(d)}")
        if how == "escape":
            # By keyboard: select the row, then x.
            ActionChains(d).move_to_element_with_offset(row(d, "plan.md"), 200, 0).click().perform()
            ActionChains(d).send_keys("x").perform()
        else:
            js(d, "arguments[0].click()", box())
        wait_for(lambda: dialog(d), 5, message="no dialog")
        assert dialog(d) == want, dialog(d)
        time.sleep(0.3)
        webshot(d, f"complete-subtasks-{scheme}-{device}.png")
        if device == "desktop":
            problems += describe(f"dialog {scheme}", bad(run_axe(d)))
        else:
            assert js(d, "const r = document.querySelector('dialog[open]').getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth")
        if how == "cancel":
            js(d, "[...document.querySelectorAll('dialog[open] button')].find(b => b.textContent === 'Cancel').click()")
        elif how == "escape":
            ActionChains(d).send_keys(Keys.ESCAPE).perform()
        else:
            ActionChains(d).send_keys(Keys.ENTER).perform()  # the default button has the focus
        wait_for(lambda: not dialog(d), 3, message="the dialog stayed")
        if how != "all":
            wait_for(lambda: checked() == "false" and not js(d, "return arguments[0].closest('.task-row').classList.contains('completing')", box()), 3,
                     message="the checkbox stayed ticked")
            time.sleep(0.3)
            assert (status(v, "plan.md"), status(v, "flights.md")) == ("todo", "todo")
    wait_for(lambda: (status(v, "plan.md"), status(v, "flights.md")) == ("done", "done"), 5,
             message=f"after Complete all: {status(v, 'plan.md')}, {status(v, 'flights.md')}")
    wait_for(lambda: depths(d) == [["Pack", "0"]], 5, message=f"{depths(d)}")
    assert not problems, "\n".join(problems)


def test_done_in_the_detail_asks_too(driver, make_server, tmp_path):
    """The detail's status goes through the same question; cancelled, the status stays To do."""
    d = driver
    v = family(tmp_path, parent="plan.md")
    s = make_server(v)
    open_app(d, s.url, "/task/plan.md", rows=False)
    sel = wait_for(lambda: js(d, "return document.querySelector('#detail-status')"), 10)
    wait_for(lambda: js(d, "return arguments[0].value", sel) == "todo", 5)
    js(d, "arguments[0].value = 'done'; arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", sel)
    wait_for(lambda: dialog(d), 5, message="no dialog from the detail")
    assert dialog(d)["items"] == ["Book flights"]
    ActionChains(d).send_keys(Keys.ESCAPE).perform()
    wait_for(lambda: not dialog(d) and js(d, "return arguments[0].value", sel) == "todo", 3, message="the status did not go back")
    assert status(v, "plan.md") == "todo"
    js(d, "arguments[0].value = 'done'; arguments[0].dispatchEvent(new Event('change', {bubbles: true}))", sel)
    wait_for(lambda: dialog(d), 5)
    js(d, "[...document.querySelectorAll('dialog[open] button')].find(b => b.textContent === 'Complete all').click()")
    wait_for(lambda: (status(v, "plan.md"), status(v, "flights.md")) == ("done", "done"), 5)
    wait_for(lambda: js(d, "return arguments[0].value", sel) == "done", 3)
