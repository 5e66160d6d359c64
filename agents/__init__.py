"""Policies that act on a whole batch of games: ``random``, ``heuristic``, ``rollout`` (the heuristic
with Monte-Carlo rollouts at its Yang decisions), trained ``ppo:<path>``; and ``oracle``, a
clairvoyant yardstick that reads the game's future (not a legal player).

See ``agents/base.py`` for the interface (``Batch`` in, (B,) actions out) and ``make`` to build
one by name.
"""

from .base import Agent, Batch, known, make, register

__all__ = ["Agent", "Batch", "known", "make", "register"]
