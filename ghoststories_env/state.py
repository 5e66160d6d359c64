"""The batched game state: a struct of numpy arrays, batch axis first, packed in one buffer.

Every field stores facts (ids, counts, positions), never an encoding; observers encode them. Sizes:
``B`` games, 9 village positions, 4 seats, 12 ghost spaces, 5 colours, ``K`` effect-stack slots.
Seats, spaces and positions are explained in ``geometry.py``; card, tile and power ids in ``cards.py``.

**Packing.** A batch lives in two ``(B, row)`` uint8 buffers, a game per row (about 800 bytes in
all: the per-game scalars in one, the arrays in the other, ``Layout``), and every field is a view
into one of them (``S.qi`` is ``(B, 4)`` int8 whose rows are the games' rows). So ``copy``,
``take``, ``put`` and ``concatenate`` are a numpy operation per buffer, whatever the number of
fields: search clones games by the thousand, and ``Engine.step`` copies its input at every call.
Views are made on first use and kept, so a copy that reads three fields makes three views. The
price: a field's games are a row apart in memory, not adjacent, which costs whole-batch
operations a little at large B (measured in results/speed/engine/README.md).
"""

from __future__ import annotations

from functools import lru_cache

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

i8, b1, i16, i32, u64 = np.int8, np.bool_, np.int16, np.int32, np.uint64
K, D, F = STACK_DEPTH, DECK_SLOTS, FORCED_SLOTS
# name, dtype, shape per game ("R": config.R width, "A": number of actions), value in a new game
# before setup fills it, meaning. The order is the fields' public order (FIELDS).
SCHEMA = (
    ("rules", i8, ("R",), 0, "the game's configuration (config.R columns)"),
    # -- status
    ("terminated", b1, (), 0, "the game is over"),
    ("won", b1, (), 0, "the game was won"),
    ("loss_reason", i8, (), 0, "LOST_* code, 0 while running or won"),
    # -- village
    ("tile_at", i8, (9,), 0, "village tile id at each position"),
    ("haunted", b1, (9,), 0, "the tile at that position shows its haunted side"),
    ("circle", i8, (), -1, "colour of the Tao token on the Circle of Prayer, -1 = none"),
    ("temple_buddhas", i8, (), 0, "Buddhas lying on the Buddhist Temple"),
    ("centre_power_tokens", i8, (), 0, "spent Power tokens on the central tile"),
    # -- seats and boards
    ("seat_colour", i8, (4,), 0, "board colour at each seat (a permutation of 0..3)"),
    ("seat_power", i8, (4,), 0, "power id of each board's face-up side"),
    ("is_player", b1, (4,), 0, "a Taoist plays this board (else it is neutral)"),
    ("power_seat", i8, (8,), -1, "seat whose board shows power p, -1 = not in play"),
    # -- ghost spaces
    ("ghost", i8, (12,), -1, "card id on each space, -1 = empty"),
    ("haunter_pos", i8, (12,), 0, "haunting figurine 0 = on card, 1 = stone 1, -1 = none"),
    ("static_on", b1, (12,), 0, "the ghost's lasting left-stone marker is in force"),
    ("buddha", b1, (12,), 0, "a Buddha stands on the space's Buddha symbol"),
    # -- Taoists and neutral boards (per seat)
    ("qi", i8, (4,), 0, "Qi of the Taoist or neutral board; 0 = dead/possessed"),
    ("tao", i8, (4, 5), 0, "Tao tokens held, per colour"),
    ("yinyang", b1, (4,), 0, "holds his Yin-Yang token"),
    ("pos", i8, (4,), -1, "village position of the figure, -1 = neutral seat"),
    ("buddhas", i8, (4,), 0, "Buddhas held"),
    ("buddhas_fresh", i8, (4,), 0, "of those, taken this turn (placeable from next turn)"),
    ("power_tokens", i8, (4,), 0, "Power tokens held"),
    # -- supply
    ("qi_supply", i8, (), 0, "Qi tokens left in the supply (20 in all)"),
    ("tao_supply", i8, (5,), 0, "Tao tokens left per colour (4 each in all)"),
    # -- cards
    ("deck", i8, (D,), -1, "deck card ids from the top, -1 = past the end"),
    ("deck_pos", i8, (), 0, "cards drawn so far (index of the next card)"),
    ("deck_len", i8, (), 0, "cards in the deck at setup"),
    ("discarded", b1, (65,), 0, "card is in the discard pile"),
    ("removed", b1, (65,), 0, "card left out unseen (unused incarnations, 1-3p)"),
    ("inc_total", i8, (), 0, "incarnations in the game"),
    ("inc_defeated", i8, (), 0, "incarnations exorcised so far"),
    ("uncatchable_ready", b1, (), 0, "Uncatchable has stood on a Buddha space"),
    ("mantra_space", i8, (), -1, "space of the ghost carrying the Mantra token, -1 = none"),
    ("mantra_state", i8, (), 0, "MANTRA_* code"),
    # -- turn
    ("active", i8, (), 0, "seat whose turn it is"),
    ("turn", i16, (), 0, "turns begun so far (all seats)"),
    ("helps_done", i8, (), 0, "villager helps asked in this Yang phase"),
    ("exos_done", i8, (), 0, "exorcisms attempted in this Yang phase"),
    ("turn_flags", i8, (), 0, "USED_* / PLACED_BUDDHA bits of this turn"),
    ("borrowed", i8, (), 0, "bit s set = a Power token was spent on seat s this turn"),
    # -- effect stack (see rules/stack.py)
    ("stack_code", i8, (K,), -1, "effect code per slot, bottom first"),
    ("stack_who", i8, (K,), -1, "seat that acts or decides for the effect"),
    ("stack_a", i8, (K,), -1, "first argument (space, position, stage...)"),
    ("stack_b", i8, (K,), -1, "second argument"),
    ("sp", i8, (), 0, "stack height, 0 = empty (only when terminated)"),
    ("top", i8, (), -1, "code of the top effect, -1 = empty (cache of the stack)"),
    ("top_who", np.int64, (), -1, "who of the top effect, -1 = empty (cache, int64 for indexing)"),
    ("top_a", np.int64, (), -1, "first argument of the top effect (cache)"),
    ("top_b", np.int64, (), -1, "second argument of the top effect (cache)"),
    # -- rolls in progress
    ("dice", i8, (4,), -1, "Tao dice faces of the roll in progress, -1 = no die"),
    ("exo_targets", i8, (2,), -1, "spaces targeted by the exorcism, -1 = none"),
    ("exo_req", i8, (2, 5), 0, "each target's resistance per colour after modifiers"),
    ("exo_outcome", i8, (), 0, "bit t set = target t is to be exorcised"),
    ("exo_need", i8, (5,), 0, "Tao tokens still to pay per colour"),
    ("exo_wcap", i8, (5,), 0, "need a free white face may still cover, per colour"),
    ("exo_free", i8, (), 0, "white faces not yet given a colour"),
    # -- randomness
    ("rng_key", u64, (), 0, "per-game stream key, from the seed"),
    ("rng_ctr", u64, (), 0, "draws taken from the stream"),
    ("forced_tao", i8, (F,), -1, "Tao die faces to use before the stream, -1 = none"),
    ("forced_curse", i8, (F,), -1, "Curse die faces to use before the stream, -1 = none"),
    # -- bookkeeping
    ("decisions", i32, (), 0, "agent decisions taken"),
    ("mask", b1, ("A",), 0, "legal actions at the current decision (cache)"),
)
FIELDS = tuple(name for name, *_ in SCHEMA)
# Fields that only repeat what others say, kept so the hot paths need not recompute it.
CACHES = ("top", "top_who", "top_a", "top_b", "mask")


class Bank:
    """One buffer of a batch: a row of bytes per game holding some of the fields, wider types
    first so every field is aligned, the row padded to 8 bytes. Numpy reads a field of the rows
    as a (B, *shape) view through a record dtype, in a tenth of a microsecond."""

    def __init__(self, fields: list[tuple[str, np.dtype, tuple[int, ...]]]) -> None:
        self.offset: dict[str, int] = {}
        at = 0
        for name, dtype, shape in sorted(fields, key=lambda f: -f[1].itemsize):
            self.offset[name] = at
            at += dtype.itemsize * int(np.prod(shape, dtype=np.int64))
        self.row = -(-at // 8) * 8
        kinds = {name: (dtype, shape) for name, dtype, shape in fields}
        self.names = tuple(self.offset)
        self.record = np.dtype({"names": list(self.names),
                                "formats": [kinds[n] if kinds[n][1] else kinds[n][0] for n in self.names],
                                "offsets": [self.offset[n] for n in self.names], "itemsize": self.row})


class Layout:
    """Where each field lies, for one (rules width, actions) pair. A batch is two buffers
    (``Bank``), each a row of bytes per game: the per-game scalars (``terminated``, ``top``,
    ``sp``, ``active``...: about 80 bytes, read by every sweep) and the arrays (about 700). Packed
    rows make cloning or writing back games one numpy operation per buffer; keeping the scalars
    apart keeps the whole-batch reads of the sweeps within a few hundred kilobytes at B = 4096
    (results/speed/engine/README.md measures both)."""

    def __init__(self, rules_width: int, num_actions: int) -> None:
        sizes = {"R": rules_width, "A": num_actions}
        self.rules_width, self.num_actions = rules_width, num_actions
        kinds = [(name, np.dtype(dtype), tuple(sizes.get(n, n) for n in shape))
                 for name, dtype, shape, _, _ in SCHEMA]
        self.banks = (Bank([k for k in kinds if not k[2]]), Bank([k for k in kinds if k[2]]))
        self.bank_of = {name: i for i, bank in enumerate(self.banks) for name in bank.names}
        self.fields = {name: (dtype, shape) for name, dtype, shape in kinds}
        self.templates = tuple(np.zeros((1, bank.row), np.uint8) for bank in self.banks)
        one = self.records(self.templates)
        for name, _, _, fill, _ in SCHEMA:                  # one new game: the fills of SCHEMA
            one[self.bank_of[name]][name][...] = fill

    def records(self, bufs: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
        """Each buffer's games as (B,) records: ``records[bank][name]`` is a writable view."""
        return tuple(np.ndarray(buf.shape[:1], bank.record, buf) for buf, bank in zip(bufs, self.banks))


@lru_cache(maxsize=None)
def layout(rules_width: int, num_actions: int) -> Layout:
    """The (shared) ``Layout`` for these sizes."""
    return Layout(rules_width, num_actions)


class State:
    """A batch of B games: one numpy array per fact, the batch axis first (``SCHEMA`` gives each
    field's dtype, shape and meaning), all views into two packed buffers ``bufs`` (``Layout``).
    ``copy``, ``take``, ``put`` and ``concatenate`` clone, slice, write back and stack games, one
    numpy operation per buffer; ``Engine.step`` returns a new state and leaves its input as it
    was. Fields are written in place (``S.qi[rows] = ...``); assigning a whole field
    (``S.qi = ...``) is refused, because it would detach it from the buffer."""

    def __init__(self, bufs: tuple[np.ndarray, ...], lay: Layout) -> None:
        for buf, bank in zip(bufs, lay.banks):
            if buf.dtype != np.uint8 or buf.ndim != 2 or buf.shape[1] != bank.row or not buf.flags.c_contiguous:
                raise ValueError(f"a State buffer is a C-contiguous (B, {bank.row}) uint8 array, got "
                                 f"{buf.dtype} {buf.shape}")
        d = self.__dict__
        d["bufs"], d["layout"], d["_records"] = tuple(bufs), lay, None

    @classmethod
    def _wrap(cls, bufs: tuple[np.ndarray, ...], lay: Layout) -> "State":
        # the buffers of copy, take and concatenate are right by construction: no checks
        S = object.__new__(cls)
        d = S.__dict__
        d["bufs"], d["layout"], d["_records"] = bufs, lay, None
        return S

    def __getattr__(self, name: str) -> np.ndarray:
        # called only for a name not yet in __dict__: a field's view is made on first use and kept
        # (so cloning a game costs no view at all, and a step only those it reads)
        d = self.__dict__
        lay = d.get("layout")
        if name == "bytes" and lay is not None:
            # each buffer as one flat int8 array: byte i * row + offset + k of a bank is element
            # k of game i of an int8 field of it (rules/stack.py reaches its slots so)
            v = d[name] = tuple(buf.reshape(-1).view(np.int8) for buf in d["bufs"])
            return v
        if lay is None or name not in lay.fields:
            raise AttributeError(f"State has no field {name!r}")
        if d["_records"] is None:
            d["_records"] = lay.records(d["bufs"])
        v = d[name] = d["_records"][lay.bank_of[name]][name]
        return v

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"State fields are views into one buffer; write into them "
                             f"(S.{name}[...] = value) instead of assigning S.{name}")

    def __getstate__(self):
        return self.bufs, self.layout.rules_width, self.layout.num_actions

    def __setstate__(self, saved) -> None:
        bufs, rules_width, num_actions = saved
        State.__init__(self, bufs, layout(rules_width, num_actions))

    @property
    def batch_size(self) -> int:
        """B, the number of games."""
        return self.bufs[0].shape[0]

    def copy(self) -> "State":
        """A deep copy: the buffers copied, so the two batches never share memory."""
        hot, cold = self.bufs
        return State._wrap((hot.copy(), cold.copy()), self.layout)

    def take(self, rows: np.ndarray | list[int]) -> "State":
        """A new state holding the given rows (games), in that order."""
        hot, cold = self.bufs
        rows = np.asarray(rows)
        if rows.size == 1 and rows.ndim <= 1:     # one game: slices are cheaper than gathers
            r, B = int(rows.reshape(-1)[0]), hot.shape[0]
            if not -B <= r < B:
                raise IndexError(f"row {r} is out of range for a batch of {B} games")
            r %= B
            return State._wrap((hot[r:r + 1].copy(), cold[r:r + 1].copy()), self.layout)
        return State._wrap((hot[rows], cold[rows]), self.layout)

    def put(self, rows: np.ndarray | list[int], other: "State") -> None:
        """Write the games of ``other`` into the given rows of this state, in place."""
        rows = np.asarray(rows)
        for buf, theirs in zip(self.bufs, other.bufs):
            buf[rows] = theirs

    @staticmethod
    def concatenate(states: list["State"]) -> "State":
        """One batch of the games of ``states``, in order (their configurations may differ)."""
        return State._wrap(tuple(np.concatenate(bufs) for bufs in zip(*(s.bufs for s in states))),
                           states[0].layout)

    def equals(self, other: "State") -> bool:
        """Every field equal, caches included: the same games in the same order."""
        return self.layout is other.layout and all(
            np.array_equal(a, b) for a, b in zip(self.bufs, other.bufs))


def empty_state(batch: int, num_actions: int, rules_width: int) -> State:
    """A batch of ``batch`` blank games (every field at its ``SCHEMA`` value); setup fills them."""
    lay = layout(rules_width, num_actions)
    return State(tuple(np.tile(t, (batch, 1)) for t in lay.templates), lay)
