"""Import & export in the browser (issue 17, /transfer): pick a file, see the preview (what would be
created, the column mapping of a CSV, the problems with their lines), change a column's field and see
the preview follow, confirm, and find the tasks on disk and in the lists; the same file again adds
nothing; Undo in the toast takes the import back. The export link downloads what the API serves. axe
in light and dark; screenshots of the preview."""
import base64
import json
import time
from pathlib import Path

import pytest

from conftest import REPO, Server, open_app, seed_vault, wait_for
from test_a11y import bad, describe, run_axe

CSV = ("\ufeffTask,Due Date,List,Labels,Notes,Owner\r\n"
       "Renew the car insurance,2026-12-15,Admin,\"money, car\",\"Compare two quotes\r\nbefore the 10th\",Ana\r\n"
       "Book the winter tyres,2026-12-01,Admin,car,,Ana\r\n"
       "Sort the photos,,Home,,,\r\n"
       "Call the bank,the 5th of never,Admin,,,\r\n")


@pytest.fixture(scope="module")
def t_server(tmp_path_factory):
    v = seed_vault(tmp_path_factory.mktemp("transfer"))
    s = Server(v)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def csv_file(tmp_path_factory):
    p = tmp_path_factory.mktemp("upload") / "household.csv"
    p.write_bytes(CSV.encode())
    return p


def js(d, script, *args):
    return d.execute_script(script, *args)


def choose(d, path):
    d.find_element("css selector", "#imp-file").send_keys(str(path))


def preview_rows(d):
    return js(d, "return [...document.querySelectorAll('.imp-table tbody tr')].map(r => [r.dataset.action, r.cells[1].innerText])")


def summary(d):
    return js(d, "return document.querySelector('.imp-summary')?.innerText || ''")


def skip_owner(d):
    """Maps the Owner column to nothing and waits for the preview to follow."""
    js(d, "const s = [...document.querySelectorAll('.imp-map select')].at(-1); s.value = 'skip'; s.dispatchEvent(new Event('change'))")
    wait_for(lambda: js(d, "return [...document.querySelectorAll('.imp-map select')].at(-1)?.value") == "skip"
             and "Reading" not in js(d, "return document.querySelector('.imp-out').innerText"), 5,
             message="the preview did not follow the new mapping")


def imported(server):
    return sorted(t["title"] for g in server.api("GET", "/api/views/all").json()["groups"] for t in g["tasks"]
                  if (t.get("source") or "").startswith("import-"))


def test_import_preview_mapping_confirm_and_again(driver, t_server, csv_file):
    d = driver
    open_app(d, t_server.url, "/today")
    js(d, "document.querySelector('#sidebar a.nav-item[data-nav=transfer]').click()")
    wait_for(lambda: js(d, "return document.querySelectorAll('#imp-format option').length > 5"), 5,
             message="the import form and its formats did not load")
    choose(d, csv_file)
    wait_for(lambda: "Would create 4 tasks" in summary(d), 5, message=f"no preview: {summary(d)!r}")
    assert "CSV" in summary(d) and "had problems" in summary(d)
    assert [r[1] for r in preview_rows(d)] == ["Renew the car insurance", "Book the winter tyres", "Sort the photos", "Call the bank"]
    problems = js(d, "return [...document.querySelectorAll('.imp-problems li')].map(li => li.innerText)")
    # Line 6: the notes of the first record run over two lines.
    assert any("line 6" in p and "the 5th of never" in p for p in problems), problems
    # The mapping as guessed; Owner has no field: kept as an extra key, until mapped to tags.
    mapping = js(d, "return [...document.querySelectorAll('.imp-map select')].map(s => [s.closest('.field').querySelector('label').innerText, s.value])")
    assert mapping == [["Task", "title"], ["Due Date", "due"], ["List", "project"], ["Labels", "tags"], ["Notes", "body"], ["Owner", ""]]
    skip_owner(d)
    assert (t_server.vault / ".todomd").exists() is False or not imported(t_server), "a preview wrote tasks"
    js(d, "document.querySelector('#imp-confirm').click()")
    wait_for(lambda: js(d, "return [...document.querySelectorAll('#toasts .toast')].some(t => t.innerText.includes('Created 4 tasks'))"), 5,
             message="no toast after the import")
    assert imported(t_server) == ["Book the winter tyres", "Call the bank", "Renew the car insurance", "Sort the photos"]
    files = [p for p in Path(t_server.vault).glob("*.md")]
    insurance = next(p.read_text() for p in files if "insurance" in p.name)
    assert 'source: "import-csv"' in insurance and "Compare two quotes\nbefore the 10th" in insurance and "Ana" not in insurance
    # The project shows in the sidebar with its tasks.
    wait_for(lambda: js(d, "return !!document.querySelector('#sidebar [data-nav=\"project/Admin\"]')"), 5,
             message="the imported project is not in the sidebar")
    # The same file again: nothing new, and the page says so.
    open_app(d, t_server.url, "/transfer", rows=False)
    wait_for(lambda: js(d, "return document.querySelectorAll('#imp-format option').length > 5"), 5)
    choose(d, csv_file)
    wait_for(lambda: "Would create 0 tasks" in summary(d), 5, message=f"second preview: {summary(d)!r}")
    skip_owner(d)  # read as the first time: mapped the same way
    wait_for(lambda: "4 already imported and unchanged" in summary(d), 5, message=f"second preview: {summary(d)!r}")
    assert js(d, "return document.querySelector('#imp-confirm').disabled") is True
    assert {r[0] for r in preview_rows(d)} == {"unchanged"}


def test_import_refuses_a_file_that_is_not_the_format(driver, t_server, tmp_path):
    d = driver
    bad_file = tmp_path / "broken.json"
    bad_file.write_text('[{"uuid": "x", "description": "half')
    open_app(d, t_server.url, "/transfer", rows=False)
    wait_for(lambda: js(d, "return document.querySelectorAll('#imp-format option').length > 5"), 5)
    js(d, "const s = document.querySelector('#imp-format'); s.value = 'taskwarrior'; s.dispatchEvent(new Event('change'))")
    choose(d, bad_file)
    wait_for(lambda: js(d, "return document.querySelector('.imp-out [role=alert]')?.innerText || ''") != "", 5,
             message="no error for a broken file")
    text = js(d, "return document.querySelector('.imp-out [role=alert]').innerText")
    assert "is not Taskwarrior JSON" in text and "line 1" in text, text


def test_export_link_downloads_what_the_api_serves(driver, t_server):
    d = driver
    open_app(d, t_server.url, "/transfer", rows=False)
    wait_for(lambda: js(d, "return document.querySelectorAll('#ex-format option').length > 5"), 5)
    js(d, "const s = document.querySelector('#ex-format'); s.value = 'todotxt'; s.dispatchEvent(new Event('change'));"
          "const v = document.querySelector('#ex-view'); v.value = 'anytime'; v.dispatchEvent(new Event('change'))")
    href = js(d, "return document.querySelector('#ex-download').getAttribute('href')")
    assert href == "/api/export/todotxt?view=anytime", href
    r = t_server.api("GET", href)
    assert r.status_code == 200 and r.headers["Content-Disposition"].startswith("attachment")
    assert "Write release notes" in r.text


DEVICES = {"desktop": dict(width=1280, height=900, deviceScaleFactor=1, mobile=False),
           "phone": dict(width=390, height=844, deviceScaleFactor=2, mobile=True)}


@pytest.mark.parametrize("scheme,device", [("light", "desktop"), ("dark", "desktop"), ("light", "phone")])
def test_transfer_page_a11y_and_screenshot(driver, t_server, csv_file, scheme, device):
    d = driver
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", DEVICES[device])
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
    open_app(d, t_server.url, "/transfer", rows=False)
    wait_for(lambda: js(d, "return document.querySelectorAll('#imp-format option').length > 5"), 5)
    js(d, "const s = document.querySelector('#imp-format'); s.value = 'csv'; s.dispatchEvent(new Event('change'))")
    choose(d, csv_file)
    wait_for(lambda: js(d, "return !!document.querySelector('.imp-table')"), 5, message="no preview table")
    time.sleep(0.3)
    problems = describe("transfer", bad(run_axe(d)))
    png = base64.b64decode(d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    out = REPO / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    (out / f"import-{scheme}-{device}.png").write_bytes(png)
    assert not problems, "\n".join(problems)
