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
