"""Policies that act on a whole batch of games: ``random``, ``heuristic``, ``rollout`` (the heuristic
with Monte-Carlo rollouts at its Yang decisions), trained ``ppo:<path>``; and ``oracle``, a
clairvoyant yardstick that reads the game's future (not a legal player).

Installed as ``ghoststories_env.agents`` (``from ghoststories_env import agents``). See
``agents/base.py`` for the interface (``Batch`` in, (B,) actions out) and ``make`` to build
one by name.
"""

if __name__ != "ghoststories_env.agents":
    # this folder installs as ghoststories_env.agents (pyproject.toml); imported as a top-level
    # `agents` it would be a second copy, with its own registry of agent names
    raise ImportError(f"import the baseline agents as ghoststories_env.agents, not {__name__!r} "
                      f"(install the project: pip install -e .)")

from .base import Agent, Batch, known, make, register

__all__ = ["Agent", "Batch", "known", "make", "register"]
