"""Attribution (source), permissions (.todomd.json source_permissions), the rate alert, and undo."""
import json

from conftest import SOURCE, call, call_ok, md_files, read_frontmatter, write_ok


def test_created_tasks_carry_the_connection_source(h):
    async def body(s):
        r = await write_ok(s, "add_tasks", {"tasks": [{"title": "Attributed"}, {"text": "Quick attributed #x"}]}, n=2)
        return [x["task"] for x in r.results]

    for t in h.session(body):
        assert t["source"] == SOURCE, f"task JSON source {t['source']!r}, expected {SOURCE!r}"
        fm = read_frontmatter(h.vault / t["path"])
        assert fm.get("source") == SOURCE, f"{t['path']}: source {fm.get('source')!r}, expected {SOURCE!r}"


def test_a_client_name_is_sanitised_into_the_source(stdio_h):
    async def body(s):
        return (await write_ok(s, "add_tasks", {"tasks": [{"title": "Odd name"}]}, n=1)).item(0)["task"]

    t = stdio_h.session(body, client_name="Claude Desktop/1 (beta)")
    src = read_frontmatter(stdio_h.vault / t["path"]).get("source")
    assert src and src.startswith("mcp:"), f"source {src!r}"
    assert all(c.isalnum() or c in "._-" for c in src[4:]), f"source {src!r} not sanitised to [A-Za-z0-9._-]"
    assert "Claude" in src and "Desktop" in src, f"source {src!r} lost the name"


def test_an_item_may_not_set_its_own_source(h):
    async def body(s):
        r = await call(s, "add_tasks", {"tasks": [{"title": "Spoofed", "source": "user"}, {"title": "Honest"}]})
        if not r.is_error:
            assert r.item(0)["ok"] is False, f"an item setting source was accepted: {r.item(0)}"
            assert r.item(1)["ok"] is True, r.item(1)
        return r

    h.session(body)
    for rel in md_files(h.vault):
        fm = read_frontmatter(h.vault / rel)
        assert fm.get("source") == SOURCE, f"{rel}: source {fm.get('source')!r} (title {fm.get('title')!r})"


def test_http_source_header_overrides_the_source(http_h):
    async def body(s):
        return (await write_ok(s, "add_tasks", {"tasks": [{"title": "From my agent"}]}, n=1)).item(0)["task"]

    t = http_h.session(body, headers={"X-Todomd-Source": "my-agent"})
    assert read_frontmatter(http_h.vault / t["path"]).get("source") == "my-agent", t
    assert t["source"] == "my-agent"


def test_stdio_source_flag_overrides_the_source(stdio_h):
    async def body(s):
        return (await write_ok(s, "add_tasks", {"tasks": [{"title": "From the flag"}]}, n=1)).item(0)["task"]

    t = stdio_h.session(body, stdio_args=["--source", "nightly-agent"])
    assert read_frontmatter(stdio_h.vault / t["path"]).get("source") == "nightly-agent", t


def test_permissions_refuse_delete_but_allow_add(h):
    (h.vault / ".todomd.json").write_text(json.dumps({"source_permissions": {"mcp:*": {"delete": False}}}))
    victim = h.write_task("victim.md", "Do not delete me")
    original = victim.read_bytes()

    async def body(s):
        r = await call(s, "delete_tasks", {"tasks": ["victim.md"]})
        assert r.is_error, f"delete_tasks with delete: false should be a tool error: {r!r}"
        assert "may not" in r.text, f"the refusal does not say 'may not': {r.text!r}"
        assert SOURCE in r.text, f"the refusal does not name the source {SOURCE!r}: {r.text!r}"
        dry = await call(s, "delete_tasks", {"tasks": ["victim.md"], "dry_run": True})
        assert dry.is_error, f"a refused delete dry run should be refused too: {dry!r}"
        r2 = await call(s, "restore_tasks", {"tasks": ["victim.md"]})
        assert r2.is_error and "may not" in r2.text, f"restore falls under delete: {r2!r}"
        added = await write_ok(s, "add_tasks", {"tasks": [{"title": "Adding is fine"}]}, n=1)
        await write_ok(s, "complete_tasks", {"tasks": [added.item(0)["task"]["id"]]}, n=1)

    h.session(body)
    assert victim.read_bytes() == original, "the refused delete touched the file"
    assert not (h.vault / ".trash").exists() or not list((h.vault / ".trash").rglob("victim*")), "victim is in the trash"


def test_permissions_exact_source_beats_prefix(h):
    (h.vault / ".todomd.json").write_text(json.dumps({"source_permissions": {
        "*": {"create": False}, "mcp:*": {"create": True}, SOURCE: {"modify": False}}}))
    h.write_task("t.md", "Existing")

    async def body(s):
        await write_ok(s, "add_tasks", {"tasks": [{"title": "Allowed by mcp:*"}]}, n=1)
        r = await call(s, "update_tasks", {"updates": [{"task": "t.md", "set": {"priority": "high"}}]})
        assert r.is_error and "may not" in r.text, f"modify: false for {SOURCE} should refuse update_tasks: {r!r}"
        r = await call(s, "defer_tasks", {"tasks": ["t.md"], "until": "tomorrow"})
        assert r.is_error, f"defer is a modify: {r!r}"
        await write_ok(s, "complete_tasks", {"tasks": ["t.md"]}, n=1)

    h.session(body)
    assert "priority" not in h.fm("t.md") and "defer" not in h.fm("t.md")


def test_rate_alert_after_fifty_writes(h):
    async def body(s):
        first = await write_ok(s, "add_tasks", {"tasks": [{"title": f"Warm-up {i}"} for i in range(10)]}, n=10)
        assert first.sc["rate_alert"] is None, f"10 writes raised a rate alert: {first.sc['rate_alert']}"
        big = await write_ok(s, "add_tasks", {"tasks": [{"title": f"Burst {i}"} for i in range(60)]}, n=60)
        alert = big.sc["rate_alert"]
        assert alert, f"70 writes in a few seconds raised no rate alert: {big!r}"
        assert alert["total"] >= 51 and alert["window_seconds"] >= 1, alert
        by_source = {x["source"]: x["count"] for x in alert["sources"]}
        assert by_source.get(SOURCE, 0) >= 51, f"rate alert sources {alert['sources']}, expected {SOURCE} >= 51"
        assert "rate alert" in big.text.lower(), f"the summary does not say 'rate alert': {big.text!r}"

    h.session(body)
    assert len(md_files(h.vault)) == 70


def test_undo_reverses_one_add_tasks_call(h):
    h.write_task("before.md", "Was here before")

    async def body(s):
        r = await write_ok(s, "add_tasks", {"tasks": [{"title": f"Undo me {i}"} for i in range(3)]}, n=3)
        return [x["task"]["path"] for x in r.results]

    paths = h.session(body)
    assert all((h.vault / p).is_file() for p in paths)
    h.cli("undo", "--vault", str(h.vault), json_out=False)
    left = md_files(h.vault)
    assert left == ["before.md"], f"after undo the vault still has {left} (the call added {paths})"


def test_undo_reverses_a_whole_update_call(h):
    h.write_task("u1.md", "Undo one")
    h.write_task("u2.md", "Undo two")
    originals = {p: (h.vault / p).read_bytes() for p in ("u1.md", "u2.md")}

    async def body(s):
        await write_ok(s, "update_tasks", {"updates": [{"task": "u1.md", "set": {"priority": "high"}},
                                                       {"task": "u2.md", "add_tags": ["t"]}]}, n=2)

    h.session(body)
    assert (h.vault / "u1.md").read_bytes() != originals["u1.md"]
    h.cli("undo", "--vault", str(h.vault), json_out=False)
    for p, b in originals.items():
        assert (h.vault / p).read_bytes() == b, f"{p} not restored by one undo"
