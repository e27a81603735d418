"""Installable: manifest and icons, no installability errors, a service worker, the shell offline."""
import json

import pytest
import requests

from conftest import Server, new_driver, open_app, seed_vault, wait_for


@pytest.fixture(scope="module")
def pwa(tmp_path_factory):
    v = seed_vault(tmp_path_factory.mktemp("pwa"))
    s = Server(v)
    d = new_driver()
    yield s, d
    d.quit()
    s.stop()


def test_manifest_and_icons(pwa):
    s, _ = pwa
    r = s.api("GET", "/manifest.webmanifest")
    assert r.status_code == 200, r.status_code
    assert "manifest" in r.headers.get("Content-Type", "") or "json" in r.headers.get("Content-Type", "")
    m = json.loads(r.text)
    assert m.get("display") == "standalone", m
    assert m.get("name") and m.get("start_url") and m.get("theme_color") and m.get("background_color"), m
    sizes = {}
    for icon in m.get("icons", []):
        got = s.api("GET", icon["src"] if icon["src"].startswith("/") else "/" + icon["src"])
        assert got.status_code == 200 and got.headers.get("Content-Type", "").startswith("image/"), icon
        for size in icon.get("sizes", "").split():
            sizes.setdefault(size, set()).update((icon.get("purpose") or "any").split())
    assert "192x192" in sizes and "512x512" in sizes, sizes
    assert any("maskable" in p for p in sizes.values()), f"no maskable icon: {sizes}"


def test_installable_and_service_worker_ready(pwa):
    s, d = pwa
    open_app(d, s.url, "/today")
    scope = d.execute_async_script("""const done = arguments[arguments.length - 1];
        const t = setTimeout(() => done('timeout'), 15000);
        navigator.serviceWorker.ready.then(r => { clearTimeout(t); done(r.scope); }, e => done('error ' + e));""")
    assert scope == s.url + "/", f"navigator.serviceWorker.ready: {scope}"
    errors = d.execute_cdp_cmd("Page.getInstallabilityErrors", {})
    assert errors.get("installabilityErrors") == [], errors
    manifest = d.execute_cdp_cmd("Page.getAppManifest", {})
    assert not manifest.get("errors"), manifest.get("errors")


def test_shell_loads_offline(pwa):
    s, d = pwa
    open_app(d, s.url, "/today")
    d.execute_async_script("""const done = arguments[arguments.length - 1];
        navigator.serviceWorker.ready.then(() => done(true));""")
    if not d.execute_script("return !!navigator.serviceWorker.controller"):
        d.refresh()
        wait_for(lambda: d.execute_script("return !!navigator.serviceWorker.controller"), 10,
                 message="the service worker never controlled the page")
    open_app(d, s.url, "/today")  # everything the shell needs went through the worker
    url = s.url
    s.stop()  # the server is gone: unreachable, as offline on a phone
    try:
        requests.get(url + "/", timeout=2)
        pytest.fail("the server still answers")
    except requests.RequestException:
        pass
    d.get(url + "/today")
    wait_for(lambda: d.execute_script("return document.querySelectorAll('#sidebar a.nav-item').length > 0 || "
                                      "document.querySelector('#main').textContent.trim().length > 0"), 10,
             message="the shell did not render offline")
    wait_for(lambda: "offline" in d.execute_script(
        "return (document.querySelector('#banners').textContent + ' ' + document.querySelector('#main').textContent).toLowerCase()"),
        10, message="the offline shell does not say it is offline")
    # it never shows stale data as current: any rows shown are marked as such
    stale = d.execute_script("return document.querySelectorAll('#main .task-row').length")
    if stale:
        assert "offline" in d.execute_script("return document.querySelector('#banners').textContent.toLowerCase()")
