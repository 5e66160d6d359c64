"""N games as a Stable-Baselines3 ``VecEnv`` straight over one engine batch.

    from sb3_contrib import MaskablePPO
    from ghoststories_env.envs import GhostStoriesSB3VecEnv
    venv = GhostStoriesSB3VecEnv(num_envs=64, num_players=4, difficulty="normal")
    MaskablePPO("MlpPolicy", venv, n_steps=64).learn(10_000)

No DummyVecEnv or SubprocVecEnv: ``step_wait`` is whole-batch array work. SB3's conventions: a game
that ends is restarted in the same step; its last observation is in
``infos[i]["terminal_observation"]`` and ``infos[i]["TimeLimit.truncated"]`` says whether it was
cut by ``max_decisions``; ``infos[i]`` also holds ``won``, ``score`` and ``loss_reason``, and
``illegal_action`` (the message) when an illegal action forfeited the game (``batch.GameBatch``),
and ``episode``: ``{"r": return, "l": length, "t": seconds since the env was made}`` as SB3's
``Monitor`` and ``VecMonitor`` report it, so ``evaluate_policy`` and the training logs
(``rollout/ep_rew_mean``) read the episodes without a wrapper (``env_is_wrapped(Monitor)`` says
True, which is what ``evaluate_policy`` asks). Only the rows that ended get a non-empty info dict.
``env_method("action_masks")`` (what ``MaskablePPO`` calls) answers with the (N, A) mask array
itself, a sequence of N rows; ``seed(s)`` makes the next ``reset()`` play games ``s, s + 1, ...``.
``action_space`` is the single game's ``Discrete``, whose ``sample()`` knows no mask: it draws
unmasked ids, which mostly forfeit (sample from ``action_masks()`` instead).
"""

from __future__ import annotations

import time
from typing import Any, Sequence

import numpy as np
from gymnasium import spaces
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import VecEnv

from ..actions import NUM_ACTIONS
from ..config import GameConfig
from ..state import State
from .batch import (DEFAULT_FRAME, DEFAULT_ILLEGAL_ACTION, DEFAULT_MAX_DECISIONS, DEFAULT_REWARD,
                    check_actions, illegal_message, make_batch)
from .rendering import RENDER_MODES, check_render_mode, render_games, shows_in_human_mode
from .spaces import observation_space


class GhostStoriesSB3VecEnv(VecEnv):
    """``num_envs`` games as one SB3 ``VecEnv``; keyword arguments as ``GhostStoriesEnv`` (those of
    ``batch.make_batch``, ``**switches`` for the ``GameConfig`` fields only) plus ``num_envs``."""

    def __init__(self, num_envs: int = 1, render_mode: str | None = None, *,
                 num_players: int | None = None, difficulty: str | None = None,
                 config: GameConfig | None = None, reward: str = DEFAULT_REWARD,
                 reward_options: dict | None = None, max_decisions: int = DEFAULT_MAX_DECISIONS,
                 frame: str = DEFAULT_FRAME, illegal_action: str = DEFAULT_ILLEGAL_ACTION,
                 **switches: Any) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, got {num_envs!r}")
        self.render_mode = check_render_mode(render_mode)
        self.batch = make_batch(num_players=num_players, difficulty=difficulty, config=config,
                                reward=reward, reward_options=reward_options,
                                max_decisions=max_decisions, frame=frame,
                                illegal_action=illegal_action, **switches)
        super().__init__(num_envs, observation_space(), spaces.Discrete(NUM_ACTIONS))
        self.metadata = {"render_modes": list(RENDER_MODES)}
        self._actions: np.ndarray | None = None
        self._returns = np.zeros(num_envs)                  # of the games in play, for "episode"
        self._lengths = np.zeros(num_envs, np.int64)
        self._t_start = time.time()

    @shows_in_human_mode
    def reset(self) -> np.ndarray:
        """New games in every row: (N, SIZE) float32 observations. After ``seed(s)`` row i plays
        game ``s + i``, else the games carry on the sequence of seeds."""
        self.batch.start(self.num_envs, self._seeds[0])     # seed(s) set s, s + 1, ...
        self._reset_seeds()
        self._returns[:], self._lengths[:] = 0, 0
        self.reset_infos = [{} for _ in range(self.num_envs)]
        return self.batch.observe()

    def step_async(self, actions: np.ndarray) -> None:
        """Take one action per game, (N,) or (N, 1) ints, checked now; ``step_wait`` plays them."""
        if self.batch.state is None:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions)
        if a.shape == (self.num_envs, 1):        # SB3 may keep a trailing action axis
            a = a[:, 0]
        self._actions = check_actions(a, self.num_envs)

    @shows_in_human_mode
    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        """Play the actions of ``step_async``: (N, SIZE) float32 observations, (N,) float32
        rewards, (N,) bool ``dones`` and one info dict per row, empty unless that row's game
        ended (then restarted in the same step; its info as the module docstring says)."""
        if self._actions is None:
            raise RuntimeError("step_wait() without step_async()")
        before = self.batch.state
        reward, terminated, truncated, illegal = self.batch.step(self._actions)
        done = terminated | truncated
        self._returns += reward
        self._lengths += 1
        obs = self.batch.observe()
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        rows = np.flatnonzero(done)
        if rows.size:
            outcome = self.batch.outcome(rows)
            final = obs[rows]
            fresh = self.batch.restart(rows)
            obs[rows] = self.batch.observe(fresh)
            for k, i in enumerate(rows.tolist()):      # the finished games only
                infos[i] = {"terminal_observation": final[k],
                            "TimeLimit.truncated": bool(truncated[i] and not terminated[i]),
                            **{key: v[k].item() for key, v in outcome.items()},
                            "episode": {"r": float(self._returns[i]), "l": int(self._lengths[i]),
                                        "t": round(time.time() - self._t_start, 6)}}
                if illegal[i]:
                    infos[i]["illegal_action"] = illegal_message(before, i, int(self._actions[i]))
            self._returns[rows], self._lengths[rows] = 0, 0
        self._actions = None
        return obs, reward, done, infos

    def action_masks(self) -> np.ndarray:
        """(num_envs, NUM_ACTIONS) bool legal actions."""
        return self.batch.mask.copy()

    # -- VecEnv plumbing: one batch stands for every sub-environment ------------------------------------
    def close(self) -> None:
        """Nothing to release: no subprocess, no window."""

    def get_attr(self, attr_name: str, indices: None | int | Sequence[int] = None) -> list[Any]:
        """The attribute of this environment (one batch stands for every sub-environment),
        repeated once per index asked."""
        return [getattr(self, attr_name)] * len(list(self._get_indices(indices)))

    def set_attr(self, attr_name: str, value: Any,
                 indices: None | int | Sequence[int] = None) -> None:
        """Set the attribute on this environment: for every row, whatever ``indices``."""
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args: Any,
                   indices: None | int | Sequence[int] = None, **method_kwargs: Any) -> Any:
        """Call the method once on the batch and repeat its result per index; ``"action_masks"``
        returns the (N, A) bool mask array itself (its rows for ``indices``)."""
        if method_name == "action_masks":
            mask = self.action_masks()
            return mask if indices is None else mask[list(self._get_indices(indices))]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result] * len(list(self._get_indices(indices)))

    def env_is_wrapped(self, wrapper_class: type,
                       indices: None | int | Sequence[int] = None) -> list[bool]:
        """True for SB3's ``Monitor`` only: the batch reports ``info["episode"]`` as it would."""
        # the batch reports info["episode"] itself, as Monitor does, and nothing alters its rewards
        return [wrapper_class is Monitor] * len(list(self._get_indices(indices)))

    def render(self, mode: str | None = None) -> np.ndarray | tuple[str, ...] | None:
        """SB3's ``VecEnv.render`` for "rgb_array" (every game's picture tiled into one image) and
        for a ``mode`` other than ``render_mode`` (a warning); with ``render_mode`` "ansi" a tuple
        of every game's text, with "human" every game printed (``rendering.py``)."""
        if self.render_mode in ("ansi", "human") and mode in (None, self.render_mode):
            # not SB3's own: it would ask env_method("render"), that is this very method
            if self.batch.state is None:
                return None
            return render_games(self.batch.state, self.render_mode)
        return super().render(mode)

    def get_images(self) -> list[np.ndarray]:
        """Every game's (H, W, 3) uint8 picture (``render_rgb.py``), what SB3 tiles into one."""
        return list(render_games(self.batch.state, "rgb_array"))

    @property
    def state(self) -> State | None:
        """The engine state of the batch (read it, do not modify it)."""
        return self.batch.state
