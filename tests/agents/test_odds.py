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
