"""Behaviour cloning: the teacher's labels are legal, returns are the discounted rewards that
followed, and fitting raises the student's agreement with the teacher."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib) is not installed")

from stable_baselines3.common.logger import configure  # noqa: E402

from experiments.train import new_model  # noqa: E402
from experiments.training import config, imitation  # noqa: E402
from experiments.training.envs import make_venv  # noqa: E402
from ghoststories_env import agents  # noqa: E402

OPTIONS = {"num_players": 2, "difficulty": "initiation", "reward": "win_loss", "reward_options": {},
           "max_decisions": 1000, "frame": "egocentric"}


@pytest.fixture(scope="module")
def teacher_data():
    teacher = agents.make("heuristic")
    return imitation.collect(teacher, teacher, OPTIONS, 1.0, np.arange(3))


def test_collect__labels_are_legal_and_returns_are_the_outcome(teacher_data):
    data, results = teacher_data
    n = data["action"].size
    assert data["obs"].shape[0] == data["mask"].shape[0] == data["ret"].size == n > 3 * 10
    assert data["mask"][np.arange(n), data["action"]].all()
    # win_loss reward, gamma 1: every decision's return is its game's final reward
    assert set(np.unique(data["ret"])) <= {-1.0, 1.0}
    assert (data["ret"] == 1.0).any() == (results["win_rate"] > 0)


def test_collect__discounting_follows_gamma():
    teacher = agents.make("heuristic")
    data, results = imitation.collect(teacher, teacher, OPTIONS, 0.5, np.arange(1))
    final = 1.0 if results["win_rate"] else -1.0
    expected = final * 0.5 ** np.arange(data["ret"].size)[::-1]
    # returns are float32: early steps of a long game fall below its smallest normal number
    np.testing.assert_allclose(data["ret"], expected, rtol=1e-6, atol=np.finfo(np.float32).tiny)


def tiny_model(tmp_path, *overrides):
    cfg = config.load("configs/smoke.yaml", ["env.players=2", *overrides])
    venv = make_venv(cfg.env, cfg.stages()[0], cfg.ppo.gamma)
    return new_model(cfg, venv, configure(str(tmp_path), [])), cfg


def test_clone__fitting_raises_agreement_with_the_teacher(teacher_data, tmp_path):
    model, _ = tiny_model(tmp_path)
    data, _ = teacher_data
    everything = np.arange(data["action"].size)
    before = imitation._accuracy(model.policy, data, everything)
    imitation.clone(model, data, epochs=30, batch_size=256, learning_rate=3e-3, vf_coef=0.5)
    after = imitation._accuracy(model.policy, data, everything)
    assert after > before + 0.2


def test_warm_start__student_rounds_pool_the_data(tmp_path):
    model, cfg = tiny_model(tmp_path)
    cfg = config.load("configs/smoke.yaml", ["env.players=2", "warm_start.agent=heuristic",
                                             "warm_start.games=2", "warm_start.dagger_rounds=1",
                                             "warm_start.dagger_games=2", "warm_start.epochs=1"])
    said = []
    metrics = imitation.warm_start(model, cfg, say=said.append)
    assert len(said) == 2 and "teacher drove" in said[0] and "student drove" in said[1]
    assert metrics["decisions"] > 2 * 20 and 0 <= metrics["accuracy"] <= 1
