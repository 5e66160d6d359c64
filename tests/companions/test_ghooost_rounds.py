"""Ghooost! over random rounds: the invariants hold and every round ends, a round plays the same
alone as in a batch, positions round-trip, and bad input gets a clear error
(docs/companions/ghooost.md; the rules themselves are in test_ghooost.py)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from companions.positions import A, B, C, game, play
from ghoststories_env.companions.ghooost import Ghooost, GhooostConfig
from ghoststories_env.companions.ghooost_cards import (EXORCISE, LUCK, NUM_ACTIONS, TAKE,
                                                       action_meaning, play_action)
from ghoststories_env.companions.ghooost_positions import violations


# the weight of each action in random rounds: bigger plays likelier, taking the graveyard rare
WEIGHT = np.ones(NUM_ACTIONS)
WEIGHT[TAKE] = 0.05
for v, n, c in np.ndindex(15, 5, 4):
    if v and n:
        WEIGHT[play(v, n, c)] = (n + c) ** 2


def random_actions(S, rng):
    """A random legal action per round, weighted (``WEIGHT``) so that random rounds end sooner."""
    w = np.cumsum(S.mask * WEIGHT, 1)
    return (w > rng.random(S.batch_size)[:, None] * w[:, -1:]).argmax(1)


def test_invariants_hold_and_every_round_ends_over_random_rounds():
    """Over 300 random rounds of each player count: the invariants of ``violations`` hold, a running
    round always has a legal action, and every round ends with every place given once."""
    rng = np.random.default_rng(0)
    for players in range(2, 7):
        e = Ghooost(GhooostConfig(num_players=players, first_player=players - 2))
        S, ended, steps = e.reset(np.arange(300) + 1000 * players), 0, 0
        while S.batch_size:
            assert S.mask.any(1).all()
            S, steps = e.step(S, random_actions(S, rng)), steps + 1
            done = S.terminated
            if steps % 6 == 0 or done.any():
                for name, bad in violations(S if steps % 6 == 0 else S.take(np.flatnonzero(done))).items():
                    assert not bad.any(), name
            if done.any():
                assert (np.sort(S.finish[done, :players], 1) == np.arange(players)).all()
                ended += int(done.sum())
                S = S.take(np.flatnonzero(~done))
            assert steps < 20_000
        assert ended == 300


def test_a_round_plays_the_same_alone_as_in_a_batch():
    """Reproducibility: a round's course depends only on its seed and its actions."""
    e = Ghooost(GhooostConfig(num_players=3))
    batch, alone = e.reset(np.arange(20)), e.reset(np.array([7]))
    rng = np.random.default_rng(3)
    while not alone.terminated[0]:
        a = random_actions(batch, rng)
        batch, alone = e.step(batch, a), e.step(alone, a[7:8])
        assert e.to_dict(batch, 7) == e.to_dict(alone, 0)


def test_positions_round_trip_mid_game_with_the_same_future():
    """``to_dict`` / ``from_dicts`` keep everything a round's future depends on."""
    e = Ghooost(GhooostConfig(num_players=4))
    rng = np.random.default_rng(5)
    S = e.reset(np.arange(12))
    for _ in range(150):
        S = e.step(S, random_actions(S, rng))
    dicts = json.loads(json.dumps([e.to_dict(S, i) for i in range(12)]))
    T = e.from_dicts(dicts)
    assert (T.mask == S.mask).all()
    for _ in range(400):
        a = random_actions(S, rng)
        S, T = e.step(S, a), e.step(T, a)
        assert [e.to_dict(S, i) for i in range(12)] == [e.to_dict(T, i) for i in range(12)]


def test_bad_input_gets_a_clear_error():
    e = Ghooost(GhooostConfig(num_players=3))
    S = e.reset(np.arange(2))
    with pytest.raises(ValueError, match="shape"):
        e.step(S, np.array([LUCK]))
    with pytest.raises(ValueError, match="out of range"):
        e.step(S, np.array([NUM_ACTIONS, LUCK]))
    with pytest.raises(ValueError, match=rf"action {EXORCISE} \(exorcism \(castle\)\) is not legal"):
        e.step(S, np.array([LUCK, EXORCISE]))
    for bad in ({"num_players": 1}, {"num_players": 7}, {"num_players": 3, "first_player": 3},
                {"first_player": -1}):
        with pytest.raises(ValueError, match="num_players|first_player"):
            GhooostConfig(**bad)
    with pytest.raises(ValueError, match="no play"):
        play_action(15, 1)
    with pytest.raises(ValueError, match=r"dict 0: .*deck has 4"):
        e.from_dicts([{"hands": [["5"] * 5, ["2"], ["2"]]}])
    with pytest.raises(ValueError, match=r"dict 0: .*unknown card"):
        e.from_dicts([{"hands": [["15"], ["2"], ["2"]]}])
    with pytest.raises(ValueError, match="dict 1: not a reachable position: before midnight"):
        e.from_dicts([{"hands": [A, B, C], "crypt": ["5"]}, {"hands": [A, B, ["2"]], "crypt": ["5"]}])
    with pytest.raises(ValueError, match="not a reachable position: the top"):
        e.from_dicts([{"hands": [A, B, C], "graveyard": ["5"], "top": 7}])


def test_plays_with_copy_cards_are_named_and_refused_clearly():
    """``action_meaning`` names every action, plays with copy cards included, so an illegal action
    gets a ValueError even when the legal ones it lists hold copy cards."""
    assert action_meaning(play(5, 2)) == "play 2 x 5"
    assert action_meaning(play(5, 2, 1)) == "play 2 x 5 + 1 copy card"
    assert action_meaning(play(5, 1, 2)) == "play 1 x 5 + 2 copy cards"
    e, S = game([["copy", "5"], ["2"]])
    with pytest.raises(ValueError, match=rf"action {TAKE} \(take the graveyard\) is not legal"):
        e.step(S, np.array([TAKE]))
