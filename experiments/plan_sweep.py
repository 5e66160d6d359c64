"""Settings of a team plan (``agents/heuristic/plans.py``) compared on the same Initiation 4p
``eval`` games: each variant's wins, and the games only it or only the first variant (the base)
won. The ``results/heuristic_*/sweep.py`` scripts use it; each prints a ``sweep.txt``.

The games are the ``eval`` seeds from index 100,000 on, the games ``experiments.exit`` picks
epochs on (``train.select: play``), so every plan is swept on the same games.
"""

from __future__ import annotations

import time

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents.heuristic import plans
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

FIRST = 100_000                 # eval games from here


def sweep(variants: list[tuple[str, str, dict]], games: int, base_name: str = "heuristic:plans",
          width: int = 58) -> None:
    """Play ``(label, agent spec, plan constants)`` variants, the first the base, on ``games``
    eval games, setting each variant's constants in ``plans`` first, and print a line each."""
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    seeds = benchmark_seeds("initiation", 4, FIRST + games, "eval", 0)[FIRST:]
    print(f"Initiation 4p, eval games {FIRST}..{FIRST + games - 1}")
    base = None
    for label, spec, constants in variants:
        for name, value in constants.items():
            setattr(plans, name, value)
        t = time.process_time()
        won = play(agents.make(spec), engine, seeds).won
        base = won if base is None else base
        print(f"{label:{width}s} {int(won.sum()):5d} wins ({won.mean():.1%}); only it "
              f"{int((won & ~base).sum()):4d}, only {base_name} {int((base & ~won).sum()):4d}; "
              f"{time.process_time() - t:.0f} CPU s", flush=True)
