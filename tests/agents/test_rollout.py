"""The rollout agent: its futures never depend on what the players cannot see (they are drawn as
the search's are: ``test_futures.py``); it plays legal actions, the same in any batch, and only
leaves the heuristic's choice when its futures say so."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.agents.rollout import VALUES, RolloutAgent
from helpers import hide_differently, midgame


@pytest.fixture(scope="module")
def nightmare():
    engine = Engine(GameConfig(num_players=3, difficulty="nightmare"))
    return engine, midgame(engine, np.arange(6) + 700)


def test_rollout__never_reads_hidden_information(nightmare):
    """rules §3, 13: positions that differ only in the unseen deck's order, the cards left out and
    the random stream get the same futures, so the same values and choices."""
    engine, S = nightmare
    agent = RolloutAgent(rollouts=2, width=2)
    T = hide_differently(S, 5)
    assert not np.array_equal(T.deck, S.deck)
    _, rows, cands = agent.candidates(Batch(engine, S))
    assert rows.size
    assert np.array_equal(agent.evaluate(engine, S, rows, cands),
                          agent.evaluate(engine, T, rows, cands), equal_nan=True)
    assert np.array_equal(agent.act(Batch(engine, S)), agent.act(Batch(engine, T)))


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
