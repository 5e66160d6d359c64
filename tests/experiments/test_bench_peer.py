"""Smoke runs of the speed comparison (``make bench``) and of the compiled-kernel prototype on tiny
budgets: no timing is asserted, only that every row is measured and, for the prototype, that its
masks equal the engine's (the script refuses to print figures otherwise)."""

from __future__ import annotations

import importlib.util

import pytest

from experiments import bench_peer


def _rows(out: str) -> list[list[str]]:
    return [[c.strip() for c in line.split("|")[1:-1]] for line in out.splitlines()
            if line.startswith("| ") and not line.startswith("| loop") and not line.startswith("| B")]


def test_bench_peer__prints_every_loop_and_the_clone_cost_without_the_peer(capsys):
    bench_peer.main(["--seconds", "0.01", "--batch", "1", "3", "--observe-batch", "2", "--no-peer"])
    out = capsys.readouterr().out
    assert "(no peer" in out
    assert [(r[0], r[1]) for r in _rows(out)] == [("engine", "1"), ("engine", "3"),
                                                   ("engine + observation", "2")]
    assert all(float(r[2].replace(",", "")) > 0 and r[3] == "-" for r in _rows(out))
    assert "one game cloned (`State.take` of one row):" in out


@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None,
                    reason="OpenSpiel is the optional yardstick of make bench (pip install -e .[peer])")
def test_bench_peer__measures_the_peer_in_the_same_slices(capsys):
    bench_peer.main(["--seconds", "0.01", "--batch", "2", "--observe-batch", "2"])
    rows = _rows(capsys.readouterr().out)
    assert len(rows) == 2 and all(float(r[3].replace(",", "")) > 0 and r[4].endswith("x") for r in rows)


def test_numba_prototype__agrees_with_the_engine_and_prints_its_costs(capsys):
    pytest.importorskip("numba", reason="numba is the prototype's optional extra (pip install -e .[prototype])")
    from experiments import numba_prototype
    numba_prototype.main(["--seconds", "0.01", "--batch", "1", "40"])
    out = capsys.readouterr().out
    assert "identical masks on all 40 positions" in out
    assert [line.split("|")[1].strip() for line in out.splitlines() if line.startswith("| ")][1:] == ["1", "40"]
