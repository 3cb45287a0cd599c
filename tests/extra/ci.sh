#!/bin/sh
# tests/extra/ci.sh BUILD_DIR - the CI examples (.gitlab-ci.yml, Jenkinsfile)
# parse, and every make target, script and texcosim subcommand they name
# exists; the Cobertura converter turns an lcov tracefile into a report.
set -u
B=${1:-build}
command -v python3 >/dev/null 2>&1 || { echo "python3 not installed"; exit 77; }
python3 - "$B" <<'PY'
import os, re, subprocess, sys
B = sys.argv[1]
fails = []
targets = set()
for line in open("Makefile", encoding="utf-8"):
    m = re.match(r"^([A-Za-z0-9_.-]+(?:\s+[A-Za-z0-9_.-]+)*)\s*:(?!=)", line)
    if m:
        targets.update(m.group(1).split())
cmds = ["run", "merge", "model", "asm", "disasm", "gen", "wave", "coverage", "render"]

def check_commands(name, shell_lines):
    for sh in shell_lines:
        for t in re.findall(r"\bmake(?:\s+-\S+)*(?:\s+\"[^\"]*\")?\s+([a-z][a-z0-9-]*)", sh):
            if t not in targets:
                fails.append("%s: make target '%s' does not exist" % (name, t))
        for s in re.findall(r"\./(scripts/[A-Za-z0-9_.-]+)", sh):
            if not os.access(s, os.X_OK):
                fails.append("%s: %s is not an executable script" % (name, s))
        for c in re.findall(r"texcosim\s+([a-z]+)", sh):
            if c not in cmds:
                fails.append("%s: 'texcosim %s' is not a subcommand" % (name, c))

# GitLab: YAML with jobs whose script lists are strings.
try:
    import yaml
except ImportError:
    yaml = None
text = open(".gitlab-ci.yml", encoding="utf-8").read()
if yaml:
    doc = yaml.safe_load(text)
    stages = doc.get("stages", [])
    lines = []
    jobs = {k: v for k, v in doc.items() if isinstance(v, dict) and "script" in v}
    if not jobs:
        fails.append(".gitlab-ci.yml: no jobs")
    for k, v in jobs.items():
        if v.get("stage") not in stages:
            fails.append(".gitlab-ci.yml: job %s has stage %r, not in stages" % (k, v.get("stage")))
        if not all(isinstance(s, str) for s in v["script"]):
            fails.append(".gitlab-ci.yml: job %s: script is not a list of strings" % k)
        lines += v["script"]
        rep = v.get("artifacts", {}).get("reports", {})
        if "junit" in rep and not str(rep["junit"]).endswith(".xml"):
            fails.append(".gitlab-ci.yml: job %s: junit report is not .xml" % k)
    reps = [j.get("artifacts", {}).get("reports", {}) for j in jobs.values()]
    if not any("junit" in r for r in reps):
        fails.append(".gitlab-ci.yml publishes no JUnit")
    if not any(r.get("coverage_report", {}).get("coverage_format") == "cobertura" for r in reps):
        fails.append(".gitlab-ci.yml publishes no Cobertura report")
    if "build/waves/" not in text:
        fails.append(".gitlab-ci.yml does not keep the waves of failures")
    check_commands(".gitlab-ci.yml", lines)
    print("gitlab: %d jobs" % len(jobs))
else:
    print("note: PyYAML missing, .gitlab-ci.yml checked as text only")
    check_commands(".gitlab-ci.yml", re.findall(r"^\s*- (.*)$", text, re.M))

# Jenkinsfile: a declarative pipeline; braces and brackets balance outside
# strings and comments; every stage has steps; sh steps name real things.
jf = open("Jenkinsfile", encoding="utf-8").read()
code = re.sub(r"//[^\n]*", "", jf)
code = re.sub(r"'[^'\n]*'|\"[^\"\n]*\"", "''", code)
depth = 0
for ch in code:
    if ch in "{[(":
        depth += 1
    elif ch in "}])":
        depth -= 1
        if depth < 0:
            break
if depth != 0:
    fails.append("Jenkinsfile: unbalanced braces")
if not re.match(r"\s*pipeline\s*\{", code):
    fails.append("Jenkinsfile: does not start with pipeline {")
for word in ("agent", "stages"):
    if not re.search(r"\b%s\b" % word, code):
        fails.append("Jenkinsfile: no %s" % word)
stages = re.findall(r"stage\('([^']+)'\)\s*\{", jf)
if len(stages) < 3:
    fails.append("Jenkinsfile: %d stages" % len(stages))
for need in ("junit ", "recordCoverage", "archiveArtifacts", "build/waves"):
    if need not in jf:
        fails.append("Jenkinsfile: no %s" % need)
check_commands("Jenkinsfile", re.findall(r"\bsh\s+'([^']*)'", jf) +
               re.findall(r"\bsh\(script:\s*'([^']*)'", jf))
# A mismatch (texcosim status 1, which make reports as 2) makes the build UNSTABLE and the later
# stages run: the regression's status is read from build/regress.status, not from make's.
reg = re.search(r"stage\('Regression'\)\s*\{(.*?)\n        \}", jf, re.S)
reg = reg.group(1) if reg else ""
for need in ("returnStatus: true", "build/regress.status", "unstable(", "error("):
    if need not in reg:
        fails.append("Jenkinsfile: the Regression stage lacks %s (a mismatch must be UNSTABLE, "
                     "the later stages must run)" % need)
if re.search(r"\bsh\s+'make regress'", jf):
    fails.append("Jenkinsfile: a plain sh 'make regress' fails the build on a mismatch")
mk = open("Makefile", encoding="utf-8").read()
if "echo $$s >$(B)/regress.status" not in mk:
    fails.append("Makefile: make regress no longer writes $(B)/regress.status (the Jenkinsfile reads it)")
print("jenkins: stages %s" % ", ".join(stages))
if subprocess.run(["sh", "-n", "scripts/install-deps"]).returncode != 0:
    fails.append("scripts/install-deps: shell syntax")

# The Cobertura converter on a small tracefile.
import tempfile, xml.etree.ElementTree as ET
d = tempfile.mkdtemp()
info = os.path.join(d, "t.info")
open(info, "w").write("TN:\nSF:%s/cmodel/lod.c\nFN:10,f\nFNDA:3,f\nDA:10,3\nDA:11,0\n"
                      "BRDA:10,0,0,2\nBRDA:10,0,1,-\nend_of_record\n" % os.getcwd())
out = subprocess.run([sys.executable, "scripts/lcov-cobertura", info], capture_output=True, text=True)
try:
    root = ET.fromstring(out.stdout)
    assert root.tag == "coverage" and root.get("line-rate") == "0.5000", root.attrib
    assert root.get("branch-rate") == "0.5000", root.attrib
    cls = root.find("packages/package/classes/class")
    assert cls.get("filename") == "cmodel/lod.c", cls.attrib
    assert [l.get("hits") for l in cls.find("lines")] == ["3", "0"]
    print("cobertura converter: ok")
except Exception as e:
    fails.append("lcov-cobertura: %r %s" % (e, out.stderr[:200]))
for f in fails:
    print("FAIL " + f)
sys.exit(1 if fails else 0)
PY
