"""The heuristic's value of a corner attempt at both facing ghosts (agents/heuristic/exorcism.py
_pair_values), scaled by each factor, on Initiation 4p eval games (indices 100,000 on): prints
the factor, the wins of heuristic:plans, the games won only with the factor and only without, and
the CPU seconds. A measurement, not a plan: the scale is patched in this process only.

    PYTHONPATH=. python results/heuristic_reach/pair_scale.py 3000 0.7 0.85 1.15 1.3 1.6   # pair_scale.txt
"""
import sys
import time

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents.heuristic import exorcism
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

games, factors = int(sys.argv[1]), [float(x) for x in sys.argv[2:]]
FIRST = 100_000
engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, FIRST + games, "eval", 0)[FIRST:]
unscaled = exorcism._pair_values
base = None
for f in [1.0, *factors]:
    exorcism._pair_values = lambda *a, f=f: unscaled(*a) * f
    t = time.process_time()
    won = play(agents.make("heuristic:plans"), engine, seeds).won
    base = won if base is None else base
    print(f"pair value x {f:<5g} {int(won.sum()):5d} wins; only it {int((won & ~base).sum()):4d}, "
          f"only x 1 {int((base & ~won).sum()):4d}; {time.process_time() - t:.0f} CPU s", flush=True)
