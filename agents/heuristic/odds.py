"""Exact odds of an exorcism roll (rules §5), from precomputed tables.

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

The heuristic asks these odds for every space, seat and corner at every decision, so the second
half of this module keeps them by key for one-colour targets: ``chance`` (one target, from the
table ``SINGLE``) and ``pair_rolls`` (a corner's two targets), the same numbers to the last bit.
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


def roll_distribution(n_dice: np.ndarray, probs: np.ndarray, pad: int | None = None):
    """Face counts ``F`` (N, R, 5) colours, whites (N, R) and probabilities (N, R), over the R
    outcomes of the largest roll among the N (or of ``pad`` dice); shorter rolls are padded with
    outcomes of probability 0."""
    n = np.clip(n_dice, 0, MAX_DICE)
    if pad is None:
        pad = n.max() if n.size else 0
    rows = ROWS[pad]
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


def success_probability(need, immune, tokens, n_dice, white_wild, reroll,
                        pad: int | None = None) -> np.ndarray:
    """(N,) chance that one roll meets the needs (N, 5) per colour, dice-able and dice-immune
    (summed over the outcomes of ``pad`` dice, default the largest roll among the N)."""
    return success_rolls(need, immune, tokens, n_dice, white_wild, reroll, pad).sum(1)


def success_rolls(need, immune, tokens, n_dice, white_wild, reroll, pad=None) -> np.ndarray:
    """(N, R) each outcome's probability where it meets the needs, else 0."""
    need, immune, tokens = (np.asarray(x, np.int64) for x in (need, immune, tokens))
    counts_face = np.concatenate([need > 0, ((need > 0).any(1) & white_wild)[:, None]], 1)
    F, w, p = roll_distribution(np.asarray(n_dice), face_probs(counts_face, np.asarray(reroll)),
                                pad)
    ok = possible(need, immune, tokens, F, w * np.asarray(white_wild)[:, None])
    return ok * p


# -- tables ----------------------------------------------------------------------------------------
# Almost every target has one colour, and then its odds depend on a handful of small integers: the
# tables below hold them, computed by the exact functions above. Tokens count up to the need they
# can meet (more change nothing: a colour's shortfall is at most its need). The multicolour
# incarnations (Hope Killer, Nameless) are computed by those functions at run time.
#
# The numbers are the same to the last bit as summing over the roll tables directly: a sum over
# the outcomes of a roll padded to a batch's largest roll (as ``roll_distribution`` does) may end
# in other bits than the unpadded sum, so the one-target table holds every padding (``pad``, the
# dice of the largest roll among the games asked together), and the corner pairs keep each roll's
# outcome and probability, summed at run time in the same order as before.
RMAX = int(C.CARD_REQ[(C.CARD_REQ > 0).sum(1) <= 1].max())     # largest one-colour resistance
DICE, BOOL, COLOURS = MAX_DICE + 1, 2, 5
SINGLE_AXES = (DICE, BOOL, BOOL, BOOL, COLOURS, RMAX + 1, RMAX + 1)
SINGLE_KEYS = int(np.prod(SINGLE_AXES))


def _single_grid() -> np.ndarray:
    """Every key of ``SINGLE`` in order: (dice, wild, reroll, immune, colour, resistance,
    tokens)."""
    return np.stack(np.meshgrid(*map(np.arange, SINGLE_AXES), indexing="ij"), -1).reshape(
        -1, len(SINGLE_AXES))


def _one_colour(colour, amount) -> np.ndarray:
    """(N, 5) vectors holding ``amount`` in ``colour``."""
    v = np.zeros((len(colour), COLOURS), np.int64)
    v[np.arange(len(colour)), colour] = amount
    return v


def _single_table() -> np.ndarray:
    grid = _single_grid()
    req, tok = _one_colour(grid[:, 4], grid[:, 5]), _one_colour(grid[:, 4], grid[:, 6])
    imm = grid[:, 3:4].astype(bool)
    rolls = np.zeros((len(grid), ROWS[MAX_DICE]))       # padded with outcomes of chance 0
    for n in range(DICE):
        k = grid[:, 0] == n
        rolls[k, :ROWS[n]] = success_rolls(req[k] * ~imm[k], req[k] * imm[k], tok[k], grid[k, 0],
                                           grid[k, 1].astype(bool), grid[k, 2].astype(bool))
    table = np.full((DICE, len(grid)), np.nan)           # NaN: a roll larger than the padding
    for pad in range(DICE):
        k = grid[:, 0] <= pad
        table[pad, k] = np.ascontiguousarray(rolls[k, :ROWS[pad]]).sum(1)
    return table.reshape(-1)


SINGLE = _single_table()       # [pad * SINGLE_KEYS + key]: chance of one roll against one target
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
    """(N,) ``success_probability(req * ~immune, req * immune, tokens, ...)`` for targets ``req``
    (N, 5), ``immune`` (N,) bool, from ``SINGLE`` where the target has one colour. ``facts``:
    ``target_facts(req, immune)`` if already known."""
    colour, amount, tabled = target_facts(req, immune) if facts is None else facts
    N = len(amount)
    n = np.minimum(np.maximum(n_dice, 0), MAX_DICE).astype(np.int64)
    pad = int(n.max()) if N else 0
    tok = np.minimum(tokens.reshape(-1)[np.arange(N) * COLOURS + colour], amount)
    key = ((((pad * DICE + n) * BOOL + white_wild) * BOOL + reroll) * BOOL + immune) * COLOURS
    p = SINGLE[((key + colour) * (RMAX + 1) + amount) * (RMAX + 1) + tok]
    if not tabled.all():
        rest = np.flatnonzero(~tabled)
        imm = immune[rest, None]
        p[rest] = success_probability(req[rest] * ~imm, req[rest] * imm, tokens[rest], n[rest],
                                      white_wild[rest], reroll[rest], pad)
    return p


# Two targets from a corner (one roll, rules §5: the players then choose which to exorcise): a
# roll allows the first ghost (f1), the second (f2) or both (f12). Keyed by (dice, wild, reroll,
# immune 1, immune 2, colour 1, resistance 1, colour 2, resistance 2, tokens 1, tokens 2), the
# tokens being one count (0..2 RMAX) when both ghosts share a colour. Many keys exist and few
# occur in play: each is computed on first use and kept (its rolls' patterns and probabilities).
PAIR_AXES = (DICE, BOOL, BOOL, BOOL, BOOL, COLOURS, RMAX + 1, COLOURS, RMAX + 1, 2 * RMAX + 1,
             RMAX + 1)
PATTERNS = 8                                       # f1 + 2 f2 + 4 f12
_pair_keys = np.zeros(0, np.int64)                 # keys computed so far, ascending
_pair_rows = np.zeros(0, np.int64)                 # ... and their rows in the two below
_pair_pattern = np.zeros((0, ROWS[-1]), np.int8)  # per roll: its pattern (rows to spare)
_pair_dist = np.zeros(0, np.int64)                 # the row of ROLL_P holding the rolls' chances


def _roll_probabilities() -> np.ndarray:
    """Every roll's probability, by ``(dice * 2 + reroll) * 64 + faces that count`` (6 bits),
    padded with 0 past the roll (as ``roll_distribution`` pads)."""
    n, reroll, counts = (g.reshape(-1) for g in np.meshgrid(
        np.arange(DICE), np.arange(BOOL), np.arange(2 ** FACES), indexing="ij"))
    counts_face = ((counts[:, None] >> np.arange(FACES)) & 1) > 0
    p = np.zeros((len(n), ROWS[MAX_DICE]))
    for d in range(DICE):
        k = n == d
        p[k, :ROWS[d]] = roll_distribution(n[k], face_probs(counts_face[k], reroll[k] > 0))[2]
    return p


ROLL_P = _roll_probabilities()
ROLL_P.setflags(write=False)


def pair_key(n_dice, white_wild, reroll, immune1, immune2, facts1, facts2, tokens):
    """(N,) pair keys of two tabled targets (``target_facts``), ``tokens`` (N, 5)."""
    (c1, r1, _), (c2, r2, _) = facts1, facts2
    c1 = np.where(r1 > 0, c1, c2)                  # a target with no resistance takes the other's
    c2 = np.where(r2 > 0, c2, c1)
    flat = tokens.reshape(-1)
    at = np.arange(len(r1)) * COLOURS
    same = c1 == c2
    t1 = np.minimum(flat[at + c1], np.where(same, r1 + r2, r1))
    t2 = np.where(same, 0, np.minimum(flat[at + c2], r2))
    key = np.minimum(np.maximum(n_dice, 0), MAX_DICE).astype(np.int64)
    digits = (white_wild, reroll, immune1, immune2, c1, r1, c2, r2, t1, t2)
    for digit, size in zip(digits, PAIR_AXES[1:]):
        key = key * size + digit
    return key


def _pair_inputs(keys: np.ndarray):
    """The dice, wild, reroll and the need, immune need and token vectors (N, 5) of the two
    targets of pair keys."""
    n, wild, reroll, i1, i2, c1, r1, c2, r2, t1, t2 = np.unravel_index(keys, PAIR_AXES)
    req1, req2 = _one_colour(c1, r1), _one_colour(c2, r2)
    tok = _one_colour(c1, t1) + _one_colour(c2, t2) * (c1 != c2)[:, None]
    im1, im2 = i1[:, None].astype(bool), i2[:, None].astype(bool)
    return (n, wild.astype(bool), reroll.astype(bool), req1 * ~im1, req1 * im1, req2 * ~im2,
            req2 * im2, tok)


def pair_outcomes(n_dice, white_wild, reroll, need1, imm1, need2, imm2, tokens, pad=None):
    """Per roll (N, R): its pattern ``f1 + 2 f2 + 4 f12`` and its probability."""
    counts_face = np.concatenate([need1 + need2 > 0, white_wild[:, None]], 1)
    F, w, p = roll_distribution(n_dice, face_probs(counts_face, reroll), pad)
    w = w * white_wild[:, None]
    f1 = possible(need1, imm1, tokens, F, w)
    f2 = possible(need2, imm2, tokens, F, w)
    f12 = possible(need1 + need2, imm1 + imm2, tokens, F, w)
    return (f1 + 2 * f2 + 4 * f12).astype(np.int8), p


def pair_rolls(keys: np.ndarray, pad: int):
    """``pair_outcomes`` (N, ROWS[pad]) of pair keys (rolls of at most ``pad`` dice); keys not
    seen before are computed now."""
    at = np.minimum(np.searchsorted(_pair_keys, keys), max(len(_pair_keys) - 1, 0))
    known = (_pair_keys[at] == keys) if len(_pair_keys) else np.zeros(len(keys), bool)
    if not known.all():
        _learn_pairs(np.unique(keys[~known]))
        at = np.searchsorted(_pair_keys, keys)
    rows = _pair_rows[at]
    return _pair_pattern[rows, :ROWS[pad]], ROLL_P[_pair_dist[rows], :ROWS[pad]]


def _learn_pairs(new: np.ndarray) -> None:
    global _pair_keys, _pair_rows, _pair_pattern, _pair_dist
    inputs = _pair_inputs(new)
    n, wild, reroll, need1, _, need2, _, _ = inputs
    # padded as roll_distribution pads: outcomes with no faces at all
    blank, _ = pair_outcomes(np.zeros_like(n), *inputs[1:])
    pattern = np.repeat(blank, ROWS[MAX_DICE], 1)
    for d in np.unique(n):
        k = n == d
        pattern[k, :ROWS[d]] = pair_outcomes(*(x[k] for x in inputs))[0]
    counts_face = np.concatenate([need1 + need2 > 0, wild[:, None]], 1)
    dist = (n * BOOL + reroll) * 2 ** FACES + (counts_face << np.arange(FACES)).sum(1)
    used = len(_pair_keys)
    if used + new.size > len(_pair_pattern):           # room doubles: few copies as keys come
        grow = max(used + new.size, 2 * len(_pair_pattern), 1024) - len(_pair_pattern)
        _pair_pattern = np.concatenate([_pair_pattern, np.zeros((grow, ROWS[-1]), np.int8)])
        _pair_dist = np.concatenate([_pair_dist, np.zeros(grow, np.int64)])
    _pair_pattern[used:used + new.size], _pair_dist[used:used + new.size] = pattern, dist
    rows = np.concatenate([_pair_rows, used + np.arange(new.size)])
    order = np.argsort(np.concatenate([_pair_keys, new]))
    _pair_keys, _pair_rows = np.concatenate([_pair_keys, new])[order], rows[order]
