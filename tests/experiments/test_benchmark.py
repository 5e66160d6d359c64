"""Smoke runs of the benchmark CLI on a tiny budget, and the independence of its configurations."""

from __future__ import annotations

import csv

from experiments import benchmark


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def test_benchmark_cli__tiny_run_writes_csv_table_and_plot(tmp_path, capsys):
    out = tmp_path / "bench"
    benchmark.main(["--agents", "random", "heuristic", "--levels", "initiation", "hell",
                    "--players", "1", "4", "--episodes", "3", "--batch", "2", "--seed", "1",
                    "--out", str(out)])
    rows = read(out / "games.csv")
    assert len(rows) == 2 * 2 * 2 * 3
    assert {r["agent"] for r in rows} == {"random", "heuristic"}
    assert all(r["loss_category"] in ("", "haunted village", "dead Taoists", "deck exhausted")
               for r in rows)
    md = (out / "results.md").read_text()
    assert md.count("| random |") == 4 and md.count("| heuristic |") == 4
    assert "python -m experiments.benchmark --agents random heuristic" in md
    assert (out / "win_rate.png").stat().st_size > 1000
    assert "win rate (95% CI)" in capsys.readouterr().out


def test_benchmark__a_configuration_plays_the_same_games_whatever_else_runs(tmp_path):
    alone = tmp_path / "alone"
    more = tmp_path / "more"
    common = ["--agents", "random", "--episodes", "4", "--quiet", "--players"]
    benchmark.main(common + ["2", "--levels", "normal", "--out", str(alone)])
    benchmark.main(common + ["1", "2", "--levels", "initiation", "normal", "--batch", "3",
                             "--out", str(more)])
    a = read(alone / "games.csv")
    b = [r for r in read(more / "games.csv") if r["level"] == "normal" and r["players"] == "2"]
    assert a == b
