#!/usr/bin/env python3
"""Every Swift Testing suite has a time limit (issue 42: eleven suites had none, so a hang in one
ran until CI's own limit ended everything).

Rules, over every Swift file under Tests/:
- a file with `@Test` declares its suite with `@Suite(...)` (an implicit suite takes no traits);
- every `@Suite(...)` carries `.hangLimit` (FrostTestSupport's shared 10-minute trait) or, in a
  file written in upstream's style that must not import Frost's helpers, `.timeLimit(...)`.

Run from the package root:  python3 Scripts/check_tests.py
Prints one line per suite without a limit (file:line) and exits 1.
"""
import glob, os, re, sys


def suites(text):
    """(line, attribute text) for each @Suite attribute, its parentheses balanced."""
    for m in re.finditer(r"@Suite\b", text):
        line = text.count("\n", 0, m.start()) + 1
        i = m.end()
        if i >= len(text) or text[i] != "(":
            yield line, "@Suite"
            continue
        depth, j = 0, i
        while j < len(text):
            depth += {"(": 1, ")": -1}.get(text[j], 0)
            j += 1
            if depth == 0:
                break
        yield line, text[m.start():j]


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    problems, count = [], 0
    for path in sorted(glob.glob(os.path.join(root, "Tests", "**", "*.swift"), recursive=True)):
        text = open(path, encoding="utf-8").read()
        rel = os.path.relpath(path, root)
        found = list(suites(text))
        if "@Test" in text and not found:
            problems.append(f"{rel}: has @Test but no @Suite(.hangLimit) to carry a time limit")
        for line, attribute in found:
            count += 1
            if ".hangLimit" not in attribute and ".timeLimit(" not in attribute:
                problems.append(f"{rel}:{line}: {attribute.splitlines()[0]} has no .hangLimit")
    for p in problems:
        print(p)
    if problems:
        print(f"check_tests: {len(problems)} suite(s) without a time limit", file=sys.stderr)
        return 1
    print(f"check_tests: {count} suites, each with a time limit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
