"""The batched game state: a struct of numpy arrays, batch axis first.

Every field stores facts (ids, counts, positions), never an encoding; observers encode them. Sizes:
``B`` games, 9 village positions, 4 seats, 12 ghost spaces, 5 colours, ``K`` effect-stack slots.
Seats, spaces and positions are explained in ``geometry.py``; card, tile and power ids in ``cards.py``.

``copy``, ``take`` and ``put`` are a handful of array copies, so search code can clone games cheaply.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

STACK_DEPTH = 40      # K: effect-stack slots per game (the deepest chain seen is far below)
DECK_SLOTS = 60       # longest deck: 55 ghosts + 4 incarnations
FORCED_SLOTS = 16     # queued dice faces for tests and scenarios

# loss_reason codes
NOT_LOST, LOST_HAUNTED_TILES, LOST_NO_TILE_IN_LINE, LOST_ALL_DEAD, LOST_DECK = range(5)
LOSS_REASONS = ("", "haunted tiles", "haunter with no tile left in its line", "all Taoists dead",
                "deck exhausted")

# mantra_state codes
MANTRA_READY, MANTRA_ON_GHOST, MANTRA_RETURNING, MANTRA_GONE = range(4)

# turn_flags bits (reset at the end of every turn)
USED_MANTRA, USED_POCKETS, USED_TWIN_WINDS, PLACED_BUDDHA = 1, 2, 4, 8


@dataclass
class State:
    """A batch of B games: one numpy array per fact, the batch axis first (each field's shape,
    dtype and meaning are noted beside it in the source). ``copy``, ``take``, ``put`` and
    ``concatenate`` clone, slice, write back and stack games; ``Engine.step`` returns a new
    state and leaves its input as it was."""

    rules: np.ndarray             # (B, R.WIDTH) int8: the game's configuration (config.R columns)
    # -- status -------------------------------------------------------------------------------------
    terminated: np.ndarray        # (B,) bool: the game is over
    won: np.ndarray               # (B,) bool: the game was won
    loss_reason: np.ndarray       # (B,) int8: LOST_* code, 0 while running or won
    # -- village ------------------------------------------------------------------------------------
    tile_at: np.ndarray           # (B, 9) int8: village tile id at each position
    haunted: np.ndarray           # (B, 9) bool: the tile at that position shows its haunted side
    circle: np.ndarray            # (B,) int8: colour of the Tao token on the Circle of Prayer, -1 = none
    temple_buddhas: np.ndarray    # (B,) int8: Buddhas lying on the Buddhist Temple
    centre_power_tokens: np.ndarray  # (B,) int8: spent Power tokens on the central tile
    # -- seats and boards ---------------------------------------------------------------------------
    seat_colour: np.ndarray       # (B, 4) int8: board colour at each seat (a permutation of 0..3)
    seat_power: np.ndarray        # (B, 4) int8: power id of each board's face-up side
    is_player: np.ndarray         # (B, 4) bool: a Taoist plays this board (else it is neutral)
    power_seat: np.ndarray        # (B, 8) int8: seat whose board shows power p, -1 = not in play
    # -- ghost spaces -------------------------------------------------------------------------------
    ghost: np.ndarray             # (B, 12) int8: card id on each space, -1 = empty
    haunter_pos: np.ndarray       # (B, 12) int8: haunting figurine 0 = on card, 1 = stone 1, -1 = none
    static_on: np.ndarray         # (B, 12) bool: the ghost's lasting left-stone marker is in force
    buddha: np.ndarray            # (B, 12) bool: a Buddha stands on the space's Buddha symbol
    # -- Taoists and neutral boards (per seat) ------------------------------------------------------
    qi: np.ndarray                # (B, 4) int8: Qi of the Taoist or neutral board; 0 = dead/possessed
    tao: np.ndarray               # (B, 4, 5) int8: Tao tokens held, per colour
    yinyang: np.ndarray           # (B, 4) bool: holds his Yin-Yang token
    pos: np.ndarray               # (B, 4) int8: village position of the figure, -1 = neutral seat
    buddhas: np.ndarray           # (B, 4) int8: Buddhas held
    buddhas_fresh: np.ndarray     # (B, 4) int8: of those, taken this turn (placeable from next turn)
    power_tokens: np.ndarray      # (B, 4) int8: Power tokens held
    # -- supply -------------------------------------------------------------------------------------
    qi_supply: np.ndarray         # (B,) int8: Qi tokens left in the supply (20 in all)
    tao_supply: np.ndarray        # (B, 5) int8: Tao tokens left per colour (4 each in all)
    # -- cards --------------------------------------------------------------------------------------
    deck: np.ndarray              # (B, 60) int8: deck card ids from the top, -1 = past the end
    deck_pos: np.ndarray          # (B,) int8: cards drawn so far (index of the next card)
    deck_len: np.ndarray          # (B,) int8: cards in the deck at setup
    discarded: np.ndarray         # (B, 65) bool: card is in the discard pile
    removed: np.ndarray           # (B, 65) bool: card left out unseen (unused incarnations, 1-3p)
    inc_total: np.ndarray         # (B,) int8: incarnations in the game
    inc_defeated: np.ndarray      # (B,) int8: incarnations exorcised so far
    uncatchable_ready: np.ndarray  # (B,) bool: Uncatchable has stood on a Buddha space
    mantra_space: np.ndarray      # (B,) int8: space of the ghost carrying the Mantra token, -1 = none
    mantra_state: np.ndarray      # (B,) int8: MANTRA_* code
    # -- turn ---------------------------------------------------------------------------------------
    active: np.ndarray            # (B,) int8: seat whose turn it is
    turn: np.ndarray              # (B,) int16: turns begun so far (all seats)
    helps_done: np.ndarray        # (B,) int8: villager helps asked in this Yang phase
    exos_done: np.ndarray         # (B,) int8: exorcisms attempted in this Yang phase
    turn_flags: np.ndarray        # (B,) int8: USED_* / PLACED_BUDDHA bits of this turn
    borrowed: np.ndarray          # (B,) int8: bit s set = a Power token was spent on seat s this turn
    # -- effect stack (see rules/stack.py) ----------------------------------------------------------
    stack_code: np.ndarray        # (B, K) int8: effect code per slot, bottom first
    stack_who: np.ndarray         # (B, K) int8: seat that acts or decides for the effect
    stack_a: np.ndarray           # (B, K) int8: first argument (space, position, stage...)
    stack_b: np.ndarray           # (B, K) int8: second argument
    sp: np.ndarray                # (B,) int8: stack height, 0 = empty (only when terminated)
    top: np.ndarray               # (B,) int8: code of the top effect, -1 = empty (cache of the stack)
    # -- rolls in progress --------------------------------------------------------------------------
    dice: np.ndarray              # (B, 4) int8: Tao dice faces of the roll in progress, -1 = no die
    exo_targets: np.ndarray       # (B, 2) int8: spaces targeted by the exorcism, -1 = none
    exo_req: np.ndarray           # (B, 2, 5) int8: each target's resistance per colour after modifiers
    exo_outcome: np.ndarray       # (B,) int8: bit t set = target t is to be exorcised
    exo_need: np.ndarray          # (B, 5) int8: Tao tokens still to pay per colour
    exo_wcap: np.ndarray          # (B, 5) int8: need a free white face may still cover, per colour
    exo_free: np.ndarray          # (B,) int8: white faces not yet given a colour
    # -- randomness ---------------------------------------------------------------------------------
    rng_key: np.ndarray           # (B,) uint64: per-game stream key, from the seed
    rng_ctr: np.ndarray           # (B,) uint64: draws taken from the stream
    forced_tao: np.ndarray        # (B, 16) int8: Tao die faces to use before the stream, -1 = none
    forced_curse: np.ndarray      # (B, 16) int8: Curse die faces to use before the stream, -1 = none
    # -- bookkeeping --------------------------------------------------------------------------------
    decisions: np.ndarray         # (B,) int32: agent decisions taken
    mask: np.ndarray              # (B, A) bool: legal actions at the current decision (cache)

    @property
    def batch_size(self) -> int:
        """B, the number of games."""
        return self.terminated.shape[0]

    def copy(self) -> "State":
        """A deep copy: every array copied, so the two batches never share memory."""
        return State(**{f.name: getattr(self, f.name).copy() for f in dataclasses.fields(self)})

    def take(self, rows: np.ndarray | list[int]) -> "State":
        """A new state holding the given rows (games), in that order."""
        rows = np.asarray(rows)
        return State(**{f.name: getattr(self, f.name)[rows] for f in dataclasses.fields(self)})

    def put(self, rows: np.ndarray | list[int], other: "State") -> None:
        """Write the games of ``other`` into the given rows of this state, in place."""
        rows = np.asarray(rows)
        for f in dataclasses.fields(self):
            getattr(self, f.name)[rows] = getattr(other, f.name)

    @staticmethod
    def concatenate(states: list["State"]) -> "State":
        """One batch of the games of ``states``, in order (their configurations may differ)."""
        return State(**{f.name: np.concatenate([getattr(s, f.name) for s in states])
                        for f in dataclasses.fields(State)})

    def equals(self, other: "State") -> bool:
        """Every array equal, caches included: the same games in the same order."""
        return all(np.array_equal(getattr(self, f.name), getattr(other, f.name))
                   for f in dataclasses.fields(self))


FIELDS = tuple(f.name for f in dataclasses.fields(State))


def empty_state(batch: int, num_actions: int, rules_width: int) -> State:
    """All-zero state of the right shapes and dtypes, sentinels filled in; setup fills the rest."""
    B = batch
    z8 = lambda *s: np.zeros((B, *s), np.int8)  # noqa: E731
    m1 = lambda *s: np.full((B, *s), -1, np.int8)  # noqa: E731
    zb = lambda *s: np.zeros((B, *s), bool)  # noqa: E731
    return State(
        rules=z8(rules_width), terminated=zb(), won=zb(), loss_reason=z8(),
        tile_at=z8(9), haunted=zb(9), circle=m1(), temple_buddhas=z8(), centre_power_tokens=z8(),
        seat_colour=z8(4), seat_power=z8(4), is_player=zb(4), power_seat=m1(8),
        ghost=m1(12), haunter_pos=z8(12), static_on=zb(12), buddha=zb(12),
        qi=z8(4), tao=z8(4, 5), yinyang=zb(4), pos=m1(4), buddhas=z8(4), buddhas_fresh=z8(4),
        power_tokens=z8(4),
        qi_supply=z8(), tao_supply=z8(5),
        deck=m1(DECK_SLOTS), deck_pos=z8(), deck_len=z8(), discarded=zb(65), removed=zb(65),
        inc_total=z8(), inc_defeated=z8(), uncatchable_ready=zb(), mantra_space=m1(),
        mantra_state=z8(),
        active=z8(), turn=np.zeros(B, np.int16), helps_done=z8(), exos_done=z8(), turn_flags=z8(),
        borrowed=z8(),
        stack_code=m1(STACK_DEPTH), stack_who=m1(STACK_DEPTH), stack_a=m1(STACK_DEPTH),
        stack_b=m1(STACK_DEPTH), sp=z8(), top=m1(),
        dice=m1(4), exo_targets=m1(2), exo_req=z8(2, 5), exo_outcome=z8(), exo_need=z8(5),
        exo_wcap=z8(5), exo_free=z8(),
        rng_key=np.zeros(B, np.uint64), rng_ctr=np.zeros(B, np.uint64),
        forced_tao=m1(FORCED_SLOTS), forced_curse=m1(FORCED_SLOTS),
        decisions=np.zeros(B, np.int32), mask=np.zeros((B, num_actions), bool),
    )
