"""The search's candidates beyond the prior's ranking (agents/search_candidates.py): moves paired
with the prior's next actions after them (``follow``)."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env import actions as A
from ghoststories_env.agents import Batch
from ghoststories_env.agents.futures import public_key
from ghoststories_env.agents.search_candidates import pair, unpair
from ghoststories_env.rules import stack
from helpers import midgame


@pytest.fixture(scope="module")
def yang_start():
    """Five games of the search tests (``test_search.py``), played on to a Yang phase's start."""
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    return engine, _at_yang_start(engine, midgame(engine, np.arange(5) + 900))


def _at_yang_start(engine, S):
    """``S`` played on by the heuristic until every game is at a Yang phase's first stage (before
    moving), where ``follow`` pairs moves with later actions."""
    heuristic = agents.make("heuristic:plans")
    for _ in range(200):
        due = (S.top != stack.YANG) | (S.top_a != 0)
        if not due.any():
            return S
        rows = np.flatnonzero(due)
        S.put(rows, engine.step(S.take(rows), heuristic.act(Batch(engine, S.take(rows)))))
    raise AssertionError("no Yang phase start reached")


def test_search__follow_pairs_each_move_with_the_prior_s_next_actions(yang_start):
    """``follow=2``: at a Yang phase's first stage every move among the prior's candidates is
    also a pair with the prior's second-best action after that move. A pair's futures play both
    actions: the pair of a move with the prior's best action after it is valued exactly as the
    move alone (the rollout plays that action), on the same futures."""
    engine, S = yang_start
    spec = "search:2x3x1:plans:follow=2"
    agent = agents.make(spec)
    assert agent.name == spec and agents.make(agent.name).name == spec
    batch = Batch(engine, S)
    _, rows, cands = agent.candidates(batch)
    _, plain_rows, plain = agents.make("search:2x3x1:plans").candidates(batch)
    assert cands.shape == (rows.size, 6) and np.isin(plain_rows, rows).all()
    assert np.array_equal(cands[np.isin(rows, plain_rows), :3], plain)
    first, then = unpair(cands[:, 3:])
    assert (then >= 0).any() and np.array_equal(then >= 0, first >= 0)
    for g, j in zip(*np.nonzero(first >= 0)):
        move = cands[g, j]
        assert move in A.RANGES["MOVE"] and first[g, j] == move
        moved = engine.step(S.take([rows[g]]), [move])
        order = np.argsort(-agent.prior.scores(Batch(engine, moved))[0], kind="stable")
        assert then[g, j] == order[1]
    g, j = np.argwhere(first >= 0)[0]
    move = cands[g, j]
    best_after = agent.prior.act(Batch(engine, engine.step(S.take([rows[g]]), [move])))[0]
    same = np.array([[move, pair(move, best_after), cands[g, 3 + j]]])
    values = agent._play(engine, S.take(rows[g:g + 1]), same, same >= 0,
                         public_key(S.take(rows[g:g + 1])), 0, np.array([4]))
    assert values[0, 0] == values[0, 1]
    together = agent.act(batch)
    assert batch.mask[np.arange(S.batch_size), together].all()
    assert (agent.last["cands"] < A.NUM_ACTIONS).all()       # first actions, pads -1
    alone = [int(agent.act(Batch(engine, S.take([i])))[0]) for i in range(S.batch_size)]
    assert together.tolist() == alone
    with pytest.raises(ValueError, match="follow"):
        agents.make("search:follow=0")


def test_search__follow_pairs_no_move_that_leads_to_no_choice_of_action():
    """A move after which the Taoist has nothing to do but pass is played on by the engine into
    the next player's draw, which each future makes differently: such a move is not paired (a
    pair would name an action of the root's draw, illegal in other futures), and the search
    plays on from it."""
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    agent = agents.make("search:2x8x1:plans:follow=2")
    heuristic = agents.make("heuristic:plans")
    S = engine.reset([919, 900, 911])
    for _ in range(60):
        at = np.flatnonzero((S.top == stack.YANG) & (S.top_a == 0) & ~S.terminated)
        for g in at:
            batch = Batch(engine, S.take([g]))
            _, rows, cands = agent.candidates(batch)
            moves = [a for a in cands[0, :8] if a in A.RANGES["MOVE"]] if rows.size else []
            if not moves:
                continue
            after = engine.step(S.take([g] * len(moves)), moves)
            acting = (after.top == stack.YANG) & (after.top_a == 1)
            passing = np.array(moves)[~acting]
            if passing.size:
                first, then = unpair(cands[0, 8:])
                assert not np.isin(first, passing).any()            # never paired
                assert (then >= 0).any() == acting.any()
                chosen = agent.act(batch)                            # plays without error
                assert batch.mask[0, chosen[0]]
                return
        S = engine.step(S, heuristic.act(Batch(engine, S)))
    raise AssertionError("no move followed by a forced pass in these games")
