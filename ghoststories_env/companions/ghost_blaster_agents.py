"""Baseline players of Ghost Blaster, acting on a batch of games (``act(state) -> (B,) actions``).

* ``RandomBlaster``: a uniformly random legal action.
* ``MemoryBlaster``: a simple heuristic with a perfect memory of what it has seen. It remembers
  every card it has seen face up (only what the players see: it reads a card only while it lies
  face up), and on each roll picks the hunter and the card to end on that score best: a card that
  completes a capture, a remembered ghost that a team-mate already stands on, a caught hunter's
  dungeon, an unknown card (a keyhole is one of the unknown cards at worst), never a remembered
  keyhole (a hunter caught on arriving shows where one lies); leaving a card that holds half of a
  capture costs. It then walks there, a step at a
  time (on the grid a walk of exactly n steps reaches the cells at distance d <= n with n - d
  even, since stepping back is allowed).

Both keep per-game memory, so an agent plays one batch of games from their start (``reset``
forgets); they are deterministic but for ``RandomBlaster``'s seed.
"""

from __future__ import annotations

import numpy as np

from .ghost_blaster import (CELLS, COLS, CORNERS, DUNGEON_CELL, GHOSTS, HUNTERS, KEYHOLE,
                            NEIGHBOUR, STEP, BlasterState)

_ROW, _COL = np.arange(CELLS) // COLS, np.arange(CELLS) % COLS
DISTANCE = np.abs(_ROW[:, None] - _ROW[None, :]) + np.abs(_COL[:, None] - _COL[None, :])
UNKNOWN = -1


class RandomBlaster:
    """A uniformly random legal action per game."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = np.random.default_rng(seed)

    def reset(self) -> None:
        """Nothing to forget."""

    def act(self, S: BlasterState) -> np.ndarray:
        """(B,) actions; finished games get 0."""
        m = S.mask
        pick = (np.cumsum(m, 1) > (self.rng.random(m.shape[0]) * m.sum(1)).astype(int)[:, None])
        return np.where(m.any(1), pick.argmax(1), 0)


class MemoryBlaster:
    """The remembering heuristic of the module docstring."""

    name = "memory"
    CAPTURE, PAIR, FREE, EXPLORE, KEY, BREAK = 100.0, 20.0, 30.0, 10.0, -100.0, -15.0

    def __init__(self) -> None:
        self.memory: np.ndarray | None = None     # (B, 24) card id seen at each cell, -1 unknown
        self.target: np.ndarray | None = None     # (B,) the cell the moving hunter walks to
        self.jailed: np.ndarray | None = None     # (B, 3) the hunters caught when last seen

    def reset(self) -> None:
        """Forget everything (a new batch of games)."""
        self.memory = self.target = self.jailed = None

    def act(self, S: BlasterState) -> np.ndarray:
        """(B,) actions; finished games get 0."""
        B = S.batch_size
        if self.memory is None or self.memory.shape[0] != B:
            self.memory = np.full((B, CELLS), UNKNOWN, np.int8)
            self.target = np.full(B, -1, np.int64)
            self.jailed = np.zeros((B, HUNTERS), bool)
        # a hunter caught since the last decision found a keyhole where it was walking to
        caught = (S.jailed & ~self.jailed).any(1) & (self.target >= 0)
        self.memory[caught, self.target[caught]] = KEYHOLE
        self.jailed = S.jailed.copy()
        self.memory = np.where(S.face_up, S.card, self.memory)        # what lies face up is seen
        actions = np.zeros(B, np.int64)
        running = ~S.terminated & S.mask.any(1)
        choose = np.flatnonzero(running & (S.mover < 0))
        walk = np.flatnonzero(running & (S.mover >= 0))
        if choose.size:
            h, cell = self._choose(S, choose)
            actions[choose] = h
            self.target[choose] = cell
        if walk.size:
            actions[walk] = self._walk(S, walk)
        return actions

    def _choose(self, S, idx) -> tuple[np.ndarray, np.ndarray]:
        n = idx.size
        mem = self.memory[idx]                                         # (n, 24)
        pos = S.pos[idx].astype(np.int64)                              # (n, 3)
        up, goo = S.face_up[idx], S.goo[idx]
        jailed = S.jailed[idx]
        dots = S.dots[idx].astype(np.int64)
        rows = np.arange(n)[:, None]
        # what each hunter stands on: a live (face-up, un-gooed) ghost, else -1
        stand = np.where(up[rows, pos] & ~goo[rows, pos] & (S.card[idx[:, None], pos] < GHOSTS)
                         & ~jailed, S.card[idx[:, None], pos], -1)          # (n, 3)
        score = np.full((n, HUNTERS, CELLS), -np.inf)
        # (n, 24): a caught hunter waits in the dungeon at that cell
        free_here = ((DUNGEON_CELL[None, :] == np.arange(CELLS)[:, None])[None] & jailed[:, None, :]).any(2)
        for h in range(HUNTERS):
            d = DISTANCE[pos[:, h]]                                        # (n, 24)
            reach = (d <= dots[:, None]) & ((dots[:, None] - d) % 2 == 0) & ~jailed[:, h, None]
            others = [k for k in range(HUNTERS) if k != h]
            o1, o2 = stand[:, others[0], None], stand[:, others[1], None]
            same_cell = (pos[:, others[0]] == pos[:, others[1]])[:, None]
            ghost = np.where(~up, mem, -2)                                  # a face-down card we know
            s = np.zeros((n, CELLS))
            s += np.where(~up & (mem == UNKNOWN), self.EXPLORE, 0)
            s += np.where(~up & (mem == KEYHOLE), self.KEY, 0)
            s += np.where((ghost >= 0) & (ghost < GHOSTS) & ((ghost == o1) | (ghost == o2)), self.PAIR, 0)
            s += np.where((ghost >= 0) & (ghost == o1) & (ghost == o2) & ~same_cell, self.CAPTURE, 0)
            s += np.where(free_here, self.FREE, 0)
            mine = stand[:, h, None]
            leaving_pair = (mine >= 0) & ((mine == o1) | (mine == o2))
            s += np.where(leaving_pair, self.BREAK, 0)
            s -= 0.01 * d                                                  # nearer first, a tie-break
            score[:, h] = np.where(reach, s, -np.inf)
        best = score.reshape(n, -1).argmax(1)
        return best // CELLS, best % CELLS

    def _walk(self, S, idx) -> np.ndarray:
        h = S.mover[idx].astype(np.int64)
        here = S.pos[idx, h].astype(np.int64)
        left = S.steps_left[idx].astype(np.int64)
        goal = self.target[idx]
        nxt = NEIGHBOUR[here]                                              # (n, 4)
        ok = (nxt >= 0) & (DISTANCE[np.maximum(nxt, 0), goal[:, None]] <= left[:, None] - 1)
        ok &= S.mask[idx, STEP:]
        choice = np.where(ok.any(1), ok.argmax(1), S.mask[idx, STEP:].argmax(1))
        return STEP + choice

