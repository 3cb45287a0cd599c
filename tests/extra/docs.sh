#!/bin/sh
# tests/extra/docs.sh BUILD_DIR - README.md and docs/ describe the tool as it
# is:
#  1. docs/ and README.md never point outside the repository (../shared, a
#     /work/ path of another checkout, a texcosim-mutant program), and every
#     document and source file they link or name exists;
#  2. every `texcosim CMD ... --option` they name exists: CMD is a
#     subcommand and the option appears in `texcosim CMD --help`; and the
#     other way round, `texcosim --help`'s usage lines (and the synopsis of
#     run in docs/regression.md) name every option of each `CMD --help`;
#  3. every `$ COMMAND` example of README.md and docs/*.md runs as written
#     (output files in a temporary folder) and prints what the docs show:
#     every shown line that is not elided with "...", and exactly those
#     lines when nothing is elided.
set -u
B=${1:-build}
command -v python3 >/dev/null 2>&1 || { echo "python3 not installed"; exit 77; }
python3 - "$B" <<'PY'
import glob, os, re, subprocess, sys, tempfile
B = sys.argv[1]
T = os.path.join(B, "texcosim")
fails = []
docs = ["README.md"] + sorted(glob.glob("docs/*.md"))

# 1. Nothing outside the repository: no path of another checkout, no program that is not
#    built here, and every document or file linked or named is in the tree.
for d in docs:
    base = os.path.dirname(d)
    text = open(d, encoding="utf-8").read()
    for no, line in enumerate(text.split("\n"), 1):
        if re.search(r"\.\./shared|/work/|texcosim-mutant", line):
            fails.append("%s:%d points outside the repository: %s" % (d, no, line.strip()[:120]))
    for m in re.finditer(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
        if not m.group(1).startswith(("http:", "https:", "mailto:")) and \
           not os.path.exists(os.path.normpath(os.path.join(base, m.group(1)))):
            fails.append("%s: links to %s, which is not in the tree" % (d, m.group(1)))
    for m in re.finditer(r"(?<![\w/.-])((?:docs/)?[\w-]+\.md)\b", text):
        if not any(os.path.exists(c) for c in (m.group(1), os.path.join("docs", m.group(1)))):
            fails.append("%s: names %s, which is not in the tree" % (d, m.group(1)))
    for m in re.finditer(r"(?<![\w/.-])((?:tests|scripts|tb|rtl|cmodel|fuzz|bench|dpi|hw)/[\w./-]*\w\.[a-z]+)", text):
        if "*" not in m.group(1) and not os.path.exists(m.group(1)):
            fails.append("%s: names %s, which is not in the tree" % (d, m.group(1)))

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

# 2b. texcosim --help's usage lines name every option of each subcommand's --help (either
#     spelling of "-x, --long"), and docs/regression.md's synopsis of run names every option too.
usage, cur = {}, None
for l in top.split("\n"):
    m = re.match(r"^(?:usage:|\s+) texcosim (hw (?:plan|answer|merge)\b|[a-z]+)\b", l)
    if m and m.group(1) in cmds:
        # hw plan, answer and merge share one --help: their usage lines count together.
        cur = "hw plan" if m.group(1).startswith("hw ") else m.group(1)
    elif not l.startswith("      "):
        cur = None
    if cur:
        usage[cur] = usage.get(cur, "") + l + "\n"
syn = re.search(r"```\ntexcosim run \[(.*?)```", open("docs/regression.md", encoding="utf-8").read(), re.S)
for c in cmds:
    if c in ("hw answer", "hw merge"):
        continue
    for short, long_ in re.findall(r"^\s+(?:(-\w), )?(--[a-z][a-z0-9-]*)", helps[c], re.M):
        if long_ in ("--help", "--version"):
            continue
        named = lambda text: re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(long_), text) or \
            (short and re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(short), text))
        if not named(usage.get(c, "")):
            fails.append("texcosim --help: the usage of '%s' lacks %s" % (c, long_))
        if c == "run" and syn and not named(syn.group(1)):
            fails.append("docs/regression.md: the synopsis of 'texcosim run' lacks %s" % long_)

# 3. The examples: every "$ COMMAND" line of a code block in README.md and docs/*.md, run as a
#    newcomer would from the top of the tree, followed by the output the docs show (up to the
#    next "$ " line or the end of the block).  Every shown line that is not elided ("...")
#    must be printed; a block with no elision must be the whole output, line for line.
#    Output files the commands name (-o, --results, --junit) go to a temporary folder, as do
#    waves.  make targets are named, not run: they take minutes, and make_regress.sh and hw.sh
#    run them.  The mutant program (build/wave-mutant/texcosim) is the one gtkwave.sh leaves.
tmp = tempfile.mkdtemp()
env = dict(os.environ, TEXCOSIM_WAVE_DIR=os.path.join(tmp, "waves"), NO_COLOR="1")
env.pop("CI", None)
norm = lambda s: " ".join(s.split())
ran, skipped = 0, []
for d in docs:
    lines = open(d, encoding="utf-8").read().split("\n")
    subst = {}                       # output paths of this document -> temporary files
    dead = set()                     # outputs of examples not run
    i, inblock = 0, False
    while i < len(lines):
        l = lines[i]
        if l.startswith("```"):
            inblock = not inblock
            i += 1
            continue
        if not (inblock and l.startswith("$ ")):
            i += 1
            continue
        where = "%s:%d" % (d, i + 1)
        cmd = l[2:]
        i += 1
        while cmd.endswith("\\") and i < len(lines):       # continued command
            cmd = cmd[:-1] + " " + lines[i].strip()
            i += 1
        # a python3 -c '...' over several lines: up to the line that closes the quote
        while cmd.count("'") % 2 and i < len(lines):
            cmd += "\n" + lines[i]
            i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith("$ ") and not lines[i].startswith("```"):
            shown.append(lines[i])
            i += 1
        cmd = re.sub(r"\s+#[^'\"]*$", "", cmd)               # a trailing comment
        prog = cmd.split()[0]
        outs = [m.group(1) for m in re.finditer(r"(?:^|\s)(?:-o|--results|--junit)\s+(\S+)", cmd)
                if m.group(1) != "-"]
        why = None
        if prog == "make":
            why = "%s (make targets are not run here)" % cmd
        elif prog == "./build/wave-mutant/texcosim" and not os.access(os.path.join(B, "wave-mutant", "texcosim"), os.X_OK):
            why = "the mutant program is not built (tests/extra/gtkwave.sh)"
        elif prog == "nvcc" or prog.startswith("rec/") or "build/hw-rec" in cmd:
            why = "it needs nvcc and a GPU (make hw-record)"
            dead.update(a for a in cmd.split()[1:] if not a.startswith("-"))
        elif any(k in cmd for k in dead):
            why = "it reads the output of an example not run"
        if why:
            skipped.append("%s: %s" % (where, why))
            dead.update(outs)
            continue
        if prog not in ("./build/texcosim", "build/texcosim", "./build/wave-mutant/texcosim", "python3"):
            fails.append("%s: '%s': a command this check does not know how to run" % (where, prog))
            continue
        for o in outs:
            subst.setdefault(o, os.path.join(tmp, "%d-%s" % (len(subst), os.path.basename(o))))
        run = cmd
        for k, v in subst.items():
            run = run.replace(k, v)
        run = run.replace("./build/wave-mutant/texcosim", os.path.join(B, "wave-mutant", "texcosim"))
        run = re.sub(r"(^|\s)\.?/?build/texcosim", lambda m: m.group(1) + T, run)
        p = subprocess.run(["sh", "-c", run], capture_output=True, text=True, env=env)
        out = p.stdout + p.stderr
        ran += 1
        for k, v in subst.items():
            out = out.replace(v, k)
        out = out.replace(os.path.join(B, "wave-mutant", "texcosim"), "./build/wave-mutant/texcosim")
        want_fail = any(re.match(r"texcosim [a-z]+: (column|unknown|bad|error)", s) or s.startswith("FAIL ")
                        for s in shown)
        if (p.returncode != 0) != want_fail:
            fails.append("%s: '%s': status %d%s" % (where, cmd, p.returncode,
                         (": " + out.strip().split("\n")[-1][:200]) if out.strip() else ""))
        got = [norm(x) for x in out.split("\n") if x.strip()]
        missing = [s for s in shown if s.strip() and "..." not in s and norm(s) not in got]
        for s in missing[:3]:
            fails.append("%s: '%s' does not print: %s" % (where, cmd[:80], s.strip()))
        if shown and not missing and not any("..." in s for s in shown):
            want = [norm(s) for s in shown if s.strip()]
            if want != got:
                extra = [x for x in got if x not in want]
                fails.append("%s: '%s' prints %d lines, the docs show %d%s" % (
                    where, cmd[:80], len(got), len(want),
                    (" (not shown: %s)" % extra[0][:100]) if extra else " (order differs)"))
print("ran %d examples of README.md and docs/" % ran)
for s in skipped:
    print("not run: " + s)
for f in fails:
    print("FAIL " + f)
sys.exit(1 if fails else 0)
PY
