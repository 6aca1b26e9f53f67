#!/usr/bin/env python3
"""The instructions hexstack runs to its menu's first frame and for a key, counted by
valgrind's callgrind in a pseudo-terminal of 80x24 (docs/performance.md).

    benches/instructions.py HEXSTACK [--keys N]

A count of instructions does not depend on the machine's load, so it shows what a change
to the code saves where the times of benches/terminal.py wander by a fifth. The first
frame is a whole run that ends once its first screen is drawn (from the loader to the
program's end on SIGTERM); a key is the difference between a run of 2 + --keys arrow keys
in the menu and one of 2, over --keys, every thread counted. (Whole runs, because a dump
asked of callgrind mid-run waits until the program next wakes.) Needs valgrind; standard library otherwise.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from terminal import DOWN, UP, Program, Running  # noqa: E402

# A screen's bytes have ended when nothing comes for this long: valgrind runs the program
# some fifty times slower than it runs alone.
QUIET = 1.5


def total(path):
    """The instructions counted in one callgrind dump."""
    with open(path) as dump:
        for line in dump:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise SystemExit(f"no count in {path}")


def counted(hexstack, root, keys):
    """The instructions of a whole run: start, the first frame, `keys` arrow keys (down,
    then up, in turn) each drawn before the next, then SIGTERM and the program's end."""
    out = os.path.join(root, f"callgrind.{keys}")
    command = ["valgrind", "-q", "--tool=callgrind", f"--callgrind-out-file={out}", hexstack]
    running = Running(Program("hexstack", command, os.path.join(root, f"home.{keys}")))
    try:
        if running.burst(QUIET, running.started, limit=120) is None:
            raise SystemExit("no first frame within 120 s")
        for index in range(keys):
            running.press(DOWN if index % 2 == 0 else UP, QUIET)
            # `press` gives up after 2 s; a key under valgrind may take longer.
            running.burst(QUIET, time.perf_counter(), limit=QUIET)
    finally:
        running.stop()
    return total(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("hexstack")
    parser.add_argument("--keys", type=int, default=20)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("instructions.py needs valgrind")
    root = tempfile.mkdtemp(prefix="hexstack-instructions-")
    try:
        hexstack = os.path.abspath(args.hexstack)
        # Two keys in the first count: what is made once, at the first keys, is not a key's.
        first = counted(hexstack, root, 0)
        before = counted(hexstack, root, 2)
        after = counted(hexstack, root, 2 + args.keys)
        key = (after - before) // args.keys
        print(f"instructions, 80x24: first frame and end {first:,}, a key {key:,} (mean of {args.keys})")
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
