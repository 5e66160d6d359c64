"""cProfile of the engine loop with random legal actions (results/speed/engine/README.md).

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/speed/engine/profile_engine.py B STEPS [sort]
"""
import cProfile, pstats, sys, time, numpy as np
from ghoststories_env import Engine, PRESETS
from experiments.bench_engine import random_legal
B = int(sys.argv[1]); N = int(sys.argv[2])
e = Engine(PRESETS["normal-4p"]); rng = np.random.default_rng(0)
s = e.reset(np.arange(B)); nxt = B
def run():
    global s, nxt
    for _ in range(N):
        a = random_legal(s.mask, rng.random(B))
        s = e.step(s, a)
        d = np.flatnonzero(s.terminated)
        if d.size:
            s.put(d, e.reset(np.arange(nxt, nxt + d.size))); nxt += d.size
pr = cProfile.Profile(); pr.enable(); run(); pr.disable()
st = pstats.Stats(pr); st.sort_stats(sys.argv[3] if len(sys.argv) > 3 else "tottime").print_stats(35)
