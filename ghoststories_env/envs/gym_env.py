"""One game as a Gymnasium environment: the team controller acts for whichever Taoist must decide.

    env = gymnasium.make("GhostStories-v0", num_players=4, difficulty="normal")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample())

The engine with a batch of one. Observations: ``observation.py`` (egocentric for the deciding
seat). Actions: the engine's action ids (``actions.py``); the legal ones are in
``info["action_mask"]`` and ``env.action_masks()`` (what sb3-contrib's ``MaskablePPO`` calls), and
``env.action_space.sample()`` draws a legal one. Rewards: ``rewards.py``. ``terminated``: the game
was won or lost; ``truncated``: it reached ``max_decisions`` decisions.

Bad input never reaches the game. Outside the action space it raises at once: an action that is
not an integer (``TypeError``) or out of range (``ValueError``), and a step after the episode
ended (``RuntimeError``: call ``reset()``). An action id that is in the space but illegal now
*forfeits* by default: the move is not applied, the episode ends (``terminated``) with the reward
of a loss, ``info["illegal_action"]`` names the action and the legal ones, ``info`` carries
``won``, ``score`` and ``loss_reason`` as at any end, and an ``IllegalActionWarning`` is issued. (Gymnasium's contract is that every action of the space is a
valid input, which its ``check_env`` tests with unmasked samples.) ``illegal_action="raise"``
makes it a ``ValueError`` instead.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from ..config import GameConfig
from ..state import State
from .batch import (DEFAULT_FRAME, DEFAULT_ILLEGAL_ACTION, DEFAULT_MAX_DECISIONS, DEFAULT_REWARD,
                    check_action, illegal_message, make_batch)
from .rendering import RENDER_MODES, check_render_mode, render_game, shows_in_human_mode
from .spaces import LegalDiscrete, observation_space


class GhostStoriesEnv(gym.Env):
    """Ghost Stories for one team controller. ``render_mode``: "ansi", "rgb_array" or "human" (the
    text picture printed after every reset and step; ``rendering.py``); the other keywords
    (``num_players``, ``difficulty``, ``config``, ``reward``, ``reward_options``,
    ``max_decisions``, ``frame``, ``illegal_action``, with the same defaults) are those of
    ``batch.make_batch``, and ``**switches`` takes only ``GameConfig`` fields (the rule switches,
    ``start_qi``...): any other keyword is a ``ValueError`` naming the allowed ones.
    ``get_state()`` / ``set_state()`` save and restore the environment."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2}

    def __init__(self, render_mode: str | None = None, *, num_players: int | None = None,
                 difficulty: str | None = None, config: GameConfig | None = None,
                 reward: str = DEFAULT_REWARD, reward_options: dict | None = None,
                 max_decisions: int = DEFAULT_MAX_DECISIONS, frame: str = DEFAULT_FRAME,
                 illegal_action: str = DEFAULT_ILLEGAL_ACTION, **switches: Any) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.batch = make_batch(num_players=num_players, difficulty=difficulty, config=config,
                                reward=reward, reward_options=reward_options,
                                max_decisions=max_decisions, frame=frame,
                                illegal_action=illegal_action, **switches)
        self.observation_space = observation_space()
        self.action_space = LegalDiscrete(self._legal)
        self._over = True
        self._forfeited = False

    # -- the Gymnasium API ----------------------------------------------------------------------------
    @shows_in_human_mode
    def reset(self, *, seed: int | None = None,
              options: dict | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """A new game. ``reset(seed=s)`` makes the sequence of games reproducible: this game is
        the engine's game ``s``, later ``reset()`` calls draw their seeds from ``s``.
        ``options={"scenario": d}`` starts from a scenario dict instead (``scenario/``); it must
        be a running game (``ValueError`` for a finished one). Returns ``(obs, info)``: the
        (SIZE,) float32 observation and ``info`` with ``action_mask``, ``seat`` and
        ``decision``."""
        super().reset(seed=seed)
        unknown = set(options or {}) - {"scenario"}
        if unknown:
            raise ValueError(f"unknown reset option(s) {sorted(unknown)}; allowed: ['scenario']")
        if options and options.get("scenario") is not None:
            self.batch.load([options["scenario"]])
            if self.batch.state.terminated[0]:
                # an episode from a finished game would never end: reward 0 and no legal action
                self.batch.state, self._over = None, True
                raise ValueError("reset(options={'scenario': d}): d is a finished game (status "
                                 "terminated); an episode must start from a running game")
        else:
            self.batch.start(1, seed)
        self._over, self._forfeited = False, False
        return self.batch.observe()[0], self._info()

    @shows_in_human_mode
    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        """Gymnasium's step for the Taoist who must decide. ``info`` holds ``action_mask``
        ((NUM_ACTIONS,) bool), ``seat`` and ``decision`` (the next decision's name), and once the
        game ends ``won``, ``score`` and ``loss_reason``; an illegal action forfeits (module
        docstring) and ``info["illegal_action"]`` says which it was."""
        if self._over:
            raise RuntimeError("the episode is over (or reset() was never called): call reset() "
                               "before step()")
        a = check_action(action)
        before = self.batch.state
        reward, terminated, truncated, illegal = self.batch.step(np.array([a]))
        self._over = bool(terminated[0] or truncated[0])
        self._forfeited = bool(illegal[0])
        info = self._info()
        if illegal[0]:
            info["illegal_action"] = illegal_message(before, 0, a)
        return self.batch.observe()[0], float(reward[0]), bool(terminated[0]), bool(truncated[0]), info

    def action_masks(self) -> np.ndarray:
        """(NUM_ACTIONS,) bool: the legal actions now (all False once the episode is over)."""
        if self.batch.state is None:
            raise RuntimeError("call reset() before action_masks()")
        return self.batch.mask[0] & (not self._over)

    def render(self) -> str | np.ndarray | None:
        """The game's picture in ``render_mode``: text ("ansi"), an (H, W, 3) uint8 array
        ("rgb_array"), or None once printed ("human"); None with a warning without a mode."""
        if self.render_mode is None:
            gym.logger.warn(f"render() called without a render_mode; pass render_mode= one of "
                            f"{RENDER_MODES} to the environment")
            return None
        if self.batch.state is None:
            raise RuntimeError("call reset() before render()")
        return render_game(self.batch.state, 0, self.render_mode)

    # -- helpers --------------------------------------------------------------------------------------
    def _legal(self) -> np.ndarray | None:
        return None if self.batch.state is None else self.action_masks()

    def _info(self) -> dict:
        S, engine = self.batch.state, self.batch.engine
        info = {"action_mask": self.action_masks(), "seat": int(engine.current_player(S)[0]),
                "decision": engine.decision_name(S, 0)}
        info.update(self.batch.end_info(self._forfeited))
        return info

    # -- save and restore -----------------------------------------------------------------------------
    def get_state(self) -> dict:
        """A snapshot of the environment, a JSON-safe dict: ``"game"``, the game as a scenario dict
        (everything its future depends on, random stream included), and ``"seeds"``, where the
        sequence of later games' seeds stands. Through Gymnasium's wrappers:
        ``env.unwrapped.get_state()``."""
        return self.batch.snapshot()

    @shows_in_human_mode
    def set_state(self, snapshot: dict) -> tuple[np.ndarray, dict[str, Any]]:
        """Back to a ``get_state()`` snapshot; returns ``(obs, info)`` there, as ``reset`` does.
        The episode goes on from there, with the same random events and the same later games as
        after the snapshot was taken (a snapshot of a
        game that was over leaves the episode over; a forfeit is not part of the game, so a
        snapshot taken after one resumes the game as it was before the illegal action). To start
        an episode from a scenario dict instead, ``reset(options={"scenario": d})``
        (``snapshot["game"]`` is one)."""
        self.batch.restore(snapshot)
        self._over = bool(self.batch.over()[0])
        return self.batch.observe()[0], self._info()

    def __setstate__(self, state: dict) -> None:
        # the action space forgets the environment when pickled (spaces.LegalDiscrete, so that a
        # saved model does not carry one); the unpickled environment ties it back to itself
        self.__dict__.update(state)
        self.action_space.bind(self._legal)

    @property
    def state(self) -> State | None:
        """The engine state of the game (a batch of one; read it, do not modify it)."""
        return self.batch.state
