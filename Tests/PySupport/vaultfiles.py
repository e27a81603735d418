"""Task files for the Python test suites (Tests/Web, Tests/MCP): writing them as the README's file
format has it, and reading back the frontmatter todomd writes. Both conftests import it."""
import json
import os
import re
from pathlib import Path


def yq(value):
    """A YAML scalar for value: JSON strings are YAML double-quoted strings."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


def task_text(title, body="", extra_lines=(), **fields):
    """The bytes of a task file: frontmatter with the fields given (tags as a list), then body."""
    fm = {"title": title, "status": "todo"}
    fm.update({k: v for k, v in fields.items() if v is not None})
    fm.setdefault("created", "2026-01-05T09:00:00Z")
    fm.setdefault("source", "user")
    lines = ["---"]
    for key, value in fm.items():
        if isinstance(value, (list, tuple)):
            lines.append(f"{key}:")
            lines.extend(f"  - {yq(v)}" for v in value)
        else:
            lines.append(f"{key}: {yq(value)}")
    lines.extend(extra_lines)
    lines.append("---")
    text = "\n".join(lines) + "\n"
    if body:
        text += "\n" + body.rstrip("\n") + "\n"
    return text


def write_task(vault, relpath, title, body="", extra_lines=(), **fields):
    path = Path(vault) / relpath
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name("." + path.name + ".tmp")
    tmp.write_text(task_text(title, body, extra_lines, **fields), encoding="utf-8")
    os.replace(tmp, path)
    return path


def read_frontmatter(path):
    """A small reader for the frontmatter todomd writes: key -> str | list | bool | None."""
    text = Path(path).read_text(encoding="utf-8")
    m = re.match(r"\ufeff?---\r?\n(.*?)\r?\n---\r?\n?", text, re.S)
    if not m:
        return {}
    out, key = {}, None
    for line in m.group(1).splitlines():
        if re.match(r"^\s+- ", line) and key:
            if not isinstance(out.get(key), list):
                out[key] = []
            out[key].append(_scalar(line.strip()[2:]))
            continue
        mm = re.match(r"^([A-Za-z_][\w\-]*):\s*(.*)$", line)
        if mm:
            key = mm.group(1)
            raw = mm.group(2)
            out[key] = _scalar(raw) if raw != "" else []
    return out


def body_of(path):
    text = Path(path).read_text(encoding="utf-8")
    m = re.match(r"\ufeff?---\r?\n.*?\r?\n---\r?\n?", text, re.S)
    return text[m.end():] if m else text


def _scalar(raw):
    raw = re.sub(r"\s+#.*$", "", raw) if not raw.startswith(('"', "'")) else raw
    raw = raw.strip()
    if raw.startswith('"'):
        try:
            return json.loads(raw)
        except ValueError:
            return raw.strip('"')
    if raw.startswith("'"):
        return raw[1:-1].replace("''", "'")
    if raw in ("null", "~", ""):
        return None
    if raw == "true":
        return True
    if raw == "false":
        return False
    if raw.startswith("[") and raw.endswith("]"):
        return [_scalar(x.strip()) for x in raw[1:-1].split(",") if x.strip()]
    return raw
