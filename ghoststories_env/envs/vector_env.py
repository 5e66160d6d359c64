"""N games as one native Gymnasium vector environment: one engine batch, no sub-environments.

    envs = gymnasium.make_vec("GhostStories-v0", num_envs=1024, vectorization_mode="vector_entry_point")
    obs, info = envs.reset(seed=0)                    # (N, SIZE) float32; info["action_mask"] (N, A)
    obs, reward, terminated, truncated, info = envs.step(actions)   # (N,) int actions

``step`` is a handful of whole-batch array operations (engine step, encoder, reward); games that
end are restarted by reseeding their rows (``engine.reset`` + ``State.put``), never one by one.

Autoreset (``autoreset_mode``, declared in ``metadata["autoreset_mode"]``):

* ``"NextStep"`` (default, Gymnasium's): the step that ends a game returns its last observation
  with ``terminated``/``truncated``; the next ``step`` starts a new game in that row, ignores the
  row's action and returns reward 0 and the new game's first observation. Until then the row's
  action mask allows only action 0, so masked samplers never face an empty mask.
* ``"SameStep"``: the step that ends a game returns the new game's first observation; the last
  one is in ``info["final_obs"]`` (an object array, ``None`` where no game ended, rows flagged by
  ``info["_final_obs"]``), its outcome in ``info["final_info"]``.

``info`` holds ``action_mask`` (N, A) bool, ``seat`` (N,) the deciding seat, and for games that
ended at this step ``won``, ``score``, ``loss_reason`` and ``illegal_action`` (True: forfeited by an
illegal action, see ``batch.GameBatch``), with Gymnasium's ``_won``, ``_score``... row masks.
Actions must be an (N,) integer array in range (else ``TypeError`` / ``ValueError``).
``action_space`` is Gymnasium's batched ``MultiDiscrete``: its ``sample()`` is *unmasked* (ids
that are mostly illegal and forfeit); ``action_space.sample(mask=tuple(info["action_mask"]
.astype(np.int8)))`` draws a legal action per game.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ..actions import NUM_ACTIONS
from ..config import GameConfig
from ..state import State
from .batch import (DEFAULT_FRAME, DEFAULT_ILLEGAL_ACTION, DEFAULT_MAX_DECISIONS, DEFAULT_REWARD,
                    check_actions, make_batch)
from .rendering import RENDER_MODES, check_render_mode, render_games, shows_in_human_mode
from .spaces import observation_space

AUTORESET_MODES = {m.value: m for m in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP)}


def ended_info(outcome: dict[str, np.ndarray], rows: np.ndarray, n: int) -> dict[str, np.ndarray]:
    """Batched outcome of the games ``rows`` that ended, with Gymnasium's ``_key`` masks."""
    info = {}
    flag = np.zeros(n, bool)
    flag[rows] = True
    for key, values in outcome.items():
        full = np.zeros(n, values.dtype)
        full[rows] = values
        info[key], info[f"_{key}"] = full, flag.copy()
    return info


class GhostStoriesVectorEnv(VectorEnv):
    """``num_envs`` games on one engine batch; keyword arguments as ``GhostStoriesEnv`` (those of
    ``batch.make_batch``, ``**switches`` for the ``GameConfig`` fields only), plus
    ``autoreset_mode`` ("NextStep" or "SameStep", or an ``AutoresetMode``)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 2,
                "autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(self, num_envs: int = 1, render_mode: str | None = None,
                 autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP, *,
                 num_players: int | None = None, difficulty: str | None = None,
                 config: GameConfig | None = None, reward: str = DEFAULT_REWARD,
                 reward_options: dict | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS,
                 frame: str = DEFAULT_FRAME, illegal_action: str = DEFAULT_ILLEGAL_ACTION,
                 **switches: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        mode = getattr(autoreset_mode, "value", autoreset_mode)
        if mode not in AUTORESET_MODES:
            raise ValueError(f"autoreset_mode={autoreset_mode!r} is not allowed; choose one of "
                             f"{list(AUTORESET_MODES)}")
        check_render_mode(render_mode)
        self.autoreset_mode = AUTORESET_MODES[mode]
        self.metadata = {**self.metadata, "autoreset_mode": self.autoreset_mode}
        self.batch = make_batch(num_players=num_players, difficulty=difficulty, config=config,
                                reward=reward, reward_options=reward_options,
                                max_decisions=max_decisions, frame=frame,
                                illegal_action=illegal_action, **switches)
        self.num_envs = num_envs
        self.render_mode = render_mode
        self.single_observation_space = observation_space()
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._pending = np.zeros(num_envs, bool)     # rows to restart at the next step (NextStep)

    @shows_in_human_mode
    def reset(self, *, seed: int | list[int] | np.ndarray | None = None,
              options: dict | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        """New games in every row. ``seed``: an int (row i plays game ``seed + i``, later games
        draw their seeds from it), a list of N ints, or None (carry on with the sequence). There
        are no ``options``. Returns (N, SIZE) float32 observations and ``info`` with
        ``action_mask`` and ``seat``."""
        if options:
            raise ValueError(f"unknown reset option(s) {sorted(options)}: the vector env takes none")
        self.batch.start(self.num_envs, seed)
        self._pending[:] = False
        return self.batch.observe(), self._info()

    @shows_in_human_mode
    def step(self, actions: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action per game, (N,) ints: (N, SIZE) float32 observations, (N,) float32 rewards,
        (N,) bool ``terminated`` and ``truncated``, and ``info`` (module docstring). A row that
        ended restarts as ``autoreset_mode`` says; an illegal action forfeits its game."""
        if self.batch.state is None:
            raise RuntimeError("call reset() before step()")
        pending = self._pending
        acts = check_actions(actions, self.num_envs, ignore=pending)
        if pending.any():
            # rows about to restart ignore their action; a finished game ignores any, a truncated
            # one takes its first legal action (the engine checks legality row by row)
            acts = np.where(pending, self.batch.mask.argmax(1), acts)
        reward, terminated, truncated, illegal = self.batch.step(acts)
        if pending.any():                    # NextStep: these rows start new games instead
            self.batch.restart(np.flatnonzero(pending))
            reward[pending] = 0
            terminated[pending] = truncated[pending] = False
        done = terminated | truncated
        rows = np.flatnonzero(done)
        ended = {}
        if rows.size:
            outcome = {**self.batch.outcome(rows), "illegal_action": illegal[rows]}
            ended = ended_info(outcome, rows, self.num_envs)
        if self.autoreset_mode is AutoresetMode.NEXT_STEP:
            self._pending = done
            obs, info = self.batch.observe(), {**self._info(), **ended}
        else:
            obs, info = self._same_step(rows, ended)
        return obs, reward, terminated, truncated, info

    def _same_step(self, rows: np.ndarray, ended: dict):
        """The finished rows' last observations go to info["final_obs"], new games take the rows."""
        obs = self.batch.observe()
        info = {}
        if rows.size:
            final = np.full(self.num_envs, None, dtype=object)
            final[rows] = list(obs[rows])
            fresh = self.batch.restart(rows)
            obs[rows] = self.batch.observe(fresh)
            info.update(final_obs=final, _final_obs=ended["_won"].copy(), final_info=ended,
                        _final_info=ended["_won"].copy())
        info.update(self._info())
        return obs, info

    def action_masks(self) -> np.ndarray:
        """(num_envs, NUM_ACTIONS) bool legal actions, one array."""
        if self.batch.state is None:
            raise RuntimeError("call reset() before action_masks()")
        mask = self.batch.mask.copy()
        if self._pending.any():              # rows restarting at the next step: action 0 only
            mask[self._pending] = False
            mask[self._pending, 0] = True
        return mask

    def _info(self) -> dict:
        return {"action_mask": self.action_masks(), "seat": self.batch.current_player()}

    def render(self) -> tuple[str | np.ndarray, ...] | None:
        """A tuple with the picture of every game (``render_mode`` "ansi" or "rgb_array"), or
        None ("human": every game printed; ``rendering.py``)."""
        if self.render_mode is None or self.batch.state is None:
            return None
        return render_games(self.batch.state, self.render_mode)

    @property
    def state(self) -> State | None:
        """The engine state of the batch (read it, do not modify it)."""
        return self.batch.state
