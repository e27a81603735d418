"""The shipped web app stays small and self-contained: JavaScript + CSS for the first paint under 170 KB
(216 KB with the screens loaded on demand) uncompressed as served (the server drops comment lines and indentation when it loads the files), no file from another
origin, no HTML insertion of strings, no inline script or style in the shell."""
import re
from pathlib import Path

import pytest
import requests

WEB = Path(__file__).resolve().parents[2] / "Sources" / "TodoMDHTTP" / "Web"
# 150 KB until the sync-conflict chooser and the task history (issue 16) took it to ~165 KB; the quarantine
# view (held files, the burst banner, the held notice) to ~169 KB. What the first paint waits for is what
# loads eagerly: the shell's stylesheets and main.js with its static imports. Screens loaded on demand
# (`import('./settings.js')`: settings, the builder, the quarantine, import & export…) have their own,
# looser budget on the whole app.
BUDGET = 170 * 1024
# 200 KB until the structure of issue 21 took it to ~209 KB: the review mode (review.js + review.css, loaded
# on demand), the detail's checklist, the Next view and the rows' checklist badge; 216 KB with nesting by drag
# and from the menu and the dialog before completing a parent with open subtasks (~213 KB).
WHOLE_BUDGET = 216 * 1024
# The capture app (/capture, issue 20) is a page of its own with its own budget: what it loads (its
# JS and CSS, plus the shared tokens.css). It is not part of the main app's totals.
CAPTURE_BUDGET = 40 * 1024
STATIC_IMPORT = re.compile(r"""(?:from|import)\s*['"]\./([\w/.-]+\.js)['"]""")


def is_capture(p):
    rel = p.relative_to(WEB).as_posix()
    return rel in ("js/capture.js", "css/capture.css") or rel.startswith("js/capture/")


def shipped(ext, capture=False):
    """The main app's files (capture=False), or every file (capture=None), or the capture app's."""
    return [p for p in WEB.rglob(f"*.{ext}") if capture is None or is_capture(p) == capture]


def eager_scripts():
    """main.js and everything it imports statically, transitively."""
    seen, todo = set(), [WEB / "js" / "main.js"]
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        todo += [(p.parent / m).resolve() for m in STATIC_IMPORT.findall(p.read_text())]
    return seen


def test_javascript_and_css_fit_the_budget(server):
    files = shipped("js") + shipped("css")
    served = {p: len(requests.get(server.url + "/" + str(p.relative_to(WEB)), timeout=10).content) for p in files}
    source = sum(p.stat().st_size for p in files)
    eager = eager_scripts()
    first = sum(n for p, n in served.items() if p.suffix == ".css" or p.resolve() in eager)
    total = sum(served.values())
    sizes = ", ".join(f"{p.relative_to(WEB)} {n // 1024} KB" for p, n in sorted(served.items(), key=lambda kv: -kv[1])[:6])
    print(f"\nweb app: {first / 1024:.1f} KB of JS + CSS for the first paint, {total / 1024:.1f} KB in all "
          f"({source / 1024:.1f} KB of source) in {len(files)} files (largest: {sizes})")
    assert first < BUDGET, f"{first / 1024:.1f} KB of JS + CSS loads eagerly, over the {BUDGET // 1024} KB budget ({sizes})"
    assert total < WHOLE_BUDGET, f"{total / 1024:.1f} KB of JS + CSS in all is over the {WHOLE_BUDGET // 1024} KB budget ({sizes})"


def test_the_capture_app_fits_its_budget(server):
    files = shipped("js", True) + shipped("css", True) + [WEB / "css" / "tokens.css"]
    served = {p: len(requests.get(server.url + "/" + str(p.relative_to(WEB)), timeout=10).content) for p in files}
    total = sum(served.values())
    print(f"\ncapture app: {total / 1024:.1f} KB of JS + CSS in {len(files)} files")
    assert total < CAPTURE_BUDGET, f"the capture app is {total / 1024:.1f} KB, over its {CAPTURE_BUDGET // 1024} KB budget"
    # It does not load the main app.
    for p in shipped("js", True):
        assert not re.search(r"""['"][./]*(main|api|list|sidebar)\.js['"]""", p.read_text()), f"{p.name} imports the main app"


def test_nothing_comes_from_another_origin_and_no_html_is_inserted():
    for p in shipped("js", None) + shipped("css", None) + shipped("html", None):
        text = p.read_text()
        assert not re.search(r"(src|href)=[\"']?(https?:)?//", text), f"{p.name} loads from another origin"
        assert not re.search(r"@import\s+url\(\s*[\"']?(https?:)?//", text), f"{p.name} imports from another origin"
        if p.suffix == ".js":
            for bad in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"):
                assert bad not in text, f"{p.name} uses {bad}"


@pytest.mark.parametrize("page", ["index.html", "capture.html"])
def test_the_shell_has_no_inline_script_or_style(page):
    html = (WEB / page).read_text()
    assert "<script" in html
    for tag in re.findall(r"<script[^>]*>", html):
        assert "src=" in tag, f"inline script: {tag}"
    assert not re.search(r"<style", html), "inline <style>"
    assert not re.search(r"\sstyle=", html), "inline style attribute"
    assert not re.search(r"\son[a-z]+=", html), "inline event handler"
