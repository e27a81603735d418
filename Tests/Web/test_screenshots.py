"""Screenshots of the main screens, light and dark, desktop (1280x800) and phone (390x844), written to
docs/screenshots/NAME-SCHEME-DEVICE.png (TODOMD_SCREENSHOTS_DIR to put them elsewhere). "conflict" is the
sync-conflict chooser in a task's detail, "quarantine" the files held for review with a burst's banner (each
a vault of its own, so the other screens show neither)."""
import base64
import json
import os
import time
from pathlib import Path

import pytest

from conftest import BURSTY, REPO, Server, fill_quarantine, quarantine_on, seed_vault, sync_conflict, wait_for, write_task

OUT = Path(os.environ.get("TODOMD_SCREENSHOTS_DIR") or REPO / "docs" / "screenshots")
DETAIL = "/task/Projects%2FMeal%20Prep%2Fbuy-groceries.md"
SCREENS = {
    "today": "/today", "upcoming": "/upcoming", "project": "/project/Launch", "detail": DETAIL,
    "quick-entry": "/today", "settings": "/settings", "home": "/",
}
DEVICES = {"desktop": dict(width=1280, height=800, deviceScaleFactor=1, mobile=False),
           "phone": dict(width=390, height=844, deviceScaleFactor=2, mobile=True)}
PHONE_SCREENS = ("home", "today", "detail")  # home: on a phone / is the sidebar screen
OFFSITE = "Projects/Launch/offsite.md"
SCREENS["conflict"] = "/task/Projects%2FLaunch%2Foffsite.md"
SCREENS["quarantine"] = "/quarantine"


@pytest.fixture(scope="module")
def shots_server(tmp_path_factory):
    v = seed_vault(tmp_path_factory.mktemp("shots"))
    (v / ".theme.json").write_text(json.dumps({"base": "classic", "appearance": "system"}) + "\n")
    s = Server(v)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def conflict_server(tmp_path_factory):
    v = seed_vault(tmp_path_factory.mktemp("shots-conflict"))
    (v / ".theme.json").write_text(json.dumps({"base": "classic", "appearance": "system"}) + "\n")
    write_task(v, OFFSITE, "Plan the offsite", area="Work", project="Launch", due="2026-12-01", priority="low",
               body="Book the venue.\nAsk about the projector.", created="2026-01-05T09:00:00Z")
    s = Server(v)
    sync_conflict(s, v, OFFSITE,
                  mine={"Plan the offsite": "Plan the team offsite", "2026-12-01": "2026-12-02",
                        "Book the venue.": "Book the venue today."},
                  theirs={"Plan the offsite": "Plan the offsite in Lisbon", "2026-12-01": "2026-12-05",
                          '"low"': '"high"', "Book the venue.": "Book the venue tomorrow,\nand the flights."})
    yield s
    s.stop()


@pytest.fixture(scope="module")
def quarantine_server(tmp_path_factory):
    v = seed_vault(tmp_path_factory.mktemp("shots-quarantine"))
    (v / ".theme.json").write_text(json.dumps({"base": "classic", "appearance": "system"}) + "\n")
    quarantine_on(v, **BURSTY)
    s = Server(v)
    fill_quarantine(s, v)
    yield s
    s.stop()


def shoot(d, base, screen, scheme, device):
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", DEVICES[device])
    d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": device == "phone", "maxTouchPoints": 5})
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
    d.get(base + SCREENS[screen])
    wait_for(lambda: d.execute_script("return document.querySelectorAll('#sidebar a.nav-item').length > 0"), 10,
             message=f"{screen} did not render")
    if screen in ("today", "upcoming", "project", "quick-entry"):
        wait_for(lambda: d.execute_script("return document.querySelectorAll('#main .task-row').length > 0"), 10)
    if screen == "detail":
        wait_for(lambda: d.execute_script("return !document.querySelector('#detail').hidden"), 10)
    if screen == "conflict":  # two fields chosen, one still open
        wait_for(lambda: d.execute_script("return !!document.querySelector('#detail .sync-panel')"), 10)
        d.execute_script("for (const [k, v] of [['title', 'theirs'], ['due', 'mine']])"
                         " document.querySelector(`#detail .sync-panel input[name=sync-${k}][value=${v}]`).click()")
    if screen == "quarantine":
        wait_for(lambda: d.execute_script("return document.querySelectorAll('#main .q-row').length == 6"), 10)
    if screen == "quick-entry":
        d.execute_script("document.querySelector('#fab').click()")
        inp = wait_for(lambda: d.execute_script("return document.querySelector('#quick-entry input[name=quick]')"), 5)
        inp.send_keys("Pick up the dry cleaning tomorrow at 5pm #errands !high")
        time.sleep(0.8)
    time.sleep(0.5)
    d.execute_script("document.activeElement && document.activeElement.blur && document.activeElement.blur()")
    png = base64.b64decode(d.execute_cdp_cmd("Page.captureScreenshot", {"format": "png"})["data"])
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"{screen}-{scheme}-{device}.png"
    path.write_bytes(png)
    return path


CASES = [(s, sch, "desktop") for s in SCREENS if s not in ("home", "quarantine") for sch in ("light", "dark")] + \
        [(s, sch, "phone") for s in PHONE_SCREENS for sch in ("light", "dark")] + [("conflict", "light", "phone"),
                                                                                  ("quarantine", "light", "desktop")]


@pytest.mark.parametrize("screen,scheme,device", CASES, ids=[f"{a}-{b}-{c}" for a, b, c in CASES])
def test_screenshot(driver, shots_server, request, screen, scheme, device):
    server = request.getfixturevalue(screen + "_server") if screen in ("conflict", "quarantine") else shots_server
    path = shoot(driver, server.url, screen, scheme, device)
    assert path.stat().st_size > 5000, f"{path} looks empty"
    got = driver.execute_script("return document.documentElement.dataset.scheme")
    assert got == scheme, f"{path.name}: data-scheme {got}"
