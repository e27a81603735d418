"""Fixtures for the MCP end-to-end tests: the real `todomd mcp` (stdio) and `todomd serve` (/mcp,
streamable HTTP) driven by the official Python MCP SDK as the client.

Nothing is built here: the binary is $TODOMD_BIN (default .build/debug/todomd beside this repo).
A private copy of it (and of `todomd-server` beside it) is taken once per run, so a rebuild in the
meantime cannot swap the binary under a running test (TODOMD_MCP_NO_COPY=1 uses it in place).

Every test gets its own temp vault, config and cache folders (so `todomd undo` and `todomd token`
run by a test see what its server wrote), and, over HTTP, its own `todomd serve --port 0`, stopped
after the test (SIGTERM to its pid). A test body is an `async def body(session)` run by
`h.session(body)` in one MCP session (one `todomd mcp` process over stdio).

The client calls itself "test-client" (ClientSession(client_info=Implementation(name=...))), so
the server attributes its writes to `mcp:test-client` (CLIENT_NAME / SOURCE below).
"""
from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

# One clock for the tests and the servers they start: dates are computed in UTC, and every
# process the tests start runs with TZ=UTC.
os.environ["TZ"] = "UTC"
time.tzset()

import jsonschema  # noqa: E402
from jsonschema.validators import validator_for  # noqa: E402

import mcp.types as mtypes  # noqa: E402
from mcp import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

try:  # SDK 2.x
    from mcp.shared.exceptions import MCPError as McpError  # noqa: E402
except ImportError:  # SDK 1.x
    from mcp.shared.exceptions import McpError  # type: ignore  # noqa: E402

try:  # SDK 2.x: streamable_http_client(url, http_client=...) yields (read, write)
    from mcp.client.streamable_http import streamable_http_client as _http_client  # noqa: E402
    _HTTP_V2 = True
except ImportError:  # SDK 1.x: streamablehttp_client(url, headers=...) yields (read, write, get_id)
    from mcp.client.streamable_http import streamablehttp_client as _http_client  # type: ignore  # noqa: E402
    _HTTP_V2 = False

REPO = Path(__file__).resolve().parents[2]
import sys
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "PySupport"))
from vaultfiles import yq, task_text, write_task, read_frontmatter, body_of, _scalar  # noqa: E402,F401 (shared helpers)

BIN_SOURCE = os.environ.get("TODOMD_BIN") or str(REPO / ".build" / "debug" / "todomd")

CLIENT_NAME = "test-client"
SOURCE = "mcp:" + CLIENT_NAME  # what the contract says a connection named test-client writes

READ_TOOLS = {"find_tasks", "get_task", "search", "get_overview", "get_overdue_tasks"}
WRITE_TOOLS = {"add_tasks", "update_tasks", "complete_tasks", "reopen_tasks", "defer_tasks",
               "reschedule_tasks", "move_tasks", "delete_tasks", "restore_tasks"}
ALL_TOOLS = READ_TOOLS | WRITE_TOOLS

SESSION_TIMEOUT = float(os.environ.get("TODOMD_MCP_TIMEOUT", "90"))  # seconds for one test's session
REQUEST_TIMEOUT = 30.0  # seconds for one request


def today():
    return dt.date.today()


def day(offset=0):
    return (today() + dt.timedelta(days=offset)).isoformat()


# ---------------------------------------------------------------------------------------------
# The binary


_BIN = None


def binary():
    """The todomd binary the tests run: a private copy of $TODOMD_BIN (with todomd-server)."""
    global _BIN
    if _BIN:
        return _BIN
    src = os.path.abspath(BIN_SOURCE)
    deadline = time.monotonic() + 120  # someone may be relinking it right now
    while not os.access(src, os.X_OK):
        if time.monotonic() > deadline:
            pytest.exit(f"no executable at {src} (build it first: swift build)", returncode=2)
        time.sleep(2)
    if os.environ.get("TODOMD_MCP_NO_COPY") == "1":
        _BIN = src
        return _BIN
    dest_dir = Path(tempfile.mkdtemp(prefix="todomd-mcp-bin-"))
    src_dir = os.path.dirname(src)
    for name in ("todomd", "todomd-server"):
        s = os.path.join(src_dir, name) if name != "todomd" else src
        if not os.path.exists(s):
            continue
        for _ in range(30):
            try:
                shutil.copy2(s, dest_dir / name)
                break
            except OSError:
                time.sleep(2)
    for name in os.listdir(src_dir):
        if name.endswith(".resources"):
            os.symlink(os.path.join(src_dir, name), dest_dir / name)
    _BIN = str(dest_dir / "todomd")
    return _BIN


def pytest_sessionfinish(session, exitstatus):
    if _BIN and os.environ.get("TODOMD_MCP_NO_COPY") != "1" and "todomd-mcp-bin-" in _BIN:
        shutil.rmtree(os.path.dirname(_BIN), ignore_errors=True)


def base_env(root: Path) -> dict:
    """The environment of every process a test starts: its own config, cache and home, UTC."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("TODOMD_") and k.lower() not in ("http_proxy", "https_proxy", "all_proxy")}
    env.update({
        "TZ": "UTC",
        "XDG_CONFIG_HOME": str(root / "config"),
        "XDG_CACHE_HOME": str(root / "cache"),
        "HOME": str(root / "home"),
        "NO_COLOR": "1",
        "NO_PROXY": "127.0.0.1,localhost",
    })
    for key in ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "HOME"):
        os.makedirs(env[key], exist_ok=True)
    return env


# ---------------------------------------------------------------------------------------------
# Task files


def vault_hashes(vault):
    """sha256 of every file under the vault, hidden ones included, nothing excluded."""
    out = {}
    root = Path(vault)
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            p = Path(dirpath) / name
            try:
                out[str(p.relative_to(root))] = hashlib.sha256(p.read_bytes()).hexdigest()
            except OSError as e:
                out[str(p.relative_to(root))] = f"unreadable: {e}"
    return out


def diff_hashes(before, after):
    lines = []
    for k in sorted(set(before) | set(after)):
        if k not in after:
            lines.append(f"removed: {k}")
        elif k not in before:
            lines.append(f"created: {k}")
        elif before[k] != after[k]:
            lines.append(f"changed: {k}")
    return lines


def md_files(vault, include_hidden=False):
    """Vault-relative paths of the .md files (outside hidden folders unless asked)."""
    root = Path(vault)
    out = []
    for p in root.rglob("*.md"):
        rel = p.relative_to(root)
        if not include_hidden and any(part.startswith(".") for part in rel.parts):
            continue
        out.append(str(rel))
    return sorted(out)


# ---------------------------------------------------------------------------------------------
# Results of MCP calls


def wire(obj):
    """An SDK model as the JSON on the wire (camelCase keys: isError, structuredContent…)."""
    if hasattr(obj, "model_dump"):
        return obj.model_dump(by_alias=True, mode="json", exclude_none=True)
    return obj


class Result:
    """A tools/call result: .is_error, .sc (structuredContent), .text (all text joined), .raw."""

    def __init__(self, name, args, raw):
        self.name = name
        self.args = args
        self.raw = raw
        self.is_error = bool(raw.get("isError"))
        self.sc = raw.get("structuredContent")
        self.texts = [c.get("text", "") for c in raw.get("content", []) if c.get("type") == "text"]
        self.text = "\n".join(self.texts)

    # write-tool shortcuts
    @property
    def results(self):
        return (self.sc or {}).get("results", [])

    def item(self, i=0):
        return self.results[i]

    def __repr__(self):
        return f"<{self.name} isError={self.is_error} text={self.text[:300]!r} sc={json.dumps(self.sc)[:1500]}>"


def schema_validator(schema):
    """The validator class for the schema's $schema, else Draft 2020-12."""
    return validator_for(schema, default=jsonschema.Draft202012Validator)


def check_schema(schema, what):
    cls = schema_validator(schema)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as e:
        raise AssertionError(f"{what} is not a valid JSON Schema ({cls.__name__}): {e.message} at "
                             f"{'/'.join(map(str, e.absolute_path))}") from None


def validate_against(schema, value, what):
    cls = schema_validator(schema)
    errors = sorted(cls(schema).iter_errors(value), key=lambda e: list(e.absolute_path))
    if errors:
        detail = "\n".join(
            f"  at {'/'.join(map(str, e.absolute_path)) or '(root)'}: {e.message[:300]} "
            f"(schema {'/'.join(map(str, e.absolute_schema_path))})" for e in errors[:6])
        raise AssertionError(f"{what} does not match its outputSchema:\n{detail}\n  value: {json.dumps(value)[:1500]}")


async def list_all_tools(s):
    tools, cursor = [], None
    while True:
        params = mtypes.PaginatedRequestParams(cursor=cursor) if cursor else None
        r = wire(await s.list_tools(params=params) if params else await s.list_tools())
        tools.extend(r.get("tools", []))
        cursor = r.get("nextCursor")
        if not cursor:
            return tools


async def call(s, name, args=None):
    """Calls a tool. Not an error → structuredContent validates against the tool's outputSchema
    and there is a non-empty text item (the summary). Returns a Result."""
    args = {} if args is None else args
    r = Result(name, args, wire(await s.call_tool(name, args)))
    if not r.is_error:
        tool = s.todomd_tools.get(name)
        assert tool is not None, f"{name} answered but is not in tools/list"
        schema = tool.get("outputSchema")
        assert schema is not None, f"{name} declares no outputSchema"
        assert r.sc is not None, f"{name} returned no structuredContent: {r!r}"
        validate_against(schema, r.sc, f"{name}'s structuredContent")
        assert any(t.strip() for t in r.texts), f"{name}: no text content (summary) in {r!r}"
    return r


async def call_ok(s, name, args=None):
    r = await call(s, name, args)
    assert not r.is_error, f"{name}({json.dumps(args)[:500]}) is a tool error: {r!r}"
    return r


async def call_error(s, name, args=None):
    """Calls a tool expecting an error: a tool error (isError) or a JSON-RPC error. Returns
    ("tool", Result) or ("rpc", McpError)."""
    try:
        r = await call(s, name, args)
    except McpError as e:
        return "rpc", e
    assert r.is_error, f"{name}({json.dumps(args)[:300]}) should be an error, got {r!r}"
    assert r.text.strip(), f"{name}: a tool error without a text: {r!r}"
    return "tool", r


async def write_ok(s, name, args, n=None):
    """A write call that must succeed item by item: returns the Result."""
    r = await call_ok(s, name, args)
    failed = [x for x in r.results if not x.get("ok")]
    assert not failed, f"{name}: items failed: {json.dumps(failed)[:1500]}"
    if n is not None:
        assert r.sc["succeeded"] == n and len(r.results) == n, f"{name}: expected {n} ok items: {r!r}"
    return r


def _no_sdk_validation(session):
    """Our own validation (call) replaces the SDK's, so a mismatch is reported with details."""
    async def skip(*a, **kw):
        return None
    for attr in ("validate_tool_result", "_validate_tool_result"):
        if hasattr(session, attr):
            setattr(session, attr, skip)


def _leaf(exc):
    """The single leaf of nested exception groups (anyio task groups wrap the body's error)."""
    while isinstance(exc, BaseExceptionGroup):
        leaves = [e for e in exc.exceptions if not isinstance(e, asyncio.CancelledError)]
        if len(leaves) != 1:
            return exc
        exc = leaves[0]
    return exc


# ---------------------------------------------------------------------------------------------
# The HTTP server


class HttpServer:
    def __init__(self, vault, env, args=(), log=None):
        self.vault = Path(vault)
        self.proc = subprocess.Popen(
            [binary(), "serve", "--vault", str(vault), "--port", "0", *args],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, start_new_session=True)
        self.output = []
        box = {}

        def read():
            for line in self.proc.stdout:
                self.output.append(line)
                if "line" not in box and re.search(r"http://\S+:\d+", line):
                    box["line"] = line
                    box["event"].set()
            box["event"].set()

        box["event"] = threading.Event()
        threading.Thread(target=read, daemon=True).start()
        box["event"].wait(60)
        if "line" not in box:
            self.stop()
            raise RuntimeError("todomd serve printed no URL:\n" + "".join(self.output))
        m = re.search(r"http://([\d.]+|\[[^\]]+\]|localhost):(\d+)", box["line"])
        self.port = int(m.group(2))
        self.base = f"http://127.0.0.1:{self.port}"
        self.url = self.base + "/mcp"
        deadline = time.monotonic() + 10  # the URL is printed once listening; be lenient anyway
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or self.proc.poll() is not None:
                    self.stop()
                    raise RuntimeError(f"todomd serve does not accept connections on {self.port}:\n"
                                       + "".join(self.output))
                time.sleep(0.05)

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)  # by pid, never by name
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def raw(self, method, path="/mcp", body=None, headers=None, timeout=15):
        """A plain HTTP request (http.client): (status, headers dict lower-cased, body text)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            h = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
            h.update(headers or {})
            data = body.encode() if isinstance(body, str) else body
            conn.request(method, path, body=data, headers=h)
            resp = conn.getresponse()
            hdrs = {k.lower(): v for k, v in resp.getheaders()}
            if hdrs.get("content-type", "").startswith("text/event-stream"):
                # An SSE answer may stay open: read up to the first complete event with data.
                lines = []
                try:
                    while True:
                        line = resp.readline(1 << 20)
                        if not line:
                            break
                        lines.append(line.decode("utf-8", "replace"))
                        # (an event with an empty data line primes resumption: read on)
                        if line.strip() == b"" and any(x.startswith("data:") and x[5:].strip() for x in lines):
                            break
                except (socket.timeout, TimeoutError):
                    pass
                text = "".join(lines)
            else:
                text = resp.read(1 << 20).decode("utf-8", "replace")
            return resp.status, hdrs, text
        finally:
            conn.close()


def initialize_body(name=CLIENT_NAME, id_=1):
    return json.dumps({"jsonrpc": "2.0", "id": id_, "method": "initialize", "params": {
        "protocolVersion": "2025-06-18", "capabilities": {},
        "clientInfo": {"name": name, "version": "1"}}})


# ---------------------------------------------------------------------------------------------
# The harness: one per test, one transport


class Harness:
    def __init__(self, transport, root: Path):
        self.transport = transport
        self.root = root
        self.vault = root / "vault"
        self.vault.mkdir(parents=True, exist_ok=True)
        self.env = base_env(root)
        self.server = None
        self.server_args = ()
        self.stderr_path = root / "server-stderr.log"
        self.last_init = None

    # -- the server

    def start_server(self, *args):
        """Over HTTP: starts `todomd serve` (once; started on first use by session())."""
        assert self.transport == "http"
        if self.server is None:
            self.server = HttpServer(self.vault, self.env, args)
        return self.server

    def close(self):
        if self.server is not None:
            self.server.stop()

    def server_log(self):
        out = []
        if self.server is not None:
            out.append("".join(self.server.output[-60:]))
        if self.stderr_path.exists():
            out.append(self.stderr_path.read_text(errors="replace")[-6000:])
        return "\n".join(x for x in out if x.strip())

    # -- sessions

    @property
    def source(self):
        return SOURCE

    @contextlib.asynccontextmanager
    async def _open(self, client_name, headers, stdio_args):
        info = mtypes.Implementation(name=client_name, version="1")
        if self.transport == "stdio":
            params = StdioServerParameters(command=binary(), args=["mcp", "--vault", str(self.vault), *stdio_args],
                                           env=self.env)
            with open(self.stderr_path, "a") as errlog:
                async with stdio_client(params, errlog=errlog) as streams:
                    read, write = streams[0], streams[1]
                    async with ClientSession(read, write, read_timeout_seconds=_timeout_arg(),
                                             client_info=info) as s:
                        yield s
        else:
            server = self.start_server(*self.server_args)
            if _HTTP_V2:
                from mcp.shared._httpx_utils import create_mcp_http_client
                client = create_mcp_http_client(headers=headers or None)
                async with client:
                    async with _http_client(server.url, http_client=client) as streams:
                        read, write = streams[0], streams[1]
                        async with ClientSession(read, write, read_timeout_seconds=_timeout_arg(),
                                                 client_info=info) as s:
                            yield s
            else:
                async with _http_client(server.url, headers=headers or None) as streams:
                    read, write = streams[0], streams[1]
                    async with ClientSession(read, write, read_timeout_seconds=_timeout_arg(),
                                             client_info=info) as s:
                        yield s

    def session(self, body, client_name=CLIENT_NAME, headers=None, stdio_args=()):
        """Runs `await body(session)` in one initialised MCP session; returns what it returns.
        session.todomd_tools maps tool name -> tool (wire JSON) from tools/list."""

        async def main():
            with _fail_after(SESSION_TIMEOUT):
                async with self._open(client_name, headers, stdio_args) as s:
                    self.last_init = wire(await s.initialize())
                    _no_sdk_validation(s)
                    s.todomd_tools = {t["name"]: t for t in await list_all_tools(s)}
                    return await body(s)

        try:
            return asyncio.run(main())
        except BaseException as e:  # noqa: B902 - unwrap task-group wrappers for a readable failure
            leaf = _leaf(e)
            if leaf is not e:
                raise leaf from None
            raise

    # -- the CLI

    def cli(self, *args, check=True, json_out=True):
        cmd = [binary(), *args]
        p = subprocess.run(cmd, capture_output=True, text=True, env=self.env, timeout=60)
        if check and p.returncode != 0:
            raise AssertionError(f"{' '.join(args)} failed ({p.returncode}): {p.stderr}{p.stdout}")
        if json_out:
            return json.loads(p.stdout) if p.stdout.strip() else None
        return p

    # -- files

    def write_task(self, relpath, title, body="", **fields):
        return write_task(self.vault, relpath, title, body, **fields)

    def fm(self, relpath):
        return read_frontmatter(self.vault / relpath)


def _timeout_arg():
    if _HTTP_V2:
        return REQUEST_TIMEOUT  # SDK 2.x: seconds
    return dt.timedelta(seconds=REQUEST_TIMEOUT)  # SDK 1.x: a timedelta


class _fail_after:
    """A deadline for the whole session (anyio's, which the SDK runs on)."""

    def __init__(self, seconds):
        import anyio
        self._cm = anyio.fail_after(seconds)

    def __enter__(self):
        return self._cm.__enter__()

    def __exit__(self, *exc):
        return self._cm.__exit__(*exc)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call" and rep.failed:
        h = getattr(item, "_mcp_harness", None)
        if h is not None:
            log = h.server_log()
            if log:
                rep.sections.append(("todomd server output", log))


def _make(request, tmp_path, transport):
    h = Harness(transport, tmp_path)
    request.node._mcp_harness = h
    return h


@pytest.fixture(params=["stdio", "http"])
def h(request, tmp_path):
    """A harness on either transport (the test runs twice)."""
    hh = _make(request, tmp_path, request.param)
    yield hh
    hh.close()


@pytest.fixture
def stdio_h(request, tmp_path):
    hh = _make(request, tmp_path, "stdio")
    yield hh
    hh.close()


@pytest.fixture
def http_h(request, tmp_path):
    hh = _make(request, tmp_path, "http")
    yield hh
    hh.close()
