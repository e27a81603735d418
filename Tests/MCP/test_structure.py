"""Structure over MCP (issue 21): add_tasks with a parent and a checklist, find_tasks returning the
tree (children after their parent with depth and parent_id, held-up tasks saying why), and
complete_tasks failing a parent with open subtasks per item unless with_children."""
from conftest import call_ok, write_ok


def test_trees_and_completing_a_parent(h):
    async def body(s):
        r = await write_ok(s, "add_tasks", {"tasks": [{"title": "Plan trip"}]}, n=1)
        parent = r.item(0)["task"]
        r = await write_ok(s, "add_tasks", {"tasks": [
            {"title": "Book flights", "parent": parent["id"], "checklist": ["compare prices", "pay"]},
            {"title": "Pack", "blocked_by": [parent["path"]]},
        ]}, n=2)
        child = r.item(0)["task"]
        assert child["checklist"]["total"] == 2, child
        found = (await call_ok(s, "find_tasks", {"view": "all"})).sc
        by_title = {t["title"]: t for t in found["tasks"]}
        titles = [t["title"] for t in found["tasks"]]
        assert titles.index("Book flights") == titles.index("Plan trip") + 1, titles
        kid = by_title["Book flights"]
        assert kid["depth"] == 1 and kid["parent_id"] == parent["id"] and kid["parent_title"] == "Plan trip", kid
        assert by_title["Pack"].get("blocked_by_tasks") == ["Plan trip"], by_title["Pack"]
        assert "  - Book flights" in (await call_ok(s, "find_tasks", {"view": "all"})).text

        r = await call_ok(s, "complete_tasks", {"tasks": [{"task": parent["id"]}]})
        item = r.item(0)
        assert item["ok"] is False and item["error"]["code"] == "open_subtasks", item
        assert item["error"]["subtasks"] == ["Book flights"], item
        assert h.fm(parent["path"]).get("status") != "done"
        r = await call_ok(s, "complete_tasks", {"tasks": [{"task": parent["id"], "with_children": True}]})
        assert r.item(0)["ok"] is True, r.item(0)
        assert h.fm(parent["path"]).get("status") == "done" and h.fm(child["path"]).get("status") == "done"

    h.session(body)


def test_nesting_and_renaming_with_move_tasks(h):
    async def body(s):
        r = await write_ok(s, "add_tasks", {"tasks": [{"title": "Plan trip"}, {"title": "Book flights"}]}, n=2)
        parent, child = r.item(0)["task"], r.item(1)["task"]
        r = await call_ok(s, "move_tasks", {"moves": [{"task": child["id"], "parent": parent["id"]}]})
        assert r.item(0)["ok"] is True, r.item(0)
        assert h.fm(child["path"]).get("parent") == parent["path"]
        # A loop fails that item alone.
        r = await call_ok(s, "move_tasks", {"moves": [{"task": parent["id"], "parent": child["id"]}]})
        assert r.item(0)["ok"] is False and "loop" in r.item(0)["error"]["message"], r.item(0)
        # A dry run renames nothing; the real one moves the file and the child's link follows.
        r = await call_ok(s, "move_tasks", {"moves": [{"task": parent["id"], "file": "Trips/2027"}], "dry_run": True})
        assert r.item(0)["ok"] is True, r.item(0)
        assert (h.vault / parent["path"]).exists() and not (h.vault / "Trips/2027.md").exists()
        r = await call_ok(s, "move_tasks", {"moves": [{"task": parent["id"], "file": "Trips/2027"}]})
        assert r.item(0)["ok"] is True and r.item(0)["task"]["path"] == "Trips/2027.md", r.item(0)
        # The link was a file name (the parent sat at the top of the vault): it stays one.
        assert h.fm(child["path"]).get("parent") == "2027.md"
        r = await call_ok(s, "move_tasks", {"moves": [{"task": child["id"], "parent": None}]})
        assert r.item(0)["ok"] is True and "parent" not in h.fm(child["path"]), h.fm(child["path"])

    h.session(body)
