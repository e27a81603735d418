"""The calendar (issue 18, /calendar): a week of tasks by their scheduled (else due) day beside the events of
two subscribed calendars — an ICS file in the vault and one served over HTTP by this test — plus a third whose
URL answers 404 (its warning shows). Timed tasks are blocks as long as their estimate, events are read-only,
the free stretches of the working hours are labelled bands. Dragging a task (pointer events, as Selenium's
ActionChains and touch give them) to another day rewrites that one field of its file, keeping the time of day
and every other byte; Alt+Arrow does the same from the keyboard. The month grid; the view and date in the URL;
axe in light and dark in both views and on a phone (the week as an agenda); screenshots."""
import base64
import functools
import http.server
import json
import threading
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import REPO, Server, open_app, wait_for
from test_a11y import bad, describe, run_axe

# The server's clock: Tuesday 24 November 2026, 10:00 (the week shown: Monday 23 – Sunday 29).
ENV = {"TODOMD_NOW": "2026-11-24T10:00:00Z", "TZ": "UTC"}
SHOTS = REPO / "docs" / "screenshots"


def task(title, body="", **fields):
    lines = ["---", f'title: "{title}"', 'status: "todo"']
    lines += [f'{k}: {json.dumps(v)}' for k, v in fields.items()]
    lines += ['source: "user"', 'created: "2026-11-20T09:00:00Z"', "---"]
    return "\n".join(lines) + "\n" + (f"\n{body}\n" if body else "")


TASKS = {
    "Work/report.md": task("Write report", "Keep the appendix short.\n\n- [ ] charts", scheduled="2026-11-24T14:00", estimated_minutes=90),
    "Work/sync.md": task("Prepare team sync", scheduled="2026-11-25T09:00", estimated_minutes=60),
    "Work/budget.md": task("Review budget", scheduled="2026-11-25T16:00"),
    "Home/rent.md": task("Pay rent", "Standing order failed.", due="2026-11-26"),
    "Home/bank.md": task("Call the bank", scheduled="2026-11-23", estimated_minutes=120),
    "Home/december.md": task("Plan December", scheduled="2026-11-10"),
    **{f"Home/errand-{i}.md": task(t, scheduled="2026-11-12") for i, t in
       enumerate(["Buy stamps", "Return the parcel", "Pick up the dry cleaning", "Water the plants"])},
}


def ics(*events):
    out = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todo.md tests//EN"]
    for i, (title, start, end) in enumerate(events):
        kind = ";VALUE=DATE" if len(start) == 8 else ""
        out += ["BEGIN:VEVENT", f"UID:{i}-{title.replace(' ', '')}@test", f"DTSTAMP:20261101T000000Z",
                f"DTSTART{kind}:{start}", f"DTEND{kind}:{end}", f"SUMMARY:{title}", "END:VEVENT"]
    return "\r\n".join(out + ["END:VCALENDAR"]) + "\r\n"


WORK = ics(("Lunch with Ana", "20261124T123000", "20261124T133000"), ("Design review", "20261126T100000", "20261126T113000"),
           ("Conference", "20261127", "20261128"))
TEAM = ics(("Team offsite", "20261125T130000", "20261125T150000"), ("Standup", "20261124T143000", "20261124T150000"))


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


@pytest.fixture(scope="module")
def cal(tmp_path_factory):
    """The server on a vault subscribed to work.ics (a file), team.ics over HTTP, and a URL that answers 404."""
    feeds = tmp_path_factory.mktemp("feeds")
    (feeds / "team.ics").write_text(TEAM)
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(feeds)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    v = tmp_path_factory.mktemp("calendar")
    for rel, text in TASKS.items():
        (v / rel).parent.mkdir(parents=True, exist_ok=True)
        (v / rel).write_text(text)
    (v / "work.ics").write_text(WORK)
    (v / ".todomd.json").write_text(json.dumps({"calendars": [
        {"name": "Work", "file": "work.ics"}, {"name": "Team", "url": base + "/team.ics"},
        {"name": "Holidays", "url": base + "/missing.ics"}]}) + "\n")
    s = Server(v, env=ENV)
    yield s
    s.stop()
    httpd.shutdown()
    httpd.server_close()


def js(d, script, *args):
    return d.execute_script(script, *args)


def show(d, base, path="/calendar"):
    open_app(d, base, path, rows=False)
    wait_for(lambda: js(d, "return !!document.querySelector('.cv-view .cv-bar')"), 10, message=f"{path} did not render the calendar")


def chip(d, task_id):
    return js(d, "return [...document.querySelectorAll('.cv-task')].find(e => e.dataset.id === arguments[0]) || null", task_id)


def day_of(d, task_id):
    """The day (data-date of the column, all-day cell, month cell or agenda day) a task is shown in."""
    return js(d, "const c = [...document.querySelectorAll('.cv-task')].find(e => e.dataset.id === arguments[0]);"
                 "return c ? c.parentElement.closest('[data-date]').dataset.date : null", task_id)


def titles(d, selector):
    return js(d, f"return [...document.querySelectorAll({json.dumps(selector)})].map(e => e.querySelector('.cv-t').textContent)")


def moved(before, old, new):
    """The file after a move: the one field's line changed, and the server's `modified` stamp added at the end of
    the frontmatter (todomd stamps every write); every other byte as it was."""
    assert before.count(old) == 1
    head, sep, body = before.replace(old, new).partition("\n---\n")
    return head + '\nmodified: "2026-11-24T10:00:00Z"' + sep + body


def shot(d, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    (SHOTS / name).write_bytes(base64.b64decode(d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"]))


def test_week_shows_tasks_events_and_free_time(driver, cal):
    d = driver
    show(d, cal.url)
    assert js(d, "return document.querySelector('.cv-title').textContent") == "23 – 29 Nov 2026"
    assert js(d, "return document.querySelector('#sidebar a.nav-item[data-nav=calendar]').ariaCurrent") == "page"
    assert js(d, "return [...document.querySelectorAll('.cv-seg button')].map(b => b.textContent + ':' + b.getAttribute('aria-pressed'))") \
        == ["Week:true", "Month:false"]
    # The tasks on their days: timed ones in the grid, the others in the all-day row.
    assert day_of(d, "Work/report.md") == "2026-11-24" and js(d, "return !!document.querySelector('.cv-col [data-id=\"Work/report.md\"]')")
    assert day_of(d, "Work/sync.md") == "2026-11-25"
    assert day_of(d, "Home/bank.md") == "2026-11-23" and js(d, "return !!document.querySelector('.cv-allday [data-id=\"Home/bank.md\"]')")
    assert day_of(d, "Home/rent.md") == "2026-11-26" and js(d, "return document.querySelector('[data-id=\"Home/rent.md\"]').classList.contains('cv-due')")
    assert chip(d, "Home/december.md") is None, "a task of another week is shown"
    # A block is as tall as its estimate: 90 minutes is 1.5 times 60; no estimate: half an hour.
    hs = js(d, "return ['Work/report.md', 'Work/sync.md', 'Work/budget.md'].map(id => "
               "document.querySelector(`.cv-block[data-id=\"${id}\"]`).getBoundingClientRect().height)")
    assert abs(hs[0] / hs[1] - 1.5) < 0.08 and abs(hs[2] / hs[1] - 0.5) < 0.08, hs
    # Blocks sit at their time: 14:00 is five hours below 09:00, the top of the working day.
    tops = js(d, "const col = document.querySelector('.cv-col[data-date=\"2026-11-24\"]').getBoundingClientRect().top;"
                 "return ['Work/report.md'].map(id => document.querySelector(`[data-id=\"${id}\"]`).getBoundingClientRect().top - col)")
    assert abs(tops[0] - 5 * 48) < 3, tops
    # Events from the file and from the URL, read-only: not buttons, not focusable, and a click opens nothing.
    ev = js(d, "return [...document.querySelectorAll('.cv-event')].map(e => [e.tagName, e.tabIndex, e.querySelector('.cv-t').textContent,"
               "e.closest('[data-date]').dataset.date, e.classList.contains('cv-block')])")
    assert sorted(e[2:] for e in ev) == [["Conference", "2026-11-27", False], ["Design review", "2026-11-26", True],
                                        ["Lunch with Ana", "2026-11-24", True], ["Standup", "2026-11-24", True],
                                        ["Team offsite", "2026-11-25", True]], ev
    assert all(e[0] == "DIV" and e[1] == -1 for e in ev)
    # The standup overlaps the report: side by side.
    lanes = js(d, "return ['[data-id=\"Work/report.md\"]', '.cv-event.cv-block[title^=\"Standup\"]'].map(s => document.querySelector(s).getBoundingClientRect())"
                  ".map(r => [r.left, r.right])")
    assert lanes[0][1] <= lanes[1][0] + 1, lanes
    js(d, "document.querySelector('.cv-event[title^=\"Lunch\"]').click()")
    time.sleep(0.2)
    assert d.current_url.endswith("/calendar")
    # Free time: labelled bands; Tuesday's are around the lunch, the report and the standup.
    free = js(d, "return [...document.querySelectorAll('.cv-col[data-date=\"2026-11-24\"] .cv-free')].map(e => e.textContent)")
    assert free == ["Free 09:00–12:30", "Free 13:30–14:00", "Free 15:30–17:00"], free
    heads = js(d, "return [...document.querySelectorAll('.cv-week .cv-dh')].map(e => e.innerText.replace(/\\s+/g, ' ').trim())")
    assert "2 h planned" in heads[0], heads
    assert heads[1].startswith("TUE 24") and "Free 5 h 30 m" in heads[1] and "Day off" in heads[5], heads
    assert js(d, "return document.querySelector('.cv-dh.cv-today').dataset.date") == "2026-11-24"
    # The calendars: counts, and the one that cannot be loaded says why.
    subs = js(d, "return [...document.querySelectorAll('.cv-sub')].map(e => e.textContent)")
    assert subs[:2] == ["Work · 3 events", "Team · 2 events"] and subs[2].startswith("Holidays: cannot load:") and "404" in subs[2], subs
    # A task opens on click.
    js(d, "document.querySelector('[data-id=\"Work/sync.md\"]').click()")
    wait_for(lambda: "/task/Work%2Fsync.md" in d.current_url and js(d, "return !document.querySelector('#detail').hidden"), 5,
             message="a click on a task did not open it")
    assert js(d, "return !!document.querySelector('#main .cv-view')"), "the calendar left when the detail opened"
    js(d, "document.querySelector('#detail').hidden = true")
    wait_for(lambda: d.current_url.endswith("/calendar"), 5)
    js(d, "document.querySelector('#main').scrollTop = 0")
    time.sleep(0.2)
    shot(d, "calendar-week.png")


def test_drag_a_task_to_another_day(driver, cal):
    d = driver
    path = cal.vault / "Work/report.md"
    before = path.read_text()
    show(d, cal.url)
    block = d.find_element(By.CSS_SELECTOR, '.cv-block[data-id="Work/report.md"]')
    thursday = d.find_element(By.CSS_SELECTOR, '.cv-col[data-date="2026-11-26"]')
    ActionChains(d).click_and_hold(block).move_by_offset(12, 8).move_to_element(thursday).perform()
    assert js(d, "return !!document.querySelector('.cv-ghost') && document.querySelector('.cv-col.cv-over')?.dataset.date") == "2026-11-26"
    ActionChains(d).release().perform()
    want = moved(before, 'scheduled: "2026-11-24T14:00"', 'scheduled: "2026-11-26T14:00"')
    wait_for(lambda: path.read_text() == want, 5, message=f"the file is not as expected:\n{path.read_text()}")
    wait_for(lambda: any("Moved to Thu 26 Nov" in t for t in js(d, "return [...document.querySelectorAll('#toasts .toast')].map(t => t.innerText)")), 3,
             message="no toast")
    assert not js(d, "return document.querySelector('.cv-ghost, .cv-over')")
    assert d.current_url.endswith("/calendar"), "the drag opened the task"
    # After the reload, in Thursday's column at the same time.
    d.refresh()
    wait_for(lambda: day_of(d, "Work/report.md") == "2026-11-26", 10, message="the task is not on Thursday after a reload")
    assert js(d, "return !!document.querySelector('.cv-col[data-date=\"2026-11-26\"] .cv-block[data-id=\"Work/report.md\"]')")
    # An event cannot be dragged.
    ev = d.find_element(By.CSS_SELECTOR, '.cv-event.cv-block[title^="Design review"]')
    ActionChains(d).click_and_hold(ev).move_to_element(d.find_element(By.CSS_SELECTOR, '.cv-col[data-date="2026-11-23"]')).perform()
    assert not js(d, "return document.querySelector('.cv-ghost')")
    ActionChains(d).release().perform()


def test_keyboard_moves_a_task_a_day(driver, cal):
    d = driver
    path = cal.vault / "Home/rent.md"
    before = path.read_text()
    show(d, cal.url)
    js(d, "document.querySelector('[data-id=\"Home/rent.md\"]').focus()")
    assert "Alt+Left" in js(d, "return document.getElementById(document.activeElement.getAttribute('aria-describedby')).textContent")
    ActionChains(d).key_down(Keys.ALT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.ALT).perform()
    want = moved(before, 'due: "2026-11-26"', 'due: "2026-11-27"')
    wait_for(lambda: path.read_text() == want, 5, message=f"Alt+Right did not move the due date:\n{path.read_text()}")
    wait_for(lambda: day_of(d, "Home/rent.md") == "2026-11-27", 5)
    assert js(d, "return document.activeElement.dataset.id") == "Home/rent.md", "the moved task lost the focus"
    # Undo in the toast puts the file back as it was.
    js(d, "[...document.querySelectorAll('#toasts .toast')].find(t => t.innerText.includes('Moved to Fri 27 Nov')).querySelector('.undo').click()")
    wait_for(lambda: path.read_text() == before, 5, message=f"Undo did not restore the file:\n{path.read_text()}")
    wait_for(lambda: day_of(d, "Home/rent.md") == "2026-11-26", 5, message="the calendar did not follow the undo")


def toasts(d):
    return js(d, "return [...document.querySelectorAll('#toasts .toast')].map(t => t.innerText)")


def test_a_move_of_a_task_changed_since_is_refused(driver, cal):
    """The version read goes with the write: the task's day changed on disk since is not overwritten."""
    d = driver
    path = cal.vault / "Home/bank.md"
    show(d, cal.url)
    read = js(d, "return document.querySelector('[data-id=\"Home/bank.md\"]').entry.task.version")
    path.write_text(path.read_text().replace('scheduled: "2026-11-23"', 'scheduled: "2026-11-25"'))
    wait_for(lambda: day_of(d, "Home/bank.md") == "2026-11-25", 5, message="the calendar did not follow the edit on disk")
    on_disk = path.read_text()
    # As if the calendar had not seen the edit yet: the chip still carries the version it read first.
    js(d, "const c = document.querySelector('[data-id=\"Home/bank.md\"]'); c.entry.task.version = arguments[0]; c.focus()", read)
    ActionChains(d).key_down(Keys.ALT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.ALT).perform()
    wait_for(lambda: any("Not moved" in t and "changed elsewhere" in t for t in toasts(d)), 5, message=f"no refusal: {toasts(d)}")
    wait_for(lambda: day_of(d, "Home/bank.md") == "2026-11-25", 5, message="the calendar did not show the task as it is")
    assert path.read_text() == on_disk


def test_month_grid_and_the_url(driver, cal):
    d = driver
    show(d, cal.url)
    js(d, "document.querySelector('.cv-seg [data-k=month]').click()")
    wait_for(lambda: js(d, "return document.querySelectorAll('.cv-month .cv-cell').length") == 42, 5, message="no month grid")
    assert "view=month" in d.current_url and "date=2026-11-24" in d.current_url
    assert js(d, "return document.querySelector('.cv-title').textContent") == "November 2026"
    cells = js(d, "return [...document.querySelectorAll('.cv-cell')].map(c => [c.dataset.date, c.classList.contains('cv-out')])")
    assert cells[0] == ["2026-10-26", True] and cells[6] == ["2026-11-01", False] and cells[-1] == ["2026-12-06", True]
    assert js(d, "return document.querySelector('.cv-cell.cv-today').dataset.date") == "2026-11-24"
    assert day_of(d, "Home/december.md") == "2026-11-10"
    assert day_of(d, "Work/report.md") == "2026-11-26"
    # Four tasks on the 12th: three, then "+1 more", which shows the fourth.
    visible = "return [...document.querySelectorAll('.cv-cell[data-date=\"2026-11-12\"] .cv-task')].filter(e => !e.hidden).length"
    assert js(d, visible) == 3
    assert js(d, "return [...document.querySelectorAll('.cv-cell[data-date=\"2026-11-12\"] .cv-task')].filter(e => e.offsetHeight).length") == 3
    more = d.find_element(By.CSS_SELECTOR, '.cv-cell[data-date="2026-11-12"] .cv-more')
    assert more.text == "+1 more"
    more.click()
    assert js(d, visible) == 4
    # Reload keeps the view and the date; Next goes to December.
    d.refresh()
    wait_for(lambda: js(d, "return document.querySelector('.cv-title')?.textContent") == "November 2026", 10)
    d.find_element(By.CSS_SELECTOR, ".cv-tools [data-k=next]").click()
    wait_for(lambda: js(d, "return document.querySelector('.cv-title').textContent") == "December 2026", 5)
    assert "date=2026-12-01" in d.current_url
    assert js(d, "return document.activeElement.dataset.k") == "next", "the toolbar lost the focus"
    js(d, "document.querySelector('.cv-tools [data-k=today]').click()")
    wait_for(lambda: js(d, "return document.querySelector('.cv-title').textContent") == "November 2026", 5)
    time.sleep(0.2)
    shot(d, "calendar-month.png")
    # The week of a day from its number.
    js(d, "document.querySelector('.cv-cell[data-date=\"2026-12-02\"] .cv-dn').click()")
    wait_for(lambda: js(d, "return document.querySelector('.cv-title').textContent") == "30 Nov – 6 Dec 2026", 5)


PHONE = dict(width=390, height=844, deviceScaleFactor=2, mobile=True)


@pytest.mark.parametrize("scheme,view,device", [("light", "week", "desktop"), ("dark", "week", "desktop"), ("light", "month", "desktop"),
                                                ("dark", "month", "desktop"), ("light", "week", "phone")])
def test_calendar_a11y(driver, cal, scheme, view, device):
    d = driver
    if device == "phone":
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", PHONE)
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
    show(d, cal.url, f"/calendar?view={view}&date=2026-11-24")
    if device == "phone":
        wait_for(lambda: js(d, "return document.querySelectorAll('.cv-agenda .cv-aday').length") == 7, 5, message="no agenda on a phone")
        assert js(d, "return document.documentElement.scrollWidth <= innerWidth && document.querySelector('#main').scrollWidth <= innerWidth"), \
            "the phone's calendar is wider than the screen"
        assert titles(d, '.cv-aday[data-date="2026-11-25"] .cv-task, .cv-aday[data-date="2026-11-25"] .cv-event') == \
            ["Call the bank", "Prepare team sync", "Team offsite", "Review budget"]
    time.sleep(0.3)
    problems = describe(f"calendar {view} {scheme} {device}", bad(run_axe(d)))
    if device == "phone":
        shot(d, "calendar-phone.png")
    elif scheme == "dark":
        shot(d, f"calendar-{view}-dark.png")
    assert not problems, "\n".join(problems)


def test_without_calendars_a_hint(driver, make_server, tmp_path):
    (tmp_path / "a.md").write_text(task("Write report", scheduled="2026-11-24T14:00", estimated_minutes=90))
    s = make_server(tmp_path, env=ENV)
    show(driver, s.url)
    assert js(driver, "return document.querySelector('.cv-note').textContent") == \
        'Add ICS calendars under "calendars" in .todomd.json to see their events here.'
    assert day_of(driver, "a.md") == "2026-11-24"
