"""experiments/fit_value.py: the leaf value fitted on the recorded games of a chosen team."""

from __future__ import annotations

import numpy as np

from experiments import fit_value
from ghoststories_env import PRESETS, Engine
from ghoststories_env.agents.value import FEATURES, WinModel
from ghoststories_env.envs.observation import SIZE


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


def test_fit_leaf_network__a_warm_start_is_the_start_until_an_epoch_beats_it():
    obs = np.zeros((1000, SIZE), np.float32)
    obs[:, 10] = np.random.default_rng(0).random(1000) > 0.5       # the one column that tells
    game = np.arange(1000) // 10                            # 10 of the 100 games held out
    t = np.where(obs[:, 10] > 0, 0.8, 0.2)
    first, _ = fit_value.fit_leaf_network(obs, t, game, hidden=(8,), epochs=10, lr=1e-2)
    assert first.value[0].shape == (8, 2) and not first.value[0][:, 1].any()   # win head only
    p = 1 / (1 + np.exp(-first.forward(obs)[1][:, 0]))
    assert (p[t == 0.8] > 0.6).all() and (p[t == 0.2] < 0.4).all()
    # no epoch: the start itself, whatever the labels
    same, losses = fit_value.fit_leaf_network(obs, 1 - t, game, epochs=0, start=first)
    assert losses == []
    np.testing.assert_array_equal(same.forward(obs)[1], first.forward(obs)[1])
    # epochs on other labels move it: the kept epoch fits them better than the start on the
    # held-out games; the start's hidden sizes are kept
    moved, losses = fit_value.fit_leaf_network(obs, 1 - t, game, epochs=5, start=first, lr=3e-3)
    assert [w.shape for w, _ in moved.trunk] == [(SIZE, 8)]
    held = game % 10 == 9

    def log_loss(net):
        p = 1 / (1 + np.exp(-net.forward(obs[held])[1][:, 0]))
        return -np.mean((1 - t[held]) * np.log(p) + t[held] * np.log(1 - p))
    assert log_loss(moved) < log_loss(first) - 0.01
    assert moved.meta["held_out"] == min(losses)
