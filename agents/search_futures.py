"""How a search plays its candidates' futures and judges where they end (``agents/search.py``
chooses the candidates and compares them; this is the other half of ``SearchAgent``).

Every candidate of a game is played in the same ``k`` futures of its position (common random
numbers: ``agents/futures.py`` re-draws only what the players cannot know): its action (or the
two actions of a pair), then the rollout policy for ``horizon`` turns (a script's team for the
first ``SCRIPT_TURNS`` of a script's column), then the leaf value. Every game, candidate and
future of a batch advances in one engine batch, and a future's value never depends on the
other rows of that batch.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import rng

from .base import Batch
from .futures import redraw_unseen
from .search_candidates import unpair

SCRIPT_TURNS = 4                  # turns a script's candidate is played by its plan's team


class Futures:
    """The futures half of ``SearchAgent``. It reads what the agent's ``__init__`` sets:
    ``policies`` (the rollout policy, then each script's team) and ``column_policy`` (which of
    them plays each candidate column first), ``rollout``, ``horizon`` and ``stops`` (the turns
    judged), ``value`` and ``progress`` (the leaf), ``dice`` (how the futures' dice are drawn)."""

    def _play(self, engine, roots, cands, alive, key, r, k) -> np.ndarray:
        """(n, W) sum of each alive candidate's values over its game's ``k[g]`` futures of round
        ``r`` (the same futures for all of a game's candidates); 0 elsewhere. A script's column
        is played by its team for ``SCRIPT_TURNS`` turns."""
        n, W = cands.shape
        games = np.flatnonzero(alive.any(1))
        per_game = k[games]
        keys = rng.draw(key[games], np.full(games.size, r << 20, np.uint64), per_game.max())
        futures = roots.take(np.repeat(games, per_game))
        redraw_unseen(futures, keys[np.arange(keys.shape[1]) < per_game[:, None]],
                      keyed=self.dice == "turn")
        game, slot = np.nonzero(alive)
        at = np.searchsorted(games, game)
        reps = per_game[at]                                  # futures of each (game, slot)
        first = np.cumsum(per_game) - per_game               # game's first row in futures
        trial = futures.take(_blocks(first[at], reps))
        now, then = (np.repeat(a, reps) for a in unpair(cands[game, slot]))
        trial = engine.step(trial, now, check=False)
        two = np.flatnonzero(then >= 0)
        if two.size:                      # a pair's second action, after its move
            trial.put(two, engine.step(trial.take(two), then[two]))
        turn = np.repeat(roots.turn[game].astype(np.int64), reps)
        policy = np.repeat(self.column_policy[slot], reps)
        values = self._play_out(engine, trial, turn, policy, turn + SCRIPT_TURNS)
        # summed over (pairs, k) blocks, k contiguous: the same float sums whatever the batch
        out, start = np.zeros((n, W)), np.cumsum(reps) - reps
        for size in np.unique(reps):
            pair = np.flatnonzero(reps == size)
            block = values[_blocks(start[pair], np.full(pair.size, size))].reshape(-1, size)
            out[game[pair], slot[pair]] = block.sum(1)
        return out

    def _play_out(self, engine, S, start, policy, scripted) -> np.ndarray:
        """Leaf values of the games of ``S`` played from turn ``start`` until they end or reach
        turn ``start + horizon``, by ``policies[policy]`` before turn ``scripted`` and by the
        rollout policy after; finished rows leave the batch as they stop. With ``marks``, a
        game's value is the mean of its leaf values on reaching each mark and the horizon (a
        game that ends first counts its outcome for each one left)."""
        stops = start[:, None] + self.stops                  # (B, M) turns judged at
        value, judged = np.zeros(S.batch_size), np.zeros(S.batch_size, np.int64)
        live = np.arange(S.batch_size)
        while True:
            reached = (S.turn[:, None] >= stops[live]).sum(1)
            due = np.where(S.terminated, self.stops.size, reached) - judged[live]
            now = np.flatnonzero(due > 0)
            if now.size:
                value[live[now]] += due[now] * self.leaf(S.take(now))
                judged[live[now]] += due[now]
            stop = judged[live] == self.stops.size
            if stop.any():
                keep = np.flatnonzero(~stop)
                live, S = live[keep], S.take(keep)
            if not live.size:
                return value / self.stops.size
            playing = np.where(S.turn < scripted[live], policy[live], 0)
            S = engine.step(S, self._act(engine, S, playing), check=False)

    def _act(self, engine, S, playing) -> np.ndarray:
        """(B,) actions of the rows of ``S``, each by ``policies[playing]``."""
        if not playing.any():
            return self.rollout.act(Batch(engine, S))
        actions = np.zeros(S.batch_size, np.int64)
        for p in np.unique(playing):
            rows = np.flatnonzero(playing == p)
            actions[rows] = self.policies[p].act(Batch(engine, S.take(rows)))
        return actions

    def leaf(self, S) -> np.ndarray:
        """(B,) value of a position: the chance of a win (the outcome if finished) plus the
        progress tie-break."""
        return self.value.predict(S) + self.progress * progress(S)


def progress(S) -> np.ndarray:
    """(B,) how far each game got: the mean of the share of the deck drawn and the share of the
    incarnations defeated (the leaf's tie-break, and the progress head's target in exit.py)."""
    drawn = S.deck_pos / np.maximum(S.deck_len, 1)
    beaten = S.inc_defeated / np.maximum(S.inc_total, 1)
    return (drawn + beaten) / 2


def _blocks(starts: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """The indices ``starts[i] .. starts[i] + sizes[i] - 1``, one block after another."""
    offsets = np.cumsum(sizes) - sizes
    return np.repeat(starts - offsets, sizes) + np.arange(sizes.sum())
