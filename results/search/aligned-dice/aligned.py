"""The search's futures with their dice keyed by turn, under the names the screens ran with.

The screens were run with this file's factories before the option existed (they swapped
``rng.roll`` for a keyed one); they are now the search's own ``dice=turn`` option
(``agents/search.py``, ``rng.KEYED``), which draws the same faces, so every committed game
replays as it was played (``results/recheck/aligned-dice.md``).

    python -m experiments.benchmark --agents results/search/aligned-dice/aligned.py:aligned ...

Factories: ``aligned``, ``search:8x4x4:plans:leaf=learned:dice=turn``; ``aligned_16x8x8``,
``search:16x8x8:plans:leaf=learned:dice=turn``.
"""

from __future__ import annotations

from ghoststories_env.agents.search import SearchAgent
from ghoststories_env.agents.search_spec import search_kwargs

HERE = "results/search/aligned-dice/aligned.py"


def _named(name: str, spec: str) -> SearchAgent:
    agent = SearchAgent(**search_kwargs(spec + ":dice=turn"))
    agent.name = f"{HERE}:{name}"
    return agent


def aligned():
    return _named("aligned", "8x4x4:plans:leaf=learned")


def aligned_16x8x8():
    return _named("aligned_16x8x8", "16x8x8:plans:leaf=learned")
