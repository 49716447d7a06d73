"""Processes of the load benchmark: start, pin, watch (CPU, wait, memory, descriptors)."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

TICKS = os.sysconf("SC_CLK_TCK")


def raise_open_files() -> int:
    """Lift the soft open-file limit to the hard one (10,000 sockets need it)."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def cpu_wait(pid: int | str = "self") -> float:
    """Seconds a process spent ready to run but waiting for a CPU (/proc/PID/schedstat)."""
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[1]) / 1e9


def settle_process(core: int | None, priority: int = 0) -> None:
    """Pin this process to `core`, lift its open-file limit, and set its priority: a negative
    number is a niceness, a positive one a real-time (SCHED_FIFO) priority, which preempts
    every ordinary process at once (the kernel still leaves them 5 % of the core)."""
    if core is not None:
        os.sched_setaffinity(0, {core})
    if priority < 0:
        os.nice(priority)
    elif priority > 0:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(priority))
    raise_open_files()


def pinned(core: int | None, priority: int = 0):
    """preexec_fn for a child: one core, a priority, and every descriptor the hard limit
    allows."""

    def setup() -> None:
        settle_process(core, priority)

    return setup


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(url: str, process: subprocess.Popen | None, log: Path | None) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            text = log.read_text(errors="replace") if log else ""
            raise SystemExit(f"server exited during start:\n{text}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"no answer from {url}")


def stop(process: subprocess.Popen | None) -> None:
    if process is not None and process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@dataclass
class ProcStat:
    """CPU seconds and RSS of a process, from /proc."""

    pid: int

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def waited(self) -> float:
        """Seconds spent runnable but waiting for a CPU (other processes on its core)."""
        return cpu_wait(self.pid)

    def fds(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# --- the echo ceiling ---------------------------------------------------------------------
