"""The weight tuner: candidates are the weight table times exp(x), applied only while they play."""

from __future__ import annotations

import json

import numpy as np

from experiments import tune_heuristic as T
from ghoststories_env.agents.heuristic import weights as W


def test_weights_for__zero_is_the_table_and_multipliers_scale_it():
    same = T.weights_for(np.zeros(len(T.NAMES)))
    assert all(same[k] == getattr(W, k) for k in T.TUNED)
    assert same["QI_COST"] == tuple(W.QI_COST) and same["HELP_WEIGHT"] == tuple(W.HELP_WEIGHT)
    x = np.zeros(len(T.NAMES))
    x[T.NAMES.index("LOSS")] = np.log(2)
    x[T.NAMES.index("QI_SCALE")] = np.log(0.5)
    w = T.weights_for(x)
    assert w["LOSS"] == 2 * W.LOSS
    assert w["QI_COST"][:2] == tuple(W.QI_COST[:2])          # a death's cost is never tuned
    assert np.allclose(w["QI_COST"][2:], np.array(W.QI_COST[2:]) / 2)


def test_tuner_cli__tiny_run_writes_its_history(tmp_path):
    T.main(["--generations", "1", "--population", "3", "--games", "2", "--out", str(tmp_path)])
    result = json.loads((tmp_path / "tuning.json").read_text())
    assert [h["generation"] for h in result["history"]] == [-1, 0]
    assert len(result["history"][1]["candidates"]) == 3
    assert set(result["multipliers"]) == set(T.NAMES)


def test_tuner_cli__progress_objective_is_recorded_and_differs_from_the_score(tmp_path):
    T.main(["--generations", "1", "--population", "3", "--games", "2", "--objective", "progress",
            "--configs", "hell-2p", "--out", str(tmp_path)])
    result = json.loads((tmp_path / "tuning.json").read_text())
    assert result["objective"] == "progress"
    progress = result["history"][0]["mean_fitness"][0]
    score = T.fitness(T.weights_for(np.zeros(len(T.NAMES))), 2, configs=("hell-2p",))[0]
    assert progress > 0 > score        # cards drawn vs a lost game's negative official score


def test_tuner_check__compares_a_result_with_the_code_on_eval_seeds(tmp_path, capsys):
    same = {"multipliers": dict.fromkeys(T.NAMES, 0.0)}
    path = tmp_path / "tuning.json"
    path.write_text(json.dumps(same))
    T.main(["--check", str(path), "--games", "3", "--configs", "normal-2p"])
    line = capsys.readouterr().out
    assert line.startswith("normal-2p: score") and "(+0.00, s.e. 0.00)" in line   # same weights
