"""Bad input never crashes the server; HTTP: malformed JSON-RPC, the token, a foreign Origin."""
import json

from conftest import CLIENT_NAME, call, call_error, call_ok, initialize_body, md_files, write_ok


def test_bad_calls_are_errors_and_the_server_keeps_answering(h):
    h.write_task("t.md", "A task")

    async def body(s):
        problems = []
        cases = [
            ("unknown tool", "no_such_tool", {}),
            ("missing required argument", "add_tasks", {}),
            ("missing required argument", "get_task", {}),
            ("missing required argument", "update_tasks", {}),
            ("wrong type", "add_tasks", {"tasks": "x"}),
            ("wrong type", "find_tasks", {"limit": "ten"}),
            ("wrong type", "complete_tasks", {"tasks": 42}),
            ("view and query both", "find_tasks", {"view": "today", "query": "overdue"}),
            ("unknown view", "find_tasks", {"view": "no-such-view"}),
            ("a bad query", "find_tasks", {"query": "aera:x &"}),
            ("a garbage cursor", "find_tasks", {"cursor": "not-a-cursor"}),
            ("limit out of range", "find_tasks", {"limit": 100000}),
        ]
        for what, name, args in cases:
            try:
                kind, _ = await call_error(s, name, args)
            except AssertionError as e:
                problems.append(f"{what}: {name}({json.dumps(args)}): {e}")
            ov = await call(s, "get_overview")
            if ov.is_error:
                problems.append(f"after {what} ({name}): get_overview fails: {ov!r}")
        # A wrong item type: a per-item error (or a tool error).
        r = await call(s, "add_tasks", {"tasks": [42, {"title": "Fine item"}]})
        if not r.is_error and [x["ok"] for x in r.results] != [False, True]:
            problems.append(f"add_tasks([42, ok item]): oks {[x['ok'] for x in r.results]}, expected F T")
        # A 200 KB title: a per-item error or a tool error, no file.
        before = md_files(h.vault)
        r = None
        try:
            r = await call(s, "add_tasks", {"tasks": [{"title": "x" * 200_000}]})
        except Exception as e:  # a JSON-RPC error is acceptable too
            r = e
        if not isinstance(r, Exception) and not r.is_error:
            if r.item(0)["ok"]:
                problems.append(f"a 200 KB title was accepted: {json.dumps(r.item(0))[:300]}")
        r = await call(s, "add_tasks", {"tasks": [{"text": "y" * 200_000}]})
        if not r.is_error and r.item(0)["ok"]:
            problems.append("a 200 KB quick-entry text was accepted")
        if md_files(h.vault) != before:
            problems.append(f"a 200 KB title created files: {sorted(set(md_files(h.vault)) - set(before))}")
        await call_ok(s, "get_overview")
        # Bad items beside a good one: per-item errors, the good one lands.
        r = await call_ok(s, "update_tasks", {"updates": [
            {"task": "no task has this title zzz", "set": {"priority": "high"}},
            {"task": "t.md", "set": {"priority": "bogus-priority"}},
            {"task": "t.md", "set": {"due": "not a date at all qq"}},
            {"task": "t.md", "set": {"priority": "high"}},
        ]})
        codes = [x.get("error", {}).get("code") for x in r.results[:3]]
        if [x["ok"] for x in r.results] != [False, False, False, True]:
            problems.append(f"mixed update: oks {[x['ok'] for x in r.results]}, expected F F F T: {json.dumps(r.results)[:800]}")
        if codes[0] != "not_found":
            problems.append(f"a missing task: code {codes[0]!r}, expected not_found")
        if codes[1] != "invalid_argument" or codes[2] != "invalid_argument":
            problems.append(f"bad values: codes {codes[1:]}, expected invalid_argument")
        r = await call_ok(s, "add_tasks", {"tasks": [{"title": ""}, {"text": ""}, {"title": "Fine"}]})
        if [x["ok"] for x in r.results] != [False, False, True]:
            problems.append(f"empty titles: oks {[x['ok'] for x in r.results]}, expected F F T")
        await call_ok(s, "get_overview")
        assert not problems, "\n".join(problems)

    h.session(body)
    if h.server is not None:
        assert h.server.alive(), "the HTTP server died"


def test_malformed_json_over_http_is_a_4xx_json_rpc_error(http_h):
    server = http_h.start_server()
    for raw in ("{", "not json", "[]", '{"jsonrpc": "2.0", "id": 1}', '{"jsonrpc": "2.0", "method": 5, "id": 1}'):
        status, headers, text = server.raw("POST", body=raw)
        assert 400 <= status < 500, f"POST /mcp {raw!r}: status {status}, expected 4xx: {text[:300]}"
        try:
            doc = json.loads(text)
        except ValueError:
            raise AssertionError(f"POST /mcp {raw!r}: the body is not JSON: {text[:300]!r}") from None
        assert doc.get("jsonrpc") == "2.0" and isinstance(doc.get("error"), dict), f"POST /mcp {raw!r}: {doc}"
        assert isinstance(doc["error"].get("code"), int), doc
    # A request without a session (not initialize) is refused, not served.
    status, _, text = server.raw("POST", body=json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}))
    assert 400 <= status < 500, f"tools/list without Mcp-Session-Id: {status} {text[:300]}"
    status, _, text = server.raw("POST", body=json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}),
                                 headers={"Mcp-Session-Id": "no-such-session"})
    assert status in (400, 404), f"an unknown Mcp-Session-Id: {status} {text[:300]}"
    assert server.alive()

    async def body(s):
        await call_ok(s, "get_overview")

    http_h.session(body)


def test_raw_initialize_gives_a_session_id(http_h):
    server = http_h.start_server()
    status, headers, text = server.raw("POST", body=initialize_body())
    assert status == 200, f"initialize: {status} {text[:300]}"
    sid = headers.get("mcp-session-id")
    assert sid, f"no Mcp-Session-Id header: {headers}"
    assert "todomd" in text, text[:300]
    status, _, text = server.raw("DELETE", body=None, headers={"Mcp-Session-Id": sid})
    assert status in (200, 204), f"DELETE /mcp: {status} {text[:200]}"
    status, _, text = server.raw("POST", body=json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/list"}),
                                 headers={"Mcp-Session-Id": sid})
    assert status == 404, f"a deleted session should be 404 (the client then re-initialises): {status} {text[:200]}"


def test_require_token(http_h):
    server = http_h.start_server("--require-token")
    status, headers, text = server.raw("POST", body=initialize_body())
    assert status == 401, f"POST /mcp without Authorization: {status}, expected 401: {text[:300]}"
    try:
        json.loads(text)
    except ValueError:
        raise AssertionError(f"the 401 is not JSON: {text[:300]!r}") from None
    status, _, _ = server.raw("POST", body=initialize_body(), headers={"Authorization": "Bearer wrong-token-wrong"})
    assert status == 401, f"a wrong token: {status}"
    token = http_h.cli("token", json_out=False).stdout.strip().splitlines()[0].strip()
    assert len(token) >= 16, f"todomd token printed {token!r}"
    status, _, text = server.raw("POST", body=initialize_body(), headers={"Authorization": f"Bearer {token}"})
    assert status == 200, f"initialize with the token: {status} {text[:300]}"

    async def body(s):
        r = await write_ok(s, "add_tasks", {"tasks": [{"title": "With a token"}]}, n=1)
        return r.item(0)["task"]["path"]

    path = http_h.session(body, headers={"Authorization": f"Bearer {token}"})
    assert (http_h.vault / path).is_file()


def test_foreign_origin_is_refused(http_h):
    server = http_h.start_server()
    status, _, text = server.raw("POST", body=initialize_body(), headers={"Origin": "http://evil.example"})
    assert status == 403, f"POST /mcp with Origin: http://evil.example: {status}, expected 403: {text[:300]}"
    status, _, text = server.raw("GET", body=None, headers={"Origin": "http://evil.example", "Accept": "text/event-stream"})
    assert status == 403, f"GET /mcp with a foreign Origin: {status}, expected 403"
    status, _, text = server.raw("POST", body=initialize_body(), headers={"Origin": server.base})
    assert status == 200, f"POST /mcp with its own Origin {server.base}: {status} {text[:300]}"
    status, _, text = server.raw("POST", body=initialize_body(), headers={"Host": "evil.example"})
    assert status in (400, 403, 421), f"POST /mcp with Host: evil.example (DNS rebinding): {status}"
    assert CLIENT_NAME
