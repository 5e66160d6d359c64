"""``rollout``: the heuristic team, improved by Monte-Carlo rollouts where the turn is decided.

At each Yang-phase decision (moving, the free extras, the action, the Buddhas) the heuristic's
``width`` best actions are each tried in ``rollouts`` sampled futures that the heuristic then plays
to the end. An action replaces the heuristic's own choice only when its final value (the official
score, or with ``value="progress"`` the progress toward a win: ``VALUES``) beats that choice's,
future by future, by more than ``z`` standard errors of the mean difference (and the best such
action is played); every other decision is the heuristic's. This is one step of policy
improvement over the heuristic, made cautious because a few futures rank close actions no better
than a coin: with the plain best mean (8 futures, 3 candidates) the agent scored 4 points a game
*below* the heuristic on 20 Hell 2p games. It costs about ``width * rollouts`` heuristic games per
decision searched (4 to 8 CPU s a game here in batches of 40 to 60, far more in small batches),
so it is for small benchmarks (``--episodes 60``), not for training.

A sampled future re-draws only what the players cannot know, as the search's do
(``agents/futures.py`` ``redraw_unseen``: the undrawn deck, the cards left out, the dice). The k-th
future is the same for every candidate action (common random numbers), so the candidates are
compared on the same cards and dice. The futures are drawn from a hash of the public position and
``seed`` (``futures.public_key``): the agent never reads hidden information, and a game plays the
same in any batch. Reads ``batch.state`` (it copies and plays it).

    agents.make("rollout")          # 8 futures for each of the heuristic's 3 best actions
    agents.make("rollout:16x4")     # 16 futures, 4 candidates
    agents.make("rollout:8x3:progress")   # futures judged by progress toward a win (``VALUES``)

``oracle`` is the same search made clairvoyant, a yardstick and not a player: it plays each
candidate once in the game's *true* future (the real deck order and the real dice, read from the
state), judges it by progress and keeps the best. What it wins, the game allows; how far it
outdoes the heuristic shows how much of the heuristic's losses is bad luck a player cannot foresee
and must prepare for (docs/guides/results.md, "How winnable are the games?").
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import rng
from ghoststories_env.rules import stack

from .base import Batch, register
from .futures import public_key, redraw_unseen
from .heuristic import HeuristicAgent

SEARCHED = ("YANG",)              # decision kinds searched; the others are the heuristic's
_WANTED = -1e8                    # heuristic scores below this are actions it never wants

# what a finished game is worth to the search, (engine, state) -> (B,) float
VALUES = {
    "score": lambda engine, S: engine.score(S).astype(float),
    # the deck is the game's clock: a team that draws further has survived longer; an
    # incarnation defeated and a win count above that, and the official score breaks ties
    "progress": lambda engine, S: (S.deck_pos + 5.0 * S.inc_defeated + 50.0 * S.won
                                   + 0.01 * engine.score(S)),
}


class RolloutAgent:
    """The rollout search of the module docstring: ``rollouts`` futures for each of the
    heuristic's ``width`` best actions, judged by ``value`` (``VALUES``) and kept only when
    better by ``z`` standard errors; ``clairvoyant``: one future, the true one (``oracle``)."""

    def __init__(self, rollouts: int = 8, width: int = 3, seed: int = 0, z: float = 2.0,
                 value: str = "score", clairvoyant: bool = False):
        if rollouts < 1 or width < 2:
            raise ValueError(f"rollout agent needs rollouts >= 1 and width >= 2, got "
                             f"rollouts={rollouts}, width={width}")
        if value not in VALUES:
            raise ValueError(f"unknown rollout value {value!r}; allowed: {', '.join(VALUES)}")
        if clairvoyant and rollouts != 1:
            raise ValueError(f"a clairvoyant search has one future (the true one), got {rollouts}")
        self.rollouts, self.width, self.seed, self.z = int(rollouts), int(width), int(seed), z
        self.value, self.clairvoyant = VALUES[value], clairvoyant
        default = (rollouts, width, value) == (8, 3, "score")    # the name rebuilds the agent
        self.name = "rollout" if default else f"rollout:{rollouts}x{width}"
        self.name += "" if value == "score" else f":{value}"
        self.base = HeuristicAgent()
        self.codes = np.array([stack.CODES[name] for name in SEARCHED])

    def candidates(self, batch: Batch) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The heuristic's actions, and for the games to search: their rows and their (n, width)
        candidate actions, best first (-1 pads a game with fewer wanted actions)."""
        scores = self.base.scores(batch)
        actions = scores.argmax(1)
        order = np.argsort(-scores, axis=1, kind="stable")[:, :self.width]
        wanted = np.take_along_axis(scores, order, 1) > _WANTED
        cands = np.where(wanted, order, -1)
        search = np.isin(batch.state.top, self.codes) & (wanted.sum(1) >= 2)
        rows = np.flatnonzero(search)
        return actions, rows, cands[rows]

    def act(self, batch: Batch) -> np.ndarray:
        """(B,) int64: the heuristic's actions, replaced where the rollouts found a candidate
        surely better (module docstring)."""
        actions, rows, cands = self.candidates(batch)
        if rows.size:
            values = self.evaluate(batch.engine, batch.state, rows, cands)     # (n, width, K)
            gain = values - values[:, :1]             # paired with the heuristic's choice
            mean = gain.mean(2)
            se = gain.std(2, ddof=1) / np.sqrt(self.rollouts) if self.rollouts > 1 else 0 * mean
            sure = (cands >= 0) & (mean > self.z * se) & (mean > 0)
            best = np.where(sure, mean, 0.0).argmax(1)          # 0: the heuristic's choice
            actions[rows] = cands[np.arange(rows.size), best]
        return actions

    def evaluate(self, engine, S, rows, cands) -> np.ndarray:
        """(n, width, K) final value of each candidate in each future (sampled, or the true one
        when clairvoyant; nan for pads)."""
        K = self.rollouts
        futures = S.take(np.repeat(rows, K))
        if not self.clairvoyant:
            key = public_key(S.take(rows), self.seed)
            redraw_unseen(futures, rng.draw(key, np.zeros(rows.size, np.uint64), K).ravel())
        game, slot = np.nonzero(cands >= 0)                             # the (game, candidate) pairs
        pick = (game[:, None] * K + np.arange(K)).ravel()
        trial = futures.take(pick)
        trial = engine.step(trial, np.repeat(cands[game, slot], K), check=False)
        score = self._play_out(engine, trial).reshape(-1, K)
        values = np.full((*cands.shape, K), np.nan)
        values[game, slot] = score
        return values

    def _play_out(self, engine, S) -> np.ndarray:
        """Final values of the games of ``S`` played to the end by the heuristic; the games still
        running are gathered into a smaller batch as the others end."""
        score = np.zeros(S.terminated.size)
        live = np.arange(S.terminated.size)
        while True:
            done = S.terminated                       # a candidate itself may end the game
            if done.any():
                score[live[done]] = self.value(engine, S.take(np.flatnonzero(done)))
                live, S = live[~done], S.take(np.flatnonzero(~done))
            if not live.size:
                return score
            S = engine.step(S, self.base.act(Batch(engine, S)), check=False)


def _make(arg: str, seed: int = 0) -> RolloutAgent:
    size, _, value = arg.partition(":")
    k, _, w = (size or "8").partition("x")
    if not (k.isdigit() and (w.isdigit() or not w)):
        raise ValueError(f"agent 'rollout' takes 'K', 'KxW' (futures, candidates) and optionally "
                         f"':VALUE' ({', '.join(VALUES)}), got {arg!r}")
    return RolloutAgent(int(k), int(w) if w else 3, seed, value=value or "score")


def _make_oracle(arg: str, seed: int = 0) -> RolloutAgent:
    if arg and not arg.isdigit():
        raise ValueError(f"agent 'oracle' takes its number of candidates W, got {arg!r}")
    agent = RolloutAgent(1, int(arg or 4), seed, value="progress", clairvoyant=True)
    agent.name = "oracle" if not arg else f"oracle:{arg}"
    return agent


register("rollout", _make)
register("oracle", _make_oracle)
