#!/usr/bin/env python3
"""frost-serve on a real socket, with what a router test cannot send (issue 30): huge headers,
garbage and half requests, lying and chunked lengths, idle connections, pipelining, fuzzed uploads
and WebSocket abuse. Every answer must be below 500 (or the connection closed), the server must
keep answering /healthz quickly, stay within its memory, and stop with exit 0 on SIGTERM.
Seeded: the same seed sends the same bytes.

    python3 Scripts/check_serve_wire.py path/to/frost-serve [--seed 20261127]
"""
import argparse
import base64
import os
import random
import socket
import struct
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import frost_serve_process  # noqa: E402

UPLOAD_LIMIT = 200_000


def exchange(port, data, read_timeout=10.0, close_write=False):
    """Sends raw bytes; the status of the first answer (None: closed or no answer) and its bytes."""
    s = socket.create_connection(("127.0.0.1", port), timeout=read_timeout)
    try:
        try:
            s.sendall(data)
            if close_write:
                s.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the server may refuse before reading everything
        answer = b""
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                answer += chunk
                head, sep, rest = answer.partition(b"\r\n\r\n")
                if sep:
                    length = next((int(l.split(b":", 1)[1]) for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")), 0)
                    if len(rest) >= length:
                        break
        except (socket.timeout, ConnectionResetError):
            pass
        status = int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else None
        return status, answer
    finally:
        s.close()


def read_all(port, data):
    """Sends raw bytes and reads until the server closes."""
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(data)
    answer = b""
    try:
        while chunk := s.recv(65536):
            answer += chunk
    except socket.timeout:
        pass
    s.close()
    return answer


def request(method, path, body=b"", headers=()):
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}", *headers, "", ""]
    return "\r\n".join(lines).encode("latin-1") + body


def random_png(width, height, rng):
    return frost_serve_process.png(width, height, bytes(rng.randrange(256) for _ in range(width * height * 3)))


class WebSocket:
    """The least of a client: the handshake, masked frames out, unmasked frames in."""

    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=20)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall((f"GET /v1/live HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.s.recv(1)
        self.status = int(head.split(b" ", 2)[1])

    def send(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        header = bytes([0x80 | opcode]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536
                                           else bytes([0x80 | 127]) + struct.pack(">Q", n))
        self.s.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def receive(self):
        def exactly(n):
            data = b""
            while len(data) < n:
                chunk = self.s.recv(n - len(data))
                if not chunk:
                    raise ConnectionError("closed")
                data += chunk
            return data
        b0, b1 = exactly(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", exactly(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", exactly(8))[0]
        return b0 & 0x0F, exactly(n)

    def close(self):
        self.s.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("server")
    ap.add_argument("--seed", type=int, default=20261127)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    proc, port = frost_serve_process.start(os.path.abspath(args.server), "--max-upload-bytes", str(UPLOAD_LIMIT), "--idle-seconds", "5",
                                           "--header-seconds", "3")
    failures = []
    statuses = {}

    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    def not_5xx(name, status):
        statuses[name] = status
        return status is None or status < 500

    def healthy():
        t0 = time.time()
        status, _ = exchange(port, request("GET", "/healthz"))
        return status == 200 and time.time() - t0 < 5

    try:
        # Huge heads: one 100 kB header, 1 MB of headers, 10,000 header fields: a 431 problem
        # (frost-serve's --max-header-bytes, 64 KiB) and the connection closed, never a 5xx.
        for name, headers in [("a 100 kB header", [f"User-Agent: {'a' * 100_000}"]),
                              ("1 MB of headers", [f"X-Pad-{i}: {'b' * 1000}" for i in range(1000)]),
                              ("10,000 header fields", [f"X-{i}: {i}" for i in range(10_000)])]:
            status, answer = exchange(port, request("GET", "/healthz", headers=headers))
            statuses[name] = status
            check(status == 431 and b"urn:frost:problem:too-large" in answer, f"{name}: {status} problem")
        # Garbage: random bytes, a request line of garbage, a bad version, half requests.
        garbage = [bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4096))) for _ in range(60)]
        garbage += [b"GET /\x00\x01 HTTP/1.1\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n", b"\r\n\r\n\r\n", b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\n",
                    b"GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
                    b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 9\r\n\r\nabcde"]
        worst = None
        for g in garbage:
            status, _ = exchange(port, g, read_timeout=3, close_write=True)
            if not not_5xx("garbage", status):
                worst = status
        check(worst is None, f"{len(garbage)} garbage requests (seeded): none answered 5xx")
        # Lengths: a declared body over the limit is refused before it is sent; a lying length
        # and a chunked body over the limit.
        status, answer = exchange(port, b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000000\r\n\r\n")
        check(status == 413 and b"problem+json" in answer, f"Content-Length 10^9: {status} problem before the body")
        status, _ = exchange(port, b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n0123456789", read_timeout=3, close_write=True)
        check(not_5xx("short body", status), f"a body shorter than its Content-Length, then closed: {status or 'closed'}")
        chunk = b"x" * 50_000
        chunked = b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + \
            b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(6)) + b"0\r\n\r\n"
        status, answer = exchange(port, chunked)
        check(status == 413, f"a chunked body of 300 kB over the {UPLOAD_LIMIT} byte limit: {status}")
        status, _ = exchange(port, b"POST /v1/blur?sigma=2 HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n", read_timeout=3)
        check(not_5xx("bad chunk", status), f"a malformed chunk size: {status or 'closed'}")
        # Pipelining: ten requests in one write, ten answers in order.
        answer = read_all(port, request("GET", "/healthz") * 9 + request("GET", "/healthz", headers=["Connection: close"]))
        check(answer.count(b"HTTP/1.1 200") == 10, f"10 pipelined requests: {answer.count(b'HTTP/1.1 200')} answers 200")
        # Idle connections holding half a request do not starve the others, and each is
        # answered 408 when --header-seconds (3) runs out; a silent one is closed.
        idle = []
        for _ in range(64):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            idle.append(s)
        silent = socket.create_connection(("127.0.0.1", port), timeout=10)
        t0 = time.time()
        check(healthy(), "64 connections holding half a request head: /healthz still answers within 5 s")
        timed_out = 0
        for s in idle:
            answer = b""
            try:
                while chunk := s.recv(65536):
                    answer += chunk
            except (socket.timeout, ConnectionResetError):
                pass
            timed_out += answer.startswith(b"HTTP/1.1 408") and b"urn:frost:problem:timeout" in answer
            s.close()
        try:
            silent_closed = silent.recv(10) == b""
        except (socket.timeout, ConnectionResetError):
            silent_closed = False
        waited = time.time() - t0
        check(timed_out == 64 and silent_closed and waited < 9,
              f"after --header-seconds 3: {timed_out} of 64 half heads answered 408, the silent connection closed ({waited:.1f} s)")
        silent.close()
        # A kept-alive connection that waits 2 s after an answer, then sends a head in two parts
        # 1.5 s apart, is answered: the head's clock starts at its first byte.
        patient = socket.create_connection(("127.0.0.1", port), timeout=10)
        patient.sendall(request("GET", "/healthz"))
        first = patient.recv(65536)
        time.sleep(2)
        patient.sendall(b"GET /healthz HTTP/1.1\r\n")
        time.sleep(1.5)
        patient.sendall(b"Host: x\r\n\r\n")
        second = patient.recv(65536)
        check(first.startswith(b"HTTP/1.1 200") and second.startswith(b"HTTP/1.1 200"),
              f"a head begun 2 s after an answer and finished 1.5 s later is answered ({second[:12]!r})")
        patient.close()
        # --idle-seconds 5: a kept-alive connection with nothing more to ask is closed.
        lingering = socket.create_connection(("127.0.0.1", port), timeout=10)
        lingering.sendall(request("GET", "/healthz"))
        t0, answer = time.time(), b""
        try:
            while chunk := lingering.recv(65536):
                answer += chunk
            closed = True
        except (socket.timeout, ConnectionResetError):
            closed = False
        waited = time.time() - t0
        check(closed and answer.startswith(b"HTTP/1.1 200") and 4 < waited < 9, f"an idle kept-alive connection is closed after the idle limit ({waited:.1f} s of 5)")
        lingering.close()
        # Fuzzed uploads over the wire: truncated and bit-flipped images at every endpoint.
        image = random_png(40, 30, rng)
        worst = None
        for i in range(80):
            body = bytearray(image)
            if i % 2:
                body = body[:rng.randrange(len(body))]
            else:
                for _ in range(4):
                    body[rng.randrange(len(body))] ^= rng.randrange(1, 256)
            path = ["/v1/blur?sigma=2", "/v1/material?label=Hi", "/v1/stages?count=2", "/v1/legibility"][i % 4]
            status, _ = exchange(port, request("POST", path, bytes(body), headers=["Content-Type: image/png"]))
            if status is None or status >= 500:
                worst = (path, status)
        check(worst is None, f"80 fuzzed uploads (seeded): every one answered below 500 ({worst or 'none failed'})")
        # The WebSocket: bad messages get a problem and the connection stays; a good σ a PNG.
        ws = WebSocket(port)
        check(ws.status == 101, f"WebSocket upgrade: {ws.status}")
        replies = []
        for opcode, payload in [(1, b"not json"), (1, b'{"sigma": -1}'), (1, b'{"sigma": 1e9}'), (2, bytes(rng.randrange(256) for _ in range(500))),
                                (2, image[:50]), (1, b'{"sigma": 4}')]:
            ws.send(opcode, payload)
            replies.append(ws.receive())
        problems = [op for op, data in replies[:5] if op == 1 and b"urn:frost:problem:" in data]
        check(len(problems) == 5, f"5 bad WebSocket messages: {len(problems)} problem replies, connection open")
        check(replies[5][0] == 2 and replies[5][1][:8] == b"\x89PNG\r\n\x1a\n", "then {\"sigma\": 4}: a PNG frame")
        ws.send(2, image)  # a good image replaces the sample
        ws.send(1, b'{"sigma": 2}')
        op, data = ws.receive()
        check(op == 2 and struct.unpack(">II", data[16:24]) == (40, 30), "an uploaded image: the next frame is its size (40 × 30)")
        ws.close()
        check(healthy(), "after all of it: /healthz answers within 5 s")
        rss = frost_serve_process.rss_kb(proc) / 1024
        check(0 < rss < 400, f"server RSS {rss:.0f} MB (bound 400 MB)")
        # Graceful shutdown: a render in flight when SIGTERM arrives still gets its answer.
        answers = []

        def slow_render():
            body = b'{"example": "content-card-bridged", "format": "gif", "fps": 60, "width": 360, "height": 300}'
            answers.append(exchange(port, request("POST", "/v1/transition", body, headers=["Content-Type: application/json"]), read_timeout=120))
        worker = threading.Thread(target=slow_render)
        started = time.time()
        worker.start()
        time.sleep(0.3)
        proc.terminate()
        worker.join()
        status, answer = answers[0] if answers else (None, b"")
        check(status == 200 and answer.split(b"\r\n\r\n", 1)[-1].startswith(b"GIF89a"),
              f"SIGTERM 0.3 s into a render: the render still answers {status} with its GIF ({time.time() - started:.1f} s)")
    finally:
        code = frost_serve_process.stop(proc)
    check(code == 0, f"exit on SIGTERM: {code}")
    print("wire: " + ("ok" if not failures else f"{len(failures)} failure(s)") + f"; statuses {statuses}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
