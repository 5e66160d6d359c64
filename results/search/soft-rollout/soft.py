"""A search whose futures are played by a *stochastic* heuristic team: at the decision kinds the
search compares (the Yang phase, where a ghost goes), each Taoist of a future samples its action
from softmax(score / T) of the heuristic's scores instead of taking the best one; every other
decision stays the heuristic's best. The hypothesis: a team that always plays its favourite
makes every future of a candidate follow one line, so the search judges a candidate by that line
only; sampled lines judge it over the plays a better team might make (at the price of a weaker
team: T large is a random team).

The noise of a row is drawn from its own state (the game's dice key, which every future re-draws,
and its public position), so a future plays the same in any batch.

    python -m experiments.benchmark --agents results/search/soft-rollout/soft.py:t1 ...

Factories: ``t1``, T = 1 score unit (about an official point; a lost game is 22.9) inside
``search:8x4x4:plans:leaf=learned``; ``big_t1``, the same inside
``search:16x8x8:plans:leaf=learned``; ``team_t1``, the sampling team alone. (One temperature was
played; ``deviate.py`` shows how often others would leave the favourite.)
"""

from __future__ import annotations

import numpy as np

from ghoststories_env.agents.base import Batch
from ghoststories_env.agents.futures import public_key
from ghoststories_env.agents.heuristic import HeuristicAgent
from ghoststories_env.agents.heuristic import plans
from ghoststories_env.agents.search_spec import search_kwargs
from ghoststories_env.agents.search import SearchAgent
from ghoststories_env import rng
from ghoststories_env.rules import stack

KINDS = np.array([stack.CODES["YANG"], stack.CODES["PLACE"]])
_SALT = 0x50F7


class SoftHeuristic(HeuristicAgent):
    """``heuristic:plans`` sampling its YANG and PLACE actions from softmax(score / T). ``meta``
    names it as ``SearchAgent`` names a rollout network."""

    def __init__(self, temperature: float, name: str):
        super().__init__(plans.parse("plans"))
        self.temperature = float(temperature)
        self.name = f"results/search/soft-rollout/soft.py:{name}"
        self.meta = {"path": self.name}

    def act(self, batch: Batch) -> np.ndarray:
        scores = self.scores(batch)
        actions = scores.argmax(1)
        S = batch.state
        rows = np.flatnonzero(np.isin(S.top, KINDS) & ~S.terminated)
        if rows.size:
            part = scores[rows]
            # the row's own dice key and counter (re-drawn in every future) and public position
            key = (public_key(S.take(rows), _SALT) ^ S.rng_key[rows]
                   ^ S.rng_ctr[rows].astype(np.uint64))
            bits = rng.draw(key, np.zeros(rows.size, np.uint64), part.shape[1])
            u = (bits >> np.uint64(11)) / 2.0 ** 53
            gumbel = -np.log(-np.log(np.clip(u, 1e-300, 1 - 1e-16)))
            noisy = np.where(np.isfinite(part), part / self.temperature + gumbel, -np.inf)
            actions[rows] = noisy.argmax(1)
        return actions


def _search(size: str, temperature: float, name: str) -> SearchAgent:
    """The search of ``size`` on ``heuristic:plans`` and the learned leaf, its futures played by
    the sampling team (``SearchAgent``'s ``rollout``); named after its factory."""
    agent = SearchAgent(**search_kwargs(f"{size}:plans:leaf=learned"),
                        rollout=SoftHeuristic(temperature, f"team_{name}"))
    agent.name = f"results/search/soft-rollout/soft.py:{name}"
    return agent


def t1():
    return _search("8x4x4", 1.0, "t1")


def big_t1():
    return _search("16x8x8", 1.0, "big_t1")


def team_t1():
    """The futures' team of ``t1`` alone (``heuristic:plans`` sampling at T = 1)."""
    return SoftHeuristic(1.0, "team_t1")
