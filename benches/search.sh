#!/usr/bin/env bash
# One search thread through the engine, a million positions: Ombagui from the start and a
# Clamber side-4 middle game (docs/performance.md, "The search"). Each binary given runs
# each search RUNS times (5 unless set), the binaries taking turns, and the median user
# CPU time of each is printed: compare builds one after the other on the same machine.
#
#   benches/search.sh target/release/hexstack [OTHER_HEXSTACK...]
#   RUNS=7 NODES=300000 benches/search.sh target/release/hexstack
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,8p' "$0"; exit 2; }
runs=${RUNS:-5}
nodes=${NODES:-1000000}
side4=4/b/A1=b2,A2=r2,A3=r3,A4=r2,B1=b1,B5=r3,C2=r3,C3=r4,C4=r5,C6=r4,D1=b2,D3=r2,D5=r3,D7=r5,E2=b1,E6=r6,E7=r5,F3=b2,F5=r4,F6=r5,G4=b1
declare -A searches=([ombagui]="new ombagui" [clamber-4]="new clamber 4 $side4")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# The user CPU time of one search: the engine answers `go`, then `quit` ends it (the
# input stays open until the answer, or the end of the input would stop the search).
search() {
    local binary=$1 setup=$2
    {
        printf '%s\ngo iterations %s\n' "$setup" "$nodes"
        while ! grep -q '^ok [A-Z]' "$out/answer" 2>/dev/null; do sleep 0.05; done
        echo quit
    } | /usr/bin/time -f %U -o "$out/time" "$binary" engine > "$out/answer"
    cat "$out/time"
    rm -f "$out/answer"
}

binaries=("$@")
for run in $(seq "$runs"); do
    for i in "${!binaries[@]}"; do
        for name in "${!searches[@]}"; do
            search "${binaries[$i]}" "${searches[$name]}" >> "$out/$i-$name"
        done
    done
done

echo "$nodes positions, one thread, median user CPU of $runs runs"
for i in "${!binaries[@]}"; do
    for name in "${!searches[@]}"; do
        median=$(sort -n "$out/$i-$name" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
        printf '%-40s %-10s %s s\n' "${binaries[$i]}" "$name" "$median"
    done
done
