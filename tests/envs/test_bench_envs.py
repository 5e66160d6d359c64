"""Smoke run of the interface benchmark (experiments/bench_envs.py) with a tiny budget."""

import re

from experiments import bench_envs


def test_bench_envs__prints_every_interface(capsys):
    bench_envs.main(["--seconds", "0.02"])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("| ") and "steps/s" not in line]
    assert len(rows) == len(bench_envs.ROWS)
    for line in rows:
        cells = re.split(r"\s*\|\s*", line)
        assert float(cells[3].replace(",", "")) > 0 and float(cells[4].replace(",", "")) > 0, line
    assert "Gymnasium vector env (NextStep) | 1024" in out and "SB3 VecEnv | 1024" in out
