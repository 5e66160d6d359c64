"""The public engine: a batch of games advanced by one call.

    engine = Engine(GameConfig(num_players=4, difficulty="normal"))
    state = engine.reset(seeds)                 # (B,) ints -> a batch of B games
    mask = engine.legal_action_mask(state)      # (B, engine.num_actions) bool
    state = engine.step(state, actions)         # (B,) ints; the input state is not modified

The engine itself holds no game state; everything lives in the ``State`` arrays, so states can be
copied, sliced and stacked freely (search, parallel rollouts).

``step`` trusts the state it is given: a state made by ``reset``, ``step`` or ``from_dicts`` is
always a reachable position, and checking every state at every step would cost more than the step.
A state assembled or edited by hand should go through ``engine.validate(state)`` first (the
invariants of ``invariants.py``; ``from_dicts`` runs them itself).
"""

from __future__ import annotations

from typing import Any, Iterable

import numpy as np

from . import actions as A
from .config import GameConfig, decode
from .invariants import validate
from .rules import IS_AUTO, new_games, score as _score, stack
from .state import State


class Engine:
    """Rules-exact batched Ghost Stories. One configuration per engine; see ``GameConfig``."""

    num_actions = A.NUM_ACTIONS

    def __init__(self, config: GameConfig | None = None, **overrides: Any) -> None:
        config = config or GameConfig()
        self.config = config.replace(**overrides) if overrides else config

    # -- core -------------------------------------------------------------------------------------
    def reset(self, seeds: Iterable[int] | np.ndarray) -> State:
        """A batch of new games, one per seed, each at its first decision."""
        seeds = np.asarray(seeds)
        if seeds.ndim != 1 or seeds.size == 0 or not np.issubdtype(seeds.dtype, np.integer):
            raise ValueError(f"seeds must be a non-empty 1-D array of ints, got shape {seeds.shape} "
                             f"and dtype {seeds.dtype}")
        S = new_games(self.config, seeds)
        stack.advance(S, np.arange(S.batch_size), IS_AUTO)
        return S

    def step(self, state: State, actions: np.ndarray | Iterable[int], record: bool = False,
             check: bool = True) -> State | tuple[State, list[list[dict]]]:
        """Apply one action per game and run each game to its next decision. Finished games stay
        frozen and ignore their action. Raises ValueError (state untouched) on bad input.
        ``record=True`` returns ``(state, events)``: what happened in each game between the two
        decisions (``events.py``: the action, every effect and forced decision in order, then what
        changed on the table, the turn passing included); off, it costs nothing.
        ``check=False`` skips the checks of ``actions`` (shape, integer dtype, range, legality):
        for callers that take every action from the mask themselves (the agents, the search, the
        environments once they have checked); an illegal action then corrupts its game."""
        actions = self._check_actions(state, actions) if check else np.asarray(actions, np.int64)
        S = state.copy()
        rows = np.flatnonzero(~S.terminated)
        trace: list | None = [] if record else None
        if rows.size:
            stack.apply_decisions(S, rows, actions[rows], trace)
            S.decisions[rows] += 1
            stack.advance(S, rows, IS_AUTO, trace)
        if not record:
            return S
        from .events import from_trace
        return S, from_trace(trace, state, S)

    def legal_action_mask(self, state: State) -> np.ndarray:
        """(B, num_actions) bool; all False for finished games."""
        return state.mask.copy()

    def score(self, state: State) -> np.ndarray:
        """(B,) int64 official score of every game (rules §14); a running game is scored as it
        stands, as if lost now."""
        return _score(state)

    @staticmethod
    def validate(state: State) -> None:
        """Raise ``InvalidStateError`` (a ValueError) naming the first game that is not a position
        the rules can reach and the invariant it breaks (``invariants.py``)."""
        validate(state)

    # -- inspection -------------------------------------------------------------------------------
    @staticmethod
    def action_meaning(action: int) -> str:
        """What action id ``action`` does, in words (``actions.action_meaning``)."""
        return A.action_meaning(action)

    @staticmethod
    def current_player(state: State) -> np.ndarray:
        """(B,) seat of the Taoist who must decide (-1 for finished games)."""
        return np.where(state.terminated, -1, state.top_who)     # the top record is cached

    @staticmethod
    def decision_name(state: State, i: int) -> str:
        """Name of the decision game ``i`` waits for ('YANG', 'PLACE', ...), '' if it ended."""
        code = int(state.top[i])
        return "" if code < 0 or state.terminated[i] else stack.CODE_NAMES[code]

    @staticmethod
    def config_of(state: State, i: int) -> GameConfig:
        """The ``GameConfig`` game ``i`` plays by (each game carries it in ``state.rules``)."""
        return decode(state.rules[i])

    def render_text(self, state: State, i: int = 0) -> str:
        """Game ``i`` as a text picture of the table (``render_text.py``)."""
        from .render_text import render
        return render(state, i)

    # -- scenarios --------------------------------------------------------------------------------
    def to_dict(self, state: State, i: int = 0) -> dict:
        """Game ``i`` as a JSON-safe scenario dict (``scenario/``): everything its future depends
        on, random stream included, so ``from_dicts`` rebuilds it exactly."""
        from .scenario import to_dict
        return to_dict(state, i)

    def from_dicts(self, dicts: Iterable[dict], advance: bool = True) -> State:
        """Games built from scenario dicts (``scenario/__init__.py``), each run on to its first
        decision; ``advance=False`` returns the positions exactly as given (not steppable: their
        legal-action masks are empty until the effect loop runs)."""
        from .scenario import from_dicts
        return from_dicts(list(dicts), self.config, advance)

    # -- input checks -----------------------------------------------------------------------------
    def _check_actions(self, state: State, actions) -> np.ndarray:
        return A.validate_actions(actions, state.mask, ~state.terminated, A.action_meaning,
                                  lambda i: f"at decision {self.decision_name(state, i)}")
