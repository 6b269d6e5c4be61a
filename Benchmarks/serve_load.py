#!/usr/bin/env python3
"""Load test of frost-serve on loopback: N concurrent clients for a fixed time, each POSTing the
sample photo to /v1/blur (σ 8) and checking every answer (status 200, a PNG of the right size,
the same bytes as the first answer: renders are deterministic). Prints throughput, p50/p99
latency, failures and the server's peak RSS; exits 1 on any failed or wrong answer.

    python3 Benchmarks/serve_load.py .build/release/frost-serve --clients 8 --seconds 20 [--concurrency N]
"""
import argparse, http.client, os, re, statistics, subprocess, sys, threading, time

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("server")
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--sigma", type=float, default=8)
    ap.add_argument("--concurrency", type=int, default=0, help="the server's --concurrency (0: its default, the cores)")
    args = ap.parse_args()
    extra = ["--concurrency", str(args.concurrency)] if args.concurrency else []
    proc = subprocess.Popen([args.server, "--port", "0", "--queue", str(4 * args.clients), *extra], stdout=subprocess.PIPE, text=True)
    port = None
    for line in proc.stdout:
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if m:
            port = int(m.group(1))
            break
    if port is None:
        print("the server did not start"); return 1
    def request(method, path, body=None):
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        c.request(method, path, body=body)
        r = c.getresponse()
        data = r.read()
        c.close()
        return r.status, data
    status, photo = request("GET", "/sample.png")
    assert status == 200
    path = f"/v1/blur?sigma={args.sigma}"
    status, reference = request("POST", path, photo)
    assert status == 200 and reference[:8] == b"\x89PNG\r\n\x1a\n", status
    latencies, failures, lock = [], [], threading.Lock()
    peak = [0]
    stop = time.time() + args.seconds
    def client():
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while time.time() < stop:
            t0 = time.perf_counter()
            try:
                c.request("POST", path, body=photo)
                r = c.getresponse()
                data = r.read()
                ok = r.status == 200 and data == reference
                why = None if ok else f"status {r.status}, {len(data)} bytes"
            except Exception as e:  # a dropped connection counts as a failure
                ok, why = False, repr(e)
                c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            dt = time.perf_counter() - t0
            with lock:
                (latencies if ok else failures).append(dt if ok else why)
    def watch_memory():
        while time.time() < stop:
            try:
                rss = int(re.search(r"VmRSS:\s+(\d+)", open(f"/proc/{proc.pid}/status").read()).group(1))
                peak[0] = max(peak[0], rss)
            except Exception:
                pass
            time.sleep(0.2)
    threads = [threading.Thread(target=client) for _ in range(args.clients)] + [threading.Thread(target=watch_memory)]
    start = time.time()
    for t in threads: t.start()
    for t in threads: t.join()
    elapsed = time.time() - start
    proc.terminate()
    code = proc.wait(timeout=30)
    cores = os.cpu_count()
    n = len(latencies)
    q = statistics.quantiles(latencies, n=100) if n >= 2 else [0] * 99
    print(f"frost-serve load: {args.clients} clients for {elapsed:.1f} s, POST {path} with a 512×512 PNG ({len(photo)} bytes)")
    print(f"  {n} answers, {n / elapsed:.1f} requests/s ({n / elapsed / cores:.1f} per core on {cores} cores)")
    print(f"  latency p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms; failed or wrong answers: {len(failures)}")
    print(f"  server peak RSS {peak[0] / 1024:.0f} MB; exit on SIGTERM: {code}")
    if failures:
        print("  first failures:", failures[:3])
    return 1 if failures or code != 0 else 0

if __name__ == "__main__":
    sys.exit(main())
