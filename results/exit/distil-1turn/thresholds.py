"""The heuristic's own thresholds for the actions the one-turn search most often declines (Twin
Winds, the Yin-Yang's help), raised: ``heuristic:plans`` alone on 3,000 Initiation 4p ``eval``
games, paired with its shipped weights.

    PYTHONPATH=. python results/exit/distil-1turn/thresholds.py     # thresholds.txt
"""

import json
import tempfile
from pathlib import Path

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds

GAMES = 3000
TABLES = {"shipped": {}, "TWIN_WINDS_GAIN 3": {"TWIN_WINDS_GAIN": 3.0},
          "TWIN_WINDS_GAIN 8": {"TWIN_WINDS_GAIN": 8.0},
          "YINYANG_HELP_KEEP 12": {"YINYANG_HELP_KEEP": 12.0},
          "YINYANG_HELP_KEEP 20": {"YINYANG_HELP_KEEP": 20.0}}

engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
seeds = benchmark_seeds("initiation", 4, GAMES, "eval", 0)
base = None
with tempfile.TemporaryDirectory() as tmp:
    for name, table in TABLES.items():
        spec = "heuristic:plans"
        if table:
            path = Path(tmp) / "weights.json"
            path.write_text(json.dumps(table))
            spec += f":weights={path}"
        won = play(agents.make(spec), engine, seeds).won
        base = won if base is None else base
        print(f"{name:22s} {int(won.sum())} of {GAMES}  (won only with it {int((won & ~base).sum())}, "
              f"only with the shipped weights {int((base & ~won).sum())})", flush=True)
