"""The search's candidates beyond the prior's own ranking (``agents/search.py``): the teams that
play team plans offered as *scripts*, and moves *paired* with an action after them
(``follow``), each pair carried through the search as one candidate number."""

from __future__ import annotations

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env.rules import stack

from .base import Batch
from .heuristic import HeuristicAgent
from .heuristic import plans as plan_names

WANTED = -1e8                     # prior scores at or below this are actions it never wants


def script_teams(plans, scripts, weights=None) -> list[HeuristicAgent]:
    """The heuristic teams that play the ``scripts`` (plan names) on top of the prior's ``plans``
    (None: the prior is a network, which takes no script)."""
    if not scripts:
        return []
    if plans is None:
        raise ValueError("scripts are team plans of a heuristic prior; a search on a network "
                         "has no heuristic prior")
    chosen = plan_names.checked(scripts)
    doubled = sorted(set(chosen) & set(plans))
    if doubled:
        raise ValueError(f"plan(s) {doubled} are already played by the prior; a script must be "
                         f"a plan it does not play")
    return [HeuristicAgent((*plans, s), weights) for s in chosen]


def follow_ups(batch: Batch, prior, cands: np.ndarray, follow: int) -> np.ndarray:
    """(B, C * (follow - 1)) pairs of the (B, C) ``cands`` that are moves at the Yang phase's
    first stage, each with the ``prior``'s 2nd, 3rd, ... best action after it (-1 elsewhere,
    where the prior wants no such action, and where the move leads to no choice of action);
    column ``j * (follow - 1) + f`` pairs candidate ``j`` with the prior's ``f + 2``-th
    action."""
    S, extra = batch.state, follow - 1
    out = np.full((S.batch_size, cands.shape[1] * extra), -1, np.int64)
    moving = (S.top == stack.YANG) & (S.top_a == 0) & ~S.terminated
    game, slot = np.nonzero(moving[:, None] & np.isin(cands, A.RANGES["MOVE"]))
    if not game.size:
        return out
    moved = batch.engine.step(S.take(game), cands[game, slot], check=False)
    scores = prior.scores(Batch(batch.engine, moved))
    order = np.argsort(-scores, axis=1, kind="stable")[:, 1:follow]
    # only where the move leads to the mover's own action (the engine plays a forced pass on,
    # into draws the futures make differently)
    acting = (moved.top == stack.YANG) & (moved.top_a == 1) & (moved.top_who == S.top_who[game])
    wanted = (np.take_along_axis(scores, order, 1) > WANTED) & acting[:, None]
    column = slot[:, None] * extra + np.arange(extra)
    out[game[:, None], column] = np.where(wanted, pair(cands[game, slot][:, None], order), -1)
    return out


def pair(first, then) -> np.ndarray:
    """One candidate number for two actions played in turn (``then`` -1: the first only, whose
    number is then the action itself)."""
    return first + A.NUM_ACTIONS * (np.asarray(then) + 1)


def unpair(cands) -> tuple[np.ndarray, np.ndarray]:
    """(first, then) actions of candidate numbers (``pair``); -1 pads give -1 and -1."""
    cands = np.asarray(cands)
    pad = cands < 0
    return (np.where(pad, -1, cands % A.NUM_ACTIONS),
            np.where(pad, -1, cands // A.NUM_ACTIONS - 1))
