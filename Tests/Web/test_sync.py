"""Many devices, one folder (issue 16) in the browser: a sync conflict made on disk shows its badge, the
sidebar entry and the side-by-side chooser, and resolving it writes the chosen values; a task's history
lists outside and todomd edits, shows an old version and restores it. Every change checked on disk."""
import time
import urllib.parse
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import (Server, css, live, read_frontmatter, body_of, row, seed_vault, severe_console_errors, sync_conflict,
                      wait_for, write_task)

PLAN = "Projects/Launch/offsite.md"


@pytest.fixture(scope="module")
def sync_vault(tmp_path_factory):
    v = seed_vault(tmp_path_factory.mktemp("sync"))
    write_task(v, PLAN, "Plan the offsite", area="Work", project="Launch", due="2026-12-01", priority="low",
               body="Book the venue.\nAsk about the projector.", created="2026-01-05T09:00:00Z")
    write_task(v, "Inbox/history.md", "The original title", description="Before anything happened",
               created="2026-01-05T09:01:00Z")
    return v


@pytest.fixture(scope="module")
def sync_server(sync_vault):
    s = Server(sync_vault)
    yield s
    s.stop()


def task_url(base, tid):
    return base + "/task/" + urllib.parse.quote(tid, safe="")


def js(d, script, *args):
    return d.execute_script(script, *args)


def choice(d, key, who):
    """The label (the card) of one side of one field in the chooser."""
    return d.find_element(By.CSS_SELECTOR, f"#detail .sync-panel input[name='sync-{key}'][value={who}]").find_element(By.XPATH, "..")


def test_conflict_badge_sidebar_chooser_and_resolve(driver, sync_server, sync_vault):
    d, base, v = driver, sync_server.url, sync_vault
    d.get(base + "/project/Launch")
    wait_for(lambda: row(d, PLAN), 10)
    live(d)
    assert not css(d, "#sidebar a.nav-item[data-nav=conflicts]"), "a Conflicts entry without conflicts"
    # Made while the list is open: the badge and the sidebar entry come live.
    copy = sync_conflict(sync_server, v, PLAN,
                         mine={"Plan the offsite": "Plan the team offsite", "2026-12-01": "2026-12-02",
                               "Book the venue.": "Book the venue today."},
                         theirs={"Plan the offsite": "Plan the offsite in Lisbon", "2026-12-01": "2026-12-05",
                                 '"low"': '"high"', "Book the venue.": "Book the venue tomorrow,\nand the flights."})

    # The copy is no task: the live `conflict` event announces it (test_quarantine.py times it).
    # Read in the page in one step: the row is re-rendered live, so a held element can go stale.
    label = wait_for(lambda: js(d, "const r = arguments[0]; return r && r.querySelector('.sync-badge')?.getAttribute('aria-label')",
                                row(d, PLAN)), 5, message="no conflict badge on the task's row")
    assert label == "Sync conflict"
    assert not js(d, "return !!document.querySelector('.task-row:not([data-id=\"Projects/Launch/offsite.md\"]) .sync-badge')")
    assert not row(d, copy.relative_to(v).as_posix()), "the conflict copy is listed as a task"
    entry = wait_for(lambda: js(d, "return document.querySelector('#sidebar a.nav-item[data-nav=conflicts]')?.innerText"), 5,
                     message="no Conflicts entry in the sidebar")
    assert entry.split() == ["Conflicts", "1"], entry

    # /conflicts lists it; it opens the detail with the banner and the chooser.
    js(d, "document.querySelector('#sidebar a.nav-item[data-nav=conflicts]').click()")  # (re-rendered live: no stale handle)
    link = wait_for(lambda: js(d, "return document.querySelector('#main .conflict-link')?.innerText"), 5, message="/conflicts lists nothing")
    assert "Plan the team offsite" in link and "Syncthing copy" in link, link
    js(d, "document.querySelector('#main .conflict-link').click()")
    panel = wait_for(lambda: css(d, "#detail .sync-panel"), 10, message="no chooser in the detail")[0]
    text = panel.text
    for want in ("Changed on two devices", "This device", "Other device", "Syncthing copy", "Plan the team offsite",
                 "Plan the offsite in Lisbon", "Before:", "Plan the offsite", "Book the venue today.",
                 "Book the venue tomorrow,\nand the flights.", "Priority"):
        assert want in text, f"{want!r} not in the chooser:\n{text}"
    assert [e.text for e in css(d, "#detail .sync-field legend")] == ["Title", "Deadline", "Notes"]
    notes = d.find_element(By.CSS_SELECTOR, "#detail .sync-opt.theirs pre.sync-val")
    assert notes.value_of_css_property("white-space") == "pre-wrap"
    resolve = d.find_element(By.CSS_SELECTOR, "#detail .sync-resolve")
    assert not resolve.is_enabled(), "Resolve before every field is chosen"

    # Keep all theirs, then this device's deadline: one choice per field.
    visible = lambda e: js(d, "arguments[0].scrollIntoView({block: 'center'})", e) or e  # noqa: E731
    visible(next(b for b in css(d, "#detail .sync-actions button") if b.text == "Keep all theirs")).click()
    visible(choice(d, "due", "mine")).click()
    picked = js(d, "return [...document.querySelectorAll('#detail .sync-panel input:checked')].map(i => i.name + '=' + i.value)")
    assert picked == ["sync-title=theirs", "sync-due=mine", "sync-body=theirs"], picked
    assert resolve.is_enabled()
    visible(resolve).click()

    # On disk: the chosen values, the merged priority; the copy in the trash.
    wait_for(lambda: not copy.exists(), 5, message="the copy is still beside the original")
    fm = read_frontmatter(v / PLAN)
    assert (fm["title"], fm["due"], fm["priority"]) == ("Plan the offsite in Lisbon", "2026-12-02", "high"), fm
    assert body_of(v / PLAN).strip() == "Book the venue tomorrow,\nand the flights.\nAsk about the projector."
    assert list((v / ".trash").rglob(copy.name)), "the copy is not in .trash/"

    # The banner, the badge and the sidebar entry go; the detail shows the merged task.
    wait_for(lambda: not css(d, "#detail .sync-panel"), 5, message="the chooser stayed")
    wait_for(lambda: d.find_element(By.CSS_SELECTOR, "#detail [name=title]").get_attribute("value") == "Plan the offsite in Lisbon", 5)
    wait_for(lambda: not css(d, "#sidebar a.nav-item[data-nav=conflicts]"), 5, message="the Conflicts entry stayed")
    d.get(base + "/project/Launch")
    wait_for(lambda: row(d, PLAN), 10)
    assert not css(d, ".sync-badge"), "a badge stayed after resolving"
    assert not severe_console_errors(d)


def test_resolving_is_undone_from_the_toast(driver, sync_server, sync_vault):
    d, base, v = driver, sync_server.url, sync_vault
    tid = "Inbox/undo-resolve.md"
    write_task(v, tid, "Pack for the trip", due="2026-12-01", created="2026-01-05T09:02:00Z")
    copy = sync_conflict(sync_server, v, tid, mine={"Pack for the trip": "Pack light"},
                         theirs={"Pack for the trip": "Pack for Lisbon"}, stamp="20261125-090000-HIJKLMN")
    before = (v / tid).read_bytes()
    d.get(task_url(base, tid))
    wait_for(lambda: css(d, "#detail .sync-panel"), 10, message="no chooser in the detail")
    d.find_element(By.XPATH, "//div[@class='sync-actions']/button[.='Keep all mine']").click()
    d.find_element(By.CSS_SELECTOR, "#detail .sync-resolve").click()
    wait_for(lambda: not copy.exists(), 5, message="not resolved")
    undo = wait_for(lambda: [b for t in css(d, "#toasts .toast") if "resolved" in t.text.lower()
                             for b in t.find_elements(By.CSS_SELECTOR, "button.undo")], 5, message="no Undo in the toast")[0]
    undo.click()
    wait_for(lambda: copy.exists() and (v / tid).read_bytes() == before, 5, message="Undo did not bring the copy back")
    wait_for(lambda: css(d, "#detail .sync-panel"), 5, message="the chooser did not come back after Undo")


def test_history_lists_changes_views_and_restores_a_version(driver, sync_server, sync_vault):
    d, base, v = driver, sync_server.url, sync_vault
    tid = "Inbox/history.md"
    hist = f"/api/tasks/{urllib.parse.quote(tid, safe='')}/history"
    wait_for(lambda: sync_server.api("GET", hist).json().get("count"), 5)
    path = v / tid
    path.write_text(path.read_text().replace("The original title", "Edited in another editor"))  # outside todomd
    wait_for(lambda: sync_server.api("GET", hist).json().get("count") == 2, 5, message="the outside edit was not recorded")
    task = sync_server.api("GET", "/api/tasks/" + urllib.parse.quote(tid, safe="")).json()["task"]
    r = sync_server.api("PATCH", "/api/tasks/" + urllib.parse.quote(tid, safe=""), json={"flagged": True},
                        headers={"If-Match": f'"{task["version"]}"'})
    assert r.status_code == 200, r.text

    d.get(task_url(base, tid))
    summary = wait_for(lambda: [e for e in css(d, "#detail details.detail-history > summary") if e.is_displayed()], 10,
                       message="no History section")[0]
    assert not js(d, "return document.querySelector('#detail details.detail-history').open"), "History starts open"
    js(d, "arguments[0].scrollIntoView({block: 'center'}); arguments[0].focus()", summary)
    summary.send_keys(Keys.ENTER)  # the keyboard opens it
    items = lambda sel: [e.text for e in css(d, f"#detail .detail-history {sel}")]  # noqa: E731
    wait_for(lambda: len(items(".history-list")) == 2, 5, message="the History section did not load")
    changes = lambda: d.find_elements(By.CSS_SELECTOR, "#detail .detail-history .history-list")[0].find_elements(By.CSS_SELECTOR, "li")  # noqa: E731
    wait_for(lambda: any("Flag" in c.text for c in changes()), 5, message="the todomd edit is not in the history")
    changes = changes()
    texts = [c.text for c in changes]
    assert any("Changed outside todomd" in t and "Title" in t for t in texts), texts
    assert any("Flag" in t and "outside" not in t for t in texts), texts
    assert all(c.find_element(By.CSS_SELECTOR, "time").get_attribute("title") for c in changes), "no absolute time"
    assert texts.index(next(t for t in texts if "Flag" in t)) < texts.index(next(t for t in texts if "Title" in t)), \
        f"not newest first: {texts}"

    # The oldest version: View shows its file as text, Restore brings it back.
    view = d.find_elements(By.CSS_SELECTOR, "#detail .detail-history button[aria-label^='View v']")[-1]
    version = view.get_attribute("aria-label").split()[-1]
    js(d, "arguments[0].scrollIntoView({block: 'center'})", view)
    view.click()
    pre = wait_for(lambda: [e for e in css(d, ".version-sheet pre.version-text") if e.text], 5, message="View showed nothing")[0]
    assert 'title: "The original title"' in pre.text and "flagged" not in pre.text, pre.text
    assert not pre.find_elements(By.CSS_SELECTOR, "*"), "the version's text became markup"
    pre.send_keys(Keys.ESCAPE)
    wait_for(lambda: not css(d, ".version-sheet"), 3, message="Escape did not close the version")
    restore = d.find_element(By.CSS_SELECTOR, f"#detail .detail-history button[aria-label='Restore {version}']")
    js(d, "arguments[0].scrollIntoView({block: 'center'})", restore)
    restore.click()
    wait_for(lambda: read_frontmatter(path).get("title") == "The original title", 5,
             message=f"the file was not restored: {path.read_text()}")
    assert not read_frontmatter(path).get("flagged")
    wait_for(lambda: d.find_element(By.CSS_SELECTOR, "#detail [name=title]").get_attribute("value") == "The original title", 5,
             message="the detail does not show the restored task")
    toast = wait_for(lambda: [t for t in css(d, "#toasts .toast") if "Restored" in t.text], 5)[0]
    assert toast.find_elements(By.CSS_SELECTOR, "button.undo")
    # The history follows: the restore is its newest change.
    wait_for(lambda: "Restored" in d.find_element(By.CSS_SELECTOR, "#detail .detail-history .history-list li").text, 5,
             message="the history did not show the restore")
    assert not severe_console_errors(d)


def test_two_copies_of_one_task_resolve_the_one_shown(driver, sync_server, sync_vault):
    """Resolving names the copy (POST /api/conflicts/resolve {"task": COPY}): with two, the chooser's."""
    d, base, v = driver, sync_server.url, sync_vault
    tid = "Inbox/two-copies.md"
    write_task(v, tid, "Call the caterer", due="2026-12-01", created="2026-01-05T09:03:00Z")
    copies = [sync_conflict(sync_server, v, tid, mine={"Call the caterer": "Call the caterer at nine"},
                            theirs={"Call the caterer": "Call the caterer at ten"}, stamp="20261126-090000-AAAAAAA"),
              sync_conflict(sync_server, v, tid, mine={"2026-12-01": "2026-12-02"}, theirs={"2026-12-01": "2026-12-03"},
                            stamp="20261127-090000-BBBBBBB")]
    listed = [c for c in sync_server.api("GET", "/api/conflicts").json()["conflicts"] if c["task"] == tid]
    assert len(listed) == 2, listed
    d.get(task_url(base, tid))
    # The panel is drawn before the conflicts arrive: wait for its words, not just the element.
    panel = wait_for(lambda: next((p for p in css(d, "#detail .sync-panel") if "1 more copy" in p.text), None), 10,
                     message="no chooser saying 1 more copy in the detail")
    shown = listed[0]
    assert [e.text for e in css(d, "#detail .sync-field legend")] == ["Title" if f["key"] == "title" else "Deadline" for f in shown["fields"]]
    d.find_element(By.XPATH, "//div[@class='sync-actions']/button[.='Keep all theirs']").click()
    d.find_element(By.CSS_SELECTOR, "#detail .sync-resolve").click()
    gone, kept = (c for c in sorted(copies, key=lambda c: c.relative_to(v).as_posix() != shown["copy"]))
    wait_for(lambda: not gone.exists(), 5, message=f"{shown['copy']} (the one shown) was not resolved")
    assert kept.exists(), "the other copy was resolved"
    wait_for(lambda: "1 more copy" not in (css(d, "#detail .sync-panel") or [panel])[0].text, 5,
             message="the chooser did not move on to the other copy")
    assert css(d, "#detail .sync-panel"), "the other copy's chooser is not shown"
