"""Helpers the benchmark scripts share: paths, installing a peer on demand, median timing."""
import importlib
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLE = os.path.join(ROOT, "Sources", "CFrostData", "astronaut.png")


def ensure(module, package):
    """Imports `module`, installing `package` from PyPI first when it is missing."""
    try:
        return importlib.import_module(module)
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", package], check=True)
        return importlib.import_module(module)


def median_ms(fn, repeat):
    """Median wall time of `repeat` calls of `fn`, in ms."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)
