"""The heuristic's shared facts (``agents/heuristic/context.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env import Engine, PRESETS
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark import benchmark_seeds
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


def test_facts__are_read_only_so_no_decision_can_narrow_one_for_the_next():
    """``Ctx.targetable`` once narrowed ``has_ghost`` in place (``ok = self.has_ghost; ok &= ...``):
    a kind that read ``has_ghost`` after another kind of the same call computed ``targetable``
    saw untargetable ghosts as absent, so a game's scores depended on its batch. Facts, the
    parent's and a subset's, now refuse writes."""
    engine = Engine(PRESETS["nightmare-4p"])
    state = engine.reset(np.arange(4) + 11)
    ctx = Ctx(state, np.arange(4))
    for f in (ctx.has_ghost, ctx.targetable, ctx.subset(np.array([2, 0])).has_ghost):
        assert not f.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            f[...] = False


def test_scores__a_nightmare_game_scores_the_same_alone_and_beside_the_game_that_exposed_it():
    """The regression that exposed the in-place ``has_ghost``: Nightmare 4p ``test`` game 98,
    60 decisions into the benchmark's batch of 400, scored action 2 at 11.897042 alone and
    12.897042 beside game 4 (``results/search/nightmare-4p-horizon2-leaf-curriculum``)."""
    engine = Engine(PRESETS["nightmare-4p"])
    team = HeuristicAgent()
    state = engine.reset(benchmark_seeds("nightmare", 4, 400, "test"))
    for _ in range(60):
        state = engine.step(state, team.act(Batch(engine, state)))
    alone = team.scores(Batch(engine, state.take(np.array([98]))))[0]
    paired = team.scores(Batch(engine, state.take(np.array([98, 4]))))[0]
    np.testing.assert_array_equal(alone, paired)
