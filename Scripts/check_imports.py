#!/usr/bin/env python3
"""Every target imports only what Package.swift declares for it (issue 41).

SwiftPM on Linux lets a target import any module that happens to be built before it: a
dependency's dependency, or a module another target of the same `swift build` built first. A
missing declaration then hides until a command builds less (a newcomer's `swift test` on a fresh
clone failed this way: a test target imported FrostExamples without declaring it). SwiftPM's own
`--explicit-target-dependency-import-check` does not catch it on Linux, so this script compares
each Swift file's `import` lines with its target's direct dependencies:

- a target dependency provides its module;
- a product dependency provides the modules of the targets that product lists (read from the
  dependency's own manifest with `swift package describe`);
- the toolchain's modules (Foundation, Glibc, XCTest, Testing, ...) need no declaration.

`#if` blocks are evaluated as this Linux build sees them: `canImport(M)` is true for the modules
above, `os(Linux)` is true, other platforms are false; a condition it cannot decide is checked on
both branches. Imports inside multi-line string literals and comments are not imports.

Run from the package root after the dependencies are resolved (any `swift build` or
`swift package resolve` does it):  python3 Scripts/check_imports.py [--package-path DIR]
Prints one line per undeclared import (file:line: target imports M, not declared) and exits 1.
"""
import argparse, json, os, re, subprocess, sys

# Modules the Swift toolchain ships on Linux and macOS: importing them needs no declaration.
TOOLCHAIN = {
    "Swift", "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
    "FoundationXML", "CoreFoundation", "Dispatch", "Glibc", "Musl", "Darwin", "WinSDK", "CRT", "ucrt",
    "Android", "Bionic", "XCTest", "Testing", "Synchronization", "Observation", "_Concurrency",
    "_StringProcessing", "RegexBuilder", "Distributed", "Cxx", "CxxStdlib", "SwiftGlibc", "os",
    "_Differentiation", "SwiftOnoneSupport", "_Builtin_float", "_math",
}
# Platform conditions as a Linux build evaluates them.
OS_TRUE = {"Linux"}
OS_FALSE = {"macOS", "iOS", "tvOS", "watchOS", "visionOS", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "Cygwin", "PS4", "Haiku"}

IMPORT = re.compile(
    r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def describe(path):
    out = subprocess.run(["swift", "package", "--package-path", path, "describe", "--type", "json"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"check_imports: swift package describe failed in {path}: {out.stderr.strip().splitlines()[-1:]}")
    return json.loads(out.stdout)


def product_modules(root, package):
    """Product name -> the modules it provides, across the package's direct dependencies."""
    modules = {}
    for dep in package.get("dependencies", []):
        identity = dep["identity"]
        if dep.get("type") == "fileSystem" or "path" in dep:
            dep_path = dep.get("path")
        else:
            dep_path = os.path.join(root, ".build", "checkouts", identity)
        if not dep_path or not os.path.isdir(dep_path):
            sys.exit(f"check_imports: dependency {identity} is not checked out at {dep_path}; run `swift package resolve` first")
        for product in describe(dep_path).get("products", []):
            modules.setdefault(product["name"], set()).update(product.get("targets", []))
    return modules


class Condition:
    """Evaluates an `#if` condition to True, False or None (cannot tell)."""

    def __init__(self, known):
        self.known = known

    def evaluate(self, text):
        text = re.sub(r"//.*", "", text).strip()
        try:
            tokens = re.findall(r"\|\||&&|!|\(|\)|[A-Za-z_][A-Za-z0-9_]*\([^()]*\)|[A-Za-z_][A-Za-z0-9_]*", text)
            self.tokens, self.i = tokens, 0
            value = self.parse_or()
            return value if self.i == len(tokens) else None
        except IndexError:
            return None

    def parse_or(self):
        value = self.parse_and()
        while self.i < len(self.tokens) and self.tokens[self.i] == "||":
            self.i += 1
            right = self.parse_and()
            value = True if value is True or right is True else (False if value is False and right is False else None)
        return value

    def parse_and(self):
        value = self.parse_not()
        while self.i < len(self.tokens) and self.tokens[self.i] == "&&":
            self.i += 1
            right = self.parse_not()
            value = False if value is False or right is False else (True if value is True and right is True else None)
        return value

    def parse_not(self):
        if self.tokens[self.i] == "!":
            self.i += 1
            value = self.parse_not()
            return None if value is None else not value
        if self.tokens[self.i] == "(":
            self.i += 1
            value = self.parse_or()
            self.i += 1  # ")"
            return value
        token = self.tokens[self.i]
        self.i += 1
        m = re.match(r"(\w+)\(\s*([^()]*?)\s*\)$", token)
        if token == "true":
            return True
        if token == "false":
            return False
        if m and m.group(1) == "canImport":
            module = m.group(2).split(".")[0]
            # Listed as importable somewhere, but not on this Linux build.
            if module in ("Darwin", "WinSDK", "CRT", "ucrt"):
                return False
            return module in self.known
        if m and m.group(1) == "os":
            return True if m.group(2) in OS_TRUE else (False if m.group(2) in OS_FALSE else None)
        return None


def imports(path, known):
    """(line number, module) for each import a Linux build of this file compiles or may compile."""
    condition = Condition(known)
    found = []
    # Each open #if: (whether the branch now open compiles: True, False or None for cannot tell,
    # whether an earlier branch certainly compiled, whether an earlier branch might have).
    stack = []

    def branch(value, taken, maybe):
        if taken or value is False:
            return (False, taken, maybe)
        return (None if maybe or value is None else True, taken, maybe)

    in_string = in_comment = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            stripped = line.strip()
            if in_comment:
                if "*/" in stripped:
                    in_comment = False
                continue
            if stripped.count('"""') % 2 == 1:
                in_string = not in_string
                continue
            if in_string:
                continue
            if stripped.startswith("/*") and "*/" not in stripped:
                in_comment = True
                continue
            m = re.match(r"#(if|elseif|else|endif)\b(.*)", stripped)
            if m:
                kind, rest = m.groups()
                if kind == "if":
                    value = condition.evaluate(rest)
                    stack.append(branch(value, taken=False, maybe=False))
                elif kind in ("elseif", "else") and stack:
                    _, taken, maybe = stack[-1]
                    maybe = maybe or stack[-1][0] is None
                    taken = taken or stack[-1][0] is True
                    stack[-1] = branch(condition.evaluate(rest) if kind == "elseif" else True, taken, maybe)
                elif kind == "endif" and stack:
                    stack.pop()
                continue
            if any(entry[0] is False for entry in stack):
                continue
            m = IMPORT.match(line)
            if m:
                found.append((number, m.group(1)))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--package-path", default=".")
    args = parser.parse_args()
    root = os.path.abspath(args.package_path)
    package = describe(root)
    products = product_modules(root, package)
    targets = {t["name"]: t for t in package["targets"]}
    # Every module a target of this package or a product it uses could be: canImport() sees them.
    known = TOOLCHAIN | set(targets) | {m for ms in products.values() for m in ms}
    problems, files = [], 0
    for name, target in sorted(targets.items()):
        if target.get("module_type") == "SystemLibraryTarget":
            continue
        declared = set(target.get("target_dependencies", []))
        for product in target.get("product_dependencies", []):
            if product not in products:
                problems.append(f"Package.swift: {name} depends on a product {product} no dependency provides")
            declared |= products.get(product, set())
        for source in target.get("sources", []):
            if not source.endswith(".swift"):
                continue
            path = os.path.join(root, target["path"], source)
            files += 1
            for number, module in imports(path, known):
                if module in TOOLCHAIN or module == name or module in declared:
                    continue
                rel = os.path.relpath(path, root)
                why = "a target of this package" if module in targets else "not a module this package declares anywhere"
                problems.append(f"{rel}:{number}: {name} imports {module} ({why}) without declaring it in Package.swift")
    for line in problems:
        print(line)
    if problems:
        print(f"check_imports: {len(problems)} undeclared import(s)", file=sys.stderr)
        return 1
    print(f"check_imports: {files} Swift files in {len(targets)} targets import only what Package.swift declares")
    return 0


if __name__ == "__main__":
    sys.exit(main())
