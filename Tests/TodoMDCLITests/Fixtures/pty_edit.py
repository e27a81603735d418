"""Runs `todomd edit TASK` under a real pseudo-terminal, as a person at a terminal would.

The editor ($VISUAL) is a shell script that reads a line from the terminal and writes it into
the file's title: it can only do that if it runs in the terminal's foreground process group
(an editor in another group is stopped by SIGTTIN and the screen stays blank). Prints what the
terminal showed and `exit=N`; exits 3 on a timeout (the hang this test exists for).
usage: pty_edit.py TODOMD TASK TITLE
"""
import os, pty, select, sys, time

todomd, task, title = sys.argv[1:4]
pid, fd = pty.fork()
if pid == 0:
    os.execv(todomd, [todomd, "edit", task])
out = b""
sent = False
deadline = time.time() + 20
status = None
while time.time() < deadline:
    if not sent and b"EDITOR READY" in out:
        os.write(fd, title.encode() + b"\n")
        sent = True
    r, _, _ = select.select([fd], [], [], 0.1)
    if r:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        out += chunk
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
    sys.stdout.write("\nTIMEOUT: the editor never got the terminal\n")
    sys.exit(3)
sys.stdout.write("\nexit=%d\n" % os.waitstatus_to_exitcode(status))
