"""Small helpers for rule tests on hand-built scenarios (see ghoststories_env/scenario.py)."""

from __future__ import annotations

import numpy as np

from ghoststories_env import Engine, GameConfig
from ghoststories_env import actions as A


def build(d: dict | None = None, **config):
    """(engine, state) for one game built from scenario dict ``d`` and GameConfig fields."""
    engine = Engine(GameConfig(**config))
    return engine, engine.from_dicts([d or {}])


def legal(engine, state, i: int = 0) -> list[int]:
    return np.flatnonzero(engine.legal_action_mask(state)[i]).tolist()


def legal_in(engine, state, range_name: str, i: int = 0) -> list[int]:
    """Offsets within a named action range that are legal, e.g. legal_in(e, s, "MOVE")."""
    r = A.RANGES[range_name]
    return [a - r.start for a in legal(engine, state, i) if a in r]


def act(engine, state, range_name: str, offset: int = 0):
    """Step a one-game batch with the action ``range_name + offset`` (asserts it is legal)."""
    a = A.RANGES[range_name].start + offset
    assert a in legal(engine, state), (
        f"{A.action_meaning(a)} not legal at {engine.decision_name(state, 0)}; legal: "
        f"{[A.action_meaning(x) for x in legal(engine, state)]}")
    return engine.step(state, np.array([a]))


def decision(engine, state, i: int = 0) -> str:
    return engine.decision_name(state, i)


def dump(engine, state, i: int = 0) -> dict:
    return engine.to_dict(state, i)
