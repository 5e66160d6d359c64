"""What the companion games' engines and environments share: a batch held as a dataclass of
arrays (``BatchArrays``) and the PettingZoo table around one game (``PettingZooTable``)."""

from __future__ import annotations

from dataclasses import fields

import numpy as np
from gymnasium import spaces


class BatchArrays:
    """``copy``, ``take`` and ``put`` for a dataclass whose fields are arrays with the batch axis
    first."""

    def copy(self):
        """Every array copied."""
        return type(self)(**{f.name: getattr(self, f.name).copy() for f in fields(self)})

    def take(self, rows):
        """The given games, in that order."""
        rows = np.asarray(rows)
        return type(self)(**{f.name: getattr(self, f.name)[rows] for f in fields(self)})

    def put(self, rows, other) -> None:
        """Write the games of ``other`` into the given rows, in place."""
        rows = np.asarray(rows)
        for f in fields(self):
            getattr(self, f.name)[rows] = getattr(other, f.name)


class PettingZooTable:
    """One game with one agent per player (``player_0`` ...), over a ``self.batch`` of one game
    whose ``engine`` renders text: the spaces, the AEC bookkeeping, rendering."""

    def _table(self, num_players: int, size: int, num_actions: int, render_mode: str | None) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode={render_mode!r} is not allowed; choose None or 'ansi'")
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self._obs_space = spaces.Dict({"observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                                       "action_mask": spaces.Box(0, 1, (num_actions,), np.int8)})
        self._act_space = spaces.Discrete(num_actions)

    def observation_space(self, agent: str) -> spaces.Space:
        """The same Dict space for every player: the observation and the legal-action mask."""
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        """The engine's action table."""
        return self._act_space

    def _fresh_dicts(self) -> None:
        """AEC's per-agent dicts at the start of a game."""
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}

    def _check_action(self, action) -> int:
        if not self._act_space.contains(action):
            raise ValueError(f"action {action!r} is not in {self._act_space}")
        return int(action)

    def render(self):
        """The table as text (``render_mode="ansi"``)."""
        if self.render_mode == "ansi":
            return self.batch.engine.render_text(self.batch.state, 0)
        return None

    def close(self) -> None:
        """Nothing to release."""
