"""The heuristic's exorcism odds against brute-force enumeration of every roll."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.agents.heuristic import exorcism, odds
from ghoststories_env.agents.heuristic.context import Ctx
from ghoststories_env.agents.heuristic.threats import exorcism_value
from ghoststories_env.geometry import SPACE_FRONT

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


# -- the tables against the exact computation: the same numbers, to the last bit -------------------

def random_targets(rng, N, multicolour=0.1):
    """Resistances (N, 5) as in play (one colour up to RMAX, some incarnations of several), dice
    immunity, pooled tokens, dice, white wild, Gods' Favorite."""
    req = np.zeros((N, 5), np.int64)
    req[np.arange(N), rng.integers(0, 5, N)] = rng.integers(0, odds.RMAX + 1, N)
    multi = rng.random(N) < multicolour
    req[multi] = rng.integers(0, 3, (multi.sum(), 5))
    return (req, rng.random(N) < 0.2, rng.integers(0, 5, (N, 5)), rng.integers(0, 5, N),
            rng.random(N) < 0.8, rng.random(N) < 0.3)


@pytest.mark.parametrize("pad", range(odds.DICE))
def test_single_table__equals_success_probability_for_every_key_and_padding(pad):
    grid = odds._single_grid()
    k = np.flatnonzero(grid[:, 0] <= pad)
    n, wild, reroll, imm, colour, r, t = grid[k].T
    req, immune = odds._one_colour(colour, r), imm.astype(bool)[:, None]
    exact = odds.success_probability(req * ~immune, req * immune, odds._one_colour(colour, t), n,
                                     wild.astype(bool), reroll.astype(bool), pad)
    assert np.array_equal(odds.SINGLE[pad * odds.SINGLE_KEYS + k], exact)


@pytest.mark.parametrize("max_dice", [3, 4])
def test_chance__equals_success_probability_with_multicolour_rows(max_dice):
    req, imm, tok, n, wild, reroll = random_targets(np.random.default_rng(max_dice), 3000)
    n = np.minimum(n, max_dice)
    exact = odds.success_probability(req * ~imm[:, None], req * imm[:, None], tok, n, wild, reroll)
    assert np.array_equal(odds.chance(req, imm, tok, n, wild, reroll), exact)


def random_pairs(rng, N):
    """Two one-colour targets (40% in the same colour), tokens, dice, wild, reroll, values."""
    req1, imm1, tok, n, wild, reroll = random_targets(rng, N, multicolour=0)
    req2, imm2 = random_targets(rng, N, multicolour=0)[:2]
    same = rng.random(N) < 0.4
    req2[same] = odds._one_colour(req1[same].argmax(1), req2[same].max(1))
    return req1, imm1, req2, imm2, tok, n, wild, reroll, rng.normal(5, 5, N), rng.normal(5, 5, N)


def enumerated_pair_value(req1, imm1, req2, imm2, tok, n, wild, reroll, v1, v2):
    """The corner attempt summed over every roll, as the heuristic computed it before tables."""
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


def tabled_pair_value(req1, imm1, req2, imm2, tok, n, wild, reroll, v1, v2, pad=None):
    """The same from the pair keys' rolls (as agents/heuristic/exorcism.py reads them)."""
    keys = odds.pair_key(n, wild, reroll, imm1, imm2, odds.target_facts(req1, imm1),
                         odds.target_facts(req2, imm2), tok)
    pattern, p = odds.pair_rolls(keys, int(n.max()) if pad is None else pad)
    bits = np.arange(odds.PATTERNS)
    v1, v2 = v1[:, None], v2[:, None]
    best = np.maximum(np.maximum((bits & 1 > 0) * v1, (bits & 2 > 0) * v2),
                      np.maximum((bits & 4 > 0) * (v1 + v2), 0))
    return (np.take_along_axis(best, pattern.astype(np.int64), 1) * p).sum(1)


@pytest.mark.parametrize("max_dice", [2, 3, 4])
def test_pair_rolls__give_the_enumerated_corner_value(max_dice):
    pairs = list(random_pairs(np.random.default_rng(max_dice), 4000))
    pairs[5] = np.minimum(pairs[5], max_dice)
    assert np.array_equal(tabled_pair_value(*pairs), enumerated_pair_value(*pairs))


def test_pair_rolls__do_not_depend_on_the_keys_asked_before(monkeypatch):
    pairs = random_pairs(np.random.default_rng(7), 300)
    together = tabled_pair_value(*pairs, pad=odds.MAX_DICE)
    for name in ("_pair_keys", "_pair_rows"):                     # forget every key
        monkeypatch.setattr(odds, name, np.zeros(0, np.int64))
    monkeypatch.setattr(odds, "_pair_pattern", np.zeros((0, odds.ROWS[-1]), np.int8))
    monkeypatch.setattr(odds, "_pair_dist", np.zeros(0, np.int64))
    alone = [tabled_pair_value(*(x[i:i + 1] for x in pairs), pad=odds.MAX_DICE)
             for i in range(len(together))]
    assert np.array_equal(np.concatenate(alone), together)


def enumerated_plan(ctx, who):
    """``exorcism.plan``'s single and corner values summed over every roll (before tables)."""
    n_dice, wild, reroll = exorcism._roll_setup(ctx, who)
    imm, ok = ctx.immune, ctx.targetable
    tok, value = ctx.pooled_tokens(who), exorcism_value(ctx, who)
    flat = lambda x: x.reshape(-1, *x.shape[2:])                     # noqa: E731
    chance = odds.success_probability(
        flat(ctx.req * ~imm[..., None]), flat(ctx.req * imm[..., None]), flat(tok[:, SPACE_FRONT]),
        np.repeat(n_dice, 12), np.repeat(wild, 12), np.repeat(reroll, 12)).reshape(ctx.n, 12)
    g1, g2 = exorcism.PAIRS.T
    pair = enumerated_pair_value(
        flat(ctx.req[:, g1]), flat(imm[:, g1]), flat(ctx.req[:, g2]), flat(imm[:, g2]),
        flat(tok[:, exorcism.CORNERS]), *(np.repeat(x, 4) for x in (n_dice, wild, reroll)),
        flat(value[:, g1]), flat(value[:, g2])).reshape(ctx.n, 4)
    return np.where(ok, chance * value, 0.0), np.where(ok[:, g1] & ok[:, g2], pair, 0.0)


@pytest.mark.parametrize("level,players", [("normal", 4), ("hell", 3)])
def test_plan__equals_the_enumeration_of_every_roll(level, players):
    """On positions of heuristic games, for every seat: the same numbers to the last bit."""
    engine = Engine(GameConfig(num_players=players, difficulty=level))
    heuristic, S = agents.make("heuristic"), engine.reset(np.arange(48) + 500)
    for _ in range(60):
        S = engine.step(S, heuristic.act(Batch(engine, S)))
    ctx = Ctx(S, np.flatnonzero(~S.terminated))
    for seat in range(4):
        who = np.full(ctx.n, seat)
        plan = exorcism.plan(ctx, who)
        single, pair = enumerated_plan(ctx, who)
        assert np.array_equal(plan["single"], single) and np.array_equal(plan["pair"], pair)
        assert (pair > 0).any()
