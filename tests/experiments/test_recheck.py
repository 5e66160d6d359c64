"""``python -m experiments.recheck``: committed rows replayed alone, the ones that differ named."""

from __future__ import annotations

import csv

import pytest

from experiments import benchmark, recheck
from ghoststories_env.benchmark import games_csv


def test_recheck__rows_replay_alone_and_a_changed_row_is_named(tmp_path, capsys):
    out = tmp_path / "bench"
    benchmark.main(["--agents", "heuristic", "--levels", "nightmare", "--players", "2",
                    "--episodes", "4", "--batch", "4", "--rules", "power_sides=chosen",
                    "--quiet", "--out", str(out)])
    assert recheck.main([str(out), "--sample", "0"]) == 0
    assert "4 rows replayed alone, 4 the same" in capsys.readouterr().out

    rows = games_csv.read_rows(out / "games.csv")
    rows[2]["score"] = str(int(rows[2]["score"]) + 1)        # as if the agent had changed
    games_csv.rewrite(out / "games.csv", rows)
    report = tmp_path / "recheck.md"
    assert recheck.main([str(out / "games.csv"), "--rows", "2", "3", "--out", str(report)]) == 1
    text = report.read_text()
    assert "2 rows replayed alone, 1 the same, 1 differ" in text
    assert f"heuristic nightmare 2p index 2: was " in text and "--rows 2 3" in text


def test_recheck__a_sample_is_the_same_draw_every_time_and_per_configuration():
    rows = [{"agent": a, "level": "hell", "players": "4", "rules": "", "index": str(i)}
            for a in ("x", "y") for i in range(10)]
    first = recheck.chosen(rows, 3, None, seed=0)
    assert first == recheck.chosen(rows, 3, None, seed=0)
    assert [r["agent"] for r in first] == ["x"] * 3 + ["y"] * 3
    assert len(recheck.chosen(rows, 0, None, 0)) == 20
    assert [r["index"] for r in recheck.chosen(rows, 5, [4, 7], 0)] == ["4", "7"] * 2


def test_recheck__an_agent_that_cannot_be_built_here_is_reported_not_raised(tmp_path, capsys):
    path = tmp_path / "games.csv"
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, games_csv.FIELDS)
        w.writeheader()
        w.writerow({"agent": "net:missing.npz", "level": "hell", "players": 1, "rules": "",
                    "index": 0, "seed": 5, "won": 0, "score": -30, "decisions": 9, "turns": 9,
                    "loss_reason": "", "loss_category": "", "seconds": 0})
    assert recheck.main([str(path)]) == 2
    assert "1 not replayable here" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="no games.csv"):
        recheck.main([str(tmp_path / "nowhere")])
