"""The network alone against its base team, heuristic:plans, on Initiation 4p ``eval`` games
FIRST .. LAST - 1: wins, the games only one of them won, the one-sided sign test.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/reinforce/initiation-4p/eval_games.py NET FIRST LAST

The run judged its network on eval games 0-999 every ten rounds; games 1,000 and on were never
played by it.
"""
import sys

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.benchmark.stats import sign_test_greater

path, first, last = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, last, "eval", 0)[first:]
base = play(agents.make("heuristic:plans"), engine, seeds).won
net = play(agents.make(f"net:{path}"), engine, seeds).won
only_net, only_base = int((net & ~base).sum()), int((base & ~net).sum())
print(f"Initiation 4p eval games {first}..{last - 1}: net:{path} {net.sum()} wins, heuristic:plans "
      f"{base.sum()}; only the network {only_net}, only heuristic:plans {only_base}; one-sided "
      f"sign test p = {sign_test_greater(only_net, only_base):.2g}")
