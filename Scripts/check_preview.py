#!/usr/bin/env python3
"""`frost preview` end to end (issue 32), on the release build: the seed examples and the
everyday examples written as previews render; failing previews are reported by name while the
others render; a compile error comes back against the user's file and line; watch mode re-renders
an edited file and serves the page, which reloads. CI runs it:

    python3 Scripts/check_preview.py path/to/frost
"""
import glob, os, re, shutil, subprocess, sys, tempfile, time, urllib.request

def main():
    frost = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/frost")
    repo = os.getcwd()
    fixtures = os.path.join(repo, "Tests/Fixtures/Previews")
    failures = []
    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    def preview(args, cwd):
        start = time.time()
        r = subprocess.run([frost, "preview", *args], cwd=cwd, capture_output=True, text=True, timeout=900)
        return r, time.time() - start

    with tempfile.TemporaryDirectory() as tmp:
        seeds = sorted(glob.glob(os.path.join(repo, "../shared/seed-examples/*.swift")))
        if seeds:
            r, t = preview(seeds + [os.path.join(fixtures, "SeedPreviews.swift"), "-o", "seeds"], tmp)
            pngs = sorted(os.listdir(os.path.join(tmp, "seeds"))) if os.path.isdir(os.path.join(tmp, "seeds")) else []
            check(r.returncode == 0 and pngs.count("index.html") == 1 and len([p for p in pngs if p.endswith(".png")]) == 4,
                  f"seed examples as previews: {[p for p in pngs if p.endswith('.png')]} in {t:.1f} s (first run builds the preview package) {r.stdout.strip()[-400:]}{r.stderr.strip()[-400:]}")
        else:
            print("skip seed examples: ../shared/seed-examples is absent")

        r, t = preview([os.path.join(repo, "Sources/FrostExamples/EverydayExamples.swift"), os.path.join(fixtures, "EverydayPreviews.swift"),
                        "--appearance", "both", "-o", "everyday"], tmp)
        pngs = sorted(p for p in os.listdir(os.path.join(tmp, "everyday")) if p.endswith(".png"))
        want = ["Counter.dark.png", "Counter.light.png", "Inbox.dark.png", "Inbox.light.png", "Settings-dark.dark.png",
                "Settings.dark.png", "Settings.light.png"]
        check(r.returncode == 0 and pngs == want, f"everyday examples light and dark: {pngs} in {t:.1f} s {r.stdout.strip()[-300:]}{r.stderr.strip()[-300:]}")
        with open(os.path.join(tmp, "everyday", "Inbox.light.png"), "rb") as f:
            head = f.read(24)
        check((int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")) == (750, 1334),
              "previewDevice(\"iPhone SE (3rd generation)\") renders on the SE's screen (750 × 1334 px)")

        r, t = preview([os.path.join(fixtures, "FailingPreviews.swift"), "-o", "failing"], tmp)
        pngs = sorted(p for p in os.listdir(os.path.join(tmp, "failing")) if p.endswith(".png"))
        check(r.returncode == 1 and pngs == ["Also-works.png", "Works.png"] and "Crashes (FailingPreviews.swift:14): crashed" in r.stdout
              and "Too long (FailingPreviews.swift:9)" in r.stdout and "Crashes (FailingPreviews.swift:14) failed" in r.stderr,
              f"failing previews are named, the others render: {pngs}, exit {r.returncode}")
        page = open(os.path.join(tmp, "failing", "index.html"), encoding="utf-8").read()
        check("this preview crashes on purpose" in page and "Works.png" in page, "the page shows the failures and the rendered previews")

        broken = os.path.join(tmp, "Broken.swift")
        with open(broken, "w") as f:
            f.write('import SwiftUI\n\nstruct Broken: View {\n    var body: some View {\n        Text(42)\n    }\n}\n\n#Preview { Broken() }\n')
        r, t = preview([broken, "-o", "broken"], tmp)
        check(r.returncode == 1 and f"{broken}:5:14: error:" in r.stderr and "frost: error: the previews did not compile" in r.stderr
              and ".cache" not in r.stderr.split("frost: error")[0],
              f"a compile error names the user's file and line: {r.stderr.strip().splitlines()[0] if r.stderr.strip() else ''}")

        # One broken file (a compile error, a file that is not UTF-8) leaves the others' previews
        # rendering; each is named (issue 49).
        good = os.path.join(tmp, "Good.swift")
        with open(good, "w") as f:
            f.write('import SwiftUI\n\nstruct Good: View {\n    var body: some View { Text("Still here").padding() }\n}\n\n#Preview("Good") { Good() }\n')
        latin = os.path.join(tmp, "Latin1.swift")
        with open(latin, "wb") as f:
            f.write(b'import SwiftUI\n// caf\xe9 in Latin-1\nstruct Latin: View { var body: some View { Text("x") } }\n#Preview { Latin() }\n')
        r, t = preview([broken, latin, good, "-o", "mixed"], tmp)
        pngs = sorted(p for p in os.listdir(os.path.join(tmp, "mixed")) if p.endswith(".png")) if os.path.isdir(os.path.join(tmp, "mixed")) else []
        check(r.returncode == 1 and pngs == ["Good.png"] and f"{broken}:5:14: error:" in r.stderr
              and f"{latin}:2: not UTF-8 text (byte 0xE9" in r.stderr and f"{broken}: did not compile" in r.stderr,
              f"a compile error and a Latin-1 file are named, the good file still renders: {pngs}, exit {r.returncode} {r.stderr.strip()[-600:]}")

        # A preview that loops while printing, and one that eats memory: each stopped, named,
        # and the previews after them render.
        hostile = os.path.join(tmp, "Hostile.swift")
        with open(hostile, "w") as f:
            f.write('import SwiftUI\n\nstruct Spinner: View {\n    var body: some View {\n'
                    '        while true { print("still going") }\n        return Text("never")\n    }\n}\n\n'
                    'struct Hog: View {\n    var body: some View {\n        var blocks: [[UInt8]] = []\n'
                    '        while true { blocks.append([UInt8](repeating: 1, count: 64 << 20)) }\n        return Text("never \\(blocks.count)")\n    }\n}\n\n'
                    '#Preview("Spins") { Spinner() }\n#Preview("Hogs") { Hog() }\n#Preview("After") { Text("After").padding() }\n')
        r, t = preview([hostile, "--preview-seconds", "5", "--memory-mb", "512", "-o", "hostile"], tmp)
        pngs = sorted(p for p in os.listdir(os.path.join(tmp, "hostile")) if p.endswith(".png")) if os.path.isdir(os.path.join(tmp, "hostile")) else []
        check(r.returncode == 1 and pngs == ["After.png"] and "Spins (Hostile.swift:" in r.stdout and "stopped after 5 s" in r.stdout
              and "Hogs (Hostile.swift:" in r.stdout and "over the 512 MB limit" in r.stdout and t < 120,
              f"a looping, printing preview and a memory hog are stopped and named; the next renders ({t:.0f} s): {pngs} {r.stdout.strip()[-500:]}")
        # Running (not zombie) preview programs; SIGKILL is delivered at once, the exit a moment later.
        def running_previews(wait=5):
            def now():
                rows = subprocess.run(["ps", "-eo", "pid=,stat=,args="], capture_output=True, text=True).stdout.splitlines()
                return [r.split()[0] for r in rows if ".build/release/FrostPreviews" in r and not r.split()[1].startswith("Z")]
            deadline = time.time() + wait
            while now() and time.time() < deadline:
                time.sleep(0.1)
            return now()
        leftover = running_previews()
        check(not leftover, f"no preview process is left behind: {leftover}")

        # SIGTERM to frost preview while a preview spins: nothing is left running.
        proc = subprocess.Popen([frost, "preview", hostile, "--preview-seconds", "60", "-o", "term"], cwd=tmp,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.time() + 120
        while time.time() < deadline and not subprocess.run(["pgrep", "-f", ".build/release/FrostPreviews"], capture_output=True).stdout:
            time.sleep(0.2)
        time.sleep(1)
        proc.terminate()
        code = proc.wait(timeout=30)
        leftover = running_previews()
        check(code == 143 and not leftover, f"SIGTERM stops frost preview (exit {code}) and its preview program (left: {leftover})")

        # --package: a target of a package that depends on Frost.
        pkg = os.path.join(tmp, "pkg")
        os.makedirs(os.path.join(pkg, "Sources/UI"))
        with open(os.path.join(pkg, "Package.swift"), "w") as f:
            f.write('// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "App",\n'
                    f'  dependencies: [.package(path: "{repo}")],\n'
                    f'  targets: [.target(name: "UI", dependencies: [.product(name: "FrostUI", package: "{os.path.basename(repo)}")])])\n')
        with open(os.path.join(pkg, "Sources/UI/Badge.swift"), "w") as f:
            f.write('import FrostUI\nstruct Badge: View { var body: some View { Text("Packaged").padding() } }\n'
                    'struct Badge_Previews: PreviewProvider { static var previews: some View { Badge().previewLayout(.sizeThatFits) } }\n')
        r, t = preview(["--package", pkg, "-o", "packaged"], tmp)
        check(r.returncode == 0 and os.path.isfile(os.path.join(tmp, "packaged", "Badge_Previews.png")),
              f"--package renders a target's previews in {t:.1f} s {r.stdout.strip()[-300:]}{r.stderr.strip()[-300:]}")

        # Watch: edit a file, wait for the new PNG and the page's new version.
        card = os.path.join(tmp, "Card.swift")
        shutil.copy(os.path.join(repo, "Examples/Card.swift"), card)
        log = open(os.path.join(tmp, "watch.log"), "w+")
        proc = subprocess.Popen([frost, "preview", card, "-o", "watch", "--watch", "--port", "0"], cwd=tmp, stdout=log, stderr=log)
        try:
            url = None
            deadline = time.time() + 600
            while time.time() < deadline and url is None and proc.poll() is None:
                time.sleep(0.2)
                log.seek(0)
                m = re.search(r"http://127\.0\.0\.1:(\d+)/", log.read())
                url = m.group(0) if m else None
            check(url is not None, f"watch mode serves the page: {url}")
            if url:
                get = lambda path: urllib.request.urlopen(url + path, timeout=5).read()
                check(b"Previews of Card.swift" in get("") and b"fetch('/version'" in get(""), "the page is served and polls /version")
                version = int(get("version"))
                png = os.path.join(tmp, "watch", "Card-only.png")
                before = open(png, "rb").read()
                with open(card, encoding="utf-8") as f:
                    text = f.read()
                with open(card, "w", encoding="utf-8") as f:
                    f.write(text.replace('"Kyoto"', '"Osaka"'))
                edited = time.time()
                while time.time() < edited + 120 and int(get("version")) == version:
                    time.sleep(0.1)
                seconds = time.time() - edited
                after = open(png, "rb").read()
                check(int(get("version")) > version and after != before and seconds < 30,
                      f"an edit shows in {seconds:.1f} s (new PNG, page version {version} → {int(get('version'))})")
                try:
                    urllib.request.urlopen(url + "..%2f..%2fetc%2fpasswd", timeout=5)
                    check(False, "a path outside the folder is refused")
                except urllib.error.HTTPError as e:
                    check(e.code == 404, "a path outside the folder is refused (404)")
        finally:
            proc.terminate()
            proc.wait(timeout=10)
            log.close()
    if failures:
        print(f"preview checks: {len(failures)} failed")
        return 1
    print("preview checks: ok")
    return 0

if __name__ == "__main__":
    sys.exit(main())
