"""The heuristic's exorcism odds against brute-force enumeration of every roll."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from agents.heuristic import odds

WHITE = 5


def brute(need, immune, tokens, n_dice, wild) -> float:
    """Chance by listing all 6**n rolls and applying the rule of rules/exorcism.py."""
    ok = 0
    for roll in itertools.product(range(6), repeat=n_dice):
        F = np.bincount([f for f in roll if f < 5], minlength=5)
        w = sum(f == WHITE for f in roll) if wild else 0
        d = np.maximum(0, need - F)
        m = np.maximum(0, d + immune - tokens)
        ok += bool((m <= d).all() and m.sum() <= w)
    return ok / 6 ** n_dice


CASES = [  # need, immune need, tokens, dice, white wild
    ([0, 2, 0, 0, 0], [0] * 5, [0] * 5, 3, True),
    ([0, 3, 0, 0, 0], [0] * 5, [0, 1, 0, 0, 0], 3, True),
    ([1, 1, 0, 0, 0], [0] * 5, [0] * 5, 3, True),              # a corner split between colours
    ([2, 2, 2, 2, 0], [0] * 5, [1, 1, 1, 1, 0], 4, True),      # Hope Killer with tokens
    ([1, 1, 1, 1, 1], [0] * 5, [0] * 5, 3, False),             # Nameless: whites blank
    ([0, 0, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 1, 0, 0], 2, True),   # dice-immune, paid in tokens
    ([0, 2, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 0, 0], 3, True),   # immune need unpaid: never
    ([0, 0, 0, 0, 2], [0] * 5, [0] * 5, 0, True),              # no dice left
]


@pytest.mark.parametrize("need,immune,tokens,n,wild", CASES)
def test_success_probability__equals_enumeration(need, immune, tokens, n, wild):
    p = odds.success_probability(np.array([need]), np.array([immune]), np.array([tokens]),
                                 np.array([n]), np.array([wild]), np.array([False]))
    assert p[0] == pytest.approx(brute(np.array(need), np.array(immune), np.array(tokens), n, wild))


def test_success_probability__gods_favorite_exact_for_one_colour():
    """Rerolling every non-counting face once: each die counts with 1 - (2/3)**2 = 5/9."""
    for k in range(4):
        need = np.zeros((1, 5), np.int64)
        need[0, 1] = k
        p = odds.success_probability(need, np.zeros((1, 5)), np.zeros((1, 5)), np.array([3]),
                                     np.array([True]), np.array([True]))[0]
        exact = sum(math.comb(3, j) * (5 / 9) ** j * (4 / 9) ** (3 - j) for j in range(k, 4))
        assert p == pytest.approx(exact)


def test_outcome_tables__are_distributions():
    assert odds.COEF.sum(1) == pytest.approx(6.0 ** np.arange(5))
    assert (odds.OUTCOMES.sum(2)[odds.COEF > 0] == np.repeat(np.arange(5), odds.ROWS)).all()


# -- the tables against the exact computation -------------------------------------------------------

def random_targets(rng, N, multicolour=0.1):
    """Resistances (N, 5) as in play (one colour up to RMAX, some incarnations of several), dice
    immunity, pooled tokens, dice, white wild, Gods' Favorite."""
    req = np.zeros((N, 5), np.int64)
    req[np.arange(N), rng.integers(0, 5, N)] = rng.integers(0, odds.RMAX + 1, N)
    multi = rng.random(N) < multicolour
    req[multi] = rng.integers(0, 3, (multi.sum(), 5))
    return (req, rng.random(N) < 0.2, rng.integers(0, 5, (N, 5)), rng.integers(0, 5, N),
            rng.random(N) < 0.8, rng.random(N) < 0.3)


def test_single_table__equals_success_probability_for_every_key():
    n, wild, reroll, imm, colour, r, t = odds._single_grid().T
    req = odds._one_colour(colour, r)
    immune = imm.astype(bool)[:, None]
    exact = odds.success_probability(req * ~immune, req * immune, odds._one_colour(colour, t), n,
                                     wild.astype(bool), reroll.astype(bool))
    np.testing.assert_allclose(odds.SINGLE, exact, rtol=1e-13, atol=1e-15)


def test_chance__equals_success_probability_with_multicolour_rows():
    req, imm, tok, n, wild, reroll = random_targets(np.random.default_rng(1), 3000)
    exact = odds.success_probability(req * ~imm[:, None], req * imm[:, None], tok, n, wild, reroll)
    np.testing.assert_allclose(odds.chance(req, imm, tok, n, wild, reroll), exact, rtol=1e-13,
                               atol=1e-15)


def exact_pair_value(req1, imm1, req2, imm2, tok, n, wild, reroll, v1, v2):
    """The corner attempt by enumeration of every roll (the computation the tables replace)."""
    i1, i2 = imm1[:, None], imm2[:, None]
    n1, n2, m1, m2 = req1 * ~i1, req2 * ~i2, req1 * i1, req2 * i2
    counts_face = np.concatenate([n1 + n2 > 0, wild[:, None]], 1)
    F, w, p = odds.roll_distribution(n, odds.face_probs(counts_face, reroll))
    w = w * wild[:, None]
    f1 = odds.possible(n1, m1, tok, F, w)
    f2 = odds.possible(n2, m2, tok, F, w)
    f12 = odds.possible(n1 + n2, m1 + m2, tok, F, w)
    v1, v2 = v1[:, None], v2[:, None]
    best = np.maximum(np.maximum(f1 * v1, f2 * v2), np.maximum(f12 * (v1 + v2), 0))
    return (best * p).sum(1)


def test_pair_patterns__give_the_enumerated_corner_value():
    rng = np.random.default_rng(2)
    req1, imm1, tok, n, wild, reroll = random_targets(rng, 4000, multicolour=0)
    req2, imm2 = random_targets(rng, 4000, multicolour=0)[:2]
    same = rng.random(4000) < 0.4                                     # both in one colour
    req2[same] = odds._one_colour(req1[same].argmax(1), req2[same].max(1))
    v1, v2 = rng.normal(5, 5, 4000), rng.normal(5, 5, 4000)
    f1, f2 = odds.target_facts(req1, imm1), odds.target_facts(req2, imm2)
    keys = odds.pair_key(n, wild, reroll, imm1, imm2, f1, f2, tok)
    bits = np.arange(odds.PATTERNS)
    best = np.maximum(np.maximum((bits & 1 > 0) * v1[:, None], (bits & 2 > 0) * v2[:, None]),
                      np.maximum((bits & 4 > 0) * (v1 + v2)[:, None], 0))
    value = (odds.pair_patterns(keys) * best).sum(1)
    exact = exact_pair_value(req1, imm1, req2, imm2, tok, n, wild, reroll, v1, v2)
    np.testing.assert_allclose(value, exact, rtol=1e-12, atol=1e-12)


def test_pair_patterns__are_distributions_and_do_not_depend_on_the_batch():
    rng = np.random.default_rng(3)
    req1, imm1, tok, n, wild, reroll = random_targets(rng, 500, multicolour=0)
    req2, imm2 = random_targets(rng, 500, multicolour=0)[:2]
    keys = odds.pair_key(n, wild, reroll, imm1, imm2, odds.target_facts(req1, imm1),
                         odds.target_facts(req2, imm2), tok)
    together = odds.pair_patterns(keys)
    assert together.sum(1) == pytest.approx(np.ones(len(keys)))
    odds.PAIR[keys], odds._PAIR_KNOWN[keys] = 0.0, False          # computed again, one by one
    alone = np.concatenate([odds.pair_patterns(keys[i:i + 1]) for i in range(len(keys))])
    assert np.array_equal(alone, together)
