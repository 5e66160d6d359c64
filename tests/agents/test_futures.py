"""Sampled futures of a position (agents/futures.py): a future re-draws only what the players
cannot know and loses no card, each unseen ghost can come next, and the public key sees the public
position only."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig
from ghoststories_env import cards as C
from ghoststories_env import rng
from ghoststories_env.rules import rolls
from ghoststories_env.agents.futures import public_key, redraw_unseen
from helpers import assert_redraws_only_the_unseen, hide_differently, midgame


@pytest.fixture(scope="module")
def nightmare():
    engine = Engine(GameConfig(num_players=3, difficulty="nightmare"))
    return engine, midgame(engine, np.arange(4) + 700, steps=60)


def test_redraw_unseen__redraws_only_the_unseen_and_loses_no_card(nightmare):
    """rules §3, 12, 13: the undrawn deck and the cards left out are unknown; what was drawn and
    where the undrawn incarnations lie in the deck are not."""
    _, S = nightmare
    F = S.copy()
    F.forced_tao[0, :2] = [0, 1]                  # dice a scenario forced: hidden too
    redraw_unseen(F, np.arange(F.batch_size, dtype=np.uint64) + 11)
    assert_redraws_only_the_unseen(S, F)
    assert (F.rng_key != S.rng_key).all() and (F.rng_ctr == 0).all() and (F.forced_tao < 0).all()
    G = S.copy()
    redraw_unseen(G, np.arange(G.batch_size, dtype=np.uint64) + 11)
    assert G.equals(F)                                                     # the keys decide all


def test_redraw_unseen__each_unseen_ghost_can_come_next(nightmare):
    """The next card is drawn uniformly from the unseen ghosts (not just a shuffle of the deck)."""
    _, S = nightmare
    one = S.take(np.zeros(600, np.int64))
    redraw_unseen(one, np.arange(600, dtype=np.uint64))
    lo, hi = int(S.deck_pos[0]), int(S.deck_len[0])
    unseen = set(S.deck[0, lo:hi][~C.IS_INCARNATION[S.deck[0, lo:hi]]]) | set(
        np.flatnonzero(S.removed[0] & ~C.IS_INCARNATION))
    if not C.IS_INCARNATION[S.deck[0, lo]]:
        assert set(one.deck[:, lo]) == unseen


def test_public_key__sees_the_public_position_only(nightmare):
    _, S = nightmare
    assert np.array_equal(public_key(S), public_key(hide_differently(S, 1)))
    T = S.copy()
    T.qi[:, 0] += 1
    assert (public_key(T) != public_key(S)).all()
    assert (public_key(S, salt=1) != public_key(S)).all()


def test_redraw_unseen__keyed_dice_meet_the_same_faces_at_the_same_turn(nightmare):
    """``keyed``: two futures of one key roll the same faces at a turn however many dice of
    either kind they rolled before it; a plain stream's later faces shift with what it rolled."""
    _, S = nightmare
    keys = np.arange(S.batch_size, dtype=np.uint64) + 11
    faces = {}
    for keyed in (False, True):
        one, two = S.copy(), S.copy()
        redraw_unseen(one, keys, keyed)
        redraw_unseen(two, keys, keyed)
        assert (one.rng_ctr == (rng.KEYED if keyed else 0)).all()
        rows = np.arange(S.batch_size)
        rolls.roll_tao(two, rows, np.full(rows.size, 3))   # a candidate that rolls this turn
        rolls.roll_curse(two, rows)
        for F in (one, two):
            F.turn[:] += 1
        faces[keyed] = [(rolls.roll_tao(F, rows, np.full(rows.size, 4)), rolls.roll_curse(F, rows),
                         rolls.roll_tao(F, rows, np.full(rows.size, 2))) for F in (one, two)]
    same = [np.array_equal(a, b) for a, b in zip(*faces[True])]
    assert same == [True, True, True]
    assert not any(np.array_equal(a, b) for a, b in zip(*faces[False]))


def test_keyed_stream__never_draws_one_counter_twice_and_rolls_fair_dice():
    """A keyed stream draws at (turn, kind, count of that kind in the turn): every roll of a
    future reads new counters, so its faces stay uniform and independent."""
    turn, ctr, seen = np.zeros(1, np.uint64), np.array([rng.KEYED]), []
    for t, width in [(3, 4), (3, 1), (3, 4), (4, 1), (4, 4), (4, 4), (4, 1), (9, 4)]:
        turn[:] = t
        at, ctr = rng._keyed(ctr, turn, rng.KINDS[width], width)
        seen += [int(at[0]) + i for i in range(width)]
    assert len(seen) == len(set(seen))
    at, ctr = rng._keyed(np.array([rng.KEYED, 5], np.uint64), np.array([2, 2], np.uint64), 0, 4)
    assert (int(at[1]), int(ctr[1])) == (5, 9)          # a plain row beside it: its own counter
    S = Engine(GameConfig(num_players=2)).reset(np.arange(2000))
    redraw_unseen(S, np.arange(2000, dtype=np.uint64), keyed=True)
    counts = np.bincount(rolls.roll_tao(S, np.arange(2000), np.full(2000, 4)).ravel(), minlength=6)
    assert counts.min() > 8000 / 6 * 0.9 and counts.max() < 8000 / 6 * 1.1
