"""The training environment: the SB3 VecEnv over the engine batch, timed, and moved between stages.

``TimedVecEnv`` is ``GhostStoriesSB3VecEnv`` with a stopwatch around everything the learner asks of
the environment (``step_wait``, ``reset``, the action masks), so the trainer can report the share of
wall time spent in it. Training games start from the ``train`` split of
``ghoststories_env/benchmark/seeds.py``: the first ``num_envs`` games are that block's first seeds,
later games draw 62-bit seeds from a generator seeded with them (``envs/batch.py SeedStream``),
which never meet the ``test`` and ``eval`` blocks in practice (they lie below 2 * 10**9 among
4.6 * 10**18).
"""

from __future__ import annotations

import time

import numpy as np

from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.envs import GhostStoriesSB3VecEnv
from ghoststories_env.envs.batch import make_batch

from .config import EnvConfig, Stage


class TimedVecEnv(GhostStoriesSB3VecEnv):
    """Adds ``seconds``: wall time spent inside the environment since creation."""

    seconds = 0.0

    def _timed(self, fn, *args, **kwargs):
        t = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - t

    def reset(self):
        return self._timed(super().reset)

    def step_wait(self):
        return self._timed(super().step_wait)

    def env_method(self, method_name, *args, indices=None, **kwargs):
        return self._timed(super().env_method, method_name, *args, indices=indices, **kwargs)


def batch_options(env: EnvConfig, stage: Stage, gamma: float) -> dict:
    """Keywords of ``make_batch`` for one stage. The shaped reward gets the learner's discount
    unless the config sets one: potential-based shaping keeps the optimal policy only then."""
    options = dict(env.reward_options)
    if env.reward == "shaped":
        options.setdefault("gamma", gamma)
    return {"num_players": stage.players, "difficulty": stage.level, "reward": env.reward,
            "reward_options": options, "max_decisions": env.max_decisions, "frame": env.frame}


def train_seed(stage: Stage, seed: int) -> int:
    """First game seed of the stage's ``train`` block."""
    return int(benchmark_seeds(stage.level, stage.players, 1, "train", seed)[0])


def make_venv(env: EnvConfig, stage: Stage, gamma: float) -> TimedVecEnv:
    return TimedVecEnv(num_envs=env.num_envs, illegal_action="raise",
                       **batch_options(env, stage, gamma))


def start_stage(venv: TimedVecEnv, env: EnvConfig, stage: Stage, gamma: float, seed: int) -> np.ndarray:
    """Put the env on ``stage`` with fresh games from its train seeds; returns the observations."""
    venv.batch = make_batch(illegal_action="raise", **batch_options(env, stage, gamma))
    venv.seed(train_seed(stage, seed))
    return venv.reset()


def env_state(venv: TimedVecEnv) -> dict:
    """What resuming needs to continue the very same games: the batch and the seed generator."""
    return {"state": venv.batch.state, "seed_rng": venv.batch.seeds.rng}


def restore_env_state(venv: TimedVecEnv, saved: dict) -> np.ndarray | None:
    """Put saved games back; None (start afresh) if they were for another batch size."""
    if saved["state"].batch_size != venv.num_envs:
        return None
    venv.batch.state = saved["state"]
    venv.batch.seeds.rng = saved["seed_rng"]
    return venv.batch.observe()
