"""cProfile of the engine loop with random legal actions (results/speed/engine/README.md).

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/speed/engine/profile_engine.py B STEPS [sort]
"""
import cProfile, pstats, sys, numpy as np
from ghoststories_env import Engine, PRESETS
from experiments.bench_engine import random_legal


def profile(B: int, N: int) -> pstats.Stats:
    """N steps of B Normal 4p games with random legal actions, finished games reset in place."""
    e = Engine(PRESETS["normal-4p"]); rng = np.random.default_rng(0)
    s = e.reset(np.arange(B)); nxt = B
    pr = cProfile.Profile(); pr.enable()
    for _ in range(N):
        s = e.step(s, random_legal(s.mask, rng.random(B)))
        d = np.flatnonzero(s.terminated)
        if d.size:
            s.put(d, e.reset(np.arange(nxt, nxt + d.size))); nxt += d.size
    pr.disable()
    return pstats.Stats(pr)


if __name__ == "__main__":
    st = profile(int(sys.argv[1]), int(sys.argv[2]))
    st.sort_stats(sys.argv[3] if len(sys.argv) > 3 else "tottime").print_stats(35)
