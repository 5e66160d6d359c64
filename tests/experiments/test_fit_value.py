"""experiments/fit_value.py: the leaf value fitted on the recorded games of a chosen team."""

from __future__ import annotations

import numpy as np

from experiments import fit_value
from ghoststories_env import PRESETS, Engine
from ghoststories_env.agents.value import FEATURES, WinModel


def test_positions__one_per_turn_labelled_with_the_games_outcome():
    X, y, game = fit_value.positions("initiation-4p", 6, "train", batch=3, agent="heuristic:plans")
    assert X.shape == (y.size, len(FEATURES)) and set(np.unique(game)) == set(range(6))
    for g in range(6):                          # one outcome per game, on all of its positions
        assert np.unique(y[game == g]).size == 1
    other, *_ = fit_value.positions("initiation-4p", 6, "train", batch=3, agent="heuristic")
    assert other.shape != X.shape or not np.array_equal(other, X)     # the team's own games


def test_main__fits_on_the_agents_games_and_records_it(tmp_path):
    model = tmp_path / "m.json"
    fit_value.main(["--configs", "initiation-4p", "--games", "8", "--eval-games", "4",
                    "--hidden", "--agent", "heuristic:plans", "--model", str(model),
                    "--out", str(tmp_path)])
    fitted = WinModel.load(model)
    assert fitted.meta["agent"] == "heuristic:plans"
    assert "`heuristic:plans` games" in (tmp_path / "calibration.md").read_text()
    S = Engine(PRESETS["initiation-4p"]).reset(np.arange(3))
    p = fitted.predict(S)
    assert ((p > 0) & (p < 1)).all()


def test_positions__the_same_rows_from_two_workers_and_from_an_offset():
    one = fit_value.positions("initiation-4p", 6, "train", batch=3, agent="heuristic")
    two = fit_value.positions("initiation-4p", 6, "train", batch=3, agent="heuristic", workers=2)
    for a, b in zip(one, two):
        np.testing.assert_array_equal(a, b)
    tail = fit_value.positions("initiation-4p", 3, "train", batch=3, agent="heuristic", first=3)
    rows = one[2] >= 3
    np.testing.assert_array_equal(tail[0], one[0][rows])
    np.testing.assert_array_equal(tail[2], one[2][rows])
