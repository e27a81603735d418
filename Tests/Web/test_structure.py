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

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from conftest import REPO, Server, day, open_app, row, view_ids, wait_for, write_task
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
