"""The network alone against heuristic:plans on Initiation 4p eval games 0..2999 (neither used to
train it nor to choose its epoch, which used eval games from 100,000): wins and the games only
one of them won.

    PYTHONPATH=. python results/exit/initiation-4p-place-bias/eval_games.py      # eval_games.txt
"""
from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, 3000, "eval", 0)
base = play(agents.make("heuristic:plans"), engine, seeds).won
net = play(agents.make("net:results/exit/initiation-4p-place-bias/net.npz"), engine, seeds).won
print(f"Initiation 4p eval games 0..2999: heuristic:plans {base.sum()} wins, the network alone "
      f"{net.sum()}; only the network {(net & ~base).sum()}, only heuristic:plans {(base & ~net).sum()}")
