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

from ghoststories_env import cards as C

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


# -- tables ----------------------------------------------------------------------------------------
# Almost every target has one colour, and then its odds depend on a handful of small integers; the
# tables below hold them, computed with the exact functions above (one roll size per call, so each
# entry sums exactly that roll's outcomes). Only the multicolour incarnations (Hope Killer,
# Nameless) are computed row by row at run time. Tokens count up to the need they can meet: more
# change nothing (a colour's shortfall is at most its need).
RMAX = int(C.CARD_REQ[(C.CARD_REQ > 0).sum(1) <= 1].max())     # largest one-colour resistance
DICE, BOOL, COLOURS = MAX_DICE + 1, 2, 5


def _single_grid() -> np.ndarray:
    """Every key of ``SINGLE`` in order: (dice, wild, reroll, immune, colour, resistance, tokens)."""
    axes = (DICE, BOOL, BOOL, BOOL, COLOURS, RMAX + 1, RMAX + 1)
    return np.stack(np.meshgrid(*map(np.arange, axes), indexing="ij"), -1).reshape(-1, len(axes))


def _one_colour(colour, amount) -> np.ndarray:
    """(N, 5) vectors holding ``amount`` in ``colour``."""
    v = np.zeros((len(colour), COLOURS), np.int64)
    v[np.arange(len(colour)), colour] = amount
    return v


def _single_table() -> np.ndarray:
    grid = _single_grid()
    p = np.zeros(len(grid))
    for n in range(DICE):
        g = grid[grid[:, 0] == n]
        req, imm = _one_colour(g[:, 4], g[:, 5]), g[:, 3:4].astype(bool)
        p[grid[:, 0] == n] = success_probability(req * ~imm, req * imm, _one_colour(g[:, 4], g[:, 6]),
                                                 g[:, 0], g[:, 1].astype(bool), g[:, 2].astype(bool))
    return p


SINGLE = _single_table()       # flat over _single_grid(): chance of one roll against one target
SINGLE.setflags(write=False)


def target_facts(req: np.ndarray, immune: np.ndarray):
    """For targets with resistances ``req`` (..., 5) and dice-immunity ``immune`` (...): their
    colour (0 if none), resistance, and whether the tables cover them (at most one colour)."""
    nz = req > 0
    colour = nz.argmax(-1)
    amount = req.max(-1)
    tabled = (nz.sum(-1) <= 1) & (amount <= RMAX)
    return colour, np.where(tabled, amount, 0), tabled


def chance(req, immune, tokens, n_dice, white_wild, reroll, facts=None) -> np.ndarray:
    """(N,) the same as ``success_probability(req * ~immune, req * immune, tokens, ...)`` for
    targets ``req`` (N, 5), ``immune`` (N,) bool, from ``SINGLE`` where the target has one colour.
    ``facts``: ``target_facts(req, immune)`` if already known."""
    colour, amount, tabled = target_facts(req, immune) if facts is None else facts
    N = len(amount)
    tok = np.minimum(tokens.reshape(-1)[np.arange(N) * COLOURS + colour], amount)
    n = np.clip(n_dice, 0, MAX_DICE).astype(np.int64)
    key = ((((n * BOOL + white_wild) * BOOL + reroll) * BOOL + immune) * COLOURS + colour)
    p = SINGLE[(key * (RMAX + 1) + amount) * (RMAX + 1) + tok]
    if not tabled.all():
        rest = np.flatnonzero(~tabled)
        imm = immune[rest, None]
        p[rest] = success_probability(req[rest] * ~imm, req[rest] * imm, tokens[rest], n[rest],
                                      white_wild[rest], reroll[rest])
    return p


# Two targets from a corner (same roll): a roll allows the first ghost (f1), the second (f2) or
# both (f12). PAIR[key, f1 + 2 f2 + 4 f12] is the chance of each pattern, by (dice, wild, reroll,
# immune 1, immune 2, resistance 1, resistance 2, tokens), the tokens being one count when both
# ghosts share a colour (0..2 RMAX) or one per colour otherwise. There are many keys and few occur
# in play, so each is computed on first use with the exact functions, and kept.
SAME_TOKENS = 2 * RMAX + 1
PAIR_AXES = (DICE, BOOL, BOOL, BOOL, BOOL, RMAX + 1, RMAX + 1, SAME_TOKENS + (RMAX + 1) ** 2)
PATTERNS = 8
PAIR = np.zeros((int(np.prod(PAIR_AXES)), PATTERNS))
_PAIR_KNOWN = np.zeros(len(PAIR), bool)


def pair_key(n_dice, white_wild, reroll, immune1, immune2, facts1, facts2, tokens):
    """(N,) keys of ``PAIR`` for two tabled targets (``target_facts``), ``tokens`` (N, 5)."""
    (c1, r1, _), (c2, r2, _) = facts1, facts2
    c1 = np.where(r1 > 0, c1, c2)                  # a target with no resistance takes the other's
    c2 = np.where(r2 > 0, c2, c1)
    flat = tokens.reshape(-1)
    at = np.arange(len(r1)) * COLOURS
    t1, t2 = flat[at + c1], flat[at + c2]
    same = np.minimum(t1, r1 + r2)
    apart = SAME_TOKENS + np.minimum(t1, r1) * (RMAX + 1) + np.minimum(t2, r2)
    slot = np.where(c1 == c2, same, apart)
    key = np.clip(n_dice, 0, MAX_DICE).astype(np.int64)
    for digit, size in zip((white_wild, reroll, immune1, immune2, r1, r2, slot), PAIR_AXES[1:]):
        key = key * size + digit
    return key


def _pair_inputs(keys: np.ndarray):
    """The need, immune need and token vectors (N, 5) of two targets, from their ``PAIR`` keys."""
    n, wild, reroll, i1, i2, r1, r2, slot = np.unravel_index(keys, PAIR_AXES)
    apart = slot >= SAME_TOKENS
    t1 = np.where(apart, (slot - SAME_TOKENS) // (RMAX + 1), slot)
    t2 = np.where(apart, (slot - SAME_TOKENS) % (RMAX + 1), 0)
    c2 = apart.astype(np.int64)                    # colours 0 and 1, or both 0
    zero = np.zeros_like(c2)
    req1, req2 = _one_colour(zero, r1), _one_colour(c2, r2)
    tok = _one_colour(zero, t1) + _one_colour(c2, t2) * apart[:, None]
    im1, im2 = i1[:, None].astype(bool), i2[:, None].astype(bool)
    return (n, wild.astype(bool), reroll.astype(bool), req1 * ~im1, req1 * im1, req2 * ~im2,
            req2 * im2, tok)


def pair_outcomes(n_dice, white_wild, reroll, need1, imm1, need2, imm2, tokens):
    """Per roll (N, R): the pattern ``f1 + 2 f2 + 4 f12`` and its probability (RULES.md 5: after
    the roll the players choose which of the two ghosts to exorcise)."""
    counts_face = np.concatenate([need1 + need2 > 0, white_wild[:, None]], 1)
    F, w, p = roll_distribution(n_dice, face_probs(counts_face, reroll))
    w = w * white_wild[:, None]
    f1 = possible(need1, imm1, tokens, F, w)
    f2 = possible(need2, imm2, tokens, F, w)
    f12 = possible(need1 + need2, imm1 + imm2, tokens, F, w)
    return f1 + 2 * f2 + 4 * f12, p


def pair_patterns(keys: np.ndarray) -> np.ndarray:
    """(N, PATTERNS) chance of each pattern for the ``PAIR`` keys; unknown keys computed now."""
    new = np.unique(keys[~_PAIR_KNOWN[keys]])
    for n in range(DICE):                          # one roll size per call (as in SINGLE)
        k = new[new // (len(PAIR) // DICE) == n]
        if k.size:
            pattern, p = pair_outcomes(*_pair_inputs(k))
            PAIR[k] = (p[..., None] * (pattern[..., None] == np.arange(PATTERNS))).sum(1)
            _PAIR_KNOWN[k] = True
    return PAIR[keys]
