#!/usr/bin/env python3
"""Writes link/start-first.ld: the functions hexstack runs from its start to a side-4 game,
which a release build for Linux links together (build.rs), first in the code.

Why: Linux maps a program's pages 64 KiB at a time around each page it touches, so the
memory a program starts in follows how far apart the code it runs lies, not how much it
runs. The menu runs some 450 KB of code spread over 2.6 MB; placed together it costs a
quarter of that (docs/performance.md).

    CARGO_PROFILE_RELEASE_STRIP=false cargo build --release --target-dir target/symbols
    benches/start_order.py target/symbols/release/hexstack
    benches/start_order.py --check target/symbols/release/hexstack

It runs the binary under valgrind's callgrind in a pseudo-terminal of 80x24 with an empty
home folder: the menu, a few keys, then a side-4 game (the screens benches/terminal.py
measures). Each function that ran is one line of the script, its name with the parts a
build changes (the hashes of crates and symbols, the numbers LTO adds) made wildcards, so
the script holds across builds of changed code until a function is moved, renamed, inlined
away or mangled another way. A name that no longer matches costs memory, never behaviour,
and nothing else would tell: `--check` fails if any name of the script matches no function
of the binary (CI runs it, .ci/run), and the script is then made again. Standard library
only, besides valgrind (to make the script) and nm.
"""

import argparse
import bisect
import os
import pty
import re
import select
import signal
import struct
import subprocess
import tempfile
import time

COLS, ROWS = 80, 24
KEYS = [b"\x1b[B", b"\x1b[A", b"\x1b[B", b"\x1b[A", b"2", b"\r"]
HEADER = """\
/* The code hexstack runs from its start to a side-4 game, linked together and first, so
   that the pages Linux maps around it hold little else (docs/performance.md). Made by
   benches/start_order.py; build.rs passes it to the linker of a release build for Linux.
   A name here that matches nothing would lie elsewhere: CI fails on it (start_order.py
   --check), and the file is made again. */
SECTIONS
{
  .text.start : {
"""
FOOTER = """\
  }
}
INSERT BEFORE .text;
"""


def drain(fd, seconds):
    """Reads the program's output for `seconds`, answering a cursor query as a terminal."""
    end = time.monotonic() + seconds
    while (left := end - time.monotonic()) > 0:
        if select.select([fd], [], [], left)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            if b"\x1b[6n" in chunk:
                os.write(fd, b"\x1b[1;1R")


def profile(binary, out):
    """Runs `binary` under callgrind to a side-4 game and writes its profile to `out`."""
    home = tempfile.mkdtemp(prefix="hexstack-order-")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HEXSTACK_", "XDG_"))}
    env.update(HOME=home, XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/data",
               XDG_CACHE_HOME=f"{home}/cache", TERM="xterm-256color", LANG="en_GB.UTF-8")
    command = ["valgrind", "--tool=callgrind", "--dump-instr=yes", f"--callgrind-out-file={out}", binary]
    pid, fd = pty.fork()
    if pid == 0:
        import fcntl
        import termios

        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        os.execvpe(command[0], command, env)
    try:
        drain(fd, 8)
        for key in KEYS:
            os.write(fd, key)
            drain(fd, 2)
        os.kill(pid, signal.SIGTERM)
        drain(fd, 10)
    finally:
        os.waitpid(pid, 0)
        os.close(fd)
        subprocess.run(["rm", "-rf", home], check=True)


def ran(callgrind_out):
    """Each object's instructions run, from callgrind's profile: {object: [(function,
    address)]}, positions written absolute, relative to the last, or `*` for the same."""
    objects, functions, current, function, last = {}, {}, None, None, 0
    run = {}
    for line in open(callgrind_out):
        named = re.match(r"(c?ob|c?fn)=\((\d+)\)(?: (.*))?", line.strip())
        if named:
            kind, number, name = named.groups()
            table = objects if kind.endswith("ob") else functions
            if name:
                table[number] = name
            if kind == "ob":
                current = objects[number]
            elif kind == "fn":
                function = functions[number]
            continue
        token = line.split(" ", 1)[0].strip()
        if token.startswith("0x"):
            last = int(token, 16)
        elif token[:1] in "+-" and token[1:].isdigit():
            last += int(token)
        elif token != "*":
            continue
        run.setdefault(current, []).append((function, last))
    return run


def symbols(binary):
    """`binary`'s functions, (start, size, name, demangled name), in the order they lie."""
    def listing(*flags):
        done = subprocess.run(["nm", "--defined-only", "-S", *flags, binary], capture_output=True, text=True, check=True)
        return [line.split(maxsplit=3) for line in done.stdout.splitlines()]

    plain = [p for p in listing() if len(p) == 4]
    shown = [p for p in listing("-C") if len(p) == 4]
    return sorted(
        (int(a[0], 16), int(a[1], 16), a[3], b[3])
        for a, b in zip(plain, shown)
        if a[2] in "tTwW" and int(a[1], 16) > 0
    )


def functions(binary, run):
    """The names of `binary`'s functions that ran, in the order they lie, each with any
    other name at its address. Callgrind names the program's code by its path, or `???`
    when it first meets it unnamed, and gives some addresses as loaded (valgrind loads a
    program at 0x108000) and others from the file's start: the offset under which the
    more names agree with nm's is taken."""
    table = symbols(binary)
    starts = [s[0] for s in table]
    aliases = {}
    for start, _, name, _ in table:
        aliases.setdefault(start, []).append(name)

    def at(address):
        i = bisect.bisect_right(starts, address) - 1
        return table[i] if i >= 0 and address < table[i][0] + table[i][1] else None

    names = {}
    for obj, instructions in run.items():
        if obj != "???" and os.path.realpath(obj or "") != os.path.realpath(binary):
            continue

        def agreeing(offset):
            return sum(1 for fn, a in instructions if (s := at(a - offset)) and s[3] == fn)

        offset = max((0, 0x108000), key=agreeing)
        for _, address in instructions:
            if s := at(address - offset):
                for name in aliases[s[0]]:
                    names[name] = s[0]
    return sorted(names, key=names.get)


def pattern(name):
    """`name` with what another build changes made wildcards: a crate's hash in a v0 name
    (`Cs<hash>_`), a legacy name's hash (`17h<hash>E`), and any suffix LTO adds (`.1234`)."""
    name = re.sub(r"\.\d+$", "", name)
    name = re.sub(r"17h[0-9a-f]{16}E$", "17h*E", name)
    name = re.sub(r"Cs[0-9A-Za-z]+_", "Cs*_", name)
    return name + "*"


def stale(binary, script):
    """The names of `script` that match none of `binary`'s functions."""
    names = "\n".join(name for _, _, name, _ in symbols(binary))
    written = re.findall(r"^\s*\*\(\.text\.(\S+) ", open(script).read(), re.M)
    if len(written) < 100:
        raise SystemExit(f"{script}: only {len(written)} names")
    regex = lambda p: "^" + ".*".join(map(re.escape, p.split("*"))) + "$"
    return len(written), [p for p in written if not re.search(regex(p), names, re.M)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary", help="an unstripped release build of hexstack")
    parser.add_argument("--out", default=os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "link", "start-first.ld")))
    parser.add_argument("--check", action="store_true", help="only check that every name of --out is a function of the binary")
    args = parser.parse_args()
    if args.check:
        if len(symbols(args.binary)) < 1000:
            raise SystemExit(f"{args.binary} has no symbols: build it with CARGO_PROFILE_RELEASE_STRIP=false")
        count, missing = stale(args.binary, args.out)
        for name in missing:
            print(f"not in the binary: {name}")
        if missing:
            raise SystemExit(
                f"{len(missing)} of the {count} names of {args.out} match no function of {args.binary}: "
                "make it again (CONTRIBUTING.md, Benchmarks)"
            )
        print(f"every one of the {count} names of {args.out} is a function of {args.binary}")
        return
    with tempfile.TemporaryDirectory(prefix="hexstack-order-") as folder:
        out = os.path.join(folder, "callgrind.out")
        profile(args.binary, out)
        names = functions(args.binary, ran(out))
    patterns = list(dict.fromkeys(pattern(name) for name in names))
    if len(patterns) < 100:
        raise SystemExit(f"only {len(patterns)} functions ran: was the binary stripped?")
    with open(args.out, "w") as script:
        script.write(HEADER)
        for p in patterns:
            # Cold code sits in `.text.unlikely.NAME`, the rest in `.text.NAME`.
            script.write(f"    *(.text.{p} .text.unlikely.{p})\n")
        script.write(FOOTER)
    print(f"{len(names)} functions ran, {len(patterns)} names written to {args.out}")


if __name__ == "__main__":
    main()
