#!/usr/bin/env python3
"""Load test of frost-serve on loopback: N concurrent clients for a fixed time, each POSTing the
sample photo to /v1/blur (σ 8) and checking every answer (status 200, a PNG of the right size,
the same bytes as the first answer: renders are deterministic). Prints throughput, p50/p99
latency, failures and the server's peak RSS; exits 1 on any failed or wrong answer.

    python3 Benchmarks/serve_load.py .build/release/frost-serve --clients 8 --seconds 20 [--concurrency N]
    python3 Benchmarks/serve_load.py .build/release/frost-serve --cores 1,2 --seconds 10

`--instances 2` starts two servers, each pinned to its own CPU, and spreads the clients over
them (the load balancer's job): no shared state, every answer still checked against the first.
`--cores 1,2` runs once per count, the server pinned (taskset) to that many CPUs with as many
workers, one run after the other on the same machine: requests per second per core, and how
they scale.
"""
import argparse, http.client, os, statistics, sys, threading, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Scripts"))
import frost_serve_process  # noqa: E402

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("server")
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--sigma", type=float, default=8)
    ap.add_argument("--concurrency", type=int, default=0, help="the server's --concurrency (0: its default, the cores)")
    ap.add_argument("--cores", default="", help="comma-separated core counts: one pinned run each")
    ap.add_argument("--instances", type=int, default=1, help="servers, one per CPU, clients spread over them")
    args = ap.parse_args()
    if args.instances > 1:
        result = run(args, 1, None, instances=args.instances)
        return 1 if result["bad"] else 0
    if not args.cores:
        result = run(args, args.concurrency, None)
        return 1 if result["bad"] else 0
    results = []
    for k in [int(c) for c in args.cores.split(",")]:
        if k > os.cpu_count():
            print(f"skipping {k} cores: this machine has {os.cpu_count()}"); continue
        results.append((k, run(args, k, ",".join(str(c) for c in range(k)))))
    print("cores  requests/s  per core  p50 ms  p99 ms")
    for k, r in results:
        print(f"{k:5}  {r['rate']:10.1f}  {r['rate'] / k:8.1f}  {r['p50'] * 1000:6.1f}  {r['p99'] * 1000:6.1f}")
    if len(results) > 1:
        (k0, r0), (k1, r1) = results[0], results[-1]
        print(f"scaling {k0} → {k1} cores: ×{r1['rate'] / r0['rate']:.2f} (ideal ×{k1 / k0:.2f})")
    return 1 if any(r["bad"] for _, r in results) else 0


def run(args, concurrency, cpus, instances=1):
    extra = ["--concurrency", str(concurrency)] if concurrency else []
    if instances > 1:
        servers = [frost_serve_process.start(args.server, "--queue", str(4 * args.clients), *extra, cpus=str(i % os.cpu_count()))
                   for i in range(instances)]
    else:
        servers = [frost_serve_process.start(args.server, "--queue", str(4 * args.clients), *extra, cpus=cpus)]
    proc, port = servers[0]
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
    def client(i):
        port = servers[i % len(servers)][1]
        c = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        while time.time() < stop:
            t0 = time.perf_counter()
            try:
                c.request("POST", path, body=photo, headers={"Content-Type": "image/png"})
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
            peak[0] = max(peak[0], sum(frost_serve_process.rss_kb(p) for p, _ in servers))
            time.sleep(0.2)
    threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)] + [threading.Thread(target=watch_memory)]
    start = time.time()
    for t in threads: t.start()
    for t in threads: t.join()
    elapsed = time.time() - start
    codes = [frost_serve_process.stop(p) for p, _ in servers]
    code = next((c for c in codes if c != 0), 0)
    cores = len(cpus.split(",")) if cpus else min(os.cpu_count(), instances) if instances > 1 else os.cpu_count()
    n = len(latencies)
    q = statistics.quantiles(latencies, n=100) if n >= 2 else [0] * 99
    pinned = f", server pinned to CPU {cpus}" if cpus else f", {instances} servers, one per CPU" if instances > 1 else ""
    print(f"frost-serve load: {args.clients} clients for {elapsed:.1f} s, POST {path} with a 512×512 PNG ({len(photo)} bytes){pinned}")
    print(f"  {n} answers, {n / elapsed:.1f} requests/s ({n / elapsed / cores:.1f} per core on {cores} cores)")
    print(f"  latency p50 {q[49] * 1000:.1f} ms, p99 {q[98] * 1000:.1f} ms; failed or wrong answers: {len(failures)}")
    print(f"  server peak RSS {peak[0] / 1024:.0f} MB{' (all instances)' if instances > 1 else ''}; exit on SIGTERM: {code}")
    if failures:
        print("  first failures:", failures[:3])
    return {"rate": n / elapsed, "p50": q[49], "p99": q[98], "bad": bool(failures) or code != 0}

if __name__ == "__main__":
    sys.exit(main())
