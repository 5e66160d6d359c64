"""No legal action that does nothing: at random points of random and heuristic games, every legal
action is taken on a copy and the game run on to the end of that turn; the table must change,
except for the few actions the rules themselves make empty (``RULES_ALLOW``). An action that only
opens another choice is judged by that choice; one that rolled dice is a gamble, even when the
roll came to nothing.

The figures (legal actions seen, those that change nothing, by kind) are printed by

    python tests/test_no_op_actions.py [games]
"""

from __future__ import annotations

import collections
import contextlib
import sys

import numpy as np
import pytest

from ghoststories_env import PRESETS, Engine
from ghoststories_env import actions as A
from ghoststories_env.actions import NUM_ACTIONS
from ghoststories_env.rules import IS_AUTO, stack
from ghoststories_env.state import CACHES, FIELDS, State

# What a turn's bookkeeping records without anything happening on the table: who has acted, the
# effect stack, the decision counter and legal-action cache, the random stream's position.
BOOKKEEPING = {"decisions", "stack_code", "stack_who", "stack_a", "stack_b", "sp",
               "helps_done", "exos_done", "turn_flags", "rng_ctr", *CACHES}
TABLE = [name for name in FIELDS if name not in BOOKKEEPING]

# (decision, action kind) that may change nothing, with the rule that requires it
RULES_ALLOW = {
    ("YANG", "MOVE"): "rules §4, Yang step 1: the Taoist may stay on his tile",
    ("YANG", "PASS"): "rules §4, Yang steps 2-3: the action and the Buddha are optional; "
                      "passing ends the turn",
    ("MOVE_TAOIST", "CHOOSE_TILE"): "rules §7, Pavilion: the players may leave the Taoist where "
                                    "he stands (it is the only way to decline that part of the help)",
    ("EXO_CHOOSE", "OUTCOME"): "rules §5: spending Tao tokens is the Taoist's choice; declining "
                               "fails the attempt, which changes nothing once no die was rolled",
    ("CURSE_REROLL", "REROLL"): "rules §2, 9: keeping the Curse die applies its face, which may "
                                "find nothing to take (no Tao token to lose)",
}
PRESETS_SEEN = ("initiation-4p", "normal-2p", "nightmare-1p", "hell-3p")


@contextlib.contextmanager
def turn_end_as_a_stop():
    """The effect loop stops at the end of the turn (TURN_END waits as if it were a choice), so
    what an action did is not hidden by the next board's Yin phase."""
    saved = stack.EFFECTS[stack.TURN_END]
    stop = lambda S, idx: np.ones((idx.size, NUM_ACTIONS), bool)       # noqa: E731
    stack.EFFECTS[stack.TURN_END] = stack.Effect("TURN_END", mask=stop, apply=None)
    is_auto = IS_AUTO.copy()
    is_auto[stack.TURN_END] = False
    try:
        yield is_auto
    finally:
        stack.EFFECTS[stack.TURN_END] = saved


def kind(action: int) -> str:
    return next(name for name, r in A.RANGES.items() if action in r)


def no_op_actions(engine: Engine, s: State, rows) -> tuple[int, list[tuple[str, str]]]:
    """(legal actions tried, [(decision, action kind) of each that changed nothing])."""
    tried, found = 0, []
    for i in rows:
        legal = np.flatnonzero(s.mask[i])
        before = s.take(np.full(legal.size, i))
        after = before.copy()
        with turn_end_as_a_stop() as is_auto:
            stack.apply_decisions(after, np.arange(legal.size), legal)
            stack.advance(after, np.arange(legal.size), is_auto)
        # an action that opens another choice (a help's colour, the Twin Winds' tile) is judged
        # by that choice; only actions back at the Taoist's Yang decision or the turn's end count
        same = np.isin(after.top, (stack.YANG, stack.TURN_END)) | after.terminated
        # a roll that came to nothing (a failed exorcism) was a gamble, not an empty action
        same &= after.rng_ctr == before.rng_ctr
        for f in TABLE:
            a, b = getattr(before, f), getattr(after, f)
            same &= (a == b).reshape(legal.size, -1).all(1)
        tried += legal.size
        found += [(engine.decision_name(s, i), kind(a)) for a in legal[same]]
    return tried, found


def measure(preset: str, agent_name: str, games: int, every: int = 3, seed: int = 0):
    from ghoststories_env import agents
    from ghoststories_env.agents import Batch
    engine, agent = Engine(PRESETS[preset]), agents.make(agent_name)
    s = engine.reset(np.arange(games) + seed)
    tried, found, n = 0, collections.Counter(), 0
    while not s.terminated.all():
        if n % every == 0:
            t, f = no_op_actions(engine, s, np.flatnonzero(~s.terminated))
            tried += t
            found.update(f)
        s = engine.step(s, agent.act(Batch(engine, s)))
        n += 1
    return tried, found


@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_every_legal_action_changes_the_table_or_the_rules_allow_it(agent):
    for preset in PRESETS_SEEN:
        tried, found = measure(preset, agent, games=8, every=4)
        assert tried > 100
        unexplained = {k: n for k, n in found.items() if k not in RULES_ALLOW}
        assert not unexplained, f"{preset}: legal actions that change nothing: {unexplained}"


def test_the_measure_sees_an_action_that_does_nothing():
    # a help at the Temple with no Buddha left, forced into the mask: the measure must flag it
    engine = Engine()
    s = engine.from_dicts([{"at": "yang", "temple_buddhas": 0,
                            "boards": {"red": {"taoist": {"buddhas": 2}}}}])
    s = engine.step(s, np.array([A.RANGES["MOVE"].start + 1]))      # to the Temple
    s.mask[0, A.RANGES["HELP"].start] = True
    _, found = no_op_actions(engine, s, [0])
    assert ("YANG", "HELP") in found


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for agent in ("random", "heuristic"):
        for preset in PRESETS_SEEN:
            tried, found = measure(preset, agent, games)
            print(f"{agent:9s} {preset:14s} legal actions tried {tried:6d}, changing nothing "
                  f"{sum(found.values()):5d}: {dict(found.most_common())}")
