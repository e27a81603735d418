"""The hostile corpus for scenario 4: each case is a set of files (or special files) dropped
into a vault beside three good tasks, with what todomd must do about them."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

FM_TAIL = "created: 2026-11-01T10:00:00Z\nsource: user\n"
GOOD = {  # path -> title; every case's vault has these, and they must always list
    "good-a.md": "Good alpha task",
    "good-b.md": "Good beta task",
    "Sub/good-c.md": "Good gamma task",
}
SECRET = "Secret outside task"


def good_files() -> dict:
    out = {}
    for i, (path, title) in enumerate(GOOD.items()):
        out[path] = (f'---\ntitle: "{title}"\nstatus: todo\ntags: ["good"]\n' + FM_TAIL + "---\nA good body.\n").encode()
    return out


@dataclass
class Case:
    name: str
    files: dict = field(default_factory=dict)   # relpath -> bytes
    special: list = field(default_factory=list)  # ("fifo"|"dir"|"symlink"|"unreadable", relpath, target)
    bad: list = field(default_factory=list)      # paths `doctor` must report
    refuse: list = field(default_factory=list)   # paths `set`/`done` must refuse with exit 4, bytes unchanged
    keep_bytes: list = field(default_factory=list)  # odd or over-limit files: `set` must keep every other byte
    extra_good: dict = field(default_factory=dict)  # more titles that must list
    why: str = ""


def deep_variants() -> list:
    """129 levels of flow `[` and of block mappings, in LF/CRLF, with and without a comment on
    the preceding line, quoted and unquoted scalars (YAML nesting limit: 64)."""
    cases = []
    for struct in ("flow", "block"):
        for le_name, le in (("lf", "\n"), ("crlf", "\r\n")):
            for comment in (False, True):
                for quoted in (True, False):
                    title = '"Deep"' if quoted else "Deep"
                    status = '"todo" # c' if quoted else "todo # c"
                    lines = ["---", f"title: {title}", f"status: {status}",
                             "created: 2026-11-01T10:00:00Z" if not quoted else 'created: "2026-11-01T10:00:00Z"',
                             "source: user" if not quoted else 'source: "user"']
                    if comment:
                        lines.append("# a comment before the deep value")
                    if struct == "flow":
                        lines.append("p: " + "[" * 129 + "1" + "]" * 129)
                    else:
                        lines.append("p:")
                        lines += ["  " * (d + 1) + "a:" for d in range(128)]
                        lines[-1] += " 1"
                    lines.append("---")
                    name = f"deep-{struct}-{le_name}-{'comment' if comment else 'nocomment'}-{'quoted' if quoted else 'plain'}.md"
                    data = (le.join(lines) + le + "Body." + le).encode()
                    cases.append(Case(name[:-3], {name: data}, bad=[name], refuse=[name],
                                      why="YAML nesting deeper than 64"))
    return cases


def corpus(outside: str, as_root: bool) -> list:
    cases = deep_variants()
    laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, cur in zip("abcdefgh", "bcdefghi"):
        laughs.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    cases.append(Case("billion-laughs", {"laughs.md": ('---\ntitle: "Laughs"\nstatus: todo\n' + FM_TAIL + "\n".join(laughs) + "\n---\n").encode()},
                      bad=["laughs.md"], refuse=["laughs.md"], why="alias expansion (billion laughs)"))
    aliases = '---\ntitle: "Aliases"\nstatus: todo\n' + FM_TAIL + "x: &x 1\ny: [" + ", ".join(["*x"] * 20) + "]\n---\n"
    cases.append(Case("20-aliases", {"aliases.md": aliases.encode()}, bad=["aliases.md"], refuse=["aliases.md"],
                      why="more than 16 aliases"))
    big = b'---\ntitle: "Huge field"\nstatus: todo\n' + FM_TAIL.encode() + b'description: "' + b"A" * (50 * 1024 * 1024) + b'"\n---\n'
    cases.append(Case("50MB-field", {"huge.md": big}, bad=["huge.md"], refuse=["huge.md"], why="file over 1 MB"))
    cases.append(Case("big-body", {"bigbody.md": ('---\ntitle: "Big body"\nstatus: todo\n' + FM_TAIL + "---\n" + "x" * 150_000 + "\n").encode()},
                      bad=["bigbody.md"], keep_bytes=["bigbody.md"], why="body over 100 KB: listed by doctor; edits keep it byte for byte"))
    cases.append(Case("long-title", {"longtitle.md": ('---\ntitle: "' + "T" * 600 + '"\nstatus: todo\n' + FM_TAIL + "---\n").encode()},
                      bad=["longtitle.md"], keep_bytes=["longtitle.md"], why="title over 500 characters: edits keep it byte for byte"))
    cases.append(Case("long-description", {"longdesc.md": ('---\ntitle: "Long description"\ndescription: "' + "D" * 2500 + '"\nstatus: todo\n'
                                                           + FM_TAIL + "---\n").encode()},
                      bad=["longdesc.md"], keep_bytes=["longdesc.md"], why="description over 2,000 characters: edits keep it byte for byte"))
    cases.append(Case("invalid-utf8", {"badutf.md": b'---\ntitle: "Bad \xff\xfe utf"\nstatus: todo\n' + FM_TAIL.encode() + b"---\n"},
                      bad=["badutf.md"], refuse=["badutf.md"], why="invalid UTF-8"))
    cases.append(Case("no-closing-fence", {"trunc.md": b'---\ntitle: "Truncated"\nstatus: todo\n' + FM_TAIL.encode()},
                      bad=["trunc.md"], refuse=["trunc.md"], why="truncated file: frontmatter never closed"))
    broken = {"broken.md": ('---\ntitle: "Broken"\nstatus: todo\ntags: [a, b\n' + FM_TAIL + "---\n").encode(),
              "broken-crlf.md": b'---\r\ntitle: "Broken\r\nstatus: todo\r\nkey: : :\r\n  bad: [\r\n---\r\n'}
    cases.append(Case("empty-file", {"empty.md": b""}, refuse=["empty.md"],
                      why="a task file truncated to 0 bytes, named explicitly: exit 4 (unreadable), not 2"))
    cases.append(Case("half-written", {"half.md": b'---\ntitle: "Half'}, bad=["half.md"], refuse=["half.md"],
                      why="a task file cut mid-line"))
    cases.append(Case("yaml-syntax-error", broken, bad=list(broken), refuse=list(broken),
                      why="invalid YAML (parser messages must stay one line)"))
    nl = ('---\ntitle: "Newlines in values"\nstatus: "to\\ndo\\nx"\npriority: "hi\\ngh"\ndue: "2026-13-45\\nx"\n'
          + FM_TAIL + "---\n")
    cases.append(Case("newline-in-reasons", {"nl.md": nl.encode()}, bad=["nl.md"],
                      why="bad values holding newlines: one reason each, cached == uncached"))
    cases.append(Case("nul-bytes", {"nul.md": b'---\ntitle: "Nul \x00 here"\nstatus: todo\n' + FM_TAIL.encode() + b"---\nbody \x00 nul\n"},
                      keep_bytes=["nul.md"], why="NUL in a title and the body"))
    cases.append(Case("bom-crlf", {"bom.md": ('\ufeff---\r\ntitle: "Bom CRLF task"\r\nstatus: todo\r\n' + FM_TAIL.replace("\n", "\r\n") + "---\r\nBody.\r\n").encode()},
                      keep_bytes=["bom.md"], extra_good={"bom.md": "Bom CRLF task"}, why="BOM + CRLF is a good task"))
    ctl = (b'---\ntitle: "Ctl \\e[31mRED\\a bell \\0 nul"\nstatus: todo\ntags: ["ctl\\e[2Jtag", "bel\\atag"]\n'
           b'description: "desc \\e]0;title\\a"\n' + FM_TAIL.encode() + b"---\nbody \x1b[31mred\x1b[0m \x07 bell \x1b]0;pwned\x07\n")
    cases.append(Case("control-chars", {"ctl.md": ctl}, keep_bytes=["ctl.md"], why="ESC, BEL, NUL in title, tags, body"))
    cases.append(Case("fifo", special=[("fifo", "x.md", None)], why="a FIFO named x.md must not hang"))
    cases.append(Case("directory-named-md", special=[("dir", "d.md", None)],
                      files={"d.md/inner.md": ('---\ntitle: "Inner task"\nstatus: todo\n' + FM_TAIL + "---\n").encode()},
                      extra_good={"d.md/inner.md": "Inner task"}, why="a directory named d.md"))
    cases.append(Case("symlink-loop", special=[("symlink", "loop.md", "loop.md"), ("symlink", "Sub/back", ".."),
                                               ("symlink", "ping.md", "pong.md"), ("symlink", "pong.md", "ping.md")],
                      why="link loops end"))
    cases.append(Case("symlink-escape", special=[("symlink", "escape.md", os.path.join(outside, "secret.md")),
                                                 ("symlink", "outdir", outside)],
                      why="symlinks leaving the vault are not followed"))
    cases.append(Case("unreadable", {"unreadable.md": ('---\ntitle: "Unreadable"\nstatus: todo\n' + FM_TAIL + "---\n").encode()},
                      special=[("unreadable", "unreadable.md", None)], bad=["unreadable.md"], refuse=["unreadable.md"],
                      why="chmod 000" + (" (run as nobody: root reads anything)" if as_root else "")))
    return cases


def combined(cases: list) -> Case:
    """Every case's files in one vault (not the unreadable one: it needs another user)."""
    c = Case("all-together", why="every hostile file in one vault")
    for x in cases:
        if x.name == "unreadable":
            continue
        c.files.update(x.files)
        c.special += x.special
        c.bad += x.bad
        c.extra_good.update(x.extra_good)
    return c
