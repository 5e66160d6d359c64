"""How often the search's choice depends on which futures it drew: three copies of a search that
differ only in the seed keying their futures (``SearchAgent(seed=...)``) choose at the same
mid-game positions (``noise.positions``: 60 Initiation 4p games of ``heuristic:plans`` after 60
and after 150 decisions, on to the next searched decision); prints how often they agree and how
often each plays another action than its prior's.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/aligned-dice/stability.py \
        16x8x8:plans:leaf=learned 32x8x8:plans:leaf=learned
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path

import numpy as np

from ghoststories_env import Engine, GameConfig
from ghoststories_env.agents.base import Batch
from ghoststories_env.agents.search import SearchAgent
from ghoststories_env.agents.search_spec import search_kwargs

_spec = importlib.util.spec_from_file_location("noise", Path(__file__).with_name("noise.py"))
noise = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(noise)


def main(specs: list[str]) -> None:
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    print("| search | positions after | positions | seeds 0 and 1 agree | all three agree "
          "| another action than the prior's, per seed | CPU s |")
    print("|---|---:|---:|---:|---:|---|---:|")
    for spec in specs:
        searches = [SearchAgent(**search_kwargs(spec, seed=s)) for s in range(3)]
        for steps in (60, 150):
            S, _ = noise.positions(engine, np.arange(60) + 50_000 + steps, steps, searches[0])
            start = time.process_time()
            acts = np.array([a.act(Batch(engine, S)) for a in searches])
            prior = searches[0].prior.scores(Batch(engine, S)).argmax(1)
            two = (acts[0] == acts[1]).mean()
            three = ((acts[0] == acts[1]) & (acts[1] == acts[2])).mean()
            own = ", ".join(f"{v:.2f}" for v in (acts != prior).mean(1))
            print(f"| `{spec}` | {steps} | {S.batch_size} | {two:.2f} | {three:.2f} | {own} "
                  f"| {time.process_time() - start:.0f} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:] or ["16x8x8:plans:leaf=learned"])
