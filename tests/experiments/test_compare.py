"""experiments/compare.py: paired score differences on the games two agents share."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from experiments import compare

FIELDS = ("agent", "level", "players", "seed", "won", "score", "turns")


def write(path, agent, rows):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS)
        w.writeheader()
        for level, players, seed, won, score, turns in rows:
            w.writerow(dict(agent=agent, level=level, players=players, seed=seed, won=won,
                            score=score, turns=turns))


def test_compare__pairs_by_seed_and_config(tmp_path, capsys):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    # seed 3 only in a: left out; scores differ by 1, 2, 3 on the shared seeds of hell 2p
    write(a, "x", [("hell", 2, 0, 0, -30, 40), ("hell", 2, 1, 1, 25, 50), ("hell", 2, 2, 0, -20, 30),
                   ("hell", 2, 3, 0, -99, 9), ("normal", 4, 0, 0, -10, 20)])
    write(b, "y", [("hell", 2, 0, 0, -31, 38), ("hell", 2, 1, 0, 23, 44), ("hell", 2, 2, 0, -23, 30),
                   ("normal", 4, 0, 0, -10, 20), ("normal", 4, 0, 0, -10, 20)])
    res = compare.main([f"{a}:x", f"{b}:y"])
    hell = next(r for r in res if r["level"] == "hell")
    assert hell["games"] == 3 and hell["score_diff"] == pytest.approx(2.0)
    half = 4.302653 * 1.0 / np.sqrt(3)                     # t(0.975, 2) * sd / sqrt(n)
    assert hell["low"] == pytest.approx(2 - half, abs=0.02)
    assert hell["wins"] == (1, 0) and hell["turns"] == (40.0, pytest.approx(112 / 3))
    assert "| hell | 2 | 3 | +2.00" in capsys.readouterr().out


def test_compare__bad_input_is_refused(tmp_path):
    a = tmp_path / "a.csv"
    write(a, "x", [("hell", 2, 0, 0, -30, 40)])
    with pytest.raises(SystemExit):
        compare.main([f"{a}:nobody", f"{a}:x"])
    with pytest.raises(ValueError, match="path/to/games.csv:agent"):
        compare.load(str(a))


def test_compare__agent_names_may_hold_colons(tmp_path):
    a = tmp_path / "a.csv"
    write(a, "rollout:8x3:progress", [("hell", 2, 0, 0, -30, 40)])
    assert list(compare.load(f"{a}:rollout:8x3:progress")) == [("hell", 2, 0)]
