"""Ghooost!'s environments over the batched engine of ``ghooost.py``: Gymnasium (``Ghooost-v0``,
registered on ``import ghoststories_env``: ``gymnasium.make`` and ``make_vec(...,
vectorization_mode="vector_entry_point")``), where one agent plays one seat against built-in
opponents, and PettingZoo (``env()``: AEC; ``parallel_env()``), one agent per player.

**Observation** and **reward**: ``ghooost_observation.py`` (``encode``, ``round_rewards``).
A round is truncated after ``max_decisions`` decisions (the rules never force one to end, docs
§9), with reward 0.

**Actions**: the engine's 229 (``ghooost_cards.action_meaning``), with ``info["action_mask"]``
(Gymnasium) or ``observation["action_mask"]`` (PettingZoo). An illegal action ends the round
(``illegal_action="forfeit"``, the default, which keeps every action of the action space a valid
input as the checkers expect): its player takes the loser's reward, the others 0; or it raises
(``"raise"``).

**Turns.** Ghooost! is turn-based: a duo, a trio, a quartet or an 11 gives the same player
another turn, a skip card or an 8 changes who is next. The AEC env selects whoever must act; the
parallel env takes every live agent's action each step and uses the acting one's
(``infos[agent]["acting"]``): a waiting agent's mask allows only action 0, ignored. Players who
are out stay among the agents, never selected, until the round ends.
"""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from .. import rng
from .common import PettingZooTable
from .ghooost import Ghooost, GhooostConfig, GhooostState
from .ghooost_agents import RandomGhooost, ShedderGhooost
from .ghooost_cards import MAX_PLAYERS, NUM_ACTIONS, action_meaning
from .ghooost_observation import SCORINGS, SIZE, encode, round_rewards

ILLEGAL_ACTIONS = ("forfeit", "raise")
OPPONENTS = {"random": RandomGhooost, "shedder": ShedderGhooost}
DEFAULT_MAX_DECISIONS = 20_000


def _choice(value: str, allowed: tuple, name: str) -> str:
    if value not in allowed:
        raise ValueError(f"{name}={value!r} is not allowed; choose one of {allowed}")
    return value


class _Batch:
    """B rounds stepped together: the engine, the seeds, truncation and the forfeit rule shared
    by the envs."""

    def __init__(self, num_players: int, scoring: str, max_decisions: int, illegal_action: str) -> None:
        self.engine = Ghooost(GhooostConfig(num_players))
        self.scoring = _choice(scoring, SCORINGS, "scoring")
        if scoring == "points" and num_players < 3:
            raise ValueError("scoring='points' is a match's scoring, for 3 players or more (§10); "
                             f"num_players={num_players}: use scoring='outcome'")
        if not (isinstance(max_decisions, (int, np.integer)) and max_decisions > 0):
            raise ValueError(f"max_decisions={max_decisions!r} must be a positive int")
        self.max_decisions = int(max_decisions)
        self.illegal_action = _choice(illegal_action, ILLEGAL_ACTIONS, "illegal_action")
        self.rng = np.random.default_rng()
        self.state: GhooostState | None = None
        self.truncated: np.ndarray | None = None

    def seeds(self, n: int, seed: int | None) -> np.ndarray:
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        return self.rng.integers(0, 2 ** 63 - 1, size=n)

    def reset(self, seeds: np.ndarray) -> None:
        self.state = self.engine.reset(seeds)
        self.truncated = np.zeros(seeds.size, bool)

    def step(self, actions: np.ndarray):
        """(rewards (B, 6), terminated, truncated, illegal) per round for this step of every live
        round; illegal actions forfeit (or raise)."""
        S = self.state
        B = S.batch_size
        a = np.asarray(actions, np.int64)
        if ((a < 0) | (a >= NUM_ACTIONS)).any():
            raise ValueError(f"actions must be ids 0..{NUM_ACTIONS - 1}, got {a.tolist()}")
        moving = self.live()
        illegal = moving & ~S.mask[np.arange(B), a]
        if illegal.any():
            i = int(np.flatnonzero(illegal)[0])
            message = (f"action {a[i]} ({action_meaning(int(a[i]))}) is not legal in round {i}; legal: "
                       f"{[action_meaning(int(x)) for x in np.flatnonzero(S.mask[i])][:12]}")
            if self.illegal_action == "raise":
                raise ValueError(message)
            warnings.warn(f"{message}: the round is forfeited", stacklevel=3)
        rewards = np.zeros((B, MAX_PLAYERS), np.float32)
        play = np.flatnonzero(moving & ~illegal)
        if play.size:
            sub = self.engine.step(S.take(play), a[play], check=False)
            S.put(play, sub)
            rewards[play] = round_rewards(sub, self.scoring)
        forfeit = np.flatnonzero(illegal)
        if forfeit.size:                               # the offender takes the loser's reward
            rewards[forfeit, S.active[forfeit].astype(np.int64)] = -1.0 if self.scoring == "outcome" else 0.0
            S.terminated[forfeit] = True
            S.mask[forfeit] = False
        terminated = S.terminated & moving
        truncated = moving & ~terminated & (S.decisions >= self.max_decisions)
        self.truncated |= truncated
        return rewards, terminated, truncated, illegal

    def play_others(self, seat: int, agent) -> np.ndarray:
        """``agent`` plays for the other players in every live round until ``seat`` is to act
        or the round is over (or cut); (B,) ``seat``'s rewards meanwhile. The rounds that wait
        are taken out once and stepped as a sub-batch (a checked step: an opponent's illegal
        action raises)."""
        mine = np.zeros(self.state.batch_size, np.float32)
        rows = np.flatnonzero(self.live() & (self.state.active != seat))
        if not rows.size:
            return mine
        S = self.state.take(rows)
        while True:
            w = np.flatnonzero(~S.terminated & (S.active != seat) & (S.decisions < self.max_decisions))
            if not w.size:
                break
            sub = S.take(w)
            after = self.engine.step(sub, agent.act(sub))
            mine[rows[w]] += round_rewards(after, self.scoring)[:, seat]
            S.put(w, after)
        self.state.put(rows, S)
        self.truncated[rows] = ~S.terminated & (S.decisions >= self.max_decisions)
        return mine

    def live(self) -> np.ndarray:
        return ~self.state.terminated & ~self.truncated


def _opponent(opponents, seed: int):
    if isinstance(opponents, str):
        kind = OPPONENTS[_choice(opponents, tuple(OPPONENTS), "opponents")]
        return kind(seed)
    if not callable(getattr(opponents, "act", None)):
        raise TypeError(f"opponents must be one of {tuple(OPPONENTS)} or an object with "
                        f"act(state) -> (B,) actions, got {opponents!r}")
    return opponents


class _Seat:
    """One learning seat among built-in opponents, for the Gymnasium envs."""

    def _setup(self, num_players, seat, opponents, scoring, max_decisions, illegal_action) -> None:
        self.batch = _Batch(num_players, scoring, max_decisions, illegal_action)
        self.config = self.batch.engine.config
        if not 0 <= seat < num_players:
            raise ValueError(f"seat={seat!r} must be a seat 0..{num_players - 1}")
        self.seat = seat
        self.opponents = _opponent(opponents, 0)
        self.single_obs = spaces.Box(0.0, 1.0, (SIZE,), np.float32)

    def _advance(self, rewards: np.ndarray) -> np.ndarray:
        """The opponents act until the seat is to act or the round is over; the seat's rewards
        (from ``rewards``, (B, 6), plus what comes while they play)."""
        return rewards[:, self.seat] + self.batch.play_others(self.seat, self.opponents)

    def _info(self) -> dict:
        S = self.batch.state
        return {"action_mask": S.mask.astype(np.int8), "place": S.finish[:, self.seat].astype(np.int64)}


class GhooostEnv(_Seat, gymnasium.Env):
    """One round of Ghooost!: the agent plays ``seat`` against ``opponents`` (``"random"``,
    ``"shedder"`` or an object with ``act(state)``) (module docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, num_players: int = 4, seat: int = 0, opponents="shedder",
                 scoring: str = "outcome", max_decisions: int = DEFAULT_MAX_DECISIONS,
                 illegal_action: str = "forfeit", render_mode: str | None = None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r} is not allowed; choose None or 'ansi'")
        self._setup(num_players, seat, opponents, scoring, max_decisions, illegal_action)
        self.render_mode = render_mode
        self.observation_space = self.single_obs
        self.action_space = spaces.Discrete(NUM_ACTIONS)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """A new round (``seed``: the rounds' seed stream, as Gymnasium's)."""
        super().reset(seed=seed)
        self.batch.reset(self.batch.seeds(1, seed))
        self._advance(np.zeros((1, MAX_PLAYERS), np.float32))
        return encode(self.batch.state, self.seat)[0], self._info1()

    def step(self, action):
        """One decision of the seat, then the opponents' until its next one; a step after the end
        raises."""
        if self.batch.state is None or not self.batch.live()[0]:
            raise RuntimeError("the round is over: call reset() first")
        if not self.action_space.contains(action):
            raise ValueError(f"action {action!r} is not in {self.action_space}")
        rewards, _, _, illegal = self.batch.step(np.array([int(action)]))
        reward = self._advance(rewards)
        S = self.batch.state
        info = self._info1()
        info["illegal_action"] = bool(illegal[0])
        return (encode(S, self.seat)[0], float(reward[0]), bool(S.terminated[0]),
                bool(self.batch.truncated[0]), info)

    def _info1(self) -> dict:
        return {k: v[0] for k, v in self._info().items()} | {"player": self.seat}

    def render(self):
        """The table as text, every hand shown (``render_mode="ansi"``)."""
        if self.render_mode == "ansi":
            return self.batch.engine.render_text(self.batch.state, 0)
        return None


class GhooostVectorEnv(_Seat, gymnasium.vector.VectorEnv):
    """``num_envs`` rounds stepped by one engine call per decision (next-step autoreset: the step
    after a round ended starts a new one and returns its first observation, reward 0)."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(self, num_envs: int = 1, num_players: int = 4, seat: int = 0, opponents="shedder",
                 scoring: str = "outcome", max_decisions: int = DEFAULT_MAX_DECISIONS,
                 illegal_action: str = "forfeit") -> None:
        self._setup(num_players, seat, opponents, scoring, max_decisions, illegal_action)
        self.num_envs = num_envs
        self.single_observation_space = self.single_obs
        self.single_action_space = spaces.Discrete(NUM_ACTIONS)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)
        self._ended = np.zeros(num_envs, bool)

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        """``num_envs`` new rounds."""
        self.batch.reset(self.batch.seeds(self.num_envs, seed))
        self._advance(np.zeros((self.num_envs, MAX_PLAYERS), np.float32))
        self._ended[:] = False
        return encode(self.batch.state, self.seat), self._info()

    def step(self, actions):
        """One decision per round; rounds that ended at the previous step restart instead."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,) or not np.issubdtype(actions.dtype, np.integer):
            raise ValueError(f"actions must be ({self.num_envs},) ints, got {actions.dtype} {actions.shape}")
        restart = np.flatnonzero(self._ended)
        rewards, _, _, illegal = self.batch.step(np.where(self._ended, 0, actions))
        reward = self._advance(rewards)
        terminated, truncated = self.batch.state.terminated.copy(), self.batch.truncated.copy()
        if restart.size:
            fresh = self.batch.engine.reset(self.batch.seeds(restart.size, None))
            self.batch.state.put(restart, fresh)
            self.batch.truncated[restart] = False
            self.batch.play_others(self.seat, self.opponents)     # only the new rounds wait
            reward[restart], terminated[restart], truncated[restart], illegal[restart] = 0, False, False, False
        self._ended = terminated | truncated
        info = self._info()
        info["illegal_action"] = illegal
        return encode(self.batch.state, self.seat), reward, terminated, truncated, info


def make_vec(num_envs: int = 1, **kwargs) -> GhooostVectorEnv:
    """Gymnasium's ``vector_entry_point`` for ``Ghooost-v0``."""
    return GhooostVectorEnv(num_envs=num_envs, **kwargs)


class _Table(PettingZooTable):
    """One round with every player an agent, for the PettingZoo envs."""

    def _setup(self, num_players, scoring, max_decisions, illegal_action, render_mode) -> None:
        self._table(num_players, SIZE, NUM_ACTIONS, render_mode)
        self.batch = _Batch(num_players, scoring, max_decisions, illegal_action)
        self.config = self.batch.engine.config

    def _start(self, seed) -> None:
        self.batch.reset(self.batch.seeds(1, seed))
        self.agents = self.possible_agents[:]

    def _acting(self) -> str:
        return self.possible_agents[int(self.batch.state.active[0])]

    def _observe(self, agent: str, acting: str | None, waiting: np.ndarray) -> dict:
        S = self.batch.state
        mask = S.mask[0].astype(np.int8) if agent == acting else waiting.copy()
        return {"observation": encode(S, self.possible_agents.index(agent))[0], "action_mask": mask}


class GhooostAEC(_Table, AECEnv):
    """PettingZoo turn-based Ghooost!: ``player_0`` ... in seat order; ``agent_selection`` is the
    player to act (module docstring)."""

    metadata = {"name": "ghooost_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, num_players: int = 4, scoring: str = "outcome",
                 max_decisions: int = DEFAULT_MAX_DECISIONS, illegal_action: str = "forfeit",
                 render_mode: str | None = None) -> None:
        super().__init__()
        self._setup(num_players, scoring, max_decisions, illegal_action, render_mode)
        self._none = np.zeros(NUM_ACTIONS, np.int8)

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new round; ``seed`` seeds the rounds' stream."""
        self._start(seed)
        self._fresh_dicts()
        self.agent_selection = self._acting()

    def observe(self, agent: str) -> dict:
        """What ``agent`` knows, with its legal actions (none but when it is to act)."""
        acting = self.agent_selection if self.batch.live()[0] else None
        return self._observe(agent, acting, self._none)

    def step(self, action) -> None:
        """The selected agent's action (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = self._check_action(action)
        self._cumulative_rewards[agent] = 0.0
        rewards, terminated, truncated, illegal = self.batch.step(np.array([action]))
        self.rewards = {a: float(rewards[0, i]) for i, a in enumerate(self.possible_agents)}
        if terminated[0] or truncated[0]:
            for i, a in enumerate(self.agents):
                self.terminations[a], self.truncations[a] = bool(terminated[0]), bool(truncated[0])
                self.infos[a] = {"place": int(self.batch.state.finish[0, i]),
                                 "illegal_action": bool(illegal[0])}
        else:
            self.agent_selection = self._acting()
        self._accumulate_rewards()


class GhooostParallel(_Table, ParallelEnv):
    """PettingZoo parallel Ghooost!: each step the acting agent's action is played; the others'
    are checked to be in the action space and ignored (module docstring)."""

    metadata = {"name": "ghooost_v0", "render_modes": ["ansi"]}

    def __init__(self, num_players: int = 4, scoring: str = "outcome",
                 max_decisions: int = DEFAULT_MAX_DECISIONS, illegal_action: str = "forfeit",
                 render_mode: str | None = None) -> None:
        self._setup(num_players, scoring, max_decisions, illegal_action, render_mode)
        self._wait = np.zeros(NUM_ACTIONS, np.int8)
        self._wait[0] = 1

    def reset(self, seed: int | None = None, options: dict | None = None):
        """A new round: every agent's observation and info (``acting``)."""
        self._start(seed)
        return self._all(self._acting())

    def _all(self, acting: str | None):
        obs = {a: self._observe(a, acting, self._wait) for a in self.agents}
        infos = {a: {"acting": a == acting, "place": int(self.batch.state.finish[0, i])}
                 for i, a in enumerate(self.agents)}
        return obs, infos

    def step(self, actions: dict):
        """The acting agent's action; returns PettingZoo's five dicts. When the round ends,
        ``agents`` empties and ``infos[agent]["place"]`` gives each finishing place."""
        if not self.agents:
            raise RuntimeError("the round is over (or reset() was never called): call reset()")
        if not isinstance(actions, dict):
            raise TypeError(f"actions must be a dict agent -> action, got {type(actions).__name__}")
        unknown = set(actions) - set(self.agents)
        if unknown:
            raise ValueError(f"unknown agent(s) {sorted(unknown)}; agents: {self.agents}")
        acting = self._acting()
        if acting not in actions:
            raise ValueError(f"{acting} is to act but has no action in {sorted(actions)}")
        for a in actions.values():
            self._check_action(a)
        rewards, terminated, truncated, illegal = self.batch.step(np.array([int(actions[acting])]))
        over = bool(terminated[0] or truncated[0])
        agents = self.agents
        obs, infos = self._all(None if over else self._acting())
        infos[acting]["illegal_action"] = bool(illegal[0])
        if over:
            self.agents = []
        return (obs, {a: float(rewards[0, i]) for i, a in enumerate(agents)},
                dict.fromkeys(agents, bool(terminated[0])), dict.fromkeys(agents, bool(truncated[0])),
                infos)


def env(**kwargs) -> GhooostAEC:
    """PettingZoo AEC Ghooost! (keywords: ``GhooostAEC``'s)."""
    return GhooostAEC(**kwargs)


def parallel_env(**kwargs) -> GhooostParallel:
    """PettingZoo parallel Ghooost! (keywords: ``GhooostParallel``'s)."""
    return GhooostParallel(**kwargs)
