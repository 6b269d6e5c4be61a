#!/usr/bin/env python3
"""Type-checks every ```swift snippet of the README, docs/ and the DocC articles against the built
modules (issue 31: documentation that cannot drift).

Each snippet is checked on its own as a program's main file, with every Frost product
importable. Markers, as HTML comments on the line before a block (invisible when rendered):
  <!-- snippet: continues -->   the block continues the previous one (checked together)
  <!-- snippet: fragment -->    the block uses the names that `FRAGMENT_PRELUDE` declares
                                (a photo, a screenshot, a host) — wrapped, not skipped
  <!-- snippet: module NAME --> the block is a library file: compiled as module NAME (testable),
                                which later blocks may import
  <!-- snippet: linux-test -->  the block is a test file of a target holding the one-line shim
                                the README describes (`@_exported import FrostSnapshotTesting`)
Run after `swift build`:  python3 Scripts/check_snippets.py [--build-path .build/debug]
"""
import glob, os, re, subprocess, sys, tempfile

FRAGMENT_PRELUDE = """
import Frost
import FrostUI
import FrostExport
// What the documentation's fragments take as given.
nonisolated(unsafe) let photo = try! ImageFile.read("photo.jpg")
nonisolated(unsafe) let screenshot = photo
"""

def blocks(path):
    """(line, code, marker) for each ```swift block, dedented (list items indent them)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        m = re.match(r"^(\s*)```swift\s*$", lines[i])
        if not m:
            i += 1
            continue
        indent, start = len(m.group(1)), i + 1
        marker = ""
        j = i - 1
        while j >= 0 and lines[j].strip() == "":
            j -= 1
        if j >= 0:
            mm = re.match(r"^\s*<!--\s*snippet:\s*([\w-]+(?: \w+)?)\s*-->\s*$", lines[j])
            if mm:
                marker = mm.group(1)
        body = []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        out.append((start, "\n".join(body), marker))
        i += 1
    return out

def main():
    build = ".build/debug"
    if "--build-path" in sys.argv:
        build = sys.argv[sys.argv.index("--build-path") + 1]
    flags = ["-I", os.path.join(build, "Modules")]
    for m in glob.glob(os.path.join(build, "*.build", "module.modulemap")):
        flags += ["-Xcc", "-fmodule-map-file=" + m]
    for d in glob.glob("Sources/C*/"):
        if os.path.exists(d + "module.modulemap"):
            flags += ["-Xcc", "-fmodule-map-file=" + d + "module.modulemap"]
        if os.path.isdir(d + "include"):
            flags += ["-Xcc", "-I" + d + "include"]
    try:
        cflags = subprocess.run(["pkg-config", "--cflags-only-I", "libpng", "freetype2", "harfbuzz", "fribidi"], capture_output=True, text=True).stdout.split()
        for f in cflags:
            flags += ["-Xcc", f]
    except FileNotFoundError:
        pass
    files = ["README.md"] + sorted(glob.glob("docs/*.md")) + sorted(glob.glob("Sources/*/*.docc/*.md"))
    snippets = []  # (where, code, marker)
    for path in files:
        for line, code, marker in blocks(path):
            if marker == "continues" and snippets:
                where, prev, mark = snippets[-1]
                snippets[-1] = (where + f"+{line}", prev + "\n" + code, mark)
            else:
                snippets.append((f"{path}:{line}", code, marker))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        modules = os.path.join(tmp, "modules")
        os.makedirs(modules)
        flags += ["-I", modules]
        for where, code, marker in snippets:
            main = os.path.join(tmp, "main.swift")
            with open(main, "w", encoding="utf-8") as f:
                if marker == "fragment":
                    f.write(FRAGMENT_PRELUDE + "\n")
                if marker == "linux-test":
                    f.write("import FrostSnapshotTesting\n")
                f.write(code + "\n")
            if marker.startswith("module "):
                name = marker.split()[1]
                command = ["swiftc", "-emit-module", "-parse-as-library", "-enable-testing", "-module-name", name,
                           "-emit-module-path", os.path.join(modules, name + ".swiftmodule"), *flags, main]
            else:
                command = ["swiftc", "-typecheck", *flags, main]
            r = subprocess.run(command, capture_output=True, text=True)
            errors = [l for l in r.stderr.splitlines() if "error:" in l]
            if r.returncode != 0:
                failed += 1
                print(f"snippet {where}: does not compile")
                for l in errors[:8]:
                    print("   " + l.replace(main, "snippet"))
    print(f"snippets: {len(snippets) - failed} passed, {failed} failed")
    return 1 if failed else 0

if __name__ == "__main__":
    sys.exit(main())
