"""Vault files from the harness side: building task files, a deliberately small frontmatter
reader (enough for the files this suite writes and todomd's own output), snapshots of a vault
(hidden folders included), todomd's temp files, and dumps for reproductions."""

from __future__ import annotations

import json
import os
import re
import stat

# FileSystem.writeTemp: ".<name>.todomd-<pid>-<random>.tmp" beside the file.
TEMP_RE = re.compile(r"^\.(?P<name>.+)\.todomd-(?P<pid>\d+)-(?P<rand>\d+)\.tmp$")
KEY_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*):[ \t]*(.*?)[ \t]*$")


def task_text(title: str, status: str = "todo", fields: list = (), body: str = "",
              created: str = "2026-11-20T09:00:00Z", source: str = "user") -> str:
    """A task file the way todomd writes one (double-quoted strings)."""
    lines = ["---", f"title: {json.dumps(title)}", f"status: {json.dumps(status)}"]
    lines += list(fields)
    lines += [f"created: {json.dumps(created)}", f"modified: {json.dumps(created)}", f"source: {json.dumps(source)}", "---"]
    return "\n".join(lines) + "\n" + body


def write(path: str, data) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data.encode() if isinstance(data, str) else data)


def _scalar(raw: str):
    if raw.startswith('"'):
        try:
            end = raw.index('"', 1)
            while raw[end - 1] == "\\":
                end = raw.index('"', end + 1)
            return json.loads(raw[: end + 1])
        except (ValueError, json.JSONDecodeError):
            return raw
    if raw.startswith("'"):
        end = raw.find("'", 1)
        return raw[1:end] if end > 0 else raw
    if raw.startswith("{") or raw.startswith("["):
        return raw
    return re.sub(r"\s+#.*$", "", raw)


def frontmatter(data: bytes):
    """Top-level `key: value` pairs of a file's frontmatter, or None when the file has no
    complete frontmatter (no opening or no closing `---`)."""
    text = data.decode("utf-8", "replace")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if not lines or lines[0].rstrip("\r") != "---":
        return None
    out = {}
    for line in lines[1:]:
        line = line.rstrip("\r")
        if line == "---":
            return out
        m = KEY_RE.match(line)
        if m:
            out[m.group(1)] = _scalar(m.group(2))
    return None


def is_torn(data: bytes, known: set) -> str | None:
    """Why a .md file looks torn (None when it does not): empty, frontmatter opened but never
    closed, or a strict prefix of a content this file is known to have had/get."""
    if len(data) == 0:
        return "empty file"
    if data.lstrip(b"\xef\xbb\xbf").startswith(b"---") and frontmatter(data) is None:
        return "frontmatter not closed"
    for k in known:
        if len(data) < len(k) and k.startswith(data):
            return f"strict prefix ({len(data)} of {len(k)} bytes) of a known content"
    return None


def snapshot(root: str) -> dict:
    """Every regular file under root (hidden folders too), relative path -> bytes. Symlinks,
    FIFOs and other special files are skipped (never opened)."""
    snap = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in filenames:
            full = os.path.join(dirpath, name)
            try:
                st = os.lstat(full)
                if not stat.S_ISREG(st.st_mode):
                    continue
                with open(full, "rb") as f:
                    snap[os.path.relpath(full, root)] = f.read()
            except OSError:
                continue
    return snap


def temp_files(root: str) -> list:
    out = []
    for dirpath, _, filenames in os.walk(root):
        for name in filenames:
            if TEMP_RE.match(name):
                out.append(os.path.relpath(os.path.join(dirpath, name), root))
    return sorted(out)


def is_temp(rel: str) -> bool:
    return TEMP_RE.match(os.path.basename(rel)) is not None


def task_files(snap: dict, include_trash: bool = False) -> dict:
    """Snapshot entries that are task files (.md, not temp files, not in hidden folders unless
    include_trash and the folder is .trash) -> frontmatter dict (None if torn)."""
    out = {}
    for rel, data in snap.items():
        parts = rel.split(os.sep)
        if not rel.endswith(".md") or is_temp(rel):
            continue
        hidden = any(p.startswith(".") for p in parts[:-1]) or parts[-1].startswith(".")
        if hidden and not (include_trash and parts[0] == ".trash"):
            continue
        out[rel] = frontmatter(data)
    return out


def dump(snap: dict, limit: int = 1200, only=None) -> str:
    rows = []
    for rel in sorted(snap):
        if only is not None and rel not in only:
            continue
        data = snap[rel]
        shown = data[:limit].decode("utf-8", "backslashreplace")
        more = f"\n      ... ({len(data)} bytes)" if len(data) > limit else ""
        rows.append(f"  {rel}  ({len(data)} bytes)\n" + "\n".join("      " + l for l in shown.split("\n")) + more)
    return "\n".join(rows) if rows else "  (no files)"
