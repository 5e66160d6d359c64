"""Statistics for benchmark tables: intervals for a win rate and for a mean, and a per-group
summary of game records.

* Win rate: the **Wilson score interval** (good coverage even at 0% or 100% and small n, unlike
  the normal "p +- 1.96 sqrt(p(1-p)/n)" interval, which collapses to a point there).
* Two win rates: **Fisher's exact test**, one-sided (``fisher_greater``).
* Mean (official score, game length): the **Student t interval**
  ``mean +- t(0.975, n-1) * sd / sqrt(n)``; the t quantile comes from the Cornish-Fisher expansion
  of the normal quantile (exact to 3 decimals from 5 degrees of freedom up; no scipy needed).
"""

from __future__ import annotations

from statistics import NormalDist

import numpy as np
from numpy.typing import ArrayLike


def z_quantile(confidence: float) -> float:
    """Two-sided normal quantile, e.g. 1.96 for 0.95."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def t_quantile(confidence: float, df: int) -> float:
    """Two-sided Student t quantile with ``df`` degrees of freedom (Cornish-Fisher expansion)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be >= 1, got {df!r}")
    z = z_quantile(confidence)
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


def wilson(successes: int, n: int, confidence: float = 0.95) -> tuple[float, float, float]:
    """``(rate, low, high)`` of a success rate with its Wilson score interval."""
    if n <= 0 or not 0 <= successes <= n:
        raise ValueError(f"need 0 <= successes <= n and n > 0, got successes={successes}, n={n}")
    z = z_quantile(confidence)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # the bounds hold p exactly (at p = 0 or 1 rounding could push them past it)
    return p, float(min(p, max(0.0, centre - half))), float(max(p, min(1.0, centre + half)))


def mean_interval(x: ArrayLike, confidence: float = 0.95) -> tuple[float, float, float]:
    """``(mean, low, high)`` with the Student t interval (a point when n == 1)."""
    x = np.asarray(x, float)
    if x.size == 0:
        raise ValueError("mean_interval needs at least one value")
    m = float(x.mean())
    if x.size == 1:
        return m, m, m
    half = t_quantile(confidence, x.size - 1) * float(x.std(ddof=1)) / np.sqrt(x.size)
    return m, m - half, m + half


def fisher_greater(wins_a: int, n_a: int, wins_b: int, n_b: int) -> float:
    """One-sided p-value of Fisher's exact test that ``a`` wins more often than ``b``: the chance,
    with the total wins fixed and both rates equal, that ``a`` has ``wins_a`` or more of them
    (hypergeometric tail, exact)."""
    from math import comb
    if not (0 <= wins_a <= n_a and 0 <= wins_b <= n_b and n_a > 0 and n_b > 0):
        raise ValueError(f"need 0 <= wins <= games > 0, got {wins_a}/{n_a} and {wins_b}/{n_b}")
    total = wins_a + wins_b
    tail = sum(comb(n_a, k) * comb(n_b, total - k) for k in range(wins_a, min(n_a, total) + 1))
    return float(tail / comb(n_a + n_b, total))


def sign_test_greater(only_a: int, only_b: int) -> float:
    """One-sided p-value of the sign test that ``a`` wins more of paired games than ``b``, from
    the games only ``a`` won and those only ``b`` won: the chance of ``only_a`` or more heads in
    ``only_a + only_b`` fair coin flips (exact; 1.0 when no game is discordant)."""
    from math import comb
    if only_a < 0 or only_b < 0:
        raise ValueError(f"need counts >= 0, got {only_a} and {only_b}")
    n = only_a + only_b
    return float(sum(comb(n, k) for k in range(only_a, n + 1)) / 2 ** n)


# Loss categories of the benchmark, from ghoststories_env.state.LOSS_REASONS codes.
LOSS_CATEGORIES = ("haunted village", "dead Taoists", "deck exhausted")
CATEGORY_OF_REASON = {1: "haunted village", 2: "haunted village", 3: "dead Taoists", 4: "deck exhausted"}


def summarize(won: ArrayLike, score: ArrayLike, decisions: ArrayLike, turns: ArrayLike,
              loss_reason: ArrayLike, confidence: float = 0.95) -> dict:
    """Summary of one group of games (arrays of equal length)."""
    won = np.asarray(won, bool)
    n = won.size
    rate, lo, hi = wilson(int(won.sum()), n, confidence)
    s, slo, shi = mean_interval(score, confidence)
    reasons = np.asarray(loss_reason)
    losses = {c: int(sum((reasons == r).sum() for r, cat in CATEGORY_OF_REASON.items() if cat == c))
              for c in LOSS_CATEGORIES}
    return {"games": n, "wins": int(won.sum()), "win_rate": rate, "win_low": lo, "win_high": hi,
            "score": s, "score_low": slo, "score_high": shi,
            "decisions": float(np.mean(decisions)), "turns": float(np.mean(turns)), **losses}
