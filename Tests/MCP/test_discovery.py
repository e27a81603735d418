"""What the server offers: initialize, the 14 tools (schemas, annotations), resources, prompts."""
import json

from conftest import ALL_TOOLS, READ_TOOLS, WRITE_TOOLS, call_ok, check_schema, day


def test_initialize_names_the_server_and_its_capabilities(h):
    async def body(s):
        return None

    h.session(body)
    init = h.last_init
    assert init["serverInfo"]["name"] == "todomd", f"serverInfo: {init.get('serverInfo')}"
    caps = init.get("capabilities", {})
    for cap in ("tools", "resources", "prompts", "logging"):
        assert cap in caps, f"capability {cap!r} missing: {json.dumps(caps)}"
    instructions = (init.get("instructions") or "").lower()
    for word in ("due", "defer", "scheduled"):
        assert word in instructions, f"instructions do not explain {word!r}: {instructions[:500]!r}"


def test_tools_list_schemas_and_annotations(h):
    async def body(s):
        return s.todomd_tools

    tools = h.session(body)
    missing = ALL_TOOLS - set(tools)
    assert not missing, f"tools missing from tools/list: {sorted(missing)} (listed: {sorted(tools)})"
    problems = []
    for name in sorted(ALL_TOOLS):
        t = tools[name]
        for key in ("inputSchema", "outputSchema"):
            schema = t.get(key)
            if schema is None:
                problems.append(f"{name}: no {key}")
                continue
            try:
                check_schema(schema, f"{name}.{key}")
            except AssertionError as e:
                problems.append(str(e))
            if schema.get("type") != "object":
                problems.append(f"{name}.{key}: root type is {schema.get('type')!r}, MCP wants \"object\"")
        if not (t.get("description") or "").strip():
            problems.append(f"{name}: no description")
        ann = t.get("annotations")
        if not ann or "readOnlyHint" not in ann:
            problems.append(f"{name}: annotations without readOnlyHint: {ann}")
            continue
        want_ro = name in READ_TOOLS
        if ann["readOnlyHint"] is not want_ro:
            problems.append(f"{name}: readOnlyHint {ann['readOnlyHint']!r}, expected {want_ro}")
    ann = lambda n: tools[n].get("annotations") or {}  # noqa: E731
    if ann("delete_tasks").get("destructiveHint") is not True:
        problems.append(f"delete_tasks: destructiveHint {ann('delete_tasks').get('destructiveHint')!r}, expected true")
    if ann("add_tasks").get("destructiveHint") is not False:
        problems.append(f"add_tasks: destructiveHint {ann('add_tasks').get('destructiveHint')!r}, expected false")
    # Every write tool takes dry_run.
    for name in sorted(WRITE_TOOLS):
        props = (tools[name].get("inputSchema") or {}).get("properties") or {}
        if "dry_run" not in props:
            problems.append(f"{name}: inputSchema has no dry_run property (has {sorted(props)})")
    assert not problems, "\n".join(problems)


def test_read_tools_answer_in_their_schema_on_an_empty_and_a_seeded_vault(h):
    async def empty(s):
        for name, args in (("get_overview", {}), ("find_tasks", {}), ("get_overdue_tasks", {}),
                           ("search", {"query": "anything"})):
            await call_ok(s, name, args)

    h.session(empty)
    h.write_task("overdue.md", "Pay the overdue bill", due=day(-3), tags=["bills"])
    h.write_task("today.md", "Water the plants", scheduled=day(0))

    async def seeded(s):
        ov = (await call_ok(s, "get_overview")).sc
        assert ov["today"] == day(0), f"overview today {ov['today']!r}, expected {day(0)}"
        assert ov["overdue"] == 1, f"overview overdue {ov['overdue']!r}, expected 1: {json.dumps(ov)[:800]}"
        assert any(v.get("id") == "today" for v in ov["views"]), f"no today view: {ov['views']}"
        od = (await call_ok(s, "get_overdue_tasks")).sc
        assert [t["title"] for t in od["tasks"]] == ["Pay the overdue bill"], od
        assert od["total"] == 1
        hits = (await call_ok(s, "search", {"query": "plants"})).sc["hits"]
        assert [x["task"]["title"] for x in hits] == ["Water the plants"], hits
        q = (await call_ok(s, "find_tasks", {"query": "#bills"})).sc
        assert q["kind"] == "query" and [t["title"] for t in q["tasks"]] == ["Pay the overdue bill"], q
        t = (await call_ok(s, "find_tasks", {})).sc  # no view, no query: Today
        assert t["kind"] == "view" and t["name"] == "today", f"find_tasks {{}}: kind {t['kind']!r} name {t['name']!r}"
        assert {"Pay the overdue bill", "Water the plants"} <= {x["title"] for x in t["tasks"]}, t

    h.session(seeded)


def test_resources_list_and_read(h):
    h.write_task("today.md", "Water the plants", scheduled=day(0))
    h.write_task("work.md", "Ship the release", area="Work")
    (h.vault / ".perspectives.json").write_text(json.dumps({"perspectives": [{
        "id": "work-stuff", "name": "Work stuff",
        "filter": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}]}))

    async def body(s):
        from conftest import wire
        listed = wire(await s.list_resources())
        uris = [r["uri"] for r in listed.get("resources", [])]
        try:
            templates = [t["uriTemplate"] for t in wire(await s.list_resource_templates()).get("resourceTemplates", [])]
        except Exception:  # templates are optional
            templates = []
        assert "todomd://schema/task-file" in uris, f"resources: {uris}"
        assert "todomd://view/today" in uris, f"resources: {uris} (templates {templates})"
        assert "todomd://perspective/work-stuff" in uris, f"no resource for the perspective: {uris}"
        out = {}
        for uri in ("todomd://schema/task-file", "todomd://view/today", "todomd://view/inbox",
                    "todomd://perspective/work-stuff"):
            r = wire(await s.read_resource(uri))
            contents = r.get("contents", [])
            assert contents and contents[0].get("text", "").strip(), f"{uri}: no text: {json.dumps(r)[:500]}"
            out[uri] = contents[0]
        return out

    out = h.session(body)
    schema_text = out["todomd://schema/task-file"]["text"]
    for word in ("title", "status", "due", "defer", "scheduled", "source"):
        assert word in schema_text, f"task-file schema does not mention {word!r}"
    today = out["todomd://view/today"]
    assert today.get("mimeType") in (None, "application/json"), today.get("mimeType")
    doc = json.loads(today["text"])
    assert "Water the plants" in json.dumps(doc), f"today's view does not list the task: {today['text'][:600]}"
    persp = json.loads(out["todomd://perspective/work-stuff"]["text"])
    assert "Ship the release" in json.dumps(persp) and "Water the plants" not in json.dumps(persp), persp


def test_find_tasks_runs_a_perspective(h):
    h.write_task("work.md", "Ship the release", area="Work")
    h.write_task("home.md", "Fix the tap", area="Home")
    (h.vault / ".perspectives.json").write_text(json.dumps({"perspectives": [{
        "id": "work-stuff", "name": "Work stuff",
        "filter": {"operator": "AND", "conditions": [{"field": "area", "op": "equals", "value": "Work"}]}}]}))

    async def body(s):
        r = (await call_ok(s, "find_tasks", {"perspective": "work-stuff"})).sc
        assert r["kind"] == "perspective" and [t["title"] for t in r["tasks"]] == ["Ship the release"], r

    h.session(body)


def test_prompts_list_and_get(h):
    async def body(s):
        from conftest import wire
        names = [p["name"] for p in wire(await s.list_prompts()).get("prompts", [])]
        for want in ("plan_my_day", "weekly_review", "triage_inbox"):
            assert want in names, f"prompt {want} missing: {names}"
            r = wire(await s.get_prompt(want, {}))
            msgs = r.get("messages", [])
            assert msgs, f"{want}: no messages"
            text = " ".join(m.get("content", {}).get("text", "") for m in msgs)
            assert text.strip(), f"{want}: empty message text: {json.dumps(r)[:500]}"

    h.session(body)
