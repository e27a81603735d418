"""The write tools over stdio and HTTP: add, find (paging), get, update (conflicts, clearing, tags,
notes), complete (repeating), reopen, defer, reschedule, move, delete/restore, and dry runs."""
import json

from conftest import (body_of, call, call_error, call_ok, day, diff_hashes, md_files, read_frontmatter,
                      vault_hashes, write_ok)


def test_add_quick_entry_and_fields_then_find(h):
    async def body(s):
        r = await write_ok(s, "add_tasks", {"tasks": [
            {"text": "Buy milk tomorrow #errands !high"},
            {"title": "Write the report", "due": day(0), "scheduled": "tomorrow", "tags": ["work"],
             "priority": "medium", "project": "Reports", "area": "Work", "estimated_minutes": 30,
             "description": "Quarterly numbers", "notes": "Ask Ana for the figures."},
        ]}, n=2)
        assert r.sc["dry_run"] is False and r.sc["failed"] == 0
        assert [x["index"] for x in r.results] == [0, 1], r
        milk, report = r.item(0)["task"], r.item(1)["task"]
        assert milk["title"] == "Buy milk", f"quick entry title: {milk['title']!r}"
        assert milk["due"] == day(1), f"quick entry 'tomorrow': due {milk['due']!r}, expected {day(1)}"
        assert milk["tags"] == ["errands"] and milk["priority"] == "high", milk
        assert r.item(0).get("understood"), f"quick entry item says nothing it understood: {r.item(0)}"
        assert report["title"] == "Write the report" and report["due"] == day(0), report
        assert report["scheduled"] == day(1), f"scheduled 'tomorrow' -> {report['scheduled']!r}"
        assert (report["project"], report["area"], report["priority"], report["estimated_minutes"],
                report["description"], report["tags"]) == ("Reports", "Work", "medium", 30, "Quarterly numbers",
                                                           ["work"]), report
        for t in (milk, report):
            assert t["version"], f"no version: {t}"
            assert (h.vault / t["path"]).is_file(), f"{t['path']} not in the vault: {md_files(h.vault)}"
        assert "Ask Ana for the figures." in body_of(h.vault / report["path"])
        fm = read_frontmatter(h.vault / report["path"])
        assert fm.get("due") == day(0) and fm.get("project") == "Reports", fm

        today = (await call_ok(s, "find_tasks", {"view": "today"})).sc
        assert today["kind"] == "view" and today["name"] == "today" and today["today"] == day(0), today
        assert [t["title"] for t in today["tasks"]] == ["Write the report"], today["tasks"]
        assert today["total"] == 1 and today["next_cursor"] is None
        up = (await call_ok(s, "find_tasks", {"view": "upcoming"})).sc
        assert "Buy milk" in [t["title"] for t in up["tasks"]], up
        q = (await call_ok(s, "find_tasks", {"query": "#errands & p1"})).sc
        assert q["kind"] == "query" and [t["id"] for t in q["tasks"]] == [milk["id"]], q
        f = (await call_ok(s, "find_tasks", {"view": "anytime", "project": "Reports"})).sc
        assert [t["id"] for t in f["tasks"]] == [report["id"]], f"anytime + project filter: {f}"
        f = (await call_ok(s, "find_tasks", {"view": "anytime", "tags": ["errands"]})).sc
        assert [t["id"] for t in f["tasks"]] == [milk["id"]], f"anytime + tags filter: {f}"
        f = (await call_ok(s, "find_tasks", {"view": "anytime", "source": h.source})).sc
        assert {t["id"] for t in f["tasks"]} == {milk["id"], report["id"]}, f"anytime + source filter: {f}"

    h.session(body)


def test_find_tasks_pages_with_a_cursor(h):
    async def body(s):
        await write_ok(s, "add_tasks", {"tasks": [{"title": f"Paging task {i}", "tags": ["page"]}
                                                  for i in range(7)]}, n=7)
        for args in ({"view": "inbox", "limit": 3}, {"query": "#page", "limit": 3}):
            seen, sizes, cursor = [], [], None
            for page in range(5):
                a = dict(args, **({"cursor": cursor} if cursor else {}))
                r = (await call_ok(s, "find_tasks", a)).sc
                assert r["total"] == 7, f"{a}: total {r['total']}"
                if "offset" in r:
                    assert r["offset"] == len(seen), f"{a}: offset {r['offset']}, expected {len(seen)}"
                seen.extend(t["id"] for t in r["tasks"])
                sizes.append(len(r["tasks"]))
                cursor = r["next_cursor"]
                if cursor is None:
                    break
            assert sizes == [3, 3, 1], f"{args}: page sizes {sizes}"
            assert len(set(seen)) == 7, f"{args}: duplicates or missing across pages: {seen}"
            assert cursor is None
        # A cursor from one query given to another is refused.
        first = (await call_ok(s, "find_tasks", {"view": "inbox", "limit": 3})).sc
        kind, err = await call_error(s, "find_tasks", {"query": "#page", "limit": 3, "cursor": first["next_cursor"]})
        assert kind == "tool", f"a foreign cursor: expected a tool error, got a JSON-RPC error {err}"

    h.session(body)


def test_get_task_by_id_and_title_not_found_and_ambiguous(h):
    h.write_task("call-ann.md", "Call Ann about the lease")
    h.write_task("call-bob.md", "Call Bob about the car")

    async def body(s):
        a = (await call_ok(s, "get_task", {"task": "call-ann.md"})).sc["task"]
        assert a["id"] == "call-ann.md" and a["title"] == "Call Ann about the lease" and a["version"], a
        b = (await call_ok(s, "get_task", {"task": "about the car"})).sc["task"]
        assert b["id"] == "call-bob.md", b
        again = (await call_ok(s, "get_task", {"task": "call-ann"})).sc["task"]  # file name without .md
        assert again["id"] == "call-ann.md" and again["version"] == a["version"]
        added = (await write_ok(s, "add_tasks", {"tasks": [{"title": "Fresh one"}]}, n=1)).item(0)["task"]
        got = (await call_ok(s, "get_task", {"task": added["id"]})).sc["task"]
        assert got["version"] == added["version"], f"get_task version {got['version']} != add's {added['version']}"
        kind, r = await call_error(s, "get_task", {"task": "no task has this title zzz"})
        assert kind == "tool", f"not found should be a tool error: {r}"
        kind, r = await call_error(s, "get_task", {"task": "Call"})
        assert kind == "tool", f"ambiguous should be a tool error: {r}"
        assert "call-ann.md" in r.text and "call-bob.md" in r.text, f"ambiguous: candidates not listed: {r.text!r}"

    h.session(body)


def test_update_with_a_stale_clashing_version_is_a_per_item_conflict(h):
    h.write_task("alpha.md", "Alpha", due=day(3))
    h.write_task("beta.md", "Beta")

    async def body(s):
        va = (await call_ok(s, "get_task", {"task": "alpha.md"})).sc["task"]["version"]
        # Someone else changes the same field behind the server's back.
        p = h.vault / "alpha.md"
        edited = p.read_text().replace(f'due: "{day(3)}"', f'due: "{day(5)}"')
        assert day(5) in edited
        p.write_text(edited)
        before = p.read_bytes()
        r = await call_ok(s, "update_tasks", {"updates": [
            {"task": "alpha.md", "version": va, "set": {"due": day(7)}},
            {"task": "beta.md", "set": {"priority": "high"}},
        ]})
        assert r.sc["succeeded"] == 1 and r.sc["failed"] == 1, r
        bad, good = r.item(0), r.item(1)
        assert bad["ok"] is False and bad["error"]["code"] == "edit_conflict", f"stale clash: {bad}"
        conflict = bad["error"].get("conflict")
        assert conflict, f"edit_conflict without conflict: {bad}"
        assert conflict["path"] == "alpha.md" and conflict["current_version"] != va, conflict
        keys = {f["key"]: f for f in conflict["fields"]}
        assert "due" in keys, f"conflict fields {conflict['fields']} do not name due"
        assert day(3) in json.dumps(keys["due"].get("read")) and day(5) in json.dumps(keys["due"].get("on_disk")), keys
        assert p.read_bytes() == before, "the conflicting file was changed: the other writer's edit is lost"
        assert good["ok"] is True and good["task"]["priority"] == "high", good
        assert h.fm("beta.md").get("priority") == "high"
        # The same stale version on another field merges with the outside edit.
        r = await call_ok(s, "update_tasks", {"updates": [{"task": "alpha.md", "version": va,
                                                           "set": {"priority": "low"}}]})
        assert r.item(0)["ok"], f"a stale version on a different field should merge: {r.item(0)}"
        fm = h.fm("alpha.md")
        assert fm.get("due") == day(5) and fm.get("priority") == "low", f"after the merge: {fm}"

    h.session(body)


def test_update_clears_with_null_tags_and_notes(h):
    h.write_task("gamma.md", "Gamma", body="First line of notes.", due=day(2), tags=["a", "b"], priority="low")

    async def body(s):
        r = await write_ok(s, "update_tasks", {"updates": [{
            "task": "gamma.md", "set": {"due": None, "priority": "high", "mood": "hopeful"},
            "add_tags": ["c"], "remove_tags": ["a"], "append_notes": "Appended by the agent."}]}, n=1)
        t = r.item(0)["task"]
        assert t["due"] is None and t["priority"] == "high" and t["tags"] == ["b", "c"], t
        fm = h.fm("gamma.md")
        assert "due" not in fm, f"due: null should remove the key: {fm}"
        assert fm.get("priority") == "high" and fm.get("tags") == ["b", "c"], fm
        assert fm.get("mood") == "hopeful", f"an unknown key in set is written as given: {fm}"
        body_text = body_of(h.vault / "gamma.md")
        assert "First line of notes." in body_text and "Appended by the agent." in body_text, body_text
        assert body_text.index("First line") < body_text.index("Appended by"), body_text
        await write_ok(s, "update_tasks", {"updates": [{"task": "gamma.md", "set": {"notes": "Replaced notes."}}]}, n=1)
        body_text = body_of(h.vault / "gamma.md")
        assert "Replaced notes." in body_text and "First line" not in body_text, body_text
        assert h.fm("gamma.md").get("title") == "Gamma"

    h.session(body)


def test_complete_a_repeating_task_creates_the_next_occurrence(h):
    h.write_task("water.md", "Water the plants", due=day(0), recurrence="FREQ=DAILY")
    h.write_task("plain.md", "Plain task")

    async def body(s):
        r = await write_ok(s, "complete_tasks", {"tasks": ["water.md", {"task": "plain.md"}]}, n=2)
        it = r.item(0)
        assert it["task"]["status"] == "done", it
        created = it.get("created") or []
        assert len(created) == 1, f"a repeating task's completion should report its next occurrence: {it}"
        nxt = created[0]
        assert nxt["title"] == "Water the plants" and nxt["status"] == "todo", nxt
        assert nxt["due"] and nxt["due"][:10] > day(0), f"next occurrence due {nxt['due']!r}, expected after {day(0)}"
        assert nxt["path"] != "water.md" and (h.vault / nxt["path"]).is_file(), (nxt["path"], md_files(h.vault))
        assert read_frontmatter(h.vault / nxt["path"]).get("due") == nxt["due"]
        assert h.fm("water.md").get("status") == "done"
        assert h.fm("plain.md").get("status") == "done" and not r.item(1).get("created")
        r = await write_ok(s, "reopen_tasks", {"tasks": ["plain.md"]}, n=1)
        assert r.item(0)["task"]["status"] == "todo" and h.fm("plain.md").get("status") == "todo"

    h.session(body)


def test_defer_reschedule_and_move(h):
    h.write_task("one.md", "Task one", created="2026-01-05T09:00:00Z")
    h.write_task("two.md", "Task two", created="2026-01-05T09:01:00Z")
    h.write_task("three.md", "Task three", created="2026-01-05T09:02:00Z")

    async def body(s):
        await write_ok(s, "defer_tasks", {"tasks": ["one.md"], "until": "tomorrow"}, n=1)
        assert h.fm("one.md").get("defer") == day(1)
        await write_ok(s, "defer_tasks", {"tasks": [{"task": "two.md", "until": "2030-01-07"}]}, n=1)
        assert h.fm("two.md").get("defer") == "2030-01-07"
        r = await write_ok(s, "reschedule_tasks", {"tasks": ["three.md"], "when": "today", "due": day(10)}, n=1)
        assert (r.item(0)["task"]["scheduled"], r.item(0)["task"]["due"]) == (day(0), day(10)), r.item(0)
        fm = h.fm("three.md")
        assert fm.get("scheduled") == day(0) and fm.get("due") == day(10), fm
        await write_ok(s, "reschedule_tasks", {"tasks": [{"task": "three.md", "due": None}]}, n=1)
        fm = h.fm("three.md")
        assert "due" not in fm and fm.get("scheduled") == day(0), f"due: null should clear only due: {fm}"
        await write_ok(s, "move_tasks", {"moves": [{"task": "one.md", "project": "Garden", "area": "Home"}]}, n=1)
        fm = h.fm("one.md")
        assert fm.get("project") == "Garden" and fm.get("area") == "Home", fm
        await write_ok(s, "move_tasks", {"moves": [{"task": "one.md", "project": None}]}, n=1)
        fm = h.fm("one.md")
        assert "project" not in fm and fm.get("area") == "Home", f"project: null should remove it: {fm}"
        # Manual order: three before two in the inbox.
        inbox = [t["id"] for t in (await call_ok(s, "find_tasks", {"view": "inbox"})).sc["tasks"]]
        assert inbox == ["two.md", "three.md"], f"inbox before the move: {inbox}"
        await write_ok(s, "move_tasks", {"moves": [{"task": "three.md", "before": "two.md"}]}, n=1)
        inbox = [t["id"] for t in (await call_ok(s, "find_tasks", {"view": "inbox"})).sc["tasks"]]
        assert inbox == ["three.md", "two.md"], f"inbox after moving three before two: {inbox}"

    h.session(body)


def test_delete_moves_to_the_trash_and_restore_by_trash_path_brings_it_back(h):
    original = h.write_task("Projects/House/paint.md", "Paint the fence").read_bytes()

    async def body(s):
        r = await write_ok(s, "delete_tasks", {"tasks": ["Projects/House/paint.md"]}, n=1)
        trash_path = r.item(0).get("trash_path")
        assert trash_path and trash_path.startswith(".trash/"), f"trash_path {trash_path!r}"
        assert not (h.vault / "Projects/House/paint.md").exists(), "the deleted file is still in place"
        assert (h.vault / trash_path).read_bytes() == original, f"not in the trash at {trash_path}"
        gone = await call(s, "get_task", {"task": "Projects/House/paint.md"})
        assert gone.is_error, f"a deleted task is still found: {gone}"
        # restore_tasks takes "trash path or file name"; delete_tasks' trash_path is the trash path.
        await write_ok(s, "restore_tasks", {"tasks": [trash_path]}, n=1)
        assert (h.vault / "Projects/House/paint.md").read_bytes() == original, "not restored where it was"
        assert not (h.vault / trash_path).exists()

    h.session(body)


def test_delete_then_restore_by_file_name(h):
    original = h.write_task("Areas/Home/other.md", "Another one").read_bytes()

    async def body(s):
        r = await write_ok(s, "delete_tasks", {"tasks": [{"task": "other.md"}]}, n=1)
        assert not (h.vault / "Areas/Home/other.md").exists() and (h.vault / r.item(0)["trash_path"]).is_file()
        await write_ok(s, "restore_tasks", {"tasks": ["other.md"]}, n=1)
        assert (h.vault / "Areas/Home/other.md").read_bytes() == original

    h.session(body)


def test_dry_runs_write_nothing_and_say_what_would_happen(h):
    h.write_task("keep.md", "Keep me", due=day(1), tags=["x"], body="Notes stay.")
    h.write_task("done.md", "Already done", status="done", completed="2026-01-06T10:00:00Z")
    h.write_task("rep.md", "Repeat me", due=day(0), recurrence="FREQ=DAILY")
    (h.vault / ".todomd.json").write_text("{}\n")
    (h.vault / ".obsidian").mkdir()
    (h.vault / ".obsidian" / "app.json").write_text('{"x": 1}\n')
    (h.vault / ".trash").mkdir()
    (h.vault / ".trash" / "old.md").write_text("---\ntitle: \"Old\"\nstatus: \"todo\"\ncreated: \"2026-01-01T00:00:00Z\"\nsource: \"user\"\n---\n")

    async def body(s):
        await call_ok(s, "get_overview")  # let the server settle (index…) before the snapshot
        before = vault_hashes(h.vault)
        files_before = md_files(h.vault, include_hidden=True)
        checks = [
            ("add_tasks", {"tasks": [{"text": "Dry milk tomorrow #errands"}, {"title": "Dry title", "due": day(2)}]},
             lambda r: r.item(0)["task"]["title"] == "Dry milk" and r.item(1)["task"]["title"] == "Dry title"),
            ("update_tasks", {"updates": [{"task": "keep.md", "set": {"priority": "high"}, "add_tags": ["y"],
                                           "append_notes": "more"}]},
             lambda r: r.item(0)["task"]["priority"] == "high" and "y" in r.item(0)["task"]["tags"]),
            ("complete_tasks", {"tasks": ["keep.md", "rep.md"]},
             lambda r: r.item(0)["task"]["status"] == "done" and len(r.item(1).get("created") or []) == 1),
            ("reopen_tasks", {"tasks": ["done.md"]}, lambda r: r.item(0)["task"]["status"] == "todo"),
            ("defer_tasks", {"tasks": ["keep.md"], "until": "tomorrow"}, lambda r: r.item(0)["task"]["defer"] == day(1)),
            ("reschedule_tasks", {"tasks": ["keep.md"], "when": "today"},
             lambda r: r.item(0)["task"]["scheduled"] == day(0)),
            ("move_tasks", {"moves": [{"task": "keep.md", "project": "Somewhere"}]},
             lambda r: r.item(0)["task"]["project"] == "Somewhere"),
            ("delete_tasks", {"tasks": ["keep.md"]},
             lambda r: r.item(0)["task"]["title"] == "Keep me"),
            ("restore_tasks", {"tasks": [".trash/old.md"]}, lambda r: True),
        ]
        problems = []
        for name, args, says in checks:
            r = await call(s, name, dict(args, dry_run=True))
            if r.is_error:
                problems.append(f"{name} dry run: tool error {r.text[:300]}")
                continue
            if r.sc.get("dry_run") is not True:
                problems.append(f"{name} dry run: dry_run {r.sc.get('dry_run')!r}")
            bad = [x for x in r.results if not x.get("ok")]
            if bad or r.sc["succeeded"] != len(r.results):
                problems.append(f"{name} dry run: items not ok: {json.dumps(bad)[:400]}")
            else:
                try:
                    if not says(r):
                        problems.append(f"{name} dry run does not say what would happen: {json.dumps(r.results)[:600]}")
                except (KeyError, IndexError, TypeError) as e:
                    problems.append(f"{name} dry run result lacks {e!r}: {json.dumps(r.results)[:600]}")
            after = vault_hashes(h.vault)
            if after != before:
                problems.append(f"{name} dry run wrote to the vault: {diff_hashes(before, after)}")
                before = after
        assert md_files(h.vault, include_hidden=True) == files_before
        assert not problems, "\n".join(problems)

    h.session(body)
