"""``search``: the heuristic team, choosing its important decisions by looking ahead.

At each searched decision (by default the Yang phase's moves and actions and where an arriving
ghost goes: ``KINDS``) the agent takes the ``width`` actions its prior (the heuristic's scores)
ranks best, always including the prior's own choice (and, with ``extra``, the legal actions of
some action ranges that it does not want at all), and plays each of them in sampled futures
of the position: the heuristic plays on for ``horizon`` turns, and the position reached is judged
by a leaf value (``agents/value.py``: the chance that the heuristic team wins from there, fitted
per difficulty level,
1 or 0 for a finished game, plus ``progress`` times the share of the deck drawn and of the
incarnations defeated, which breaks ties). Every searched decision gets the same budget of
futures, ``futures * width * rounds(width)`` (96 by default), however many candidates it has.
Candidates are narrowed by sequential halving: the budget is split evenly over the rounds and,
within a round, over the candidates still in it; the prior's own choice stays in every round as
the reference, and after each round the worse half of the others (by mean value over all their
futures) is dropped, until one challenger is left. It is played if its mean value beats the
prior's choice by more than ``margin`` (0 by default; with a negative margin it is played unless
the prior's choice beats it by more than ``-margin``).

With ``follow=k`` (k >= 2), a move at the Yang phase's first stage is judged with more than the
prior's action after it: each move among the prior's ``width`` candidates is also offered as a pair
with each of the next ``k - 1`` actions the prior ranks best once the move is made, where it leads
to the mover's choice of action (a move draws nothing, so that choice is known before the futures
are drawn; a move followed only by a forced pass is not paired). A pair's futures play both
actions, then the rollout; the search plays the move of the best candidate and searches the action
again at the next decision. So a move is compared by the follow-ups the search itself might play,
not only the heuristic's.

Team plans the prior does not play (``agents/heuristic/plans.py``) can be offered as *scripts*:
each adds a candidate, the action the heuristic with that plan switched on would take, and that
candidate's futures are played by that heuristic for the first ``SCRIPT_TURNS`` turns
(``search_futures.py``; the team follows the plan for a round of the table) and by the rollout
policy after. A script whose action
is already a candidate adds nothing. The search replans at every decision, so a plan is followed
for as long as its next step keeps winning the comparison.

A future re-draws only what the players cannot know (``agents/futures.py``: the undrawn deck, the
cards left out, the dice), and every candidate of a game is played in the same futures (common
random numbers), so candidates are compared on the same cards and dice. The futures are drawn from
a hash of the public position and the agent's ``seed``: the search never reads hidden
information, and a game plays the same alone as in any batch. A future's dice are read from its
own random stream in order, so once one candidate has rolled where another has not, their later
rolls differ; with ``dice=turn`` they are keyed by turn instead (``rng.KEYED``): every candidate
meets the same faces at the same turn of a future, and is compared under the same later luck.
Every game, candidate and future of a batch advances in one engine batch.

    agents.make("search")            # 8 futures, 4 candidates, 8 turns: "search:8x4x8"
    agents.make("search:16x6x4")     # futures per candidate in the first round, width, horizon
    agents.make("search:8x4x0:leaf=path/leaf.npz")   # horizon 0: the leaf judges the position
                                     # each candidate leads to, mid-turn (the leaves fitted on
                                     # turn starts judge those badly: results/search/leaf-screen)
    agents.make("search:8x4x8:net=path/net.npz")   # a policy-value network (agents/net.py) as
                                     # prior, rollout policy and leaf value, instead of the
                                     # heuristic and the fitted win model
    agents.make("search:8x4x8:net=path/net.npz:leaf=win_model")   # the network's policy only
    agents.make("search:8x8x2:plans:rollout=path/net.npz")   # a network plays the futures;
                                     # the prior (the candidates) stays heuristic:plans
    agents.make("search:8x4x8:plans:leaf=path/model.json")   # another leaf value: a WinModel
                                     # file (fit_value), or a network's value head (a .npz)
    agents.make("search:16x8x8:plans:leaf=learned")   # the value networks shipped with the
                                     # package, one per level (net.LevelLeaf): the strongest
                                     # search measured (docs/guides/results.md), 45 CPU s a game
    agents.make("search:8x4x8:plans:leaf=a.npz+b.npz")   # the mean of several networks'
                                     # win logits (net.LeafEnsemble)
    agents.make("search:8x4x8:plans")   # the prior and rollout team is heuristic:plans
    agents.make("search:8x4x8:plans:scripts=overrun")   # and the overrun plan as a script
    agents.make("search:8x4x8:plans:weights=path/tuning.json")   # the heuristic team with
                                     # other weights (agents/heuristic/weights.py ``load``)
    agents.make("search:8x4x8:kinds=YANG")   # search only the Yang phase (SearchAgent(kinds=...))
    agents.make("search:8x8x4:plans:extra=YINYANG_HELP+YINYANG_UNHAUNT")   # the legal actions of
                                     # these ranges are candidates too, beyond the width, even
                                     # where the prior never wants them (the heuristic keeps its
                                     # Yin-Yang longer than the search would)
    agents.make("search:16x4x8:plans:margin=0.02")   # a challenger must beat the prior's
                                     # choice by 0.02 (mean value) to be played
    agents.make("search:8x8x2:plans:follow=2")   # moves paired with the prior's two best
                                     # actions after them (the pairs are extra candidates)
    agents.make("search:16x8x8:plans:leaf=learned:dice=turn")   # the futures' dice keyed by
                                     # turn (results/search/aligned-dice)
    agents.make("search:16x4x10:plans:marks=8")   # a future's value is the mean of its leaf
                                     # values at turn 8 and at the horizon, turn 10
    SearchAgent(share=0.25)          # search a quarter of the decisions (self-play, exit.py)

The spec strings are read by ``agents/search_spec.py``; the scripts' teams and the pairs of
``follow`` are built in ``agents/search_candidates.py``; the futures are played and judged in
``agents/search_futures.py``.

Costs ``futures * width * (ceil(log2(width - 1)) + 1)`` futures of ``horizon`` turns per searched
decision (docs/guides/results.md gives win rate against seconds per game).
"""

from __future__ import annotations

import math

import numpy as np

from ghoststories_env import actions as A
from ghoststories_env.rules import stack

from .base import Batch
from .futures import public_key
from .heuristic import HeuristicAgent
from .heuristic import plans as plan_names
from .search_candidates import WANTED, follow_ups, script_teams, unpair
from .search_futures import Futures
from .net import PolicyValueNet
from .value import LevelWinModel, WinModel

KINDS = ("YANG", "PLACE")         # decisions searched by default; the others are the prior's
DEFAULTS = {"futures": 8, "width": 4, "horizon": 8}
DICE = ("stream", "turn")         # a future's dice: read in order, or keyed by turn (rng.KEYED)
DECIMALS = 9                      # mean values equal to this many decimals are ties
_SHARE_SALT = 0x5A4E              # the draw of which decisions a partial search looks at


class SearchAgent(Futures):
    """The search of the module docstring: ``futures`` per candidate in the first round,
    ``width`` candidates, ``horizon`` turns of rollout, at the decisions ``kinds`` (a ``share``
    of them); ``progress`` and ``margin`` as described there; ``value`` replaces the fitted win
    model as leaf value (``leaf`` names it in the agent's name), ``net`` the heuristic as prior,
    rollout policy and leaf, ``rollout`` the rollout policy only; ``plans``: the heuristic's
    team plans, ``scripts`` those offered as scripts, ``weights``: a file of other weights for
    the heuristic (``HeuristicAgent``); ``extra``: action ranges (``actions.RANGES``) whose
    unwanted legal actions are candidates too; ``follow``: moves paired with that many of the
    prior's next actions; ``seed`` keys the futures; ``dice``: ``"turn"`` keys their dice by
    turn (the module docstring)."""

    def __init__(self, futures: int = 8, width: int = 4, horizon: int = 8, seed: int = 0,
                 kinds=KINDS, progress: float = 0.02, margin: float = 0.0,
                 value: WinModel | LevelWinModel | None = None,
                 net: PolicyValueNet | None = None,
                 share: float = 1.0, plans: tuple[str, ...] = (),
                 scripts: tuple[str, ...] = (), leaf: str = "win_model",
                 marks: tuple[int, ...] = (), weights: str | None = None,
                 extra: tuple[str, ...] = (), follow: int = 1,
                 rollout: PolicyValueNet | None = None, dice: str = "stream"):
        _check(futures, width, horizon, share, marks, margin, extra, kinds, follow, dice)
        self.futures, self.width, self.horizon = int(futures), int(width), int(horizon)
        self.seed, self.progress, self.margin = int(seed), float(progress), float(margin)
        self.codes = np.array([stack.CODES[k] for k in kinds])
        self.share = float(share)
        self.follow = int(follow)
        self.dice = dice
        # turns of the rollout whose leaf values are averaged with the horizon's
        self.stops = np.array([*marks, self.horizon], np.int64)
        # prior (scores), rollout policy (act) and leaf value (predict): the network's, or the
        # heuristic team and the fitted win model
        if net is not None and (plans or weights):
            raise ValueError("plans and weights set the heuristic prior's team plans and weights; "
                             "a search on a network has no heuristic prior")
        self.prior = net if net is not None else HeuristicAgent(tuple(plans), weights)
        # a network can play the futures while the prior proposes the candidates: a team that
        # wins more alone need not rank the candidates better
        self.rollout = rollout if rollout is not None else self.prior
        self.scripts = script_teams(plans if net is None else None, scripts, weights)
        # the actions of the ``extra`` ranges, each a candidate column after the prior's ``width``
        self.extra = np.array([a for r in extra for a in A.RANGES[r]], np.int64)
        # who plays a candidate column's futures for its first SCRIPT_TURNS turns: the rollout
        # policy for the prior's ``width`` columns and the extra ones, a script's team for each
        # script column after them, the rollout policy for the pairs
        self.policies = [self.rollout, *self.scripts]
        self.column_policy = np.r_[np.zeros(self.width + self.extra.size, np.int64),
                                   1 + np.arange(len(self.scripts)),
                                   np.zeros(self.width * (self.follow - 1), np.int64)]
        self.value = (value if value is not None else net if net is not None
                      else LevelWinModel.load())
        self.name = self._named(net, plans, weights, value, leaf, rollout, scripts, kinds, extra,
                                marks)
        self.searched = 0                          # decisions searched so far (for reports)
        self.last = None                           # the last act's search: see ``act``

    def _named(self, net, plans, weights, value, leaf, rollout, scripts, kinds, extra,
               marks) -> str:
        """The agent's name: the spec that builds it again (``agents/search_spec.py``)."""
        size = (self.futures, self.width, self.horizon)
        name = "search" if size == tuple(DEFAULTS.values()) else "search:%dx%dx%d" % size
        if net is not None:
            name = "search:%dx%dx%d:net=%s" % (*size, net.meta.get("path", "?"))
        if plans or weights:        # ":plans", ":plans=a+b", then ":weights=<file>"
            name += ":" + self.prior.name.partition(":")[2]
        # the leaf is named when it is not the default of the prior (the network's own value,
        # or the shipped win models for a heuristic prior)
        if value is not None and (net is not None or leaf != "win_model"):
            name += f":leaf={leaf}"
        if rollout is not None:
            name += ":rollout=" + rollout.meta.get("path", "?")
        if self.scripts:
            name += ":scripts=" + "+".join(plan_names.checked(scripts))
        if tuple(kinds) != KINDS:
            name += ":kinds=" + "+".join(kinds)
        if extra:
            name += ":extra=" + "+".join(extra)
        if self.share < 1:
            name += f":share={self.share:g}"
        if self.margin:
            name += f":margin={self.margin:g}"
        if self.follow > 1:
            name += f":follow={self.follow}"
        if len(marks):
            name += ":marks=" + "+".join(map(str, marks))
        if self.dice != "stream":
            name += f":dice={self.dice}"
        return name

    # -- the decision -----------------------------------------------------------------------------
    def candidates(self, batch: Batch) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The prior's actions (B,), and the games to search: rows (n,) and their (n, width +
        extra + scripts [+ pairs]) candidates, the prior's best first, then the legal actions of
        the ``extra`` ranges it does not want, then each script's action, then with ``follow``
        the pairs of a move and a later action (``pair``: one number for both); -1 pads a game
        with fewer wanted actions, an extra action not legal or already wanted, a script whose
        action is already a candidate, and a pair the game has not."""
        scores = self.prior.scores(batch)
        actions = scores.argmax(1)
        order = np.argsort(-scores, axis=1, kind="stable")[:, :self.width]
        wanted = np.take_along_axis(scores, order, 1) > WANTED
        cands = np.where(wanted, order, -1)
        if self.extra.size:
            tried = batch.mask[:, self.extra] & (scores[:, self.extra] <= WANTED)
            cands = np.c_[cands, np.where(tried, self.extra, -1)]
            wanted = np.c_[wanted, tried]
        for script in self.scripts:
            scripted = script.act(batch)
            fresh = ~(cands == scripted[:, None]).any(1) & (cands[:, 0] >= 0)
            cands = np.c_[cands, np.where(fresh, scripted, -1)]
            wanted = np.c_[wanted, fresh]
        if self.follow > 1:
            pairs = follow_ups(batch, self.prior, cands[:, :self.width], self.follow)
            cands, wanted = np.c_[cands, pairs], np.c_[wanted, pairs >= 0]
        search = np.isin(batch.state.top, self.codes) & (wanted.sum(1) >= 2) & ~batch.state.terminated
        rows = np.flatnonzero(search)
        if self.share < 1 and rows.size:
            # a share of the decisions, drawn from the public position: the same in any batch
            u = (public_key(batch.state.take(rows), self.seed ^ _SHARE_SALT) >> np.uint64(11)) / 2.0 ** 53
            rows = rows[u < self.share]
        return actions, rows, cands[rows]

    def act(self, batch: Batch) -> np.ndarray:
        """The prior's actions, and the search's where it searched. ``last`` keeps what the
        search found: ``rows`` searched, their ``cands`` (n, C: each candidate's first action)
        and ``mean`` values (nan for pads and dropped challengers), the ``chosen`` column, and
        with ``follow`` the ``then`` action of each pair (-1 for the other candidates)."""
        actions, rows, cands = self.candidates(batch)
        mean = np.zeros(cands.shape)
        best = np.zeros(rows.size, np.int64)
        if rows.size:
            mean = self.evaluate(batch.engine, batch.state, rows, cands)
            # the best challenger (column 0 is the prior's choice), played if it beats the
            # prior's choice by more than the margin (by less than -margin if that is negative)
            challengers = np.where(np.isnan(mean[:, 1:]), -np.inf, mean[:, 1:])
            best = 1 + np.argmax(challengers, 1)
            gain = challengers[np.arange(rows.size), best - 1] - mean[:, 0]
            best[~(gain > self.margin)] = 0
        first, then = unpair(cands)
        actions[rows] = first[np.arange(rows.size), best]
        self.searched += rows.size
        self.last = {"rows": rows, "cands": first, "mean": mean, "chosen": best}
        if self.follow > 1:
            self.last["then"] = then
        return actions

    def schedule(self, c: int) -> list[int]:
        """Futures per candidate in each round of a game with ``c`` candidates. Every searched
        decision gets the same budget, ``futures * width * rounds(width)`` futures, split evenly
        over its rounds and, in each round, over the candidates still in it (``m`` of them: the
        prior's choice and half the challengers left, rounded up)."""
        budget = self.futures * self.width * _rounds(self.width)
        out, m = [], c
        for _ in range(_rounds(c)):
            out.append(-(-budget // (_rounds(c) * m)))
            m = 1 + -(-(m - 1) // 2)
        return out

    def evaluate(self, engine, S, rows, cands) -> np.ndarray:
        """(n, width) mean value of each candidate over its futures; nan for pads and for the
        challengers dropped. The prior's choice (column 0) is played in every round as the
        reference; the other candidates are narrowed by sequential halving to one, following
        ``schedule`` for the game's own number of candidates, so a game's rounds and futures
        depend on its own candidates only, never on the other games of the batch. Round r of
        every game that has one is played in one engine batch, whatever its candidate count."""
        n, W = cands.shape
        roots = S.take(rows)
        alive = cands >= 0
        # futures per candidate by round (0: done), one schedule per candidate count
        counts, which = np.unique(alive.sum(1), return_inverse=True)
        schedules = [self.schedule(c) for c in counts]
        rounds = max(map(len, schedules))
        table = np.zeros((counts.size, rounds + 1), np.int64)
        for i, schedule in enumerate(schedules):
            table[i, :len(schedule)] = schedule
        ks = table[which]
        total, count = np.zeros((n, W)), np.zeros((n, W))
        key = public_key(roots, self.seed)
        column = np.arange(W)
        for r in range(rounds):
            k = ks[:, r]
            total += self._play(engine, roots, cands, alive & (k > 0)[:, None], key, r, k)
            count += alive * k[:, None]
            going_on = ks[:, r + 1] > 0
            if not going_on.any():
                break
            # the better half of the challengers goes on, at least one; means rounded so that
            # float noise never decides, ties keep the prior's order
            mean = np.round(total / np.maximum(count, 1), DECIMALS)
            challengers = alive & (column > 0)
            rank = np.argsort(np.argsort(-np.where(challengers, mean, -np.inf), axis=1,
                                         kind="stable"), axis=1, kind="stable")
            keep = np.maximum(1, (challengers.sum(1) + 1) // 2)
            halved = (challengers & (rank < keep[:, None])) | (column == 0)
            alive = np.where(going_on[:, None], halved, alive)
        return np.where(alive, np.round(total / np.maximum(count, 1), DECIMALS), np.nan)


def _check(futures, width, horizon, share, marks, margin, extra, kinds, follow, dice) -> None:
    """The search's arguments that make no sense, each named with what is allowed."""
    if dice not in DICE:
        raise ValueError(f"dice is how the futures' dice are drawn, one of {', '.join(DICE)}, "
                         f"got {dice!r}")
    if follow < 1:
        raise ValueError(f"follow is the number of the prior's actions a move is paired "
                         f"with (1: the rollout's only), at least 1, got {follow!r}")
    if futures < 1 or width < 2 or horizon < 0:
        raise ValueError(f"search needs futures >= 1, width >= 2 and horizon >= 0, got "
                         f"futures={futures}, width={width}, horizon={horizon}")
    if not 0 < share <= 1:
        raise ValueError(f"share is the part of the decisions searched, in (0, 1], got {share!r}")
    if sorted(set(marks)) != list(marks) or any(not 0 < m < horizon for m in marks):
        raise ValueError(f"marks are turns of the rollout, increasing and between 1 and the "
                         f"horizon - 1 = {horizon - 1}, got {marks!r}")
    if not np.isfinite(margin):
        raise ValueError(f"margin is the value a challenger must beat the prior's choice by, "
                         f"a finite number (negative: the prior must beat it), got {margin!r}")
    wrong = sorted(set(extra) - set(A.RANGES))
    if wrong:
        raise ValueError(f"extra names action ranges, got {wrong}; allowed: "
                         f"{', '.join(A.RANGES)}")
    unknown = set(kinds) - set(stack.CODES)
    if unknown:
        raise ValueError(f"unknown decision kinds {sorted(unknown)}; allowed: "
                         f"{', '.join(stack.CODE_NAMES)}")


def _rounds(c: int) -> int:
    """Rounds of sequential halving for ``c`` candidates: the prior's choice stays, the other
    ``c - 1`` are halved until one is left, and that last duel is a round too."""
    return max(1, math.ceil(math.log2(max(c - 1, 1))) + 1)
