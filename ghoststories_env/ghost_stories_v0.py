"""PettingZoo entry points (the ecosystem's ``<game>_v<n>`` module convention).

    from ghoststories_env import ghost_stories_v0
    env = ghost_stories_v0.env(num_players=4, difficulty="normal")        # AEC
    par = ghost_stories_v0.parallel_env(num_players=4, difficulty="normal")

Keyword arguments and conventions: ``ghoststories_env/envs/pettingzoo_env.py``.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from .config import GameConfig
from .envs.batch import DEFAULT_FRAME, DEFAULT_ILLEGAL_ACTION, DEFAULT_MAX_DECISIONS, DEFAULT_REWARD
from .envs.pettingzoo_env import GhostStoriesAECEnv, GhostStoriesParallelEnv


def raw_env(render_mode: str | None = None, *, num_players: int | None = None,
            difficulty: str | None = None, config: GameConfig | None = None,
            reward: str = DEFAULT_REWARD, reward_options: dict | None = None,
            max_decisions: int = DEFAULT_MAX_DECISIONS, frame: str = DEFAULT_FRAME,
            illegal_action: str = DEFAULT_ILLEGAL_ACTION,
            **switches: Any) -> GhostStoriesAECEnv:
    """The AEC environment without PettingZoo's wrappers. The keywords are those of
    ``envs/batch.py: make_batch``, with the same defaults; ``**switches`` takes ``GameConfig``
    fields only."""
    return GhostStoriesAECEnv(render_mode, num_players=num_players, difficulty=difficulty,
                              config=config, reward=reward, reward_options=reward_options,
                              max_decisions=max_decisions, frame=frame,
                              illegal_action=illegal_action, **switches)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's wrapper, with the error the documentation promises for a step before ``reset`` or
    after every agent is done: ``RuntimeError`` (the stock wrapper asserts before reset and only
    logs a warning after the end, so a loop that forgot to reset would run on silently)."""

    def step(self, action: Any) -> None:
        if not self._has_reset or not self.agents:
            raise RuntimeError("every agent is done (or reset() was never called): call reset() "
                               "before step()")
        super().step(action)


def env(render_mode: str | None = None, *, num_players: int | None = None,
        difficulty: str | None = None, config: GameConfig | None = None,
        reward: str = DEFAULT_REWARD, reward_options: dict | None = None,
        max_decisions: int = DEFAULT_MAX_DECISIONS, frame: str = DEFAULT_FRAME,
        illegal_action: str = DEFAULT_ILLEGAL_ACTION,
        **switches: Any) -> wrappers.OrderEnforcingWrapper:
    """The AEC environment, wrapped in PettingZoo's OrderEnforcingWrapper (clear errors when the
    API is called out of order, e.g. step before reset); keywords as ``raw_env``."""
    return _OrderEnforcing(raw_env(render_mode, num_players=num_players, difficulty=difficulty,
                                   config=config, reward=reward, reward_options=reward_options,
                                   max_decisions=max_decisions, frame=frame,
                                   illegal_action=illegal_action, **switches))


def parallel_env(render_mode: str | None = None, *, num_players: int | None = None,
                 difficulty: str | None = None, config: GameConfig | None = None,
                 reward: str = DEFAULT_REWARD, reward_options: dict | None = None,
                 max_decisions: int = DEFAULT_MAX_DECISIONS, frame: str = DEFAULT_FRAME,
                 illegal_action: str = DEFAULT_ILLEGAL_ACTION,
                 **switches: Any) -> GhostStoriesParallelEnv:
    """The parallel environment (one agent acts per step, module docstring of
    ``envs/pettingzoo_env.py``); keywords as ``raw_env``."""
    return GhostStoriesParallelEnv(render_mode, num_players=num_players, difficulty=difficulty,
                                  config=config, reward=reward, reward_options=reward_options,
                                  max_decisions=max_decisions, frame=frame,
                                  illegal_action=illegal_action, **switches)

