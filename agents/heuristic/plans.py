"""Team plans: play over several Yang phases that the default heuristic does not plan, switched on
by ``HeuristicAgent(plans=...)`` (``agents.make("heuristic:plans")``). With no plan on, the
heuristic plays exactly as before: every plan is a branch on ``ctx.plans``.

* ``incarnation``: get ready before an incarnation's card comes up, then strike it.
  - *Ready*: its place in the deck is public (rules §3, 12; not which incarnation it is), so
    from ``READY_DRAWS`` cards before it a Tao token is worth ``INC_READY`` more times the share of
    the incarnations not seen yet that need more of its colour than the team holds: the team
    stockpiles what the incarnation will ask for.
  - *Strike*: once it is in play, beating it is what the game is about (the last one wins the
    game; until then the deck is the clock): it is worth ``INC_STRIKE`` lost games more than the
    default values it, and a token of a colour it still needs beyond the team's is worth
    ``INC_TOKEN`` more; a ghost that keeps it from being exorcised (on the opposite space of the
    Howling Nightmare) gets ``INC_UNBLOCK`` of that. Everything that reads the threats follows: attempts from the tiles facing
    it, the Circle of Prayer on its colour, the Mantra on it, the Herbalist and the Tea House for
    its tokens.

Measured on 1,000 Initiation 4p ``eval`` games (results/benchmark_plans/README.md): 104 wins for
the default heuristic, 142 with the strike alone, 157 with its tokens, 162 with the readiness,
166 with the unblocking.

* ``overrun`` (not adopted: offered to the search as a script, ``search:...:scripts=overrun``):
  a full board costs its Taoist a Qi at his Yin phase (rules §4, step 2), the heuristic's largest
  Qi loss. A ghost on a full board is worth ``OVERRUN_NOW`` Qi of that board more, divided by the
  Yang phases left before the board's Yin phase: the team empties the board that will overrun
  first.
* ``haunters`` (not adopted: a script): every haunter's threat (its next haunting over the Yang
  phases left before it) counts ``1 + HAUNTERS_MORE`` times: the team clears the haunters first.
* ``corners`` (learned from the search; not adopted, so that every recorded ``heuristic:plans``
  game still replays): an arriving ghost's space is worth ``CORNER_SPACE`` more where a corner
  tile faces it (the two end spaces of each board; the middle space faces an edge tile). The
  search, recording why it overrode its prior in 300 self-play games
  (results/exit/initiation-4p-16x4x8), departed from the heuristic at 47.6% of the placements,
  mostly moving a ghost along its board from the middle space to an end one. Corner tiles face
  two spaces, so a ghost there can be reached from more places and paired with another
  (``weights.CORNER_PAIR`` values only the pairs already there). Measured on 3,000 Initiation 4p
  ``eval`` games: 412 wins for ``heuristic:plans``, 472 / 496 / 523 / 521 / 497 / 508 / 474
  with a bonus of 0.15 / 0.3 / 0.45 / 0.5 / 0.6 / 0.8 / 1.2 (results/heuristic_corners/README.md).
* ``reach`` (learned from the search; not adopted): ending the move on a tile is worth ``REACH``
  times ``REACH_SHARE`` more: 0 on a corner tile (4 tiles within one step, itself included), 0.4
  on an edge tile (6), 1 on the central one (9). Where the same search overrode the heuristic's
  move (35% of the moves), it sent the Taoist to a corner 1,452 times against the heuristic's
  2,352, and to the centre 652 times against 330: from there the next turn reaches more.
  Measured on the same 3,000 ``eval`` games: 405 / 438 / 399 / 368 wins against 412 with a bonus
  of 0.25 / 0.5 / 1 / 2, and 495 against 521 on top of ``corners``: no gain beyond the noise
  (results/heuristic_reach/README.md), so the search's moves away from the corners are not a
  fixed preference.
* ``uncatchable`` (read off where the games are lost; not adopted): no exorcism reaches
  Uncatchable before it has stood on a Buddha (rules §6, 16.21), and the default team never
  sets that up: it wins 7% of the games where Uncatchable comes into play, against 19-51% for the
  other incarnations. While it waits (and the Pavilion is not haunted), the Pavilion moving it
  onto an empty Buddha space is worth ``UNC_TRAP`` of its threat, a held Buddha put on an empty
  space ``UNC_BUDDHA`` of it, and a Buddha taken at the Temple ``UNC_TEMPLE`` (when no living
  Taoist holds one); the Circle of Prayer stops counting it.
* ``howling`` (the same; not adopted): a ghost arriving on the space opposite Howling Nightmare
  keeps it from being exorcised; such a space costs ``HOWL_KEEP`` of its strike.
  Measured on 3,000 Initiation 4p ``eval`` games: 424 wins for ``heuristic:plans``, 426 with
  ``uncatchable`` (12 of the 139 games that reach Uncatchable, against 10), 427 with ``howling``
  (27 of 129 reaching Howling Nightmare, against 24), 429 with both: what keeps these games from
  being won is the village they arrive in, full to 10-11 ghosts of 12 spaces
  (results/incarnations/README.md).
* ``crowd`` (the same; not adopted): removing any ghost is worth ``CROWD`` more per ghost in
  play beyond ``CROWD_FROM``, so a fuller village pulls the team from helps to exorcisms.
  Measured on the same 3,000 ``eval`` games: 434 / 437 / 412 / 328 / 447 wins against 412 for
  1/2 / 1 / 2 / 1 / 2 per ghost beyond 6 / 6 / 6 / 3 / 9 (results/heuristic_crowd/README.md):
  within the noise, and worse when it starts from 3 ghosts.
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import cards as C
from ghoststories_env.config import R
from ghoststories_env.geometry import OPPOSITE, STEP

from . import weights as W
from .context import Ctx, per_context

NAMES = ("incarnation", "overrun", "haunters", "corners", "reach", "uncatchable", "howling",
         "crowd")   # every plan, in a spec's order
ADOPTED = ("incarnation",)     # the plans ``heuristic:plans`` switches on

INC_STRIKE = 10.0              # an incarnation in play: this many lost games (W.LOSS) more
INC_UNBLOCK = 0.5              # the ghost blocking it (its opposite space): this share of it
INC_TOKEN = 2.0                # a token of a colour it still needs beyond the team's tokens
INC_READY = 3.0                # a token, times the share of unseen incarnations that need it ...
READY_DRAWS = 8                # ... from this many cards before the next incarnation's place
OVERRUN_NOW = 2.0              # a ghost on a full board: this many of its board's Qi more, over
                               # the Yang phases left before the board's Yin phase
HAUNTERS_MORE = 1.0            # a haunter's threat: this share of it more
CORNER_SPACE = 0.5             # an arriving ghost's space facing a corner tile: this much better
REACH = 0.5                    # ending the move on the central tile: this much better; on an
REACH_SHARE = (STEP.sum(1) - 4) / 5      # edge tile 0.4 of it, on a corner 0 (tiles in one step)
UNC_TRAP = 0.6                 # Uncatchable waiting for a Buddha: the Pavilion moving it onto one
UNC_BUDDHA = 0.4               # is worth this share of its threat, a Buddha put on an empty space
UNC_TEMPLE = 0.3               # this share, and one taken at the Temple this share
HOWL_KEEP = 0.5                # a ghost put opposite Howling Nightmare: this share of its strike
CROWD = 1.0                    # removing any ghost: this much more per ghost in play beyond
CROWD_FROM = 6                 # this many

INCARNATIONS = np.flatnonzero(C.IS_INCARNATION)   # the 10 incarnation card ids
INC_REQ = C.CARD_REQ[INCARNATIONS]                 # (10, 5) their resistances


def parse(arg: str) -> tuple[str, ...]:
    """``"plans"`` -> the adopted plans; ``"plans=a+b"`` -> exactly those (for measuring them)."""
    head, _, listed = arg.partition("=")
    if head != "plans":
        raise ValueError(f"agent 'heuristic' takes no argument, 'plans' or 'plans=a+b', got {arg!r}")
    return checked(tuple(listed.split("+")) if listed else ADOPTED)


def checked(chosen) -> tuple[str, ...]:
    """The plans ``chosen``, in ``NAMES`` order; a ``ValueError`` naming any unknown one."""
    unknown = [p for p in chosen if p not in NAMES]
    if unknown:
        raise ValueError(f"unknown plan(s) {unknown}; known: {', '.join(NAMES)}")
    return tuple(p for p in NAMES if p in chosen)


def spec(plans: tuple[str, ...]) -> str:
    """The agent name that rebuilds a heuristic with ``plans`` on (``agents.make(spec)``)."""
    if not plans:
        return "heuristic"
    if tuple(plans) == ADOPTED:
        return "heuristic:plans"
    return "heuristic:plans=" + "+".join(plans)


# -- incarnation -----------------------------------------------------------------------------------

def strike(ctx: Ctx) -> np.ndarray:
    """(n, 12) what the plan adds to the threat of each ghost: the incarnations in play, and a
    ghost that keeps one from being exorcised (the one on the opposite space of an incarnation
    that needs it empty) a share ``INC_UNBLOCK`` of it."""
    value = ctx.is_inc * INC_STRIKE * W.LOSS
    return value + INC_UNBLOCK * blocked_strike(ctx) * ctx.has_ghost


def blocked_strike(ctx: Ctx) -> np.ndarray:
    """(n, 12) the strike of the incarnation opposite each space when it needs that space empty
    to be exorcised (Howling Nightmare); 0 elsewhere."""
    value = ctx.is_inc * INC_STRIKE * W.LOSS
    blocks = ctx.is_inc & ((ctx.bits & C.B_OPPOSITE) != 0)
    return (value * blocks)[:, OPPOSITE]


def incarnation_tokens(ctx: Ctx, team: np.ndarray) -> np.ndarray:
    """(n, 5) what the plan adds to a Tao token of each colour, given the team's tokens ``team``
    (n, 5): a colour the incarnation in play still needs, and the colours the unseen ones need
    when the next incarnation's place is near."""
    need = np.where(ctx.is_inc[..., None], ctx.req, 0).max(1)                  # (n, 5)
    out = INC_TOKEN * (need > team)
    # readiness only where the next incarnation is near (most rows are not: the search's
    # rollouts call this for every seat of every row)
    soon = np.flatnonzero(draws_to_incarnation(ctx) <= READY_DRAWS)
    if soon.size:
        unseen = unseen_incarnations(ctx)[soon]                                 # (m, 10)
        short = (INC_REQ[None] > team[soon, None, :]) & unseen[..., None]       # (m, 10, 5)
        out[soon] += INC_READY * short.sum(1) / np.maximum(unseen.sum(1), 1)[:, None]
    return out


@per_context
def draws_to_incarnation(ctx: Ctx) -> np.ndarray:
    """(n,) cards still to draw before the next incarnation's (its place in the deck is public,
    rules §3; only whether a place holds an incarnation is read); 999 when none is left."""
    S, idx = ctx.S, ctx.idx
    deck = S.deck[idx].astype(np.int64)
    slot = np.arange(deck.shape[1])[None]
    undrawn = (slot >= S.deck_pos[idx, None]) & (slot < S.deck_len[idx, None])
    inc = undrawn & (deck >= 0) & C.IS_INCARNATION[np.maximum(deck, 0)]
    return np.where(inc.any(1), inc.argmax(1) - S.deck_pos[idx].astype(np.int64), 999)


@per_context
def unseen_incarnations(ctx: Ctx) -> np.ndarray:
    """(n, 10) bool: the incarnations (``INCARNATIONS``) the players have not seen (neither in
    play nor discarded); those left out of a 1-3 player game are unseen too."""
    discarded = ctx.S.discarded[ctx.idx[:, None], INCARNATIONS]
    on_table = (ctx.ghost[:, :, None] == INCARNATIONS).any(1)
    return ~(discarded | on_table)


# -- overrun ---------------------------------------------------------------------------------------

def overrun(ctx: Ctx, board_qi_cost: np.ndarray) -> np.ndarray:
    """(n, 12) what the plan adds to the threat of each ghost on a full board: ``OVERRUN_NOW``
    times the Qi cost of that board (``board_qi_cost``, (n, 4)), over the Yang phases left
    before its Yin phase."""
    seat = np.arange(12) // 3
    full = ctx.board_count[:, seat] == 3
    urgency = OVERRUN_NOW * board_qi_cost[:, seat] / np.maximum(ctx.chances[:, seat], 1)
    return full * urgency                      # a full board has a ghost on every space


# -- uncatchable -----------------------------------------------------------------------------------

@per_context
def waiting(ctx: Ctx) -> np.ndarray:
    """(n, 12) bool: an Uncatchable that no exorcism can reach yet: it has not stood on a Buddha
    (nor stands on one, under the switch that keeps the Buddha under it; rules §16.21)."""
    S, idx = ctx.S, ctx.idx
    ready = S.uncatchable_ready[idx] & (S.rules[idx, R.UNCATCHABLE_RULE] == 0)
    needs = (ctx.bits & C.B_NEEDS_BUDDHA) != 0
    return ctx.has_ghost & needs & ~ready[:, None] & ~S.buddha[idx]


@per_context
def trap_wanted(ctx: Ctx) -> np.ndarray:
    """(n,) the threat of an Uncatchable waiting where the Pavilion (which can move it onto a
    Buddha) is not haunted and no Buddha stands on an empty space yet; else 0."""
    from .threats import threat
    pavilion = (ctx.S.tile_at[ctx.idx] == C.PAVILION).argmax(1)
    works = ~ctx.haunted[ctx.rows, pavilion]
    return np.where(waiting(ctx), threat(ctx), 0.0).max(1) * (works & ~ctx.buddha_free)


def temple_wanted(ctx: Ctx) -> np.ndarray:
    """(n,) what a Buddha taken at the Temple is worth more: ``UNC_TEMPLE`` of ``trap_wanted``
    where no living Taoist holds one yet (he can put it down on his next turn)."""
    held = (ctx.S.buddhas[ctx.idx] * ctx.living).sum(1)
    return UNC_TEMPLE * trap_wanted(ctx) * (held == 0)


# -- howling ---------------------------------------------------------------------------------------

def blocking(ctx: Ctx) -> np.ndarray:
    """(n, 12) what a ghost arriving on each space costs by keeping an incarnation that needs its
    opposite space empty (Howling Nightmare) from being exorcised: ``HOWL_KEEP`` of its strike."""
    return HOWL_KEEP * blocked_strike(ctx)


# -- crowd -----------------------------------------------------------------------------------------

def crowd(ctx: Ctx) -> np.ndarray:
    """(n, 1) what the plan adds to the threat of every ghost: ``CROWD`` per ghost in play beyond
    ``CROWD_FROM``. Games whose village holds 11-12 ghosts at mid-deck are won ten times less
    often than those with 0-4 at the same Qi (results/incarnations/midgame.txt)."""
    n = ctx.has_ghost.sum(1)
    return (CROWD * np.maximum(n - CROWD_FROM, 0))[:, None]
