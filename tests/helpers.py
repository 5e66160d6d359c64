"""Small helpers for rule tests on hand-built scenarios (see ghoststories_env/scenario.py)."""

from __future__ import annotations

import numpy as np

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.agents import Batch
from ghoststories_env.rules import stack


def build(d: dict | None = None, **config):
    """(engine, state) for one game built from scenario dict ``d`` and GameConfig fields."""
    engine = Engine(GameConfig(**config))
    return engine, engine.from_dicts([d or {}])


def legal(engine, state, i: int = 0) -> list[int]:
    return np.flatnonzero(engine.legal_action_mask(state)[i]).tolist()


def legal_in(engine, state, range_name: str, i: int = 0) -> list[int]:
    """Offsets within a named action range that are legal, e.g. legal_in(e, s, "MOVE")."""
    r = A.RANGES[range_name]
    return [a - r.start for a in legal(engine, state, i) if a in r]


def act(engine, state, range_name: str, offset: int = 0):
    """Step a one-game batch with the action ``range_name + offset`` (asserts it is legal)."""
    a = A.RANGES[range_name].start + offset
    assert a in legal(engine, state), (
        f"{A.action_meaning(a)} not legal at {engine.decision_name(state, 0)}; legal: "
        f"{[A.action_meaning(x) for x in legal(engine, state)]}")
    return engine.step(state, np.array([a]))


def decision(engine, state, i: int = 0) -> str:
    return engine.decision_name(state, i)


def dump(engine, state, i: int = 0) -> dict:
    return engine.to_dict(state, i)


def midgame(engine, seeds, steps: int = 40, kind: str = "YANG"):
    """Games played ``steps`` decisions by the heuristic, then each on to its next ``kind``
    decision (or its end)."""
    h = agents.make("heuristic")
    S = engine.reset(seeds)
    for _ in range(steps):
        S = engine.step(S, h.act(Batch(engine, S)))
    for _ in range(300):
        waiting = (S.top == stack.CODES[kind]) | S.terminated
        if waiting.all():
            return S
        nxt = engine.step(S, h.act(Batch(engine, S)))
        S.put(np.flatnonzero(~waiting), nxt.take(np.flatnonzero(~waiting)))
    raise AssertionError(f"no {kind} decision reached")


def hide_differently(S, seed):
    """The same public games with another unseen deck (rules §3, 12, 13): the undrawn ghosts and
    the ghosts left out are dealt again at random into the same slots, likewise the incarnations,
    and the random stream and forced die faces differ. ``seed``: an int or a numpy Generator."""
    gen = np.random.default_rng(seed)
    T = S.copy()
    for i in range(T.batch_size):
        slots = np.arange(T.deck_pos[i], T.deck_len[i])
        for inc in (False, True):
            mine = slots[C.IS_INCARNATION[T.deck[i, slots]] == inc]
            out = np.flatnonzero(T.removed[i] & (C.IS_INCARNATION == inc))
            pool = gen.permutation(np.concatenate([T.deck[i, mine], out]))
            T.deck[i, mine] = pool[:mine.size]
            T.removed[i, out] = False
            T.removed[i, pool[mine.size:]] = True
    T.rng_key[:] = gen.integers(0, 2 ** 63, T.batch_size, dtype=np.uint64)
    T.rng_ctr[:] = gen.integers(0, 1000, T.batch_size, dtype=np.uint64)
    T.forced_tao[:, :3] = gen.integers(0, 6, (T.batch_size, 3))
    T.forced_curse[:, :2] = gen.integers(0, 6, (T.batch_size, 2))
    return T


def assert_redraws_only_the_unseen(S, F) -> None:
    """``F`` is ``S`` with sampled futures: what was drawn and where the undrawn incarnations lie
    are untouched (rules §3, 12), the unseen cards (undrawn or left out) are the same set, no
    card is lost or doubled, and some undrawn deck changed."""
    changed = False
    for r in range(S.batch_size):
        lo, hi = int(S.deck_pos[r]), int(S.deck_len[r])
        assert np.array_equal(F.deck[r, :lo], S.deck[r, :lo])            # drawn: untouched
        assert np.array_equal(F.deck[r, hi:], S.deck[r, hi:])
        was_inc = C.IS_INCARNATION[S.deck[r, lo:hi]]
        assert np.array_equal(C.IS_INCARNATION[F.deck[r, lo:hi]], was_inc)
        before = np.sort(np.r_[S.deck[r, lo:hi], np.flatnonzero(S.removed[r])])
        after = np.sort(np.r_[F.deck[r, lo:hi], np.flatnonzero(F.removed[r])])
        assert np.array_equal(before, after)                               # same unseen cards
        assert np.unique(F.deck[r, :hi]).size == hi
        changed |= not np.array_equal(F.deck[r, lo:hi], S.deck[r, lo:hi])
    assert changed


def short_supply(d: dict, holder: str = "blue", **config) -> dict:
    """Scenario ``d`` whose ``supply`` holds fewer Qi or Tao tokens than no one holds: the missing
    ones are given to ``holder``'s board (a living Taoist for Tao tokens). rules §1: the 20 Qi
    and 4 tokens per colour are always somewhere, so a short supply means someone holds more."""
    d = dict(d)
    wanted = d.pop("supply")
    engine = Engine(GameConfig(**config))
    out = engine.to_dict(engine.from_dicts([d], advance=False))
    supply, board = out["supply"], out["boards"][holder]
    if "qi" in wanted:
        board["qi"] += supply["qi"] - wanted["qi"]
        supply["qi"] = wanted["qi"]
    for colour, n in wanted.get("tao", {}).items():
        held = board["taoist"]["tao"]
        held[colour] = held.get(colour, 0) + supply["tao"][colour] - n
        supply["tao"][colour] = n
    return out
