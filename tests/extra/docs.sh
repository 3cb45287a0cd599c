#!/bin/sh
# tests/extra/docs.sh BUILD_DIR - README.md and docs/ describe the tool as it
# is:
#  1. docs/ and README.md never point outside the repository (../shared);
#  2. every `texcosim CMD ... --option` they name exists: CMD is a
#     subcommand and the option appears in `texcosim CMD --help`;
#  3. the README's `$ ./build/texcosim ...` examples run as written (a
#     temporary output file instead of my-random.jsonl) and print what the
#     README shows (every shown line that is not elided with "...").
set -u
B=${1:-build}
command -v python3 >/dev/null 2>&1 || { echo "python3 not installed"; exit 77; }
python3 - "$B" <<'PY'
import glob, os, re, subprocess, sys, tempfile
B = sys.argv[1]
T = os.path.join(B, "texcosim")
fails = []
docs = ["README.md"] + sorted(glob.glob("docs/*.md"))

# 1. Nothing outside the repository.
for d in docs:
    for no, line in enumerate(open(d, encoding="utf-8"), 1):
        if re.search(r"\.\./shared|/work/shared", line):
            fails.append("%s:%d points outside the repository: %s" % (d, no, line.strip()))

# 2. Subcommands and their options.
cmds = ["run", "merge", "model", "asm", "disasm", "gen", "wave", "coverage", "render", "hw",
        "hw plan", "hw answer", "hw merge"]
helps = {}
for c in cmds:
    p = subprocess.run([T] + c.split() + ["--help"], capture_output=True, text=True)
    if p.returncode != 0:
        fails.append("texcosim %s --help: status %d" % (c, p.returncode))
    helps[c] = p.stdout
top = subprocess.run([T, "--help"], capture_output=True, text=True).stdout
checked = 0
for d in docs:
    text = open(d, encoding="utf-8").read()
    # A mention: "texcosim CMD" up to the end of its code span or line.
    for m in re.finditer(r"texcosim (hw (?:plan|answer|merge)\b|[a-z][a-z-]*)([^`\n|]*)", text):
        cmd, rest = m.group(1), m.group(2)
        if cmd not in cmds:
            # prose such as "texcosim checks ..." is not a command
            if rest.strip().startswith(("--", "-", "FILE", "RESULT")):
                fails.append("%s: 'texcosim %s' is not a subcommand" % (d, cmd))
            continue
        if cmd.split()[0] not in top:
            fails.append("%s: 'texcosim %s' missing from texcosim --help" % (d, cmd))
        for opt in re.findall(r"(?<![\w-])(--[a-z][a-z0-9-]*)", rest):
            checked += 1
            if opt not in helps[cmd]:
                fails.append("%s: texcosim %s %s: not in 'texcosim %s --help'" % (d, cmd, opt, cmd))
print("checked %d option mentions" % checked)

# 3. The README's examples.
lines = open("README.md", encoding="utf-8").read().split("\n")
tmp = tempfile.mkdtemp()
i = 0
ran = 0
while i < len(lines):
    l = lines[i]
    if not l.startswith("$ ./build/texcosim"):
        i += 1
        continue
    cmd = l[2:]
    shown = []
    i += 1
    while i < len(lines) and not lines[i].startswith("$ ") and not lines[i].startswith("```"):
        shown.append(lines[i])
        i += 1
    cmd = cmd.replace("./build/texcosim", T).replace("my-random.jsonl", os.path.join(tmp, "r.jsonl"))
    p = subprocess.run(["sh", "-c", cmd], capture_output=True, text=True)
    out = p.stdout + p.stderr
    want_err = any(re.match(r"texcosim [a-z]+: (column|unknown|bad|error)", s) for s in shown)
    ran += 1
    if (p.returncode != 0) != want_err:
        fails.append("README: '%s': status %d" % (cmd, p.returncode))
    norm = lambda s: " ".join(s.split())
    got = [norm(x) for x in out.split("\n")]
    for s in shown:
        if "..." in s or not s.strip():
            continue
        if s.startswith("texcosim gen: my-random.jsonl"):
            s = s.replace("my-random.jsonl", os.path.join(tmp, "r.jsonl"))
        if norm(s) not in got:
            fails.append("README: '%s' does not print: %s" % (l[2:], s.strip()))
print("ran %d README examples" % ran)
for f in fails:
    print("FAIL " + f)
sys.exit(1 if fails else 0)
PY
