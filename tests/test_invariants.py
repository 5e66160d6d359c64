"""Invariants over many random games (tokens, Qi, Buddhas and cards conserved; the mask never empty
while a game runs; every legal action steps; every game ends)."""

import numpy as np
import pytest

from ghoststories_env import Engine
from ghoststories_env.config import PRESETS
from invariants import check

CONFIGS = [k for k in PRESETS if k != "initiation-5qi-4p"]
GAMES_PER_CONFIG = 640          # 16 configurations x 640 = 10,240 games
MAX_DECISIONS = 3000


def random_actions(mask, rng):
    return (rng.random(mask.shape) * mask).argmax(1)


def play_random(engine, seeds, rng, every_action_check=0):
    s = engine.reset(seeds)
    dealt = s.power_tokens.sum(1) + s.centre_power_tokens
    check(s, dealt)
    for n in range(MAX_DECISIONS):
        if s.terminated.all():
            return s
        m = engine.legal_action_mask(s)
        if every_action_check and n % every_action_check == 0:
            try_every_legal_action(engine, s, rng)
        s = engine.step(s, random_actions(m, rng))
        check(s, dealt)
    raise AssertionError(f"{(~s.terminated).sum()} games still running after {MAX_DECISIONS} decisions")


def try_every_legal_action(engine, s, rng):
    """For a few running games, every legal action steps without error on a copy."""
    running = np.flatnonzero(~s.terminated)
    for i in rng.choice(running, size=min(4, running.size), replace=False):
        legal = np.flatnonzero(s.mask[i])
        copies = s.take(np.full(legal.size, i))
        out = engine.step(copies, legal)
        check(out, out.power_tokens.sum(1) + out.centre_power_tokens)


@pytest.mark.parametrize("preset", CONFIGS)
def test_random_games_keep_invariants_and_end(preset):
    cfg = PRESETS[preset]
    engine = Engine(cfg)
    rng = np.random.default_rng(abs(hash(preset)) % 2**32)
    seeds = np.arange(GAMES_PER_CONFIG) + 10_000 * CONFIGS.index(preset)
    s = play_random(engine, seeds, rng, every_action_check=25)
    assert s.terminated.all()
    assert (s.decisions > 0).all()
