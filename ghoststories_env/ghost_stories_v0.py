"""PettingZoo entry points (the ecosystem's ``<game>_v<n>`` module convention).

    from ghoststories_env import ghost_stories_v0
    env = ghost_stories_v0.env(num_players=4, difficulty="normal")        # AEC
    par = ghost_stories_v0.parallel_env(num_players=4, difficulty="normal")

Keyword arguments and conventions: ``ghoststories_env/envs/pettingzoo_env.py``.
"""

from __future__ import annotations

from pettingzoo.utils import wrappers

from .envs.pettingzoo_env import GhostStoriesAECEnv, GhostStoriesParallelEnv


def raw_env(**kwargs) -> GhostStoriesAECEnv:
    """The AEC environment without PettingZoo's wrappers."""
    return GhostStoriesAECEnv(**kwargs)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):
    """PettingZoo's wrapper, with the error the documentation promises for a step before ``reset`` or
    after every agent is done: ``RuntimeError`` (the stock wrapper asserts before reset and only
    logs a warning after the end, so a loop that forgot to reset would run on silently)."""

    def step(self, action) -> None:
        if not self._has_reset or not self.agents:
            raise RuntimeError("every agent is done (or reset() was never called): call reset() "
                               "before step()")
        super().step(action)


def env(**kwargs):
    """The AEC environment, wrapped in PettingZoo's OrderEnforcingWrapper (clear errors when the
    API is called out of order, e.g. step before reset)."""
    return _OrderEnforcing(raw_env(**kwargs))


def parallel_env(**kwargs) -> GhostStoriesParallelEnv:
    return GhostStoriesParallelEnv(**kwargs)
