"""Running the todomd binary in isolation: its own copy of the binary, a pinned clock, no colour,
per-call cache folder, a timeout on every call (a hang is a finding, never a hung CI)."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass, field

# README "Exit codes": 0 ok, 1 failure (and doctor finding problems), 2 no such task,
# 3 ambiguous, 4 not written (conflict / unreadable file), 64 bad arguments.
DOCUMENTED_EXIT_CODES = {0, 1, 2, 3, 4, 64}
NOW = "2026-11-24T09:00:00"  # TODOMD_NOW, with TZ=UTC: every run writes the same bytes
DEFAULT_TIMEOUT = 20.0


@dataclass
class Run:
    argv: list
    rc: int | None          # None: timed out (killed by us)
    out: bytes
    err: bytes
    elapsed: float
    env_note: str = ""

    @property
    def timed_out(self) -> bool:
        return self.rc is None

    @property
    def crashed(self) -> bool:
        """Killed by a signal, or an exit code the README does not document."""
        return self.rc is not None and (self.rc < 0 or self.rc not in DOCUMENTED_EXIT_CODES)

    def describe(self) -> str:
        status = "TIMEOUT" if self.timed_out else (f"signal {-self.rc}" if self.rc < 0 else f"exit {self.rc}")
        err = self.err.decode("utf-8", "replace").strip()
        if len(err) > 600:
            err = err[:600] + "..."
        return f"$ {self.cmdline()}  -> {status} in {self.elapsed * 1000:.0f} ms" + (f"\n  stderr: {err}" if err else "")

    def cmdline(self) -> str:
        return (self.env_note + " " if self.env_note else "") + shlex.join(str(a) for a in self.argv)


@dataclass
class Todomd:
    """The binary under test, copied into the run's work folder (the build folder may be
    rebuilt while the suite runs)."""
    source: str
    workdir: str
    binary: str = field(init=False)

    def __post_init__(self):
        os.makedirs(self.workdir, exist_ok=True)
        os.chmod(self.workdir, 0o755)  # the unreadable-file check may run the binary as nobody
        self.binary = os.path.join(self.workdir, "todomd")
        shutil.copy2(self.source, self.binary)
        os.chmod(self.binary, 0o755)
        self.home = os.path.join(self.workdir, "home")
        os.makedirs(os.path.join(self.home, ".config"), exist_ok=True)

    def env(self, cache: str, extra: dict | None = None) -> dict:
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": self.home,
            "XDG_CONFIG_HOME": os.path.join(self.home, ".config"),
            "XDG_CACHE_HOME": cache,
            "TODOMD_NOW": NOW,
            "TZ": "UTC",
            "NO_COLOR": "1",
            "LANG": "C.UTF-8",
            "LC_ALL": "C.UTF-8",
        }
        if extra:
            env.update(extra)
        return env

    def argv(self, vault: str, sub: list, args: list = (), no_cache: bool = False) -> list:
        argv = [self.binary, *sub, "--vault", vault]
        if no_cache:
            argv.append("--no-cache")
        return argv + list(args)

    def run(self, vault: str, cache: str, sub: list, args: list = (), *, no_cache: bool = False,
            timeout: float = DEFAULT_TIMEOUT, extra_env: dict | None = None, user: int | None = None) -> Run:
        argv = self.argv(vault, sub, args, no_cache)
        env = self.env(cache, extra_env)
        preexec = None
        note = f"XDG_CACHE_HOME={cache}"
        if user is not None:
            def preexec(uid=user):
                os.setgid(uid)
                os.setgroups([])
                os.setuid(uid)
            note = f"(as uid {user}) " + note
        t0 = time.monotonic()
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, start_new_session=True, preexec_fn=preexec)
        try:
            out, err = p.communicate(timeout=timeout)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            kill_group(p)
            out, err = p.communicate()
            rc = None
        return Run(argv, rc, out, err, time.monotonic() - t0, note)

    def spawn(self, vault: str, cache: str, sub: list, args: list = ()) -> subprocess.Popen:
        """Start a command to be killed; output discarded (a full pipe must never stall it)."""
        return subprocess.Popen(self.argv(vault, sub, args), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=self.env(cache), start_new_session=True)


def kill_group(p: subprocess.Popen) -> None:
    """SIGKILL a process we started (and its own session: it was started with a new one)."""
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        try:
            p.kill()
        except ProcessLookupError:
            pass
