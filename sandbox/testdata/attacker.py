"""A student's program that tries what the sandbox forbids, one thing per run.

python3 attacker.py WHAT [ARG]: prints "allowed ..." when it could, "refused ..." when it
could not, then exits 0 (or dies, for a cap).
"""
import os
import signal
import socket
import subprocess
import sys
import time


def main():
    what, arg = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "")
    if what == "crash-reading":  # a program that does not expect the refusal
        open(arg).read()
    elif what == "read":  # a file of the person who runs it: a key, a database
        try:
            with open(arg) as f:
                print("allowed: read", len(f.read()), "bytes")
        except OSError as e:
            print("refused:", e)
    elif what == "write":
        try:
            with open(arg, "w") as f:
                f.write("x")
            print("allowed: wrote", arg)
        except OSError as e:
            print("refused:", e)
    elif what == "env":
        print("allowed:" if arg in os.environ else "refused:", arg)
    elif what == "connect":
        host, port = arg.split(":")
        try:
            s = socket.create_connection((host, int(port)), timeout=5)
            s.close()
            print("allowed: connected")
        except OSError as e:
            print("refused:", e)
    elif what == "kill":
        try:
            os.kill(int(arg), signal.SIGKILL)
            print("allowed: killed", arg)
        except OSError as e:
            print("refused:", e)
    elif what == "forkbomb":
        children = []
        try:
            for _ in range(10000):
                pid = os.fork()
                if pid == 0:
                    time.sleep(30)
                    os._exit(0)
                children.append(pid)
            print("allowed: started", len(children))
        except OSError as e:
            print("refused after", len(children), "processes:", e)
        sys.stdout.flush()
        for pid in children:
            os.kill(pid, signal.SIGKILL)
    elif what == "memory":
        blocks = []
        for _ in range(int(arg)):
            blocks.append(bytearray(64 << 20))
        print("allowed: allocated", len(blocks) * 64, "MiB")
    elif what == "cpu":
        while True:
            pass
    elif what == "escape":  # a process that leaves the group, to outlive the program
        try:
            subprocess.Popen(["sleep", arg], start_new_session=True)
            print("allowed: left the group")
        except OSError as e:
            print("refused:", e)
    elif what == "behind":  # a process left running in the group
        subprocess.Popen(["sleep", arg])
        print("allowed: started", arg)
    elif what == "scratch":
        path = os.path.join(os.environ["HOME"], "notes.txt")
        with open(path, "w") as f:
            f.write("kept between moves")
        with open(path) as f:
            print("allowed:", f.read())
    sys.stdout.flush()


main()
