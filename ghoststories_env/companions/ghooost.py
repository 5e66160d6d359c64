"""Ghooost! (Richard Garfield, Iello 2017) as a batched numpy state machine, 2 to 6 players.

    engine = Ghooost(GhooostConfig(num_players=4))
    state = engine.reset(seeds)                 # (B,) ints -> a batch of B rounds
    mask = engine.legal_action_mask(state)      # (B, 229) bool, for the player to act
    state = engine.step(state, actions)         # (B,) ints; the input is not modified

The rules, in the project's words and numbered as the tests cite them ("ghooost §N"), are in
``docs/companions/ghooost.md``; the deck is the data file ``data/companions/ghooost_cards.csv``.
The conventions are the main engine's: the batch axis first, a counter-based random stream per
game (``rng.py``: the shuffle at ``reset`` is the round's only chance), one flat action table
with a legal-action mask for the player to act (``state.active``).

**Cards as counts.** A card is its *code*: its value 1-14, ``COPY`` (15) or ``SKIP`` (16). A hand
is a multiset, so it is held as counts per code (``hand``, (B, 6, 17)), as are the graveyard (the
skip cards laid beside it included) and the discard pile. Only the face-down piles have an order:
each castle and the crypt are stacks of codes, top last, with their lengths. Of the graveyard's
order the rules need only its top value and how many cards of that value lie on top (``top``,
``run``: a copy card counts at the value it took, §7); everything below is out of reach until the
whole pile is taken or discarded. So a step is a handful of array operations over the batch.

**Actions** are the table of ``ghooost_cards.py`` (``action_meaning``). A round ends when one
player is left (§9): ``finish`` holds each player's finishing place, 0 for the first out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .. import rng
from ..actions import validate_actions
from .common import BatchArrays
from .ghooost_cards import (ACT_C, ACT_N, ACT_V, CARDS, CARD_NAMES, CASTLE_SIZE, CLEAR, CODES,
                            COPY, DECK, EXORCISE, HAND_SIZE, LUCK, MAX_CASTLE, MAX_PLAYERS,
                            NO_SEAT, NUM_ACTIONS, PASS, PLAY_C, PLAY_N, PLAY_V, REVERSE, SKIP,
                            SKIP_ACTION, TAKE, VALID, action_meaning, valid_play)


@dataclass(frozen=True)
class GhooostConfig:
    """One round's setting: ``num_players`` (2-6) and the seat that starts (§3: the loser of the
    previous round; 0 by default)."""
    num_players: int = 4
    first_player: int = 0

    def __post_init__(self) -> None:
        if self.num_players not in CASTLE_SIZE:
            raise ValueError(f"num_players={self.num_players!r} is not allowed; choose 2 to 6")
        if not 0 <= self.first_player < self.num_players:
            raise ValueError(f"first_player={self.first_player!r} must be a seat "
                             f"0..{self.num_players - 1}")


@dataclass
class GhooostState(BatchArrays):
    """A batch of B rounds, one array per fact, the batch axis first."""
    hand: np.ndarray          # (B, 6, 17) uint8: each player's hand, counts per code
    known: np.ndarray         # (B, 6, 17) uint8: the cards of each hand every player has seen go
                              # in (taken from the graveyard, a turned card that failed) and not
                              # seen come out since: public knowledge, a part of ``hand``
    castle: np.ndarray        # (B, 6, 12) int8: each castle's codes, bottom first
    castle_n: np.ndarray      # (B, 6) int8: cards in each castle
    crypt: np.ndarray         # (B, 62) int8: the crypt's codes, bottom first
    crypt_n: np.ndarray       # (B,) int8: cards in the crypt (0: after midnight)
    grave: np.ndarray         # (B, 17) uint8: the graveyard's cards, the skip cards beside it included
    top: np.ndarray           # (B,) int8: the value to beat (0: empty graveyard)
    run: np.ndarray           # (B,) int8: cards of that value on top (copy cards included)
    discard: np.ndarray       # (B, 17) uint8: cards out of the round
    players: np.ndarray       # (B,) int8
    active: np.ndarray        # (B,) int8: the player to act
    direction: np.ndarray     # (B,) int8: +1 clockwise, -1 after an odd number of 8s
    finish: np.ndarray        # (B, 6) int8: finishing place (0 = first out), -1 still in, NO_SEAT
                              # for the seats beyond the players
    passes: np.ndarray        # (B,) int8: passes in a row (a blocked round, §9 reading)
    terminated: np.ndarray    # (B,) bool
    blocked: np.ndarray       # (B,) bool: ended because no player still in could act (§9 reading)
    decisions: np.ndarray     # (B,) int32
    rng_key: np.ndarray       # (B,) uint64
    rng_ctr: np.ndarray       # (B,) uint64
    mask: np.ndarray          # (B, 229) bool: the active player's legal actions (cache)

    @property
    def batch_size(self) -> int:
        """B, the number of rounds."""
        return self.top.shape[0]


def empty_state(B: int) -> GhooostState:
    """B rounds with no card anywhere (``reset`` and ``from_dicts`` fill them)."""
    return GhooostState(
        hand=np.zeros((B, MAX_PLAYERS, CODES), np.uint8),
        known=np.zeros((B, MAX_PLAYERS, CODES), np.uint8),
        castle=np.zeros((B, MAX_PLAYERS, MAX_CASTLE), np.int8),
        castle_n=np.zeros((B, MAX_PLAYERS), np.int8), crypt=np.zeros((B, CARDS), np.int8),
        crypt_n=np.zeros(B, np.int8), grave=np.zeros((B, CODES), np.uint8),
        top=np.zeros(B, np.int8), run=np.zeros(B, np.int8), discard=np.zeros((B, CODES), np.uint8),
        players=np.zeros(B, np.int8), active=np.zeros(B, np.int8), direction=np.ones(B, np.int8),
        finish=np.full((B, MAX_PLAYERS), -1, np.int8), passes=np.zeros(B, np.int8),
        terminated=np.zeros(B, bool), blocked=np.zeros(B, bool), decisions=np.zeros(B, np.int32),
        rng_key=np.zeros(B, np.uint64), rng_ctr=np.zeros(B, np.uint64),
        mask=np.zeros((B, NUM_ACTIONS), bool))


class Ghooost:
    """Rules-exact batched Ghooost! rounds (``docs/companions/ghooost.md``)."""

    num_actions = NUM_ACTIONS

    def __init__(self, config: GhooostConfig | None = None, **overrides) -> None:
        config = config or GhooostConfig()
        self.config = replace(config, **overrides) if overrides else config

    # -- core ---------------------------------------------------------------------------------------
    def reset(self, seeds) -> GhooostState:
        """A batch of new rounds, one per seed (§3): the deck shuffled, four cards to each hand,
        then a castle each; the rest is the crypt."""
        seeds = np.asarray(seeds)
        if seeds.ndim != 1 or seeds.size == 0 or not np.issubdtype(seeds.dtype, np.integer):
            raise ValueError(f"seeds must be a non-empty 1-D array of ints, got shape {seeds.shape} "
                             f"and dtype {seeds.dtype}")
        B, P = seeds.size, self.config.num_players
        S = empty_state(B)
        S.rng_key[:] = rng.seed_keys(seeds)
        deck = DECK[rng.permutations(S, np.arange(B), CARDS)]          # (B, 62), dealt from the front
        hands = deck[:, :P * HAND_SIZE].reshape(B, P, HAND_SIZE)
        S.hand[:, :P] = (hands[..., None] == np.arange(CODES)).sum(2)
        n = CASTLE_SIZE[P]
        S.castle[:, :P, :n] = deck[:, P * HAND_SIZE:P * (HAND_SIZE + n)].reshape(B, P, n)
        S.castle_n[:, :P] = n
        rest = deck[:, P * (HAND_SIZE + n):]
        S.crypt[:, :rest.shape[1]] = rest[:, ::-1]                     # the next card dealt on top
        S.crypt_n[:] = rest.shape[1]
        S.players[:] = P
        S.active[:] = self.config.first_player
        S.finish[:, :P] = -1
        S.finish[:, P:] = NO_SEAT
        self._settle(S, np.arange(B))
        return S

    def step(self, state: GhooostState, actions, check: bool = True) -> GhooostState:
        """The active player's action in every running round; finished rounds ignore theirs."""
        a = self._check(state, actions) if check else np.asarray(actions, np.int64)
        S = state.copy()
        rows = np.flatnonzero(~S.terminated)
        if rows.size:
            S.decisions[rows] += 1
            self._act(S, rows, a[rows])
            self._settle(S, rows)
        return S

    def legal_action_mask(self, state: GhooostState) -> np.ndarray:
        """(B, A) bool: the active player's legal actions; all False when the round is over."""
        return state.mask.copy()

    # -- the rules -------------------------------------------------------------------------------------
    def _act(self, S: GhooostState, r: np.ndarray, a: np.ndarray) -> None:
        """Action ``a[i]`` of round ``r[i]``'s active player (§5-§9)."""
        R = r.size
        p = S.active[r].astype(np.int64)
        k = np.minimum(a, SKIP_ACTION)                                 # the sentinel for non-plays
        v, n, c = ACT_V[k], ACT_N[k], ACT_C[k]
        hand = S.hand[r, p].astype(np.int64)                            # (R, 17) copy, written back
        hand[np.arange(R), v] -= n                                     # v = 0 (no play): no change
        hand[:, COPY] -= c
        skip = a == SKIP_ACTION
        hand[:, SKIP] -= skip
        # what the others know of this hand: cards seen leaving it are no longer known to be there
        known = S.known[r, p].astype(np.int64)
        known[np.arange(R), v] = np.maximum(known[np.arange(R), v] - n, 0)
        known[:, COPY] = np.maximum(known[:, COPY] - c, 0)
        known[:, SKIP] = np.maximum(known[:, SKIP] - skip, 0)
        # try your luck (§5) / exorcism (§6): the top card of the crypt / castle is played alone
        turned = np.zeros(R, np.int64)
        luck, exo = a == LUCK, a == EXORCISE
        if luck.any():
            i = np.flatnonzero(luck)
            S.crypt_n[r[i]] -= 1
            turned[i] = S.crypt[r[i], S.crypt_n[r[i]]]
        if exo.any():
            i = np.flatnonzero(exo)
            S.castle_n[r[i], p[i]] -= 1
            turned[i] = S.castle[r[i], p[i], S.castle_n[r[i], p[i]]]
        top, run = S.top[r].astype(np.int64), S.run[r].astype(np.int64)
        turned_skip = turned == SKIP
        turned_ok = (turned > 0) & (turned < COPY) & valid_play(top, run, turned, 1)
        failed = (turned > 0) & ~turned_skip & ~turned_ok               # a copy card alone never is
        hand[np.arange(R), turned * failed] += failed                  # it joins the hand (§5 reading)
        known[np.arange(R), turned * failed] += failed                 # face up: everyone saw it
        v, n = np.where(turned_ok, turned, v), np.where(turned_ok, 1, n)
        skip |= turned_skip
        # the play onto the graveyard (§4, §7, §8)
        plays = n > 0
        total = n + c
        grave = S.grave[r].astype(np.int64)
        grave[np.arange(R), v] += n
        grave[:, COPY] += c
        grave[:, SKIP] += skip                                         # laid beside it (§8)
        quartet = plays & ((total >= 4) | ((v == top) & (run + total >= 4)))
        new_run = np.where(v == top, run + total, total)
        top, run = np.where(plays, v, top), np.where(plays, new_run, run)
        reverse = plays & (v == REVERSE)
        S.direction[r] = np.where(reverse, -S.direction[r], S.direction[r])
        cleared = quartet | (plays & (v == CLEAR))                     # to the discard pile (§7, §8)
        again = cleared | (plays & ((total == 2) | (total == 3)))      # duo, trio, quartet, 11 (§7)
        taken = (a == TAKE) | failed
        discard = S.discard[r].astype(np.int64)
        discard += grave * cleared[:, None]
        hand += grave * taken[:, None]
        known += grave * taken[:, None]                                # the graveyard lay face up
        grave *= ~(cleared | taken)[:, None]
        top, run = np.where(cleared | taken, 0, top), np.where(cleared | taken, 0, run)
        # before midnight, back up to four cards, also before playing again (§5, §7)
        crypt_n = S.crypt_n[r].astype(np.int64)
        for _ in range(HAND_SIZE):
            draw = (hand.sum(1) < HAND_SIZE) & (crypt_n > 0)
            if not draw.any():
                break
            crypt_n -= draw
            hand[np.arange(R), S.crypt[r, np.maximum(crypt_n, 0)] * draw] += draw
        S.hand[r, p], S.known[r, p], S.grave[r], S.discard[r] = hand, known, grave, discard
        S.top[r], S.run[r], S.crypt_n[r] = top, run, crypt_n
        S.passes[r] = np.where(a == PASS, S.passes[r] + 1, 0)
        # out when hand and castle are empty (§9); the turn passes even after a combination
        out = (hand.sum(1) == 0) & (S.castle_n[r, p] == 0)
        finish = S.finish[r]
        alive = finish < 0
        S.finish[r, p] = np.where(out, (~alive & (finish != NO_SEAT)).sum(1), finish[np.arange(R), p])
        self._end_or_pass(S, r, p, again & ~out, skip)

    def _end_or_pass(self, S, r, p, again, skip) -> None:
        """The round ends with one player left, or when every player still in has passed in a
        row (§9 reading); otherwise the turn passes on unless the player goes again."""
        finish = S.finish[r]
        alive = finish < 0
        left = alive.sum(1)
        over = (left <= 1) | (S.passes[r] >= left)
        if over.any():
            for i in np.flatnonzero(over).tolist():
                self._rank_the_rest(S, int(r[i]))
        go = ~over & ~again
        if go.any():
            i = np.flatnonzero(go)
            S.active[r[i]] = self._next(S, r[i], p[i], 1 + skip[i])

    @staticmethod
    def _next(S, r, p, hops) -> np.ndarray:
        """The ``hops``-th player still in after seat ``p``, in the direction of play."""
        P = S.players[r].astype(np.int64)[:, None]
        seats = (p[:, None] + S.direction[r].astype(np.int64)[:, None]
                 * np.arange(1, 2 * MAX_PLAYERS + 1)) % P
        alive = S.finish[r[:, None], seats] < 0
        at = (np.cumsum(alive, 1) >= hops[:, None]).argmax(1)
        return seats[np.arange(r.size), at]

    @staticmethod
    def _rank_the_rest(S, i: int) -> None:
        """Round ``i`` is over: the players still in take the last places. One player: the
        loser (§9). Several (a blocked round, §9 reading): fewest cards left first, ties in turn
        order starting with the player who passed last (still ``active``)."""
        P = int(S.players[i])
        still = [(int(S.hand[i, q].sum()) + int(S.castle_n[i, q]),
                  ((q - int(S.active[i])) * int(S.direction[i])) % P, q)
                 for q in range(P) if S.finish[i, q] < 0]
        place = P - len(still)
        for _, _, q in sorted(still):
            S.finish[i, q] = place
            place += 1
        S.blocked[i] = len(still) > 1
        S.terminated[i] = True

    def _settle(self, S: GhooostState, rows: np.ndarray) -> None:
        """The legal actions of each running round's active player (§5, §6, §7, §8)."""
        S.mask[rows] = False
        r = rows[~S.terminated[rows]]
        if not r.size:
            return
        p = S.active[r].astype(np.int64)
        hand = S.hand[r, p]
        m = S.mask[r]
        m[:, :SKIP_ACTION] = (VALID[S.top[r], np.minimum(S.run[r], 4)] & (hand[:, PLAY_V] >= PLAY_N)
                              & (hand[:, COPY, None] >= PLAY_C))
        m[:, SKIP_ACTION] = hand[:, SKIP] > 0
        m[:, TAKE] = S.grave[r].any(1)
        before = S.crypt_n[r] > 0
        m[:, LUCK] = before
        m[:, EXORCISE] = ~before & (hand.sum(1) == 0) & (S.castle_n[r, p] > 0)
        m[:, PASS] = ~m[:, :PASS].any(1)             # e.g. only copy cards on an empty graveyard
        S.mask[r] = m

    # -- positions as dicts (ghooost_positions.py) ---------------------------------------------------
    def to_dict(self, state: GhooostState, i: int = 0) -> dict:
        """Round ``i`` as a JSON-safe dict: everything its future depends on (``from_dicts``)."""
        from .ghooost_positions import to_dict
        return to_dict(state, i)

    def from_dicts(self, dicts) -> GhooostState:
        """Rounds built from dicts in ``to_dict``'s format. ``hands`` is required; missing keys
        take a fresh round's values, and ``discard`` defaults to every card placed nowhere else,
        so a hand-built position lists only the cards that matter. Raises ValueError on a
        position the rules cannot reach, naming the dict and what is wrong."""
        from .ghooost_positions import fill, violations
        dicts = list(dicts)
        if not dicts:
            raise ValueError("from_dicts needs at least one dict")
        S = empty_state(len(dicts))
        for i, d in enumerate(dicts):
            try:
                fill(S, i, d, self.config)
            except (KeyError, ValueError, TypeError, IndexError) as e:
                raise ValueError(f"dict {i}: {e}") from None
        for name, bad in violations(S, settled=False).items():
            if bad.any():
                raise ValueError(f"dict {int(np.flatnonzero(bad)[0])}: not a reachable position: {name}")
        self._settle(S, np.arange(S.batch_size))
        return S

    # -- input checks -------------------------------------------------------------------------------
    def _check(self, state, actions) -> np.ndarray:
        return validate_actions(actions, state.mask, ~state.terminated, action_meaning)

    # -- pictures -----------------------------------------------------------------------------------
    def render_text(self, state: GhooostState, i: int = 0) -> str:
        """Round ``i`` as text, every hand shown (a watcher's view): the graveyard's top, each
        player's hand, castle size and place, the crypt and the direction of play."""
        S = state
        names = lambda counts: " ".join(CARD_NAMES[c] for c in np.repeat(np.arange(CODES), counts)) or "-"
        top = (f"{CARD_NAMES[S.top[i]]} (x{S.run[i]} on top)" if S.top[i] else "empty") + (
            f", {S.grave[i, SKIP]} skip card(s) beside" if S.grave[i, SKIP] else "")
        lines = [f"graveyard: {top}; {int(S.grave[i].sum())} card(s); discarded: {int(S.discard[i].sum())}"]
        for q in range(int(S.players[i])):
            mark = ">" if q == S.active[i] and not S.terminated[i] else " "
            place = f"out, place {S.finish[i, q] + 1}" if S.finish[i, q] >= 0 else "in"
            lines.append(f"{mark} player {q}: hand {names(S.hand[i, q])} | castle {S.castle_n[i, q]} | {place}")
        clock = f"crypt: {S.crypt_n[i]} card(s)" if S.crypt_n[i] else "after midnight (the crypt is empty)"
        turn = "clockwise" if S.direction[i] > 0 else "counter-clockwise"
        status = ("over" + (" (blocked)" if S.blocked[i] else "")) if S.terminated[i] else f"player {S.active[i]} to act"
        lines.append(f"{clock}; play goes {turn}; {status}")
        return "\n".join(lines)
