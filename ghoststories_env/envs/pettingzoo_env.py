"""Ghost Stories as PettingZoo environments: one agent per Taoist, a shared team reward.

Agents are ``taoist_0 .. taoist_{P-1}``, the played seats in seat order (north, east, south, west;
``infos[agent]["seat"]`` gives the seat, which is random per game). Observations are
``{"observation": float32 (SIZE,), "action_mask": int8 (A,)}``, each agent's from its own seat
(``observation.py``); every agent receives the team reward of every step (``rewards.py``), dead
Taoists included (they share the victory, rules §11). ``state()`` is ``observation.global_state``,
in ``state_space``. ``reset(options={"scenario": d})`` starts from a scenario dict (``scenario.py``);
``get_state()`` / ``set_state(snapshot)`` save and restore the environment (``GhostStoriesEnv``'s).

* AEC (``ghost_stories_v0.env``): ``agent_selection`` is the Taoist who must decide (a decision
  may fall to a Taoist outside his turn: who absorbs a loss, who receives a reward...). Only that
  agent's mask has legal actions; the others' are all zero. The order of the agents follows the
  game, not a fixed cycle, so ``metadata["is_parallelizable"]`` is False (as for PettingZoo's other
  turn-based games): use the parallel env, not ``aec_to_parallel``.
* Parallel (``ghost_stories_v0.parallel_env``): the game is turn-based, so each step one agent acts
  (``infos[agent]["acting"]``). Only the acting agent's action is needed; the others' actions, if
  sent, are checked to be in the action space and ignored (so a client that samples an action
  for every agent, as PettingZoo's ``parallel_seed_test`` and RLlib do, plays). A waiting agent's
  mask allows only action 0 ("wait"), the action to send when one is required.

Bad input never reaches the game. It raises at once: an action that is not an integer
(``TypeError``) or out of range (``ValueError``), whoever sends it; in the parallel env a missing
action for the acting agent or an unknown agent (``ValueError``); a
step once every agent is done (``RuntimeError``; a terminated AEC agent must step with ``None``,
PettingZoo's rule, else ``ValueError``). An action id that is illegal now follows PettingZoo's
classic convention (``TerminateIllegalWrapper``): the move is not applied and the game ends, the
team receiving the reward of a loss; ``infos[agent]["illegal_action"]`` names the action
(``illegal_action="raise"``: a ``ValueError`` instead).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ..actions import NUM_ACTIONS
from ..config import GameConfig
from . import observation
from .batch import (DEFAULT_FRAME, DEFAULT_ILLEGAL_ACTION, DEFAULT_MAX_DECISIONS, DEFAULT_REWARD,
                    check_action, illegal_message, make_batch)
from .rendering import RENDER_MODES, check_render_mode, render_game, shows_in_human_mode
from .spaces import observation_space

WAIT = 0   # the parallel env's action of an agent who is not deciding (any in-space id is ignored)


class _Table:
    """What both PettingZoo envs share: the game (a batch of one) and its agents."""

    # not parallelizable: who decides next depends on the game (a Taoist may decide outside his
    # turn), which aec_to_parallel cannot follow; the parallel env plays the game itself
    metadata = {"render_modes": list(RENDER_MODES), "name": "ghost_stories_v0",
                "is_parallelizable": False, "render_fps": 2}

    def _setup(self, render_mode: str | None, options: dict[str, Any]) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.batch = make_batch(**options)
        self.possible_agents = [f"taoist_{k}" for k in range(self.batch.config.num_players)]
        self.agents: list[str] = []
        obs_space = spaces.Dict({"observation": observation_space(),
                                 "action_mask": spaces.Box(0, 1, (NUM_ACTIONS,), np.int8)})
        self._obs_spaces = {a: obs_space for a in self.possible_agents}
        self._act_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self.state_space = observation_space()      # state() is an encoding of the same size

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space: a ``Dict`` of ``"observation"`` (a ``Box`` of SIZE
        floats in [0, 1]) and ``"action_mask"`` (a ``Box`` of NUM_ACTIONS int8 in {0, 1})."""
        return self._obs_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space: ``Discrete(NUM_ACTIONS)``, the engine's action ids."""
        return self._act_spaces[agent]

    def _start(self, seed, options) -> None:
        """A new game: from ``options["scenario"]``, a scenario dict (``scenario.py``), else game
        ``seed`` as in ``batch.SeedStream``. Other reset options are ignored, not refused
        (PettingZoo's api_test passes made-up ones)."""
        if options is not None and not isinstance(options, dict):
            raise TypeError(f"reset options must be a dict, got {type(options).__name__}")
        scenario = (options or {}).get("scenario")
        if scenario is None:
            self.batch.start(1, seed)
        else:
            game = self.batch.engine.from_dicts([scenario])    # nothing changes if it is bad
            self._check_game(game, "options['scenario']", running=True)
            self.batch.state = game
        self._seat_agents()

    def _check_game(self, game, what: str, running: bool) -> None:
        """A game these agents can play: one agent per Taoist, and (``running``) not over."""
        players = int(game.is_player[0].sum())
        if players != len(self.possible_agents):
            raise ValueError(f"{what} is a game of {players} Taoist(s) but this env has "
                             f"{len(self.possible_agents)} agents: make it with num_players={players}")
        if running and game.terminated[0]:
            raise ValueError(f"{what} is a game that is already over; reset() starts a game in play "
                             f"(set_state() restores a snapshot of a finished one)")

    def _seat_agents(self) -> None:
        self._forfeited = False
        seats = np.flatnonzero(self.batch.state.is_player[0]).tolist()
        self.seat_of = dict(zip(self.possible_agents, seats))
        self.agent_of = dict(zip(seats, self.possible_agents))
        self.agents = self.possible_agents[:]

    def _decider(self) -> str | None:
        seat = int(self.batch.current_player()[0])
        return self.agent_of.get(seat) if seat >= 0 else None

    def _observations(self, agents, acting: str | None, waiting_mask: np.ndarray):
        """Each agent's observation from his seat; the acting agent gets the legal mask."""
        seats = np.array([self.seat_of[a] for a in agents])
        S = self.batch.state            # the one game, repeated once per agent who looks at it
        views = S if len(agents) == 1 else S.take(np.zeros(len(agents), np.int64))
        obs = observation.encode(views, seats, self.batch.frame)
        legal = self.batch.mask[0].astype(np.int8)
        return {a: {"observation": obs[k],
                    "action_mask": legal.copy() if a == acting else waiting_mask.copy()}
                for k, a in enumerate(agents)}

    def _info(self, agent: str, acting: str | None) -> dict:
        S = self.batch.state
        info = {"seat": self.seat_of[agent], "acting": agent == acting,
                "decision": self.batch.engine.decision_name(S, 0)}
        info.update(self.batch.end_info(self._forfeited))
        return info

    def state(self) -> np.ndarray:
        """(SIZE,) float32 global state: the absolute encoding, the same whoever looks (for
        centralised critics; ``observation.global_state``, in ``state_space``)."""
        return observation.global_state(self.batch.state)[0]

    def get_state(self) -> dict:
        """A snapshot of the environment, a JSON-safe dict: ``"game"``, the game as a scenario dict
        (everything its future depends on, random stream included), and ``"seeds"``, where the
        sequence of later games' seeds stands. (``state()`` is the global observation.)"""
        return self.batch.snapshot()

    @shows_in_human_mode
    def set_state(self, snapshot: dict) -> tuple[dict, dict] | None:
        """Back to a ``get_state()`` snapshot, returning what ``reset`` returns; the game goes on
        from there with the same random events and later games as after the snapshot was taken.
        Rewards restart from 0; a snapshot of a game that was over leaves no agent in play.
        ``reset(options={"scenario": d})`` starts an episode from a scenario dict instead."""
        self.batch.restore(snapshot, check=lambda game: self._check_game(game, "the snapshot", False))
        self._seat_agents()
        if self.batch.over()[0]:
            self.agents = []
        return self._begin()

    def render(self) -> str | np.ndarray | None:
        """The game's picture in ``render_mode`` (text, an (H, W, 3) uint8 array, or None once
        printed for "human"); None without a mode or before ``reset``."""
        if self.render_mode is None or self.batch.state is None:
            return None
        return render_game(self.batch.state, 0, self.render_mode)

    def close(self) -> None:
        """Nothing to release: no window, no subprocess."""


class GhostStoriesAECEnv(_Table, AECEnv):
    """AEC Ghost Stories; keyword arguments as ``GhostStoriesEnv`` (gym_env.py): those of
    ``batch.make_batch``, ``**switches`` for the ``GameConfig`` fields only."""

    def __init__(self, render_mode: str | None = None, *, num_players: int | None = None,
                 difficulty: str | None = None, config: GameConfig | None = None,
                 reward: str = DEFAULT_REWARD, reward_options: dict | None = None,
                 max_decisions: int = DEFAULT_MAX_DECISIONS, frame: str = DEFAULT_FRAME,
                 illegal_action: str = DEFAULT_ILLEGAL_ACTION, **switches: Any) -> None:
        AECEnv.__init__(self)
        self._setup(render_mode, dict(num_players=num_players, difficulty=difficulty,
                                      config=config, reward=reward, reward_options=reward_options,
                                      max_decisions=max_decisions, frame=frame,
                                      illegal_action=illegal_action, **switches))
        self._none_mask = np.zeros(NUM_ACTIONS, np.int8)

    @shows_in_human_mode
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game (``seed``), or the game of ``options={"scenario": d}``."""
        self._start(seed, options)
        self._begin()

    def _begin(self) -> None:
        """The episode's bookkeeping for the game now in the batch."""
        self.agent_selection = self._decider() if self.agents else None
        zero = dict.fromkeys(self.agents, 0.0)
        self.rewards, self._cumulative_rewards = dict(zero), dict(zero)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: self._info(a, self.agent_selection) for a in self.agents}
        self._seen: dict[str, dict] = {}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The agent's observation from his own seat: ``{"observation": (SIZE,) float32,
        "action_mask": (NUM_ACTIONS,) int8}``, the mask all zero unless he must decide now (a
        fresh copy at every call)."""
        if agent not in self._seen:
            selected = agent == self.agent_selection and not self.terminations.get(agent)
            acting = agent if selected else None
            self._seen[agent] = self._observations([agent], acting, self._none_mask)[agent]
        seen = self._seen[agent]
        return {k: v.copy() for k, v in seen.items()}

    @shows_in_human_mode
    def step(self, action: Any) -> None:
        """Play ``agent_selection``'s action; the next agent selected is whoever the game asks to
        decide, not the next in a cycle. Every agent receives the team reward; a terminated or
        truncated agent must step with ``None``; an illegal action forfeits the game (module
        docstring)."""
        if not self.agents:
            raise RuntimeError("every agent is done (or reset() was never called): call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        a = check_action(action)
        before = self.batch.state
        reward, terminated, truncated, illegal = self.batch.step(np.array([a]))
        self._forfeited = bool(illegal[0])
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, float(reward[0]))
        self.terminations = dict.fromkeys(self.agents, bool(terminated[0]))
        self.truncations = dict.fromkeys(self.agents, bool(truncated[0]))
        if not (terminated[0] or truncated[0]):
            self.agent_selection = self._decider()
        self.infos = {a: self._info(a, self.agent_selection) for a in self.agents}
        if illegal[0]:
            self.infos[agent]["illegal_action"] = illegal_message(before, 0, a)
        self._seen = {}
        self._accumulate_rewards()


class GhostStoriesParallelEnv(_Table, ParallelEnv):
    """Parallel Ghost Stories; keyword arguments as ``GhostStoriesEnv`` (gym_env.py): those of
    ``batch.make_batch``, ``**switches`` for the ``GameConfig`` fields only."""

    def __init__(self, render_mode: str | None = None, *, num_players: int | None = None,
                 difficulty: str | None = None, config: GameConfig | None = None,
                 reward: str = DEFAULT_REWARD, reward_options: dict | None = None,
                 max_decisions: int = DEFAULT_MAX_DECISIONS, frame: str = DEFAULT_FRAME,
                 illegal_action: str = DEFAULT_ILLEGAL_ACTION, **switches: Any) -> None:
        self._setup(render_mode, dict(num_players=num_players, difficulty=difficulty,
                                      config=config, reward=reward, reward_options=reward_options,
                                      max_decisions=max_decisions, frame=frame,
                                      illegal_action=illegal_action, **switches))
        self._wait_mask = np.zeros(NUM_ACTIONS, np.int8)
        self._wait_mask[WAIT] = 1

    @shows_in_human_mode
    def reset(self, seed: int | None = None,
              options: dict | None = None) -> tuple[dict[str, dict], dict[str, dict]]:
        """A new game (``seed``), or the game of ``options={"scenario": d}``. Returns
        observations and infos of every agent (``seat``, ``acting``, ``decision``)."""
        self._start(seed, options)
        return self._begin()

    def _begin(self):
        """Observations and infos of the agents in play in the game now in the batch."""
        if not self.agents:                 # a restored game that was over
            return {}, {}
        acting = self._decider()
        return (self._observations(self.agents, acting, self._wait_mask),
                {a: self._info(a, acting) for a in self.agents})

    @shows_in_human_mode
    def step(self, actions: dict[str, Any]) -> tuple[dict[str, dict], dict[str, float],
                                                     dict[str, bool], dict[str, bool],
                                                     dict[str, dict]]:
        """The acting agent's action (``infos[agent]["acting"]``); the others' actions, if sent,
        are checked and ignored. Returns PettingZoo's five dicts: every agent gets the team
        reward; a waiting agent's mask allows only ``WAIT``; when the game ends ``agents``
        empties and the infos hold ``won``, ``score``, ``loss_reason``."""
        if not self.agents:
            raise RuntimeError("the game is over (or reset() was never called): call reset()")
        acting = self._decider()
        action = self._check(actions, acting)
        before = self.batch.state
        reward, terminated, truncated, illegal = self.batch.step(np.array([action]))
        self._forfeited = bool(illegal[0])
        over = bool(terminated[0] or truncated[0])
        agents = self.agents
        nxt = None if over else self._decider()
        obs = self._observations(agents, nxt, self._wait_mask)
        infos = {a: self._info(a, nxt) for a in agents}
        if illegal[0]:
            infos[acting]["illegal_action"] = illegal_message(before, 0, action)
        if over:
            self.agents = []
        return (obs, dict.fromkeys(agents, float(reward[0])), dict.fromkeys(agents, bool(terminated[0])),
                dict.fromkeys(agents, bool(truncated[0])), infos)

    def _check(self, actions: dict, acting: str) -> int:
        if not isinstance(actions, dict):
            raise TypeError(f"actions must be a dict agent -> action, got {type(actions).__name__}")
        unknown = set(actions) - set(self.agents)
        if unknown:
            raise ValueError(f"unknown or finished agent(s) {sorted(unknown)}; live agents: "
                             f"{self.agents}")
        if acting not in actions:
            decision = self.batch.engine.decision_name(self.batch.state, 0)
            raise ValueError(f"{acting} must decide ({decision}) but has no action in "
                             f"{sorted(actions)}")
        for a in actions.values():          # the waiting agents' actions are ignored once checked
            check_action(a)
        return check_action(actions[acting])

