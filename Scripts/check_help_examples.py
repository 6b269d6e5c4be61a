#!/usr/bin/env python3
"""Runs every `frost …` example that `frost help <command>` gives, in a scratch folder with the
files they name made from the built-in sample photo, and checks each exits 0 and writes what it
says it writes (issue 31: examples that cannot drift). CI runs it on the release build:

    python3 Scripts/check_help_examples.py path/to/frost
"""
import glob, os, re, shlex, shutil, subprocess, sys, tempfile

def run(frost, args, cwd, env):
    return subprocess.run([frost, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=600)

def main():
    frost = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/frost")
    env = dict(os.environ, COLUMNS="1000")  # no wrapping: one example a line
    top = run(frost, ["--help"], ".", env).stdout
    commands = re.findall(r"^  (\w[\w-]*)\s{2,}\S", top.split("SUBCOMMANDS:")[1], re.M)
    if len(commands) < 10:
        print(f"help examples: frost --help lists only {commands}")
        return 1
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        # The files the examples name, from the built-in photo (a demo writes it at σ 0).
        demo = os.path.join(tmp, "demo")
        r = run(frost, ["demo", "--out-dir", demo], tmp, env)
        if r.returncode != 0:
            print("help examples: frost demo failed:", r.stderr.strip())
            return 1
        photo = os.path.join(demo, "astronaut-sigma-0.png")
        small = os.path.join(demo, "astronaut-sigma-8.png")
        for name, src in [("photo.png", photo), ("photo.jpg", photo), ("shot.png", photo), ("large.png", photo),
                          ("small.png", small), ("mask.png", photo)]:
            r = run(frost, ["blur", src, "-o", os.path.join(tmp, name), "--sigma", "0"], tmp, env)
            if r.returncode != 0:
                print(f"help examples: could not make {name}: {r.stderr.strip()}")
                return 1
        os.makedirs(os.path.join(tmp, "blurred"), exist_ok=True)
        # The preview examples name the repository's Examples/ folder.
        if os.path.isdir("Examples"):
            shutil.copytree("Examples", os.path.join(tmp, "Examples"))
        # The shell blocks of the README and docs/: every `frost` line but the demo (run above).
        readme, in_sh = [], False
        for line in [l for f in ["README.md"] + sorted(glob.glob("docs/*.md")) for l in open(f, encoding="utf-8")]:
            if line.startswith("```sh"):
                in_sh = True
            elif line.startswith("```"):
                in_sh = False
            elif in_sh:
                cmd = re.sub(r"^swift run -c release ", "", line.split("#")[0].strip())
                if cmd.startswith("frost ") and not cmd.startswith("frost demo"):
                    readme.append(cmd)
        jobs = [("README", e) for e in readme]
        for command in commands:
            text = run(frost, ["help", command], tmp, env).stdout
            jobs += [(command, l.strip()) for l in text.splitlines() if l.startswith("  frost ")]
        for command, example in jobs:
            if True:
                args = shlex.split(example)[1:]
                # Globs as a shell would expand them, in the scratch folder.
                expanded = []
                for a in args:
                    if "*" in a:
                        expanded += sorted(os.path.basename(p) for p in glob.glob(os.path.join(tmp, a)))
                    else:
                        expanded.append(a)
                outputs = [expanded[i + 1] for i, a in enumerate(expanded[:-1]) if a in ("-o", "--output", "--out-dir")]
                r = run(frost, expanded, tmp, env)
                ok = r.returncode == 0
                why = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"exit {r.returncode}"
                for out in outputs:
                    path = os.path.join(tmp, out)
                    if ok and not (os.path.isdir(path) and os.listdir(path) or os.path.isfile(path) and os.path.getsize(path) > 0):
                        ok, why = False, f"did not write {out}"
                # A render states its size: --width × --height points at --scale (defaults 390 × 844 at 3).
                if ok and expanded[0] == "render":
                    def opt(name, default):
                        return float(expanded[expanded.index(name) + 1]) if name in expanded else default
                    want = (round(opt("--width", 390) * opt("--scale", 3)), round(opt("--height", 844) * opt("--scale", 3)))
                    for out in outputs:
                        with open(os.path.join(tmp, out), "rb") as f:
                            head = f.read(24)
                        got = (int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big"))
                        if got != want:
                            ok, why = False, f"{out} is {got[0]}x{got[1]} px, the options say {want[0]}x{want[1]}"
                if ok and not outputs and not r.stdout.strip():
                    ok, why = False, "printed nothing"
                if ok:
                    passed += 1
                else:
                    failed += 1
                    print(f"help example of {command} failed: {example}\n   {why}")
    print(f"help and documentation examples: {passed} passed, {failed} failed")
    return 1 if failed or passed == 0 else 0

if __name__ == "__main__":
    sys.exit(main())
