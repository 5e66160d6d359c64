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


def env(**kwargs):
    """The AEC environment, wrapped in PettingZoo's OrderEnforcingWrapper (clear errors when the
    API is called out of order, e.g. step before reset)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


def parallel_env(**kwargs) -> GhostStoriesParallelEnv:
    return GhostStoriesParallelEnv(**kwargs)
