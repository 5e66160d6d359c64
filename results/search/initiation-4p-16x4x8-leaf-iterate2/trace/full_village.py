"""How `heuristic:plans` (the search's rollout team) fares once the village is full: over the first
400 Initiation 4p `eval` games, the card drawn when 10 or more of the 12 spaces first hold a ghost,
the turns spent so, and the Tao tokens the team holds (and the supply keeps) in those turns, for
won and lost games.

    OMP_NUM_THREADS=1 python results/search/initiation-4p-16x4x8-leaf-iterate2/trace/full_village.py
"""
import numpy as np

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark.seeds import benchmark_seeds


def main():
    n = 400
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    agent = agents.make("heuristic:plans")
    S = engine.reset(benchmark_seeds("initiation", 4, n, "eval", 0))
    last = np.full(n, -1)
    first_card = np.full(n, -1)
    full_turns, tokens, supply = np.zeros(n), np.zeros(n), np.zeros(n)
    while not S.terminated.all():
        new = np.flatnonzero(~S.terminated & (S.turn != last))
        last[new] = S.turn[new]
        full = new[(S.ghost[new] >= 0).sum(1) >= 10]
        first_card[full] = np.where(first_card[full] < 0, S.deck_pos[full], first_card[full])
        full_turns[full] += 1
        tokens[full] += S.tao[full].sum((1, 2))
        supply[full] += S.tao_supply[full].sum(1)
        S = engine.step(S, agent.act(Batch(engine, S)))
    for name, games in (("won", S.won), ("lost", ~S.won)):
        g = np.flatnonzero(games)
        reached = g[first_card[g] >= 0]
        t = full_turns[reached].sum()
        print(f"{name}: {g.size} games; {reached.size} reach 10+ ghosts, first at card "
              f"{first_card[reached].mean():.1f} (median {np.median(first_card[reached]):.0f}) of "
              f"{S.deck_len[0]}, then {full_turns[reached].mean():.1f} turns with 10+; tokens held "
              f"in those turns {tokens[reached].sum() / t:.2f}, supply {supply[reached].sum() / t:.2f}")


if __name__ == "__main__":
    main()
