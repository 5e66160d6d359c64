"""Reproducibility: a game's course depends only on its seed, configuration and actions."""

import json

import numpy as np
import pytest

from ghoststories_env import Engine
from ghoststories_env.config import PRESETS
from ghoststories_env.state import FIELDS


def per_game_actions(engine, s, rngs):
    """Each game draws its random legal action from its own generator."""
    m = engine.legal_action_mask(s)
    return np.array([(rngs[i].random(m.shape[1]) * m[i]).argmax() for i in range(len(rngs))])


def assert_same_game(a, i, b, j):
    for f in FIELDS:
        x, y = getattr(a, f)[i], getattr(b, f)[j]
        assert np.array_equal(x, y), f"field {f} differs"


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_game_in_batch_of_256_equals_game_alone(preset):
    engine = Engine(PRESETS[preset])
    B = 256
    seeds = np.arange(B) * 7919 + 11
    batch = engine.reset(seeds)
    rngs = [np.random.default_rng(int(sd)) for sd in seeds]
    history = []
    while not batch.terminated.all():
        a = per_game_actions(engine, batch, rngs)
        history.append(a)
        batch_next = engine.step(batch, a)
        batch = batch_next
    final = batch
    for i in range(0, B, 5):             # 52 games replayed alone, from every part of the batch
        alone = engine.reset(seeds[i:i + 1])
        for a in history:
            if alone.terminated[0]:
                break
            alone = engine.step(alone, a[i:i + 1])
        assert_same_game(final, i, alone, 0)


def test_reset_order_and_batch_neighbours_do_not_matter():
    engine = Engine()
    a = engine.reset([5, 3, 9])
    b = engine.reset([9, 5])
    assert_same_game(a, 0, b, 1)
    assert_same_game(a, 2, b, 0)


def test_same_seed_same_actions_same_game():
    engine = Engine(num_players=3, difficulty="nightmare")
    runs = []
    for _ in range(2):
        s = engine.reset(np.arange(16))
        rngs = [np.random.default_rng(i) for i in range(16)]
        while not s.terminated.all():
            s = engine.step(s, per_game_actions(engine, s, rngs))
        runs.append(s)
    assert runs[0].equals(runs[1])


def test_dumped_game_continues_exactly_as_the_original():
    engine = Engine(num_players=2, difficulty="nightmare")
    s = engine.reset(np.arange(32))
    rng = np.random.default_rng(0)
    for _ in range(12):
        m = engine.legal_action_mask(s)
        s = engine.step(s, (rng.random(m.shape) * m).argmax(1))
    dumps = [json.loads(json.dumps(engine.to_dict(s, i))) for i in range(32)]
    restored = engine.from_dicts(dumps)
    assert restored.equals(s)
    for _ in range(200):
        if s.terminated.all():
            break
        m = engine.legal_action_mask(s)
        a = (rng.random(m.shape) * m).argmax(1)
        s, restored = engine.step(s, a), engine.step(restored, a)
        assert restored.equals(s)
