"""The search kept from the one move by which a Taoist kills himself: the help of the Sorcerer's
Hut (or the Yin-Yang spent on it) at 1 Qi, which the rules allow (§7: the acting Taoist loses 1
Qi, and dies at 0). In the strongest search's Initiation 4p losses the first death was such a
move in 11 of 34 games (``../losses/causes.py``). Where the move is legal and something else is
too, the search's team is not offered it: the prior does not rank it, so it is no candidate.

    python -m experiments.benchmark --agents results/search/no-sorcerer-death/careful.py:root ...

Factories: ``root``, inside ``search:8x4x4:plans:leaf=learned``, only at the decisions played
in the game; ``team``, the same and the futures' team kept from it too; ``careful_team``, that
team alone.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.agents.base import Batch
from ghoststories_env.agents.heuristic import HeuristicAgent, plans
from ghoststories_env.agents.search import SearchAgent
from ghoststories_env.agents.search_spec import search_kwargs
from ghoststories_env.rules import stack

HERE = "results/search/no-sorcerer-death/careful.py"


def without_sorcerer_death(state, mask: np.ndarray) -> np.ndarray:
    """``mask`` without the Sorcerer's help for a deciding Taoist at 1 Qi, in the games where
    another action stays legal."""
    rows = np.flatnonzero((state.top == stack.CODES["YANG"]) & ~state.terminated)
    if rows.size == 0:
        return mask
    who, _, _ = stack.args(state, rows)
    one = state.qi[rows, who] == 1
    tiles = state.tile_at[rows].astype(np.int64)
    sorcerer = (tiles == C.SORCERER).argmax(1)
    bad = np.zeros(mask.shape, bool)
    bad[rows, A.HELP] = one & (state.pos[rows, who] == sorcerer)
    bad[rows, A.YINYANG_HELP + sorcerer] = one
    kept = mask & ~bad
    return np.where(kept.any(1)[:, None], kept, mask)


class Careful(HeuristicAgent):
    """``heuristic:plans`` that never takes the Sorcerer's help at 1 Qi when it has a choice."""

    def __init__(self):
        super().__init__(plans.parse("plans"))
        self.name = f"{HERE}:careful_team"
        self.meta = {"path": self.name}

    def scores(self, batch: Batch) -> np.ndarray:
        mask = without_sorcerer_death(batch.state, batch.mask)
        return super().scores(Batch(batch.engine, batch.state, mask))


class CarefulSearch:
    """A search that sees the filtered mask at every decision of the game."""

    def __init__(self, search: SearchAgent, name: str):
        self.search, self.name = search, f"{HERE}:{name}"

    def act(self, batch: Batch) -> np.ndarray:
        mask = without_sorcerer_death(batch.state, batch.mask)
        return self.search.act(Batch(batch.engine, batch.state, mask))


def root():
    return CarefulSearch(SearchAgent(**search_kwargs("8x4x4:plans:leaf=learned")), "root")


def team():
    return CarefulSearch(SearchAgent(**search_kwargs("8x4x4:plans:leaf=learned"),
                                     rollout=Careful()), "team")


def careful_team():
    return Careful()
