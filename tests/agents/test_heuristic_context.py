"""The heuristic's shared facts (``agents/heuristic/context.py``)."""

from __future__ import annotations

import numpy as np

from ghoststories_env import Engine, PRESETS
from ghoststories_env.agents import Batch
from ghoststories_env.agents.heuristic import HeuristicAgent, plans, turn
from ghoststories_env.agents.heuristic.context import Ctx, settled


def test_by_seat__each_seat_gets_the_values_it_gets_in_a_context_of_its_own():
    """``Ctx.by_seat`` stacks a row once per chosen seat so the four seats' values come from one
    call (the Twin Winds, Power tokens and Pavilion scorers use it): each stacked row must be
    worth what its seat is worth when asked alone, in positions of real games."""
    engine = Engine(PRESETS["initiation-4p"])
    team = HeuristicAgent(plans.ADOPTED)
    state = engine.reset(np.arange(48) + 300)
    for _ in range(60):
        state = engine.step(state, team.act(Batch(engine, state)))
    idx = np.flatnonzero(~state.terminated)
    chosen = np.random.default_rng(0).random((idx.size, 4)) < 0.6
    ctx = Ctx(state, idx, team.plans)
    sub, rows, seat = ctx.by_seat(chosen)
    assert rows.size == chosen.sum() and chosen[rows, seat].all()
    assert (np.diff(seat) >= 0).all()                       # seat by seat
    together = settled(turn.seat_position_values(sub, seat))
    for s in range(4):
        alone = settled(turn.seat_position_values(Ctx(state, idx, team.plans), np.full(idx.size, s)))
        np.testing.assert_array_equal(together[seat == s], alone[rows[seat == s]])
