#!/usr/bin/env python3
"""A fleet of frost-serve instances behind nginx (Debian's), with a rolling restart under load
(issue 49): clients POST through nginx while each instance in turn gets SIGTERM, exits 0 and
comes back on its port. Every request must be answered 200 with the right bytes; nginx retries
what an instance going away could not answer (frost-serve's POSTs are pure renders, so retrying
them is safe: see `non_idempotent` below). The nginx configuration used is the README's.

    python3 Scripts/check_serve_fleet.py path/to/frost-serve [--instances 3] [--clients 6] [--seconds 12]

Skips (exit 0, saying so) when nginx is not installed.
"""
import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frost_serve_process as fsp  # noqa: E402

# The README's configuration (README.md, "Scaling past one machine"), with the ports filled in.
NGINX_CONF = """
worker_processes 2;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream frost {{
{servers}
        keepalive 16;
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 16m;
        location / {{
            proxy_pass http://frost;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            # An instance shutting down refuses connections and answers 503; its renders are
            # pure, so a POST is safe to send again.
            proxy_next_upstream error timeout http_502 http_503 non_idempotent;
            proxy_next_upstream_tries 3;
            proxy_connect_timeout 2s;
            proxy_read_timeout 60s;
        }}
        location /v1/live {{
            proxy_pass http://frost;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "upgrade";
            proxy_read_timeout 1h;
        }}
    }}
}}
"""


def start_instance(binary, port):
    proc = subprocess.Popen([binary, "--port", str(port), "--grace-seconds", "10"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    for line in proc.stdout:
        if "listening on" in line:
            threading.Thread(target=lambda: proc.stdout.read(), daemon=True).start()
            return proc
    raise SystemExit(f"an instance did not start on port {port} (exit {proc.wait()})")


def wait_for(url, seconds=10):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=1).read()
            return True
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.05)
    return False


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("server")
    parser.add_argument("--instances", type=int, default=3)
    parser.add_argument("--clients", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=12)
    args = parser.parse_args()
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else None)
    if not nginx:
        print("fleet: nginx is not installed (apt-get install nginx-light); the fleet check skips")
        return 0
    binary = os.path.abspath(args.server)
    ports = [fsp.free_port() for _ in range(args.instances)]
    instances = [start_instance(binary, p) for p in ports]
    work = tempfile.mkdtemp(prefix="frost-fleet-")
    os.chmod(work, 0o777)
    front = fsp.free_port()
    conf = os.path.join(work, "nginx.conf")
    with open(conf, "w") as f:
        servers = "\n".join(f"        server 127.0.0.1:{p} max_fails=1 fail_timeout=1s;" for p in ports)
        f.write(NGINX_CONF.format(dir=work, servers=servers, port=front))
    user = ["-g", "user root;"] if os.geteuid() == 0 else []
    proxy = subprocess.Popen([nginx, "-p", work, "-c", conf, *user], stderr=subprocess.PIPE, text=True)
    failures = []
    try:
        if not wait_for(f"http://127.0.0.1:{front}/healthz"):
            raise SystemExit(f"nginx did not start: {proxy.stderr.read() if proxy.poll() is not None else 'no answer'}")
        rng = random.Random(49)
        image = fsp.png(96, 96, bytes(rng.randrange(256) for _ in range(96 * 96 * 3)))
        url = f"http://127.0.0.1:{front}/v1/blur?sigma=5"
        expected = urllib.request.urlopen(urllib.request.Request(url, data=image, headers={"Content-Type": "image/png"})).read()
        counts = {"ok": 0, "wrong": 0}
        errors = []
        lock = threading.Lock()
        stop = threading.Event()

        def client():
            while not stop.is_set():
                try:
                    with urllib.request.urlopen(urllib.request.Request(url, data=image, headers={"Content-Type": "image/png"}), timeout=30) as r:
                        body = r.read()
                    with lock:
                        counts["ok" if body == expected else "wrong"] += 1
                except urllib.error.HTTPError as e:
                    with lock:
                        errors.append(f"{e.code} {e.read()[:120]!r}")
                except Exception as e:  # a reset or refused connection through the balancer
                    with lock:
                        errors.append(f"{type(e).__name__}: {e}")

        threads = [threading.Thread(target=client) for _ in range(args.clients)]
        for t in threads:
            t.start()
        time.sleep(1)
        exits = []
        # The rolling restart: one instance at a time, each back before the next goes.
        for i, port in enumerate(ports):
            instances[i].terminate()
            exits.append(instances[i].wait(timeout=30))
            instances[i] = start_instance(binary, port)
            wait_for(f"http://127.0.0.1:{port}/healthz")
            time.sleep(max(0.5, (args.seconds - 1) / len(ports) - 1))
        stop.set()
        for t in threads:
            t.join()
        total = counts["ok"] + counts["wrong"] + len(errors)
        print(f"fleet: {args.instances} instances behind nginx, {args.clients} clients, a rolling restart: "
              f"{total} requests, {counts['ok']} answered 200 with the right bytes, {counts['wrong']} wrong, {len(errors)} failed; "
              f"instance exits {exits}")
        if counts["wrong"] or errors:
            failures.append(f"{counts['wrong']} wrong answers, failures: {errors[:5]}")
        if any(e != 0 for e in exits):
            failures.append(f"an instance did not exit 0 on SIGTERM: {exits}")
        if counts["ok"] < 20:
            failures.append(f"only {counts['ok']} requests answered")
    finally:
        proxy.terminate()
        try:
            proxy.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proxy.kill()
        for p in instances:
            fsp.stop(p)
        shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print("fleet: FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
