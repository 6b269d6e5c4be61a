"""Starting and stopping a frost-serve binary for the scripts that test it (check_openapi,
check_serve_wire, check_playground, Benchmarks/serve_load): on a free loopback port, with its
flags, reading the port from the line it prints."""
import re
import subprocess


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
