#!/usr/bin/env python3
"""frost-serve against its own OpenAPI document (issue 30).

1. The served /openapi.yaml is a valid OpenAPI 3.1 document (openapi-spec-validator).
2. schemathesis generates requests from it, valid and invalid, seeded, through every phase
   (examples, coverage of boundaries, fuzzing), and every answer must match the document: no 5xx,
   a documented status, content type, headers and body schema; valid requests accepted (200, or
   413 where a limit of the server's flags is passed), invalid ones refused with a 4xx, and
   undocumented methods answered 405. Scripts/openapi_hooks.py sends real images and, for valid
   requests, rects inside them and SwiftUI expressions from a grammar.
3. The server stops gracefully (exit 0) afterwards.

Skips (exit 0, saying so) when schemathesis is not installed.

    python3 Scripts/check_openapi.py path/to/frost-serve [--examples 40] [--seed 20261127]
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frost_serve_process  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("server")
    ap.add_argument("--examples", type=int, default=40, help="examples per operation in the fuzzing phase")
    ap.add_argument("--seed", type=int, default=20261127)
    args = ap.parse_args()
    try:
        import schemathesis  # noqa: F401
    except ImportError:
        print("openapi: skipped (pip install schemathesis)")
        return 0
    here = os.path.dirname(os.path.abspath(__file__))
    # Small limits keep the debug build's renders short; the hooks know --max-pixels.
    proc, port = frost_serve_process.start(os.path.abspath(args.server), "--max-pixels", "40000", "--max-frames", "40",
                                           "--concurrency", "2", "--queue", "64", "--request-seconds", "120")
    url = f"http://127.0.0.1:{port}/openapi.yaml"
    failures = []
    try:
        document = urllib.request.urlopen(url).read()
        try:
            import yaml
            from openapi_spec_validator import validate
            validate(yaml.safe_load(document))
            print(f"openapi: the served document is valid OpenAPI 3.1 ({len(document)} bytes)")
        except ImportError:
            print("openapi: document validation skipped (pip install openapi-spec-validator)")
        except Exception as e:  # the validator's error names the place
            failures.append(f"the document is not valid OpenAPI: {e}")
        statuses_file = tempfile.NamedTemporaryFile(suffix=".json", delete=False).name
        env = dict(os.environ, SCHEMATHESIS_HOOKS="openapi_hooks", FROST_OPENAPI_STATUSES=statuses_file,
                   PYTHONPATH=here + os.pathsep + os.environ.get("PYTHONPATH", ""))
        command = ["schemathesis", "--config-file", os.path.join(here, "schemathesis.toml"), "run", url,
                   "--checks", "all", "--seed", str(args.seed), "--max-examples", str(args.examples),
                   "--workers", "2", "--no-color", "--request-timeout", "30",
                   "--suppress-health-check", "all"]
        print("openapi: " + " ".join(command[:5]) + " … --seed " + str(args.seed))
        scratch = tempfile.mkdtemp()  # schemathesis keeps a cache in its working directory
        run = subprocess.run(command, env=env, cwd=scratch, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        shutil.rmtree(scratch, ignore_errors=True)
        lines = [l for l in run.stdout.splitlines() if l.strip()]
        if run.returncode != 0:
            print("\n".join(lines[-150:]))
            failures.append(f"schemathesis found problems (exit {run.returncode}); replay with the seed above")
        else:
            start = next((i for i, l in enumerate(lines) if "Examples (in" in l), 0)
            print("\n".join(lines[start:]))
        # What the server answered, per operation: valid requests must mostly render, not only
        # be refused by a limit.
        try:
            with open(statuses_file) as f:
                table = json.load(f)
            os.unlink(statuses_file)
        except (OSError, ValueError):
            table = []
        per_operation = {}
        for method, path, mode, status, n in table:
            per_operation.setdefault(f"{method} {path}", {}).setdefault(mode, collections.Counter())[status] += n
        print("openapi: answers per operation (status × count), valid | invalid requests:")
        for operation, modes in sorted(per_operation.items()):
            def show(counter):
                return " ".join(f"{s}×{n}" for s, n in sorted(counter.items())) or "-"
            print(f"  {operation:24} {show(modes.get('positive', {})):32} | {show(modes.get('negative', {}))}")
            if operation.startswith("POST /v1/") and not modes.get("positive", {}).get(200):
                failures.append(f"{operation}: no valid request rendered")
    finally:
        code = frost_serve_process.stop(proc)
    if code != 0:
        failures.append(f"the server exited {code} on SIGTERM")
    for f in failures:
        print("FAIL " + f)
    print("openapi: " + ("ok" if not failures else f"{len(failures)} failure(s)"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
