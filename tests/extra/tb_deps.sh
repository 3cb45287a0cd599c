#!/bin/sh
# tests/extra/tb_deps.sh BUILD_DIR - the files of tb/ depend on each other
# one way (docs/architecture.md): no two object files of BUILD_DIR/tb, nor
# any longer circle of them, call each other.  The edges are the symbols an
# object file uses (nm: U) that another defines; a circle is a strongly
# connected group of more than one file, and is printed.
set -u
B=${1:-build}
command -v nm >/dev/null 2>&1 || { echo "tb_deps.sh: no nm"; exit 77; }
[ -d "$B/tb" ] || { echo "tb_deps.sh: no $B/tb (build first)"; exit 77; }
python3 - "$B/tb" <<'PY'
import glob, os, subprocess, sys
objs = sorted(glob.glob(os.path.join(sys.argv[1], "**", "*.o"), recursive=True))
if len(objs) < 10:
    sys.exit("tb_deps.sh: only %d object files under %s" % (len(objs), sys.argv[1]))
owner, uses = {}, {}
for o in objs:
    uses[o] = set()
    for line in subprocess.run(["nm", o], capture_output=True, text=True,
                               check=True).stdout.splitlines():
        f = line.split()
        if len(f) == 3 and f[1] in "TDBR":
            owner[f[2]] = o
        elif len(f) == 2 and f[0] == "U":
            uses[o].add(f[1])
edges = {o: {owner[s] for s in uses[o] if s in owner and owner[s] != o} for o in objs}
# Tarjan's strongly connected components, iteratively.
index, low, stack, on, circles, n = {}, {}, [], set(), [], 0
for root in objs:
    if root in index:
        continue
    work = [(root, iter(sorted(edges[root])))]
    index[root] = low[root] = n; n += 1; stack.append(root); on.add(root)
    while work:
        v, it = work[-1]
        w = next(it, None)
        if w is not None:
            if w not in index:
                index[w] = low[w] = n; n += 1; stack.append(w); on.add(w)
                work.append((w, iter(sorted(edges[w]))))
            elif w in on:
                low[v] = min(low[v], index[w])
            continue
        work.pop()
        if work:
            low[work[-1][0]] = min(low[work[-1][0]], low[v])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                circles.append(sorted(comp))
for c in circles:
    print("tb_deps.sh: files that call each other: " + " ".join(os.path.relpath(x, sys.argv[1]) for x in c))
if circles:
    sys.exit(1)
print("tb_deps.sh: %d object files, no circular dependency" % len(objs))
PY
