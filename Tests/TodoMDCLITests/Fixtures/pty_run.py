"""Runs a command under a real pseudo-terminal, as a person at a terminal would, and types
REPLY (plus Enter) once PROMPT has appeared on the screen.

Prints what the terminal showed, then `exit=N`; exits 3 on a timeout (a program stopped in the
background, or waiting for input that never comes).
usage: pty_run.py PROMPT REPLY COMMAND [ARG…]
"""
import os, pty, select, sys, time

prompt, reply, argv = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(argv[0], argv)
out = b""
sent = False
deadline = time.time() + 20
status = None
while time.time() < deadline:
    if not sent and prompt in out:
        os.write(fd, reply + b"\n")
        sent = True
    r, _, _ = select.select([fd], [], [], 0.1)
    if r:
        try:
            out += os.read(fd, 4096)
        except OSError:
            pass
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        status = st
        try:
            while True:
                chunk = os.read(fd, 4096)
                if not chunk:
                    break
                out += chunk
        except OSError:
            pass
        break
sys.stdout.write(out.decode("utf-8", "replace"))
if status is None:
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    sys.stdout.write("\nTIMEOUT: no answer from the terminal\n")
    sys.exit(3)
sys.stdout.write("\nexit=%d\n" % os.waitstatus_to_exitcode(status))
