"""A short demonstration: the heuristic team plays a few turns of one game (shown as text), then a
small benchmark of random vs heuristic play prints its results table.

    python -m experiments.demo                 # about a minute or two on a 2-core laptop

The benchmark part is ``python -m experiments.benchmark`` on a small budget; its files go to
``results/tmp/demo/`` (per-game CSV, Markdown table, win-rate plot).
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents import Batch

from . import benchmark

DEMO_BENCHMARK = ["--agents", "random", "heuristic", "--levels", "initiation", "normal",
                  "--players", "4", "--episodes", "100", "--batch", "100", "--seed", "0",
                  "--out", "results/tmp/demo"]


def show_game(turns: int = 3) -> None:
    """The heuristic team plays a Normal game with 4 Taoists; print a position and its moves."""
    engine = Engine(GameConfig(num_players=4, difficulty="normal"))
    agent = agents.make("heuristic")
    state = engine.reset(np.array([2024]))
    print(engine.render_text(state, 0))
    start = int(state.turn[0])
    while not state.terminated[0] and state.turn[0] < start + turns:
        action = agent.act(Batch(engine, state))
        who = ("north", "east", "south", "west")[engine.current_player(state)[0]]
        print(f"  turn {state.turn[0]:2d}  {who:5s}  {engine.decision_name(state, 0):14s} "
              f"{engine.action_meaning(action[0])}")
        state = engine.step(state, action)
    print()
    print(engine.render_text(state, 0))


def main() -> None:
    print("== The heuristic team plays the first turns of a Normal game (4 Taoists) ==\n")
    show_game()
    print("\n== Benchmark: random vs heuristic, 100 games per configuration ==")
    print("   python -m experiments.benchmark " + " ".join(DEMO_BENCHMARK) + "\n")
    benchmark.main(DEMO_BENCHMARK)


if __name__ == "__main__":
    main()
