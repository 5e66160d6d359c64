"""``heuristic``: a rule-based team that plays as a careful human would.

It reads the engine state directly (``batch.state``; it never needs the encoded observation) and
reuses the engine's read-only rule helpers (``ghoststories_env/rules/common.py``), so it knows
exactly what the rules allow. For each decision kind the engine can ask (``rules/stack.py``
``CODE_NAMES``) one vectorised function scores every action for all the games waiting on it; the
agent plays the legal action with the highest score. No Python loop runs over the games.

How it decides, in one unit (about one official point, a lost game = ``weights.LOSS``):

* **Threats** (``threats.py``): every ghost in play is worth what it will cost if it stays: a
  haunter's next haunting (a lost game when the haunted tiles would reach the limit or its line
  has no active tile left) divided by the Yang phases the team has before it happens; a
  tormentor's curse rolls; a full board's overrun; a captured die, a Tao lock, a power switched
  off; an incarnation, more as the deck (the clock) runs down.
* **Exorcism odds** (``odds.py``, ``exorcism.py``): exact success chances from tables of every
  roll of 0..4 dice, with white faces, Tao tokens (the Taoist's and those of Taoists on his tile),
  the Circle of Prayer, the Mantra, captured dice, the grey die and Gods' Favorite rerolls (kept
  by target, computed once). An attempt is worth its chance times the ghost's value (reward in,
  curse harm out); from a corner, each roll is worth the best set of the two ghosts it beats.
* **Village** (``village.py``): each villager's help is valued with the same numbers (a Circle
  colour by the ghosts it weakens, the Sorcerer by the worst ghost less a Qi, the Night Watchman
  by the hauntings it delays, the Altar by the haunted tile it frees less a new ghost...).
* **The turn** (``turn.py``): move to the reachable tile whose best action (help, attempt, and a
  second one under Second Wind / Heavenly Gust) is worth most, after the free extras (Pockets,
  Mantra on the ghost to attack, Twin Winds, Power tokens, the Yin-Yang when it frees a haunted
  tile or buys a help worth more than keeping it); then Buddhas on facing empty spaces.
* **Arrivals** (``ghosts.py``): ordinary ghosts onto Buddhas, no board filled when avoidable,
  haunters in front of the cheapest line, within reach of the Taoists, and where a corner tile
  faces the arriving ghost and another that one roll of three dice can beat together (corner
  pairing: the chance of that roll, ``weights.CORNER_PAIR``).
* **Power sides** (``powers.py``), when the players choose them: the side experienced players
  prefer.
* **Rewards and harm** (``rewards.py``): Yin-Yang back unless the Qi is needed, the incarnation's
  Qi to the weakest, a possessed board's loss to whoever it hurts least, Curse rerolls when an
  average roll hurts less.

* **Team plans** (``plans.py``), off by default (``heuristic``), on in ``heuristic:plans``: play
  over several Yang phases the default team does not plan (getting ready before an incarnation's
  public place in the deck, then striking it). With no plan on, every decision is the default's.

Every decision has an answer; a decision kind without a scorer (none today) falls back to the
first legal action. The facts a decision needs many times (a seat's exorcism plan, the tiles'
worth, the threats) are computed once per decision kind and seat (``context.per_context``).
"""

from __future__ import annotations

import numpy as np

from ghoststories_env.rules import stack

from ..base import Batch, register
from . import exorcism, ghosts, powers, rewards, turn, village
from . import weights as W
from . import plans as plan_names
from .plans import spec as plan_spec
from .context import Ctx, settled

# decision name -> scorer(ctx) -> (n, A) scores; the best legal action is played
SCORERS = {
    "YANG": turn.yang,
    "MOVE_TAOIST": village.move_taoist,
    "PLACE": ghosts.place,
    "EXO_REROLL": exorcism.exo_reroll,
    "EXO_MANTRA": exorcism.exo_mantra,
    "EXO_CHOOSE": exorcism.exo_choose,
    "EXO_WHITE": exorcism.exo_white,
    "EXO_PAY_CHOOSE": exorcism.exo_pay,
    "CIRCLE_COLOUR": village.circle_colour,
    "CEMETERY_PICK": village.cemetery_pick,
    "ALTAR_PICK": village.altar_pick,
    "HERB_REROLL": village.herb_reroll,
    "SORCERER_PICK": village.sorcerer_pick,
    "NIGHT_WATCH_PICK": village.night_watch_pick,
    "PAV_GHOST": village.pav_ghost,
    "PAV_DEST": village.pav_dest,
    "PAV_TAOIST": village.pav_taoist,
    "TAKE_TAO": village.take_tao,
    "REWARD_QI_YY": rewards.reward_qi_yinyang,
    "INC_QI": rewards.inc_qi,
    "INC_YY": rewards.inc_yinyang,
    "POWER_PICKUP": rewards.power_pickup,
    "ABSORB": rewards.absorb,
    "CURSE_REROLL": rewards.curse_reroll,
    "DISCARD_ONE": rewards.discard_one,
    "POWER_SIDE": powers.power_side,
}
_BY_CODE = {stack.CODES[name]: fn for name, fn in SCORERS.items() if name in stack.CODES}


class HeuristicAgent:
    """The rule-based team described in this module's docstring (reads ``batch.state``)."""

    def __init__(self, plans: tuple[str, ...] = (), weights: str | None = None):
        """``plans``: team plans to switch on (``plans.NAMES``); none plays the default team.
        ``weights``: a JSON file of weights to play with instead of ``weights.py``'s
        (``weights.load``: a tuning result, or some of the table's names)."""
        chosen = plan_names.checked(plans)
        self.plans = frozenset(chosen)
        self.weights = W.load(weights) if weights else {}
        self.name = plan_spec(chosen) + (f":weights={weights}" if weights else "")

    def scores(self, batch: Batch) -> np.ndarray:
        """(B, A) the score of every action, ``-inf`` where illegal; the agent plays the argmax.
        A decision kind without a scorer scores its legal actions 0 (the first one is played)."""
        with W.overridden(self.weights):          # no-op for the default table ({})
            return self._scores(batch)

    def _scores(self, batch: Batch) -> np.ndarray:
        S, mask = batch.state, batch.mask
        out = np.where(mask, 0.0, -np.inf)
        running = np.flatnonzero(mask.any(1))
        every = Ctx(S, running, self.plans)     # the facts the kinds share, computed once
        for code, part in stack.split(S.top[running].astype(np.int64)):
            scorer = _BY_CODE.get(code)
            if scorer is None:
                continue
            rows = running[part]
            scores = settled(scorer(every.subset(part)))    # ties: lowest action id wins
            out[rows] = np.where(mask[rows], scores, -np.inf)
        return out

    def act(self, batch: Batch) -> np.ndarray:
        """(B,) int64: the best-scored legal action of every game (``scores``; 0 for finished
        ones)."""
        return self.scores(batch).argmax(1)       # finished games (all -inf) get 0


def _make(arg: str, **_) -> HeuristicAgent:
    """``heuristic``, ``heuristic:plans`` (the adopted plans) or ``heuristic:plans=a+b``, each
    optionally followed by ``:weights=<file.json>`` (``weights.load``)."""
    options = arg.split(":") if arg else []
    weights = [o.partition("=")[2] for o in options if o.startswith("weights=")]
    rest = [o for o in options if not o.startswith("weights=")]
    if len(rest) > 1 or len(weights) > 1 or any(not w for w in weights):
        raise ValueError(f"agent 'heuristic' takes 'plans' or 'plans=a+b' and 'weights=<file>', "
                         f"each at most once, got {arg!r}")
    return HeuristicAgent(plan_names.parse(rest[0]) if rest else (),
                          weights[0] if weights else None)


register("heuristic", _make)
