"""Local workers of ``experiments.fanout`` end with the process that started them, and a worker
killed from outside stops the run with an error."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RUN = "import time\nfrom experiments.fanout import fan_out\nfor _ in fan_out(time.sleep, [600, 600], 2): pass\n"


def _workers(pid: int) -> list[int]:
    """Child processes of ``pid`` that are spawned pool workers (not the resource tracker)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except FileNotFoundError:
        return []
    out = []
    for c in children:
        try:
            if "spawn_main" in Path(f"/proc/{c}/cmdline").read_text():
                out.append(int(c))
        except FileNotFoundError:
            pass
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux only)")
def test_fan_out__killed_parent_takes_its_workers_with_it():
    # a run killed by a signal (its pool never shut down) must not leave its workers playing on
    parent = subprocess.Popen([sys.executable, "-c", RUN], cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while len(workers := _workers(parent.pid)) < 2:
            assert time.monotonic() < deadline, "the two workers never started"
            time.sleep(0.2)
        time.sleep(1.0)                      # both are inside their 600-second task
        parent.kill()
        parent.wait()
        deadline = time.monotonic() + 30
        while any(_alive(w) for w in workers):
            assert time.monotonic() < deadline, f"workers {workers} outlived their parent"
            time.sleep(0.2)
    finally:
        parent.kill()


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux only)")
def test_fan_out__a_killed_worker_stops_the_run_with_an_error_not_a_wait():
    # a worker killed from outside loses its task: the run must fail and say why, and the other
    # worker must not keep playing
    parent = subprocess.Popen([sys.executable, "-c", RUN], cwd=ROOT, stderr=subprocess.PIPE,
                              text=True)
    try:
        deadline = time.monotonic() + 60
        while len(workers := _workers(parent.pid)) < 2:
            assert time.monotonic() < deadline, "the two workers never started"
            time.sleep(0.2)
        time.sleep(1.0)
        subprocess.run(["kill", "-9", str(workers[0])], check=True)
        _, err = parent.communicate(timeout=30)
        assert parent.returncode != 0 and "worker process died" in err
        deadline = time.monotonic() + 30
        while _alive(workers[1]):
            assert time.monotonic() < deadline, f"worker {workers[1]} outlived the run"
            time.sleep(0.2)
    finally:
        parent.kill()
