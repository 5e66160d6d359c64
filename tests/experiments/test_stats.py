"""Benchmark statistics on synthetic results with known answers."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env.benchmark import stats


def test_wilson__known_values():
    # Wilson 95% intervals (Newcombe 1998, table I): 0/10, 5/10, 81/263
    assert stats.wilson(0, 10)[1:] == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert stats.wilson(5, 10)[1:] == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert stats.wilson(81, 263)[1:] == pytest.approx((0.2553, 0.3662), abs=1e-4)


def test_wilson__bounds_hold_the_rate_even_at_0_and_1():
    for k, n in ((0, 1000), (1000, 1000), (0, 1), (3, 7)):
        p, lo, hi = stats.wilson(k, n)
        assert 0.0 <= lo <= p <= hi <= 1.0


def test_wilson__covers_the_true_rate_about_95_percent_of_the_time():
    rng = np.random.default_rng(0)
    p, n = 0.2, 200
    k = rng.binomial(n, p, size=4000)
    covered = np.mean([lo <= p <= hi for _, lo, hi in (stats.wilson(int(x), n) for x in k)])
    assert 0.93 < covered < 0.97


def test_t_quantile__matches_tables():
    for df, t in ((5, 2.5706), (10, 2.2281), (30, 2.0423), (1000, 1.9623)):
        assert stats.t_quantile(0.95, df) == pytest.approx(t, abs=2e-3)


def test_mean_interval__synthetic_scores():
    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    m, lo, hi = stats.mean_interval(x)
    half = 2.5706 * np.std(x, ddof=1) / np.sqrt(6)
    assert (m, lo, hi) == pytest.approx((3.5, 3.5 - half, 3.5 + half), abs=2e-3)
    assert stats.mean_interval([7.0]) == (7.0, 7.0, 7.0)


def test_summarize__counts_loss_categories():
    # reasons: 0 won, 1 haunted tiles, 2 haunter with no tile (both "haunted village"),
    # 3 all dead, 4 deck
    s = stats.summarize(won=[1, 0, 0, 0, 0, 0], score=[12, -20, -25, -30, -10, -15],
                        decisions=[100] * 6, turns=[40] * 6, loss_reason=[0, 1, 2, 3, 4, 4])
    assert (s["games"], s["wins"]) == (6, 1)
    assert (s["haunted village"], s["dead Taoists"], s["deck exhausted"]) == (2, 1, 2)
    assert s["win_rate"] == pytest.approx(1 / 6)


def test_bad_input__is_refused():
    with pytest.raises(ValueError, match="successes"):
        stats.wilson(3, 2)
    with pytest.raises(ValueError, match="confidence"):
        stats.wilson(1, 2, confidence=1.5)
    with pytest.raises(ValueError, match="at least one"):
        stats.mean_interval([])


def test_fisher_greater__matches_the_hypergeometric_tail():
    from ghoststories_env.benchmark.stats import fisher_greater
    # 3 of 3 against 0 of 3: one table in C(6, 3) = 20 is at least as extreme
    assert fisher_greater(3, 3, 0, 3) == pytest.approx(1 / 20)
    assert fisher_greater(0, 3, 3, 3) == pytest.approx(1.0)
    assert fisher_greater(0, 10, 0, 10) == pytest.approx(1.0)
    # more wins, more evidence
    assert fisher_greater(60, 200, 18, 200) < 1e-6 < fisher_greater(20, 200, 18, 200)
    with pytest.raises(ValueError, match="wins"):
        fisher_greater(5, 3, 0, 3)
