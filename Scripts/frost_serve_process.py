"""What the scripts that test frost-serve share (check_openapi and its hooks,
check_serve_wire, check_playground, Benchmarks/serve_load): starting and stopping the binary on
a free loopback port, with its flags, reading the port from the line it prints; and a PNG
writer for their inputs."""
import re
import socket
import struct
import subprocess
import zlib


def png(width, height, pixels, alpha=False):
    """A PNG of 8-bit RGB or RGBA `pixels`, rows top to bottom (filter 0)."""
    channels = 4 if alpha else 3
    rows = b"".join(b"\x00" + pixels[y * width * channels:(y + 1) * width * channels] for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6 if alpha else 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def free_port():
    """A loopback port nothing listens on now (for a process that must be told its port)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start(binary, *flags, cpus=None):
    """(process, port). `cpus`: pin the server to these CPUs (taskset), for per-core numbers."""
    command = [binary, "--port", "0", *flags]
    if cpus:
        command = ["taskset", "-c", cpus, *command]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    for line in proc.stdout:
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if m:
            return proc, int(m.group(1))
    raise SystemExit(f"{binary} did not start (exit {proc.wait()})")


def stop(proc, timeout=30):
    """SIGTERM, then the exit code (0: a graceful shutdown)."""
    if proc.poll() is not None:
        return proc.returncode
    proc.terminate()
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        return "killed after %d s" % timeout


def rss_kb(proc):
    try:
        with open(f"/proc/{proc.pid}/status") as f:
            return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))
    except (OSError, AttributeError):
        return 0
