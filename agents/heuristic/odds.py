"""Exact odds of an exorcism roll (RULES.md section 5), from precomputed tables.

A roll of ``n`` Tao dice (0..4: three standard dice less the captured ones, plus the grey die of
Strength of the Mountain) is summarised by its face counts: ``OUTCOMES[n]`` lists every count
vector over the 6 faces (5 colours + white), at most 126 of them, padded with impossible rows.
Its probability is the multinomial ``n! / prod(k_f!) * prod(p_f ** k_f)``; the face probabilities
are 1/6 each, or (The Gods' Favorite) those after rerolling every face that does not count: a face
that counts is kept, any other is rolled once more, so a counting face ends up with probability
``1/6 + (u/6) * 1/6`` where ``u`` is the number of faces that do not count. That is exact for a
single-colour target and a close approximation for split or multicolour needs.

Whether a roll succeeds is the pooled rule of ``ghoststories_env/rules/exorcism.py``: with faces
``F[c]``, wild whites ``w`` and tokens ``Tk[c]``, dice-able need ``Rn[c]`` and dice-immune need
``Ri[c]``: ``d = max(0, Rn - F)``, ``m = max(0, d + Ri - Tk)``; possible iff ``m <= d`` in every
colour and ``sum(m) <= w``.
"""

from __future__ import annotations

import itertools
from math import factorial

import numpy as np

MAX_DICE = 4
FACES = 6          # 5 colours, then white
WHITE = 5


def _outcome_table():
    rows = max(len([k for k in itertools.product(range(n + 1), repeat=FACES) if sum(k) == n])
               for n in range(MAX_DICE + 1))
    counts = np.zeros((MAX_DICE + 1, rows, FACES), np.int8)
    coef = np.zeros((MAX_DICE + 1, rows))
    for n in range(MAX_DICE + 1):
        ks = [k for k in itertools.product(range(n + 1), repeat=FACES) if sum(k) == n]
        counts[n, :len(ks)] = ks
        coef[n, :len(ks)] = [factorial(n) / np.prod([factorial(x) for x in k]) for k in ks]
    return counts, coef


OUTCOMES, COEF = _outcome_table()          # (5, 126, 6) int8 face counts, (5, 126) multinomials
OUTCOMES.setflags(write=False)
COEF.setflags(write=False)
ROWS = (COEF > 0).sum(1)                   # outcomes of n dice: 1, 6, 21, 56, 126
UNIFORM = np.full(FACES, 1 / 6)


def face_probs(counts_face: np.ndarray, reroll: np.ndarray) -> np.ndarray:
    """(N, 6) final probability of each face. ``counts_face`` (N, 6) bool: the face counts for the
    roll's targets; ``reroll`` (N,) bool: the roller rerolls every face that does not count."""
    u = (~counts_face).sum(1, keepdims=True)
    kept = 1 / 6 + u / 36
    other = u / 36 * np.ones_like(kept)
    p = np.where(counts_face, kept, other)
    return np.where(reroll[:, None], p, UNIFORM)


def roll_distribution(n_dice: np.ndarray, probs: np.ndarray):
    """Face counts ``F`` (N, R, 5) colours, whites (N, R) and probabilities (N, R), over the R
    outcomes of the largest roll among the N."""
    n = np.clip(n_dice, 0, MAX_DICE)
    rows = ROWS[n.max()] if n.size else 1                          # the padding is never needed
    k = OUTCOMES[n, :rows].astype(np.int16)                        # (N, rows, 6)
    logp = np.log(np.maximum(probs, 1e-12))[:, None, :]
    p = COEF[n, :rows] * np.exp((k * logp).sum(-1))
    return k[..., :5], k[..., WHITE], p


def possible(need, immune, tokens, F, w) -> np.ndarray:
    """(N, R) bool: the needs (N, 5) are met by the rolls (N, 126, ...) with tokens (N, 5)."""
    need, immune, tokens = (np.asarray(x).astype(np.int16)[:, None, :] for x in (need, immune, tokens))
    d = np.maximum(0, need - F)
    m = np.maximum(0, d + immune - tokens)
    return (m <= d).all(-1) & (m.sum(-1) <= w)


def success_probability(need, immune, tokens, n_dice, white_wild, reroll) -> np.ndarray:
    """(N,) chance that one roll meets the needs (N, 5) per colour, dice-able and dice-immune."""
    need, immune, tokens = (np.asarray(x, np.int64) for x in (need, immune, tokens))
    counts_face = np.concatenate([need > 0, ((need > 0).any(1) & white_wild)[:, None]], 1)
    F, w, p = roll_distribution(np.asarray(n_dice), face_probs(counts_face, np.asarray(reroll)))
    ok = possible(need, immune, tokens, F, w * np.asarray(white_wild)[:, None])
    return (ok * p).sum(1)
