"""Seed sets: fixed, disjoint per configuration and split."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env.benchmark.seeds import SPLITS, benchmark_seeds
from ghoststories_env.cards import LEVEL_NAMES


def test_benchmark_seeds__are_fixed():
    a = benchmark_seeds("normal", 4, 50)
    assert np.array_equal(a, benchmark_seeds("normal", 4, 50))
    assert np.array_equal(a[:20], benchmark_seeds("normal", 4, 20))      # a prefix of a longer run
    assert a[0] == 3 * (4 * 1 + 3) * 10 ** 7                              # the documented layout


def test_benchmark_seeds__disjoint_across_configurations_splits_and_seeds():
    seen = set()
    for seed in (0, 1):
        for level in LEVEL_NAMES:
            for players in (1, 2, 3, 4):
                for split in SPLITS:
                    s = benchmark_seeds(level, players, 1000, split, seed)
                    assert seen.isdisjoint(s.tolist())
                    seen.update(s.tolist())
    assert len(seen) == 2 * 16 * 3 * 1000


def test_benchmark_seeds__bad_input():
    with pytest.raises(ValueError, match="unknown level 'easy'"):
        benchmark_seeds("easy", 4, 10)
    with pytest.raises(ValueError, match="players"):
        benchmark_seeds("normal", 5, 10)
    with pytest.raises(ValueError, match="unknown split 'dev'"):
        benchmark_seeds("normal", 4, 10, split="dev")
    with pytest.raises(ValueError, match="n must be"):
        benchmark_seeds("normal", 4, 0)
