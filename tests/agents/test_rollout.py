"""The rollout agent: its sampled futures hide nothing they should not and lose no card; it plays
legal actions, the same in any batch, and only leaves the heuristic's choice when its futures
say so."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.agents.rollout import VALUES, RolloutAgent, sample_futures
from helpers import assert_redraws_only_the_unseen, midgame


@pytest.fixture(scope="module")
def nightmare():
    engine = Engine(GameConfig(num_players=3, difficulty="nightmare"))
    return engine, midgame(engine, np.arange(6) + 700)


def test_sample_futures__redraws_only_the_unseen_and_loses_no_card(nightmare):
    """rules §3, 13: the undrawn deck and the cards left out are unknown; what was drawn and
    where the incarnations lie in the deck are not."""
    _, S = nightmare
    F = S.copy()
    sample_futures(F, np.arange(F.deck_pos.size, dtype=np.uint64) + 11)
    assert_redraws_only_the_unseen(S, F)
    assert (F.rng_key != S.rng_key).all() and (F.rng_ctr == 0).all()
    G = S.copy()
    sample_futures(G, np.arange(F.deck_pos.size, dtype=np.uint64) + 11)
    assert G.equals(F)                                                     # keys decide all


def test_rollout__legal_and_the_same_in_any_batch(nightmare):
    engine, S = nightmare
    agent = RolloutAgent(rollouts=2, width=2)
    alone = [int(agent.act(Batch(engine, S.take([i])))[0]) for i in (0, 3)]
    together = agent.act(Batch(engine, S))
    mask = engine.legal_action_mask(S)
    running = ~S.terminated
    assert mask[running, together[running]].all()
    assert [int(together[0]), int(together[3])] == alone


def test_rollout__keeps_the_heuristic_choice_unless_the_futures_say_otherwise(nightmare):
    engine, S = nightmare
    agent = RolloutAgent(rollouts=3, width=3)
    heuristic, rows, cands = agent.candidates(Batch(engine, S))
    assert rows.size and (cands[:, 0] == heuristic[rows]).all()
    values = agent.evaluate(engine, S, rows, cands)
    assert values.shape == (*cands.shape, 3)
    assert np.isnan(values[cands < 0]).all() and np.isfinite(values[cands >= 0]).all()
    never = RolloutAgent(rollouts=3, width=3, z=1e9)         # no gain is ever sure enough
    assert np.array_equal(never.act(Batch(engine, S)), heuristic)


def test_make__rollout_arguments():
    assert agents.make("rollout:4x2").rollouts == 4 and agents.make("rollout:4x2").width == 2
    assert agents.make("rollout").name == "rollout"
    with pytest.raises(ValueError, match="'K', 'KxW'"):
        agents.make("rollout:many")
    assert agents.make("rollout:8x3:progress").name == "rollout:8x3:progress"
    progress = agents.make("rollout:4x2:progress")
    assert (progress.rollouts, progress.width, progress.name) == (4, 2, "rollout:4x2:progress")
    with pytest.raises(ValueError, match="unknown rollout value 'wins'; allowed: score, progress"):
        agents.make("rollout:4x2:wins")
    with pytest.raises(ValueError, match="one future"):
        RolloutAgent(rollouts=2, clairvoyant=True)
    assert agents.make("oracle").name == "oracle" and agents.make("oracle:3").width == 3
    with pytest.raises(ValueError, match="candidates W"):
        agents.make("oracle:x")
    with pytest.raises(ValueError, match="width >= 2"):
        agents.make("rollout:4x1")


def test_values__progress_counts_cards_drawn_incarnations_and_a_win(nightmare):
    engine, S = nightmare
    v = VALUES["progress"](engine, S)
    assert np.allclose(v, S.deck_pos + 5 * S.inc_defeated + 50 * S.won + 0.01 * engine.score(S))
    assert np.array_equal(VALUES["score"](engine, S), engine.score(S))


def test_oracle__its_one_future_is_the_games_true_future(nightmare):
    """The clairvoyant search plays each candidate in the real deck and dice: the value it finds
    for the heuristic's own choice is what that game gets when the heuristic plays it on."""
    engine, S = nightmare
    oracle = agents.make("oracle")
    _, rows, cands = oracle.candidates(Batch(engine, S))
    values = oracle.evaluate(engine, S, rows, cands)
    assert values.shape == (rows.size, oracle.width, 1)
    h = agents.make("heuristic")
    real = engine.step(S.take(rows), cands[:, 0])
    while not real.terminated.all():
        real = engine.step(real, h.act(Batch(engine, real)))
    assert np.allclose(values[:, 0, 0], VALUES["progress"](engine, real))
    sampled = RolloutAgent(rollouts=1, width=oracle.width, value="progress")
    assert not np.allclose(sampled.evaluate(engine, S, rows, cands), values, equal_nan=True)
