"""Ghost Blaster's environments: Gymnasium (``GhostBlaster-v0``, registered on
``import ghoststories_env``: ``gymnasium.make`` and ``make_vec(..., vectorization_mode=
"vector_entry_point")``) and PettingZoo AEC (``env()``), over the batched engine of
``ghost_blaster.py``.

**Observation** (``encode``): a flat float32 vector of what every player sees, the same for all
(the game has no hidden hands): per grid cell, whether the card is face down, the face-up card
(one-hot over the 11 kinds), goo, and which hunters stand there; then the caught hunters, the
clock (one-hot over its 13 positions), the roll (0-3 dots), the steps left, the hunter being
moved, whose turn it is and the number of players. Face-down cards are not told apart: what was
seen and turned back is for the agent to remember (the game is a memory game).

**Actions**: the engine's 7 (``ghost_blaster.action_meaning``), with ``info["action_mask"]``
(Gymnasium) or ``observation["action_mask"]`` (PettingZoo). An illegal action ends the episode as
a loss and is reported (``illegal_action="forfeit"``, the default, which keeps every action of
the action space a valid input as the checkers expect), or raises (``"raise"``).

**Reward**: 1 when the game is won, 0 otherwise (there is no score).

The game is turn-based, one player acting at a time, so there is no PettingZoo parallel env: the
AEC env is its natural form.
"""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .common import PettingZooTable
from .ghost_blaster import (CARD_NAMES, CELLS, HUNTERS, NUM_ACTIONS, GhostBlaster,
                            GhostBlasterConfig, action_meaning)

KINDS = len(CARD_NAMES)
CELL_FEATURES = 1 + KINDS + 1 + HUNTERS
SIZE = CELLS * CELL_FEATURES + HUNTERS + 13 + 4 + 4 + HUNTERS + 4 + 4
ILLEGAL_ACTIONS = ("forfeit", "raise")


def encode(S, out: np.ndarray | None = None) -> np.ndarray:
    """(B, SIZE) float32 observations of a batch (module docstring)."""
    B = S.batch_size
    out = np.zeros((B, SIZE), np.float32) if out is None else out
    out[:] = 0
    cells = out[:, :CELLS * CELL_FEATURES].reshape(B, CELLS, CELL_FEATURES)
    cells[..., 0] = ~S.face_up
    kind = np.where(S.face_up, S.card, -1)
    cells[..., 1:1 + KINDS] = kind[..., None] == np.arange(KINDS)
    cells[..., 1 + KINDS] = S.goo
    cells[..., 2 + KINDS:] = (S.pos[:, None, :] == np.arange(CELLS)[None, :, None])
    at = CELLS * CELL_FEATURES
    tail = [(S.jailed, HUNTERS, None), (S.hour, 13, "onehot"), (S.dots, 4, "onehot"),
            (S.steps_left, 4, "onehot"), (S.mover, HUNTERS, "onehot"),
            (np.where(S.terminated, -1, S.active), 4, "onehot"), (S.players - 1, 4, "onehot")]
    for x, k, kind in tail:
        out[:, at:at + k] = (x[:, None] == np.arange(k)) if kind else x
        at += k
    assert at == SIZE
    return out


def _check_illegal_action(value: str) -> str:
    if value not in ILLEGAL_ACTIONS:
        raise ValueError(f"illegal_action={value!r} is not allowed; choose one of {ILLEGAL_ACTIONS}")
    return value


class _Batch:
    """B games stepped together: the engine, the seeds and the forfeit rule shared by the envs."""

    def __init__(self, config: GhostBlasterConfig, illegal_action: str) -> None:
        self.engine = GhostBlaster(config)
        self.illegal_action = _check_illegal_action(illegal_action)
        self.rng = np.random.default_rng()
        self.state = None

    def seeds(self, n: int, seed: int | None) -> np.ndarray:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        return self.rng.integers(0, 2 ** 63 - 1, size=n)

    def step(self, actions: np.ndarray):
        """(reward, terminated, illegal) per game; illegal actions forfeit (or raise)."""
        S = self.state
        a = np.asarray(actions, np.int64)
        running = ~S.terminated
        if ((a < 0) | (a >= NUM_ACTIONS)).any():
            raise ValueError(f"actions must be ids 0..{NUM_ACTIONS - 1}, got {a.tolist()}")
        illegal = running & ~S.mask[np.arange(a.size), a]
        if illegal.any():
            i = int(np.flatnonzero(illegal)[0])
            message = (f"action {a[i]} ({action_meaning(int(a[i]))}) is not legal in game {i}; legal: "
                       f"{[action_meaning(int(x)) for x in np.flatnonzero(S.mask[i])]}")
            if self.illegal_action == "raise":
                raise ValueError(message)
            warnings.warn(f"{message}: the episode is forfeited", stacklevel=3)
            a = np.where(illegal, S.mask.argmax(1), a)
        after = self.engine.step(S, a, check=False)
        after.terminated[illegal] = True            # forfeited: lost where it stood
        after.won[illegal] = False
        after.mask[illegal] = False
        self.state = after
        terminated = after.terminated & running
        return (after.won & terminated).astype(np.float32), terminated, illegal


class GhostBlasterEnv(gymnasium.Env):
    """One game of Ghost Blaster played by one agent for the whole team (module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, num_players: int = 1, start_hour: int = 0,
                 die_faces: tuple[int, ...] = GhostBlasterConfig.die_faces,
                 illegal_action: str = "forfeit", render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r} is not allowed; choose None or 'ansi'")
        self.config = GhostBlasterConfig(num_players, start_hour, tuple(die_faces))
        self.batch = _Batch(self.config, illegal_action)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(0.0, 1.0, (SIZE,), np.float32)
        self.action_space = spaces.Discrete(NUM_ACTIONS)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new game (``seed``: the episode seeds' stream, as Gymnasium's)."""
        super().reset(seed=seed)
        self.batch.state = self.batch.engine.reset(self.batch.seeds(1, seed))
        return encode(self.batch.state)[0], self._info()

    def step(self, action):
        """One decision; a step after the end raises."""
        if self.batch.state is None or self.batch.state.terminated[0]:
            raise RuntimeError("the episode is over: call reset() first")
        if not self.action_space.contains(action):
            raise ValueError(f"action {action!r} is not in {self.action_space}")
        reward, terminated, illegal = self.batch.step(np.array([int(action)]))
        info = self._info()
        info["illegal_action"] = bool(illegal[0])
        return encode(self.batch.state)[0], float(reward[0]), bool(terminated[0]), False, info

    def _info(self) -> dict:
        S = self.batch.state
        return {"action_mask": S.mask[0].astype(np.int8), "won": bool(S.won[0]),
                "player": int(S.active[0])}

    def render(self):
        """The table as text (``render_mode="ansi"``)."""
        if self.render_mode == "ansi":
            return self.batch.engine.render_text(self.batch.state, 0)
        return None


class GhostBlasterVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games stepped by one engine call (next-step autoreset: the step after a game
    ended starts a new one and returns its first observation, reward 0)."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, num_players: int = 1, start_hour: int = 0,
                 die_faces: tuple[int, ...] = GhostBlasterConfig.die_faces,
                 illegal_action: str = "forfeit") -> None:
        self.num_envs = num_envs
        self.config = GhostBlasterConfig(num_players, start_hour, tuple(die_faces))
        self.batch = _Batch(self.config, illegal_action)
        self.single_observation_space = spaces.Box(0.0, 1.0, (SIZE,), np.float32)
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._ended = np.zeros(num_envs, bool)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """``num_envs`` new games."""
        self.batch.state = self.batch.engine.reset(self.batch.seeds(self.num_envs, seed))
        self._ended[:] = False
        return encode(self.batch.state), self._info()

    def step(self, actions):
        """One decision per game; games that ended at the previous step restart instead."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be ({self.num_envs},) ints, got {actions.dtype} {actions.shape}")
        restart = np.flatnonzero(self._ended)
        acts = np.where(self._ended, 0, actions)
        reward, terminated, illegal = self.batch.step(acts)     # ended games ignore theirs
        if restart.size:
            self.batch.state.put(restart, self.batch.engine.reset(self.batch.seeds(restart.size, None)))
            reward[restart], terminated[restart], illegal[restart] = 0, False, False
        self._ended = terminated.copy()
        info = self._info()
        info["illegal_action"] = illegal
        return encode(self.batch.state), reward, terminated, np.zeros(self.num_envs, bool), info

    def _info(self) -> dict:
        S = self.batch.state
        return {"action_mask": S.mask.astype(np.int8), "won": S.won.copy()}


def make_vec(num_envs: int = 1, **kwargs) -> GhostBlasterVectorEnv:
    """Gymnasium's ``vector_entry_point`` for ``GhostBlaster-v0``."""
    return GhostBlasterVectorEnv(num_envs=num_envs, **kwargs)


class GhostBlasterAEC(PettingZooTable, AECEnv):
    """PettingZoo turn-based env: one agent per player, ``player_0`` ... in turn order; each
    moves any free hunter on its turn (module docstring)."""

    metadata = {"name": "ghost_blaster_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, num_players: int = 2, start_hour: int = 0,
                 die_faces: tuple[int, ...] = GhostBlasterConfig.die_faces,
                 illegal_action: str = "forfeit", render_mode: str | None = None) -> None:
        super().__init__()
        self._table(num_players, SIZE, NUM_ACTIONS, render_mode)
        self.config = GhostBlasterConfig(num_players, start_hour, tuple(die_faces))
        self.batch = _Batch(self.config, illegal_action)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` seeds the episodes' stream."""
        self.batch.state = self.batch.engine.reset(self.batch.seeds(1, seed))
        self.agents = self.possible_agents[:]
        self._fresh_dicts()
        self.agent_selection = self.possible_agents[int(self.batch.state.active[0])]

    def observe(self, agent: str) -> dict:
        """What ``agent`` sees, with its legal actions (none but on its turn)."""
        S = self.batch.state
        mine = agent == self.agent_selection and not S.terminated[0]
        mask = S.mask[0].astype(np.int8) if mine else np.zeros(NUM_ACTIONS, np.int8)
        return {"observation": encode(S)[0], "action_mask": mask}

    def step(self, action) -> None:
        """The selected agent's action (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = self._check_action(action)
        self._cumulative_rewards[agent] = 0.0
        reward, terminated, illegal = self.batch.step(np.array([action]))
        self.rewards = {a: 0.0 for a in self.agents}
        if terminated[0]:
            for a in self.agents:
                self.rewards[a] = float(reward[0])
                self.terminations[a] = True
                self.infos[a] = {"won": bool(self.batch.state.won[0]), "illegal_action": bool(illegal[0])}
        else:
            self.agent_selection = self.possible_agents[int(self.batch.state.active[0])]
        self._accumulate_rewards()


def env(**kwargs) -> GhostBlasterAEC:
    """PettingZoo AEC Ghost Blaster (keywords: ``GhostBlasterAEC``'s)."""
    return GhostBlasterAEC(**kwargs)
