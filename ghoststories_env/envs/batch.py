"""The engine batch under every environment: one ``State`` of B games, its seeds, its rewards.

Every adapter (Gymnasium single and vector, SB3, PettingZoo) is a thin translation of this class:
the engine steps, the observation encoder observes, the reward function scores, and the adapters
only reshape the results and decide when to start new games. A single environment is a batch of one.
"""

from __future__ import annotations

import dataclasses
import numbers
import sys
import warnings
from difflib import get_close_matches
from pathlib import Path
from typing import Any, Callable

import numpy as np

from ..actions import NUM_ACTIONS, action_meaning
from ..config import GameConfig
from ..engine import Engine
from ..state import LOSS_REASONS, State
from . import observation
from .rewards import make_reward

DEFAULT_MAX_DECISIONS = 1000   # a game under random play takes ~50 decisions, 95 at most seen
DEFAULT_REWARD = "win_loss"    # rewards.REWARDS
DEFAULT_FRAME = "egocentric"   # observation.FRAMES
DEFAULT_ILLEGAL_ACTION = "forfeit"   # ILLEGAL_ACTIONS
SEED_BOUND = 2 ** 62


def game_config(num_players: int | None = None, difficulty: str | None = None,
                config: GameConfig | None = None, **switches: Any) -> GameConfig:
    """The configuration of an environment: ``config`` (default: ``GameConfig()``, 4 Taoists at
    Normal) with ``num_players``, ``difficulty`` and any other ``GameConfig`` field given as a
    keyword replacing its value."""
    if config is not None and not isinstance(config, GameConfig):
        raise TypeError(f"config must be a GameConfig, got {type(config).__name__}")
    given = {"num_players": num_players, "difficulty": difficulty}
    changes = {k: v for k, v in given.items() if v is not None} | switches
    return (config or GameConfig()).replace(**changes)


class SeedStream:
    """Seeds of the games to come. ``restart(seed)`` makes the sequence reproducible: the first
    ``n`` games get ``seed, seed + 1, ...`` (a list of seeds: those), later games seeds drawn from
    a generator seeded with it; ``restart(None)`` carries on with the current sequence (at first,
    one seeded from fresh entropy)."""

    def __init__(self) -> None:
        self.rng = np.random.default_rng()

    def restart(self, seed: int | list[int] | np.ndarray | None, n: int) -> np.ndarray:
        """(n,) int64 seeds of the next ``n`` games, the sequence restarted from ``seed`` (an int,
        ``n`` ints, or None to carry on)."""
        if seed is None:                    # carry on with the current sequence
            return self.next(n)
        seeds = np.asarray(seed)
        if seeds.ndim == 0:
            seeds = int(seed) + np.arange(n)
        if seeds.shape != (n,) or not np.issubdtype(seeds.dtype, np.integer):
            raise ValueError(f"seed must be an int, None or {n} ints, got {seed!r}")
        self.rng = np.random.default_rng([int(s) % SEED_BOUND for s in seeds])
        return seeds.astype(np.int64)

    def next(self, n: int) -> np.ndarray:
        """(n,) int64 seeds of the next ``n`` games of the sequence, in [0, ``SEED_BOUND``)."""
        return self.rng.integers(0, SEED_BOUND, size=n, dtype=np.int64)

    def get_state(self) -> dict:
        """Where the sequence stands, JSON-safe (the generator's state: ints and names)."""
        return self.rng.bit_generator.state

    def set_state(self, state: dict) -> None:
        """Back to a ``get_state()`` state; a bad one raises ``ValueError`` and changes nothing."""
        rng = np.random.default_rng()
        try:
            rng.bit_generator.state = state
        except (TypeError, ValueError, KeyError) as e:
            raise ValueError(f"seeds: {state!r} is not the state of a seed stream (what "
                             f"get_state()['seeds'] gives): {e}") from None
        self.rng = rng


def check_action(action: Any, num_actions: int = NUM_ACTIONS) -> int:
    """One action id as an int, from an int (Python or numpy) or a 0-d / 1-element integer
    array; ``TypeError`` for anything else, ``ValueError`` outside ``0..num_actions - 1``."""
    a = action
    if isinstance(a, np.ndarray):
        if a.size != 1:
            raise ValueError(f"an action is one integer, got an array of shape {a.shape}")
        a = a.reshape(())[()]
    if isinstance(a, (bool, np.bool_)) or not isinstance(a, numbers.Integral):
        raise TypeError(f"an action is an integer action id, got {action!r} "
                        f"({type(action).__name__})")
    if not 0 <= int(a) < num_actions:
        raise ValueError(f"action {int(a)} is out of range; ids are 0..{num_actions - 1}")
    return int(a)


def check_actions(actions: Any, n: int, num_actions: int = NUM_ACTIONS,
                  ignore: np.ndarray | None = None) -> np.ndarray:
    """(n,) int64 action ids for a batch; rows in ``ignore`` (bool mask) may hold anything."""
    a = np.asarray(actions)
    if a.shape != (n,):
        raise ValueError(f"actions must have shape ({n},), one per game, got {a.shape}")
    if a.dtype == bool or not np.issubdtype(a.dtype, np.integer):
        raise TypeError(f"actions must be integer action ids, got dtype {a.dtype}")
    a = a.astype(np.int64)
    bad = (a < 0) | (a >= num_actions)
    if ignore is not None:
        bad &= ~ignore
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise ValueError(f"game {i}: action {a[i]} is out of range; ids are 0..{num_actions - 1}")
    return a


ILLEGAL_ACTIONS = ("forfeit", "raise")
FORFEIT = "forfeit (illegal action)"     # the loss reason a single-game env reports for one


class IllegalActionWarning(UserWarning):
    """An illegal action ended an episode (``illegal_action="forfeit"``)."""


_ENVS = Path(__file__).parent


def caller_stacklevel() -> int:
    """``warnings.warn``'s stacklevel, from the function that warns, of the first caller outside
    ``ghoststories_env/envs``: the user's line (or a wrapper's), however many adapter layers lie
    between (a Gymnasium or PettingZoo env, the vector envs' step, the human-mode render hook)."""
    frame, level = sys._getframe(1), 1
    while frame is not None and Path(frame.f_code.co_filename).parent == _ENVS:
        frame, level = frame.f_back, level + 1
    return level


def illegal_message(state: State, i: int, action: int) -> str:
    """What an environment reports of an illegal ``action`` in game ``i``: the action and its
    meaning, the decision, and the legal actions (the first 12)."""
    legal = np.flatnonzero(state.mask[i])
    shown = ", ".join(f"{a} ({action_meaning(a)})" for a in legal[:12])
    more = f" and {legal.size - 12} more" if legal.size > 12 else ""
    return (f"action {action} ({action_meaning(action)}) is not legal at decision "
            f"{Engine.decision_name(state, i)}; legal: {shown}{more}")


class GameBatch:
    """B games of one configuration, stepped together.

    ``reward`` names a reward of ``rewards.py`` (options in ``reward_options``); a game that has
    taken ``max_decisions`` decisions without ending is *truncated*; ``frame`` is the observation
    frame (``observation.FRAMES``). ``illegal_action``: what an action that is in the action space
    but not legal now does. ``"forfeit"`` (default): the game is not advanced, its episode ends
    (``terminated``) with the reward of a loss at that point, the step's info names the action and
    the legal ones, and an ``IllegalActionWarning`` is issued. This keeps the Gymnasium and
    PettingZoo contract that every action of the action space is a valid input (what their
    checkers assume) without ever applying an illegal move. ``"raise"``: a ``ValueError`` naming the
    action and the legal ones, the batch untouched.
    """

    def __init__(self, config: GameConfig, reward: str = DEFAULT_REWARD,
                 reward_options: dict | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS,
                 frame: str = DEFAULT_FRAME, illegal_action: str = DEFAULT_ILLEGAL_ACTION) -> None:
        if frame not in observation.FRAMES:
            raise ValueError(f"frame={frame!r} is not allowed; choose one of {observation.FRAMES}")
        if not isinstance(max_decisions, numbers.Integral) or max_decisions < 1:
            raise ValueError(f"max_decisions must be a positive int, got {max_decisions!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action={illegal_action!r} is not allowed; choose one of "
                             f"{ILLEGAL_ACTIONS}")
        if reward_options is not None and not isinstance(reward_options, dict):
            raise TypeError(f"reward_options must be a dict of the reward's options, got "
                            f"{type(reward_options).__name__}")
        self.engine = Engine(config)
        self.config = config
        self.reward_name = reward
        self.reward_fn = make_reward(reward, **(reward_options or {}))
        self.max_decisions = int(max_decisions)
        self.frame = frame
        self.illegal_action = illegal_action
        self.seeds = SeedStream()
        self.state: State | None = None

    # -- games --------------------------------------------------------------------------------------
    def start(self, n: int, seed: int | list[int] | np.ndarray | None = None) -> None:
        """Start n new games (see ``SeedStream.restart`` for ``seed``)."""
        self.state = self.engine.reset(self.seeds.restart(seed, n))

    def load(self, scenarios: list[dict]) -> None:
        """Games built from scenario dicts (``scenario.py``), e.g. a dump of ``engine.to_dict``."""
        self.state = self.engine.from_dicts(scenarios)

    def restart(self, rows: np.ndarray) -> State:
        """New games in the given rows, with the next seeds; returns them as a batch."""
        fresh = self.engine.reset(self.seeds.next(rows.size))
        self.state.put(rows, fresh)
        return fresh

    def step(self, actions: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Apply one in-range action per game (finished games ignore theirs). Returns the team
        reward, (B,) float32, then three (B,) bool arrays: ``terminated`` (the game ended at this
        step, or forfeited), ``truncated`` (it reached max_decisions) and ``illegal`` (the games
        forfeited by an illegal action, see the class docstring)."""
        before = self.state
        running = ~before.terminated
        in_range = np.clip(actions, 0, NUM_ACTIONS - 1)     # finished games may send anything
        illegal = running & ((in_range != actions) | ~before.mask[np.arange(actions.size), in_range])
        if illegal.any() and self.illegal_action == "forfeit":
            actions = np.where(illegal, before.mask.argmax(1), actions)   # stepped, then undone
        # checked here already; with illegal_action="raise" the engine's check raises its error
        after = self.engine.step(before, actions, check=bool(illegal.any()))
        reward = self.reward_fn(before, after)
        terminated = after.terminated & ~before.terminated
        if illegal.any():
            reward, terminated = self._forfeit(before, after, illegal, reward, terminated)
        truncated = ~after.terminated & ~illegal & (after.decisions >= self.max_decisions)
        self.state = after
        return reward, terminated, truncated, illegal

    def _forfeit(self, before, after, illegal, reward, terminated):
        rows = np.flatnonzero(illegal)
        kept = before.take(rows)
        after.put(rows, kept)                            # the illegal move is never applied
        lost = kept.copy()
        lost.terminated[:], lost.won[:] = True, False    # scored as a loss at that point
        reward[rows] = self.reward_fn(kept, lost)
        terminated[rows] = True
        warnings.warn(IllegalActionWarning(
            "an illegal action ended an episode (illegal_action='forfeit'); the step's info says "
            "which; pass illegal_action='raise' to stop at the first one"),
            stacklevel=caller_stacklevel())
        return reward, terminated

    def snapshot(self) -> dict:
        """The one game of the batch and the seed stream, JSON-safe: ``game`` is its scenario dict
        (``engine.to_dict``: everything the game's future depends on), ``seeds`` the state of the
        stream that seeds the games after it. ``restore`` puts them back exactly."""
        if self.state is None:
            raise RuntimeError("there is no game yet: call reset() before get_state()")
        return {"game": self.engine.to_dict(self.state, 0), "seeds": self.seeds.get_state()}

    def restore(self, snapshot: dict, check: Callable[[State], None] | None = None) -> None:
        """Back to a ``snapshot``; a bad one raises (``ValueError``, ``ScenarioError``, or what
        ``check(game)`` raises to refuse the restored game) and changes nothing."""
        if not isinstance(snapshot, dict) or set(snapshot) != {"game", "seeds"}:
            shown = sorted(snapshot) if isinstance(snapshot, dict) else type(snapshot).__name__
            raise ValueError(f"a snapshot is the dict get_state() returns, with keys ['game', "
                             f"'seeds'], got {shown}; to start from a scenario dict use "
                             f"reset(options={{'scenario': d}})")
        state = self.engine.from_dicts([snapshot["game"]])
        seeds = SeedStream()
        seeds.set_state(snapshot["seeds"])
        if check is not None:
            check(state)
        self.state, self.seeds = state, seeds

    def over(self) -> np.ndarray:
        """(B,) bool: games that no step will continue, ended (``terminated``) or at
        ``max_decisions`` (what a step reports as ``truncated``)."""
        return self.state.terminated | (self.state.decisions >= self.max_decisions)

    # -- views --------------------------------------------------------------------------------------
    def observe(self, state: State | None = None,
                viewer: np.ndarray | int | None = None) -> np.ndarray:
        """(B, SIZE) float32 observations of ``state`` (default: the batch's games) in the batch's
        frame, from the seats ``viewer`` ((B,) seats or one for all; default: the deciding
        Taoist's; ``observation.py``)."""
        return observation.encode(self.state if state is None else state, viewer, self.frame)

    @property
    def mask(self) -> np.ndarray:
        """(B, A) bool legal actions (the engine's cache: do not modify)."""
        return self.state.mask

    def current_player(self) -> np.ndarray:
        """(B,) int64 seat of the Taoist who must decide in each game, -1 for a finished one."""
        return self.engine.current_player(self.state)

    def end_info(self, forfeited: bool, i: int = 0) -> dict:
        """``won``, ``score`` and ``loss_reason`` (a name) of game ``i`` if it ended, else {}. A
        forfeit left the position as it was, still running: it is scored as lost there."""
        S = self.state
        if not (S.terminated[i] or forfeited):
            return {}
        reason = FORFEIT if forfeited else LOSS_REASONS[S.loss_reason[i]]
        return {"won": bool(S.won[i]), "score": int(self.engine.score(S.take([i]))[0]),
                "loss_reason": reason}

    def outcome(self, rows: np.ndarray) -> dict[str, np.ndarray]:
        """What is known of finished games ``rows``: won, official score, loss reason (a code of
        ``state.LOSS_REASONS``, 0 for a game won or forfeited)."""
        sub = self.state.take(rows)
        return {"won": sub.won.copy(), "score": self.engine.score(sub),
                "loss_reason": sub.loss_reason.astype(np.int64)}


BATCH_KEYWORDS = ("num_players", "difficulty", "config", "reward", "reward_options",
                  "max_decisions", "frame", "illegal_action")   # make_batch's, before **switches


def check_switches(switches: dict[str, Any]) -> None:
    """Refuse a keyword that is neither an environment keyword nor a ``GameConfig`` field (a
    misspelt one lands in ``**switches``): ``ValueError`` naming the closest allowed keyword and
    where the others are listed."""
    fields = [f.name for f in dataclasses.fields(GameConfig) if f.name not in BATCH_KEYWORDS]
    unknown = sorted(map(str, set(switches) - set(fields)))
    if unknown:
        near = get_close_matches(unknown[0], [*BATCH_KEYWORDS, *fields], n=1)
        hint = f"did you mean {near[0]!r}? " if near else ""
        raise ValueError(f"unknown keyword(s) {unknown}; {hint}an environment takes "
                         f"{', '.join(BATCH_KEYWORDS)} and, as rule switches, the other GameConfig "
                         f"fields (GameConfig.to_dict() lists them)")


def make_batch(num_players: int | None = None, difficulty: str | None = None,
               config: GameConfig | None = None, reward: str = DEFAULT_REWARD,
               reward_options: dict | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS,
               frame: str = DEFAULT_FRAME, illegal_action: str = DEFAULT_ILLEGAL_ACTION,
               **switches: Any) -> GameBatch:
    """The options every environment takes, as keywords:

    * ``num_players`` (1-4, default 4), ``difficulty`` ("initiation", "normal", "nightmare",
      "hell"; default "normal"), ``config`` (a ``GameConfig``), and as ``switches`` any other
      ``GameConfig`` field (the rule switches, ``start_qi``...), replacing its value;
    * ``reward`` ("win_loss", "score", "shaped") and ``reward_options`` (``rewards.py``);
    * ``max_decisions`` (default 1000): a game still running after that many decisions is
      truncated;
    * ``frame`` ("egocentric" or "absolute", ``observation.py``);
    * ``illegal_action`` ("forfeit" or "raise", ``GameBatch``).

    Any other keyword raises ``ValueError`` (``check_switches``).
    """
    check_switches(switches)
    return GameBatch(game_config(num_players, difficulty, config, **switches), reward,
                     reward_options, max_decisions, frame, illegal_action)
