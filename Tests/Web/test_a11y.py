"""Accessibility: axe-core (the axe.min.js inside the axe-playwright-python wheel, injected with
execute_script) finds no serious or critical violation on each view, in each preset, light and dark.
The detail's task has a sync conflict (the chooser shows) and its History section is opened; /quarantine
(a server of its own) holds an agent's task, a note and a burst, with the burst's banner."""
import json
import os
import time
from pathlib import Path

import pytest

from conftest import BURSTY, Server, fill_quarantine, quarantine_on, seed_vault, sync_conflict, wait_for

PRESETS = ["classic", "focus", "minimal", "system", "ink", "dark_pro"]
DETAIL = "/task/Projects%2FLaunch%2Ffix-login-bug.md"
VIEWS = {
    "inbox": "/inbox", "today": "/today", "upcoming": "/upcoming", "anytime": "/anytime", "logbook": "/logbook",
    "project": "/project/Meal%20Prep", "detail": DETAIL, "settings": "/settings", "builder": "/builder",
    "conflicts": "/conflicts",
}


def axe_source():
    import axe_playwright_python
    path = Path(os.path.dirname(axe_playwright_python.__file__)) / "axe.min.js"
    if not path.exists():
        path = next(Path(os.path.dirname(axe_playwright_python.__file__)).rglob("axe.min.js"))
    return path.read_text(encoding="utf-8")


AXE = None


@pytest.fixture(scope="module")
def a11y_server(tmp_path_factory):
    v = seed_vault(tmp_path_factory.mktemp("a11y"))
    s = Server(v)
    sync_conflict(s, v, "Projects/Launch/fix-login-bug.md",
                  mine={"Fix the login bug": "Fix the login bug on Safari", "Safari only": "Safari 17 only"},
                  theirs={"Fix the login bug": "Fix the login bug (urgent)", "Safari only": "Safari and Firefox"})
    yield s
    s.stop()


@pytest.fixture(scope="module")
def q_server(tmp_path_factory):
    """/quarantine with its burst banner, an agent's task and a note without a task."""
    v = seed_vault(tmp_path_factory.mktemp("a11y-quarantine"))
    quarantine_on(v, **BURSTY)
    s = Server(v)
    fill_quarantine(s, v)
    yield s
    s.stop()


def set_theme(vault, preset, scheme):
    (Path(vault) / ".theme.json").write_text(json.dumps({"base": preset, "appearance": scheme}) + "\n")


def quarantine(d, server, preset, scheme):
    """The axe violations of /quarantine (with its banner) in a preset."""
    set_theme(server.vault, preset, scheme)
    load(d, server.url, "/quarantine", scheme)
    wait_for(lambda: d.execute_script("return !!document.querySelector('#main .q-alert') && "
                                      "document.querySelectorAll('#main .q-row').length == 6"), 5,
             message="/quarantine does not show the banner and six held files")
    return describe("quarantine", bad(run_axe(d)))


def load(d, base, route, scheme):
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
    d.get(base + route)
    wait_for(lambda: d.execute_script("return document.querySelectorAll('#sidebar a.nav-item').length > 0 "
                                      "&& document.querySelector('#main').children.length > 0"), 10,
             message=f"{route} did not render")
    if route.startswith("/task/"):
        wait_for(lambda: d.execute_script("return !document.querySelector('#detail').hidden"), 10,
                 message=f"the detail did not open at {route}")
        if route == DETAIL:
            wait_for(lambda: d.execute_script("return !!document.querySelector('#detail .sync-panel')"), 5,
                     message="the sync-conflict chooser is not in the detail")
        # The History section, opened and loaded.
        d.execute_script("const s = document.querySelector('#detail details.detail-history'); if (s) s.open = true")
        wait_for(lambda: d.execute_script("return !!document.querySelector('#detail .history-list')"), 5,
                 message=f"the History section did not load at {route}")
    time.sleep(0.4)


def run_axe(d):
    global AXE
    if AXE is None:
        AXE = axe_source()
    if not d.execute_script("return typeof window.axe !== 'undefined'"):
        d.execute_script(AXE)
    result = d.execute_async_script("""const done = arguments[arguments.length - 1];
        axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ') + ' :: ' + (n.failureSummary || '').replace(/\\s+/g, ' ').slice(0, 160)),
            count: v.nodes.length}))), e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: [], count: 0}]));""")
    return result


def bad(violations):
    return [v for v in violations if v["impact"] in ("serious", "critical")]


def describe(label, violations):
    out = []
    for v in violations:
        out.append(f"{label}: [{v['impact']}] {v['id']} ({v['count']}): {v['help']}")
        out += [f"    {n}" for n in v["nodes"]]
    return out


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_view_classic(driver, a11y_server, q_server, scheme):
    set_theme(a11y_server.vault, "classic", scheme)
    problems = quarantine(driver, q_server, "classic", scheme)
    for name, route in VIEWS.items():
        load(driver, a11y_server.url, route, scheme)
        problems += describe(name, bad(run_axe(driver)))
        if name == "detail":  # a version of the task, viewed from its History
            driver.execute_script("document.querySelector('#detail .detail-history button').click()")
            try:
                wait_for(lambda: driver.execute_script("return !!document.querySelector('.version-sheet .version-text')"), 3)
                time.sleep(0.3)
                problems += describe("version", bad(run_axe(driver)))
            except AssertionError:
                problems.append("version: View showed nothing")
    # quick entry open over Today
    load(driver, a11y_server.url, "/today", scheme)
    driver.execute_script("document.querySelector('#fab').click()")
    try:
        wait_for(lambda: driver.execute_script("return !!document.querySelector('#quick-entry input[name=quick]')"), 3)
        driver.execute_script("document.querySelector('#quick-entry input[name=quick]').value = 'Call mom tomorrow #family';"
                              "document.querySelector('#quick-entry input[name=quick]').dispatchEvent(new Event('input', {bubbles: true}))")
        time.sleep(0.6)
        problems += describe("quick entry", bad(run_axe(driver)))
    except AssertionError:
        problems.append("quick entry: did not open")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("preset", PRESETS)
def test_preset(driver, a11y_server, request, preset, scheme):
    set_theme(a11y_server.vault, preset, scheme)
    # The quarantine in a dark preset too (the classic ones: test_every_view_classic).
    problems = quarantine(driver, request.getfixturevalue("q_server"), preset, scheme) if (preset, scheme) == ("dark_pro", "dark") else []
    for name, route in (("today+detail", DETAIL), ("settings", "/settings")):
        load(driver, a11y_server.url, route, scheme)
        got = driver.execute_script("return [document.documentElement.dataset.preset, document.documentElement.dataset.scheme]")
        assert got[0] == preset, f".theme.json base {preset} gave data-preset {got[0]}"
        if preset != "dark_pro":
            assert got[1] == scheme, f"appearance {scheme} gave data-scheme {got[1]}"
        problems += describe(name, bad(run_axe(driver)))
    assert not problems, "\n".join(problems)
