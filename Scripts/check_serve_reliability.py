#!/usr/bin/env python3
"""frost-serve under real traffic and real mistakes (issue 49): each case of the reliability
sweep that failed is a function named after it, run against the real binary on loopback. A
case passes only when the server answers as documented, on time, and stops with exit 0.

    python3 Scripts/check_serve_reliability.py path/to/frost-serve [case ...]
"""
import json
import os
import random
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frost_serve_process as fsp  # noqa: E402
from check_serve_wire import WebSocket, random_png  # noqa: E402

SERVER = None


class Server:
    """frost-serve with `flags`, stopped (SIGTERM) on exit; `exit` is its status."""

    def __init__(self, *flags):
        self.flags = flags

    def __enter__(self):
        self.proc, self.port = fsp.start(SERVER, *self.flags)
        return self

    def __exit__(self, *_):
        self.exit = fsp.stop(self.proc)

    def url(self, path):
        return f"http://127.0.0.1:{self.port}{path}"

    def post(self, path, body, content_type="image/png", timeout=60):
        """(status, body bytes, seconds)."""
        started = time.monotonic()
        req = urllib.request.Request(self.url(path), data=body, headers={"Content-Type": content_type})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, r.read(), time.monotonic() - started
        except urllib.error.HTTPError as e:
            return e.code, e.read(), time.monotonic() - started


def expect(condition, message):
    if not condition:
        raise AssertionError(message)


def photo(side=256, seed=49):
    """A PNG of noise (incompressible, like a photo's detail): about 3 × side² bytes."""
    return random_png(side, side, random.Random(seed))


def terminate_and_time(server):
    started = time.monotonic()
    server.proc.terminate()
    try:
        status = server.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        return "still running after 30 s", 30
    return status, time.monotonic() - started


# MARK: the cases


def sigterm_with_a_live_websocket_open():
    """A live client that never answers the close frame cannot hold the shutdown."""
    with Server("--grace-seconds", "3") as s:
        ws = WebSocket(s.port)
        expect(ws.status == 101, f"upgrade: {ws.status}")
        ws.send(0x1, b'{"sigma": 2}')
        opcode, _ = ws.receive()
        expect(opcode == 0x2, f"a frame first: opcode {opcode}")
        status, seconds = terminate_and_time(s)
        # The server's close frame comes first.
        try:
            opcode, payload = ws.receive()
            expect(opcode == 0x8, f"a close frame after SIGTERM, got opcode {opcode}")
        except (ConnectionError, OSError):
            raise AssertionError("the socket closed without a close frame")
        ws.close()
        expect(status == 0 and seconds < 6, f"exit {status} after {seconds:.1f} s (want 0 within the 3 s grace)")


def sigterm_while_a_body_arrives_slowly():
    with Server("--grace-seconds", "2") as s:
        sock = socket.create_connection(("127.0.0.1", s.port))
        sock.sendall(b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nab")
        time.sleep(0.3)
        status, seconds = terminate_and_time(s)
        sock.close()
        expect(status == 0 and seconds < 5, f"exit {status} after {seconds:.1f} s (want 0 within the 2 s grace)")


def body_at_a_byte_a_second_gets_408():
    with Server("--body-seconds", "2") as s:
        sock = socket.create_connection(("127.0.0.1", s.port), timeout=10)
        started = time.monotonic()
        sock.sendall(b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n")
        answer = b""
        try:
            while True:
                sock.sendall(b"x")
                sock.settimeout(1)
                try:
                    chunk = sock.recv(4096)
                except socket.timeout:
                    continue
                if not chunk:
                    break
                answer += chunk
        except (BrokenPipeError, ConnectionResetError):
            pass
        seconds = time.monotonic() - started
        expect(answer.startswith(b"HTTP/1.1 408"), f"want 408, got {answer[:40]!r}")
        expect(seconds < 4, f"the 408 took {seconds:.1f} s (limit 2 s)")


def chunked_body_at_a_byte_a_second_gets_408():
    with Server("--body-seconds", "2") as s:
        sock = socket.create_connection(("127.0.0.1", s.port), timeout=10)
        started = time.monotonic()
        sock.sendall(b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        answer = b""
        sock.settimeout(1)
        while time.monotonic() - started < 8:
            try:
                sock.sendall(b"1\r\nx\r\n")
                chunk = sock.recv(4096)
            except socket.timeout:
                continue
            except (BrokenPipeError, ConnectionResetError):
                break
            if not chunk:
                break
            answer += chunk
        seconds = time.monotonic() - started
        expect(answer.startswith(b"HTTP/1.1 408"), f"want 408, got {answer[:40]!r}")
        expect(seconds < 4, f"the 408 took {seconds:.1f} s (limit 2 s)")


def request_seconds_is_a_deadline():
    body = json.dumps({"width": 600, "height": 600, "scale": 1, "fps": 60, "animation": ".linear(duration: 3)"}).encode()
    # Every worker busy with a long render (the default concurrency, one per core) must not
    # starve the deadline timers: renders run on their own threads.
    with Server("--request-seconds", "1") as s:
        results = []
        threads = [threading.Thread(target=lambda: results.append(s.post("/v1/transition", body, "application/json")))
                   for _ in range(os.cpu_count() or 2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for status, answer, seconds in results:
            expect(status == 503, f"want 503, got {status}: {answer[:200]!r}")
            expect(seconds < 1.8, f"a 503 came after {seconds:.2f} s (limit 1 s)")
        # The cancelled render stops at its next frame and gives its worker back.
        started = time.monotonic()
        while json.load(urllib.request.urlopen(s.url("/healthz")))["running"] > 0:
            expect(time.monotonic() - started < 5, "the cancelled render still runs 5 s after its 503")
            time.sleep(0.1)
        status, _, _ = s.post("/v1/blur?sigma=2", photo(64))
        expect(status == 200, f"after the cancelled render: {status}")


def live_upload_over_16_kib():
    image = photo(400)  # about 480 kB
    with Server() as s:
        ws = WebSocket(s.port)
        ws.send(0x2, image)
        ws.send(0x1, b'{"sigma": 3}')
        opcode, payload = ws.receive()
        expect(opcode == 0x2, f"want a PNG frame, got opcode {opcode}: {payload[:120]!r}")
        expect(payload[:8] == b"\x89PNG\r\n\x1a\n", "the frame is not a PNG")
        width = int.from_bytes(payload[16:20], "big")
        expect(width == 400, f"the frame is {width} px wide: the upload was not used")
        ws.close()


def burst_of_16_clients_costs_latency_not_errors():
    image = photo(128)
    statuses = []
    with Server("--concurrency", "2") as s:
        def one():
            statuses.append(s.post("/v1/blur?sigma=6", image)[0])
        threads = [threading.Thread(target=one) for _ in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    expect(statuses.count(200) == 16, f"statuses: {sorted(statuses)}")


def upload_of_60_mb_read_by_urllib_gets_413():
    body = b"\x89PNG\r\n\x1a\n" + bytes(60 << 20)
    with Server() as s:
        for attempt in range(3):
            try:
                status, answer, _ = s.post("/v1/blur?sigma=2", body)
            except (urllib.error.URLError, ConnectionError) as e:
                raise AssertionError(f"attempt {attempt + 1}: the client could not read the answer: {e}")
            expect(status == 413, f"attempt {attempt + 1}: want 413, got {status}")
            expect(b"too-large" in answer, f"not the problem: {answer[:200]!r}")


def swiftui_material_names():
    image = photo(64)
    with Server() as s:
        for name in ["ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial", "ultraThickMaterial", "bar"]:
            status, answer, _ = s.post(f"/v1/material?style={name}", image)
            expect(status == 200, f"style={name}: {status} {answer[:200]!r}")
        status, _, _ = s.post("/v1/material?style=regularMaterials", image)
        expect(status == 400, f"a misspelt name: {status}")


def transition_over_the_memory_budget_is_413_at_once():
    body = json.dumps({"width": 1024, "height": 1024, "scale": 3, "format": "gif"}).encode()
    with Server("--memory-mb", "64", "--max-pixels", str(4096 * 4096)) as s:
        status, answer, seconds = s.post("/v1/transition", body, "application/json")
        expect(status == 413, f"want 413, got {status}: {answer[:200]!r}")
        expect(b"memory" in answer, f"the problem does not name memory: {answer[:300]!r}")
        expect(seconds < 2, f"the 413 took {seconds:.1f} s")
        rss = fsp.rss_kb(s.proc)
        expect(rss < 400_000, f"the server holds {rss // 1024} MB after refusing")


def stages_over_the_memory_budget_are_refused_at_once():
    image = photo(1024)
    with Server("--memory-mb", "48") as s:
        status, answer, seconds = s.post("/v1/stages?count=64&max-sigma=40", image)
        expect(status in (413, 503), f"want 413 or 503, got {status}: {answer[:200]!r}")
        expect(seconds < 5, f"the refusal took {seconds:.1f} s")


def paused_uploads_count_against_the_budget():
    # 16 MiB declared each, 48 MiB for requests (64 MiB less the cache's quarter): the fourth is refused.
    with Server("--memory-mb", "64", "--grace-seconds", "2") as s:
        socks, answers = [], []
        for i in range(6):
            sock = socket.create_connection(("127.0.0.1", s.port), timeout=5)
            sock.sendall(f"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nContent-Length: {16 << 20}\r\n\r\n".encode() + b"\x89PNG" + bytes(60_000))
            socks.append(sock)
            time.sleep(0.2)
        for sock in socks:
            sock.settimeout(0.5)
            try:
                answers.append(sock.recv(64))
            except socket.timeout:
                answers.append(b"")
        refused = [a for a in answers if a.startswith(b"HTTP/1.1 503")]
        expect(len(refused) == 3, f"want the last three refused with 503, got {[a[:12] for a in answers]}")
        expect(fsp.rss_kb(s.proc) < 300_000, f"the server holds {fsp.rss_kb(s.proc) // 1024} MB")
        for sock in socks:
            sock.close()


def live_clients_are_capped():
    with Server("--live-clients", "2") as s:
        first, second = WebSocket(s.port), WebSocket(s.port)
        third = WebSocket(s.port)
        opcode, payload = third.receive()
        code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
        expect(opcode == 0x8 and code == 1013, f"the third connection: opcode {opcode}, close code {code}")
        for ws in (first, second, third):
            ws.close()
        time.sleep(0.3)
        fourth = WebSocket(s.port)
        fourth.send(0x1, b'{"sigma": 1}')
        opcode, _ = fourth.receive()
        expect(opcode == 0x2, f"a place came free when the others closed: opcode {opcode}")
        fourth.close()


CASES = [
    sigterm_with_a_live_websocket_open, sigterm_while_a_body_arrives_slowly, body_at_a_byte_a_second_gets_408,
    chunked_body_at_a_byte_a_second_gets_408, request_seconds_is_a_deadline, live_upload_over_16_kib,
    burst_of_16_clients_costs_latency_not_errors, upload_of_60_mb_read_by_urllib_gets_413, swiftui_material_names,
    transition_over_the_memory_budget_is_413_at_once, stages_over_the_memory_budget_are_refused_at_once,
    paused_uploads_count_against_the_budget, live_clients_are_capped,
]


def main():
    global SERVER
    SERVER = os.path.abspath(sys.argv[1])
    only = set(sys.argv[2:])
    failures = 0
    for case in CASES:
        if only and case.__name__ not in only:
            continue
        started = time.monotonic()
        try:
            case()
            print(f"ok    {case.__name__} ({time.monotonic() - started:.1f} s)")
        except AssertionError as e:
            failures += 1
            print(f"FAIL  {case.__name__}: {e}")
    print(f"check_serve_reliability: {failures} of the cases failed" if failures else "check_serve_reliability: every case held")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
