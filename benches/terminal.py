#!/usr/bin/env python3
"""How quickly hexstack draws and how much memory it takes, in a pseudo-terminal of 80x24,
alone or beside another terminal program in one run (docs/performance.md).

    benches/terminal.py HEXSTACK                    hexstack alone: its menu and a side-4 game
    benches/terminal.py HEXSTACK -- OTHER [ARG...]  both, one run after the other, in turn
    benches/terminal.py HEXSTACK --against OTHER    the same, OTHER without arguments

For each program and run:
- the first frame: from starting the program to the last byte of its first screen;
- a key: from writing an arrow key (down, then up, in turn) to the last byte of the screen
  it draws in answer, the median of the run's keys;
- the peak memory it held (VmHWM, from /proc) once the keys are done.
Alone, hexstack's peak memory is also read in a side-4 game (menu entry 2).

A screen's bytes have ended when nothing more comes for --quiet milliseconds; a write of
nothing but styles, modes and the cursor's visibility (a program drawing an unchanged screen
on a timer, or turning the mouse on) is not a screen. Each program runs with its own empty home folder, configuration and data, made
afresh for this script, and runs once unmeasured first, so that every measured run finds
the files its first start wrote. Times are the medians over --runs runs; the programs take
turns, so that whatever else the machine does falls on both alike. Standard library only.
"""

import argparse
import fcntl
import os
import pty
import re
import select
import shutil
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

COLS, ROWS = 80, 24
DOWN, UP = b"\x1b[B", b"\x1b[A"
# Writes of nothing but styles, modes and the cursor's visibility: no screen.
NO_SCREEN = re.compile(rb"^(\x1b\[[0-9;?]*[mhl])+$")
# A program asking where the cursor is gets an answer, as a terminal would give.
CURSOR_QUERY = b"\x1b[6n"


class Program:
    """One program under test: its command and its own folder for home, config and data."""

    def __init__(self, name, command, home):
        self.name, self.command, self.home = name, command, home
        for folder in ("config", "data", "cache"):
            os.makedirs(os.path.join(home, folder), exist_ok=True)

    def environment(self):
        env = {key: value for key, value in os.environ.items() if not key.startswith(("HEXSTACK_", "XDG_"))}
        env.update(
            HOME=self.home,
            XDG_CONFIG_HOME=os.path.join(self.home, "config"),
            XDG_DATA_HOME=os.path.join(self.home, "data"),
            XDG_CACHE_HOME=os.path.join(self.home, "cache"),
            TERM="xterm-256color",
            LANG="en_GB.UTF-8",
            LC_ALL="",
        )
        env.pop("COLORTERM", None)
        return env


class Running:
    """A program started in a pseudo-terminal of COLS x ROWS."""

    def __init__(self, program):
        # Spawned, not forked: a fork of this Python would be timed too (about 4 ms and
        # 500 page faults of its own before the program even starts). The child starts a
        # session and opens the terminal as its standard files: it is its controlling one.
        fd, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        name = os.ttyname(follower)
        opened = [(os.POSIX_SPAWN_OPEN, standard, name, os.O_RDWR, 0) for standard in (0, 1, 2)]
        environment = program.environment()
        self.started = time.perf_counter()
        self.pid = os.posix_spawnp(
            program.command[0], program.command, environment, file_actions=opened, setsid=True
        )
        os.close(follower)
        self.fd = fd

    def burst(self, quiet, since, limit=10.0):
        """Reads until nothing but writes of no screen come for `quiet` seconds: the time from
        `since` to the screen's last byte, or None when no screen came within `limit`."""
        last = None
        end = time.perf_counter() + limit
        while True:
            now = time.perf_counter()
            wait = (last + quiet - now) if last is not None else (end - now)
            if wait <= 0:
                break
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            if CURSOR_QUERY in chunk:
                os.write(self.fd, b"\x1b[1;1R")
            if not NO_SCREEN.match(chunk):
                last = time.perf_counter()
        return None if last is None else last - since

    def press(self, key, quiet):
        sent = time.perf_counter()
        os.write(self.fd, key)
        return self.burst(quiet, sent, limit=2.0)

    def peak_kib(self):
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        return None

    def stop(self):
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.kill(self.pid, sig)
            except ProcessLookupError:
                break
            deadline = time.perf_counter() + 2
            while time.perf_counter() < deadline:
                if os.waitpid(self.pid, os.WNOHANG)[0] != 0:
                    os.close(self.fd)
                    return
                try:
                    while select.select([self.fd], [], [], 0.01)[0] and os.read(self.fd, 65536):
                        pass
                except OSError:
                    pass
        os.close(self.fd)


def one_run(program, keys, quiet, then=None):
    """The first frame, the median key and the peak memory of one run; `then`, keys to
    press after those, gives the peak memory after them too."""
    running = Running(program)
    try:
        first = running.burst(quiet, running.started)
        times = []
        for index in range(keys):
            time.sleep(quiet)
            taken = running.press(DOWN if index % 2 == 0 else UP, quiet)
            if taken is not None:
                times.append(taken)
        peak = running.peak_kib()
        after = None
        if then is not None:
            for key in then:
                running.press(key, quiet)
            after = running.peak_kib()
        return first, statistics.median(times) if times else None, peak, after
    finally:
        running.stop()


def ms(seconds):
    return "-" if seconds is None else f"{seconds * 1000:.2f} ms"


def mib(kib):
    return "-" if kib is None else f"{kib / 1024:.2f} MiB"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("hexstack")
    parser.add_argument("other", nargs="*", help="another program and its arguments (after --)")
    parser.add_argument("--against", metavar="PATH", help="another program, run without arguments")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keys", type=int, default=20, help="keys a run")
    parser.add_argument("--quiet", type=float, default=60, help="milliseconds without output that end a screen")
    args = parser.parse_args()
    quiet = args.quiet / 1000
    if args.against:
        args.other = [args.against]
    root = tempfile.mkdtemp(prefix="hexstack-terminal-")
    try:
        programs = [Program("hexstack", [args.hexstack], os.path.join(root, "hexstack"))]
        if args.other:
            programs.append(Program(os.path.basename(args.other[0]), args.other, os.path.join(root, "other")))
        alone = len(programs) == 1
        side_4 = [b"2", b"\r"] if alone else None
        for program in programs:
            one_run(program, 2, quiet)
        results = {program.name: [] for program in programs}
        for run in range(args.runs):
            order = programs if run % 2 == 0 else programs[::-1]
            for program in order:
                results[program.name].append(one_run(program, args.keys, quiet, side_4 if program is programs[0] else None))
        medians = {}
        print(f"{args.runs} runs, {args.keys} keys a run, {COLS}x{ROWS}, medians")
        print(f"{'program':<12} {'first frame':>12} {'a key':>10} {'peak memory':>12}" + ("  side-4 game" if alone else ""))
        for program in programs:
            rows = results[program.name]
            column = lambda i: [row[i] for row in rows if row[i] is not None]
            first, key, peak = (statistics.median(column(i)) if column(i) else None for i in range(3))
            medians[program.name] = (first, key)
            line = f"{program.name:<12} {ms(first):>12} {ms(key):>10} {mib(peak):>12}"
            if alone:
                line += f"  {mib(max(column(3)) if column(3) else None)}"
            print(line)
        if not alone:
            (mine_first, mine_key), (their_first, their_key) = medians.values()
            if None not in (mine_first, mine_key, their_first, their_key):
                print(f"hexstack / {programs[1].name}: first frame {mine_first / their_first:.2f}, key {mine_key / their_key:.2f}")
                print("goals: first frame at most 0.80, a key at most 0.70 (docs/performance.md)")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
