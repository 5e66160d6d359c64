"""Invariants of any reachable state, checked over whole batches (used by the random-game tests).

The invariants themselves are the engine's (``ghoststories_env.invariants``); this adds what only
a test that saw the game start can check."""

from __future__ import annotations

from ghoststories_env.invariants import validate


def check(S, dealt_power_tokens) -> None:
    validate(S)
    # Power tokens: those dealt stay in play (held or on the central tile)
    assert (S.power_tokens.sum(1) + S.centre_power_tokens == dealt_power_tokens).all()
