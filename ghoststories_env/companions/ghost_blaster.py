"""Ghost Blaster (Wolfgang Dirscherl, HABA 2014) as a batched numpy state machine.

    engine = GhostBlaster(GhostBlasterConfig(num_players=2))
    state = engine.reset(seeds)                 # (B,) ints -> a batch of B games
    mask = engine.legal_action_mask(state)      # (B, 7) bool
    state = engine.step(state, actions)         # (B,) ints; the input is not modified

The rules, in the project's words and numbered as the tests cite them ("ghost blaster §N"), are
in ``docs/companions/ghost-blaster.md``. The conventions are the main engine's: the batch axis
first, a counter-based random stream per game (``rng.py``: a game's course depends only on its
seed, configuration and actions), one flat action table with a legal-action mask, and a decision
with a single legal action is taken automatically, so an agent only sees real choices.

The decisions: which hunter to move (actions 0-2, ``HUNTER``), then each step of its move (3-6,
``STEP``: up, right, down, left). The die is rolled by the engine at the start of every turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from .. import rng
from ..actions import validate_actions
from .common import BatchArrays

ROWS, COLS = 4, 6
CELLS = ROWS * COLS
HUNTERS = 3
GHOSTS = 6                           # six ghosts, three cards each
KEYHOLE, CASTLE, DUNGEON = 6, 7, 8   # card ids: 0-5 ghosts, 6 keyhole, 7 castle, 8 + h dungeon of h
CARD_NAMES = tuple(f"ghost {g}" for g in range(GHOSTS)) + ("keyhole", "castle") + tuple(
    f"dungeon {h}" for h in range(HUNTERS))
CASTLE_CELL = (ROWS - 1) * COLS                                 # lower left (§2 reading)
DUNGEON_CELL = np.array([0, COLS - 1, CELLS - 1], np.int64)     # upper left, upper right, lower right
CORNERS = np.array([CASTLE_CELL, *DUNGEON_CELL])
DEAL = np.array([g for g in range(GHOSTS) for _ in range(3)] + [KEYHOLE, KEYHOLE], np.int8)
INNER = np.setdiff1d(np.arange(CELLS), CORNERS)                # the 20 dealt places

HUNTER, STEP = 0, HUNTERS
NUM_ACTIONS = HUNTERS + 4
DIRECTIONS = ("up", "right", "down", "left")
_DR, _DC = np.array([-1, 0, 1, 0]), np.array([0, 1, 0, -1])
# NEIGHBOUR[c, d]: the cell one step from c in direction d, -1 off the grid
NEIGHBOUR = np.full((CELLS, 4), -1, np.int64)
for _c in range(CELLS):
    for _d in range(4):
        _r, _k = _c // COLS + _DR[_d], _c % COLS + _DC[_d]
        if 0 <= _r < ROWS and 0 <= _k < COLS:
            NEIGHBOUR[_c, _d] = _r * COLS + _k
CLOCK = 0                            # the clock face of the die; 1-3 are dots
FORCED_SLOTS = 16


def action_meaning(action: int) -> str:
    """What action id ``action`` does, in words."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action!r} is out of range: ids are 0..{NUM_ACTIONS - 1}")
    return f"move hunter {action}" if action < STEP else f"step {DIRECTIONS[action - STEP]}"


@dataclass(frozen=True)
class GhostBlasterConfig:
    """One game's setting. ``start_hour``: the clock's starting hour (0 = twelve, the rule; 1 or 2:
    the harder variant, §9). ``die_faces``: the six faces of the die, 0 = the clock (§3 reading)."""
    num_players: int = 1
    start_hour: int = 0
    die_faces: tuple[int, ...] = (1, 2, 3, 1, 2, CLOCK)

    def __post_init__(self) -> None:
        if self.num_players not in (1, 2, 3, 4):
            raise ValueError(f"num_players={self.num_players!r} is not allowed; choose 1 to 4")
        if self.start_hour not in (0, 1, 2):
            raise ValueError(f"start_hour={self.start_hour!r} is not allowed; choose 0, 1 or 2")
        faces = tuple(self.die_faces)
        if len(faces) != 6 or any(f not in (0, 1, 2, 3) for f in faces) or not any(faces):
            raise ValueError(f"die_faces={self.die_faces!r} must be six faces from 0 (the clock), "
                             f"1, 2, 3, at least one of them dots")


@dataclass
class BlasterState(BatchArrays):
    """A batch of B games, one array per fact, the batch axis first."""
    card: np.ndarray          # (B, 24) int8: card id at each cell (row-major, 4 x 6)
    face_up: np.ndarray       # (B, 24) bool: the card shows its face (corners always)
    goo: np.ndarray           # (B, 24) bool: a goo missile lies on the card (captured ghost)
    pos: np.ndarray           # (B, 3) int8: cell of each hunter
    jailed: np.ndarray        # (B, 3) bool: the hunter is caught in its dungeon
    hour: np.ndarray          # (B,) int8: hours the clock has moved since twelve
    dots: np.ndarray          # (B,) int8: the roll being moved (1-3), 0 between moves
    steps_left: np.ndarray    # (B,) int8: steps still to take; 0 while a hunter is to be chosen
    mover: np.ndarray         # (B,) int8: the hunter being moved, -1 before the choice
    active: np.ndarray        # (B,) int8: the player whose turn it is
    players: np.ndarray       # (B,) int8: number of players
    die: np.ndarray           # (B, 6) int8: the die's faces (configuration)
    terminated: np.ndarray    # (B,) bool
    won: np.ndarray           # (B,) bool
    turn: np.ndarray          # (B,) int16: turns begun
    decisions: np.ndarray     # (B,) int32: agent decisions taken
    rng_key: np.ndarray       # (B,) uint64
    rng_ctr: np.ndarray       # (B,) uint64
    forced: np.ndarray        # (B, 16) int8: die faces (indices into ``die``) to use first, -1 none
    mask: np.ndarray          # (B, 7) bool: legal actions (cache)

    @property
    def batch_size(self) -> int:
        """B, the number of games."""
        return self.card.shape[0]


class GhostBlaster:
    """Rules-exact batched Ghost Blaster (``docs/companions/ghost-blaster.md``)."""

    num_actions = NUM_ACTIONS

    def __init__(self, config: GhostBlasterConfig | None = None, **overrides) -> None:
        config = config or GhostBlasterConfig()
        self.config = replace(config, **overrides) if overrides else config

    # -- core ---------------------------------------------------------------------------------------
    def reset(self, seeds) -> BlasterState:
        """A batch of new games, one per seed, each at its first decision (§2)."""
        seeds = np.asarray(seeds)
        if seeds.ndim != 1 or seeds.size == 0 or not np.issubdtype(seeds.dtype, np.integer):
            raise ValueError(f"seeds must be a non-empty 1-D array of ints, got shape {seeds.shape} "
                             f"and dtype {seeds.dtype}")
        B, cfg = seeds.size, self.config
        S = BlasterState(
            card=np.zeros((B, CELLS), np.int8), face_up=np.zeros((B, CELLS), bool),
            goo=np.zeros((B, CELLS), bool), pos=np.full((B, HUNTERS), CASTLE_CELL, np.int8),
            jailed=np.zeros((B, HUNTERS), bool), hour=np.full(B, cfg.start_hour, np.int8),
            dots=np.zeros(B, np.int8), steps_left=np.zeros(B, np.int8), mover=np.full(B, -1, np.int8),
            active=np.zeros(B, np.int8), players=np.full(B, cfg.num_players, np.int8),
            die=np.tile(np.array(cfg.die_faces, np.int8), (B, 1)), terminated=np.zeros(B, bool),
            won=np.zeros(B, bool), turn=np.zeros(B, np.int16), decisions=np.zeros(B, np.int32),
            rng_key=rng.seed_keys(seeds), rng_ctr=np.zeros(B, np.uint64),
            forced=np.full((B, FORCED_SLOTS), -1, np.int8), mask=np.zeros((B, NUM_ACTIONS), bool))
        order = np.argsort(rng.draw(S.rng_key, S.rng_ctr, INNER.size), axis=1, kind="stable")
        S.rng_ctr += np.uint64(INNER.size)
        S.card[:, INNER] = DEAL[order]
        S.card[:, CASTLE_CELL] = CASTLE
        S.card[:, DUNGEON_CELL] = DUNGEON + np.arange(HUNTERS)
        S.face_up[:, CORNERS] = True
        self._start_turns(S, np.arange(B), first=True)
        self._settle(S, np.arange(B))
        return S

    def step(self, state: BlasterState, actions, check: bool = True) -> BlasterState:
        """Apply one action per game and run each game to its next decision. Finished games stay
        frozen and ignore their action. Raises ValueError (state untouched) on a bad or illegal
        action unless ``check=False``."""
        a = self._check(state, actions) if check else np.asarray(actions, np.int64)
        S = state.copy()
        rows = np.flatnonzero(~S.terminated)
        a = a[rows]
        S.decisions[rows] += 1
        pick = a < STEP
        self._choose(S, rows[pick], a[pick])
        self._step(S, rows[~pick], a[~pick] - STEP)
        self._settle(S, rows)
        return S

    def legal_action_mask(self, state: BlasterState) -> np.ndarray:
        """(B, 7) bool; all False for finished games."""
        return state.mask.copy()

    # -- the rules ----------------------------------------------------------------------------------
    def _start_turns(self, S, idx, first=False) -> None:
        """The turn passes (§3) and the next player rolls until dots come up or the clock strikes
        twelve (§9)."""
        if not first:
            S.active[idx] = (S.active[idx] + 1) % S.players[idx]
        while idx.size:
            S.turn[idx] += 1
            face = self._roll(S, idx)
            clock = face == CLOCK
            c = idx[clock]
            S.hour[c] += 1
            over = c[S.hour[c] >= 12]
            S.terminated[over] = True
            S.active[c] = (S.active[c] + 1) % S.players[c]
            moving = idx[~clock]
            S.dots[moving] = face[~clock]
            S.steps_left[moving] = 0
            S.mover[moving] = -1
            idx = c[S.hour[c] < 12]

    def _roll(self, S, idx) -> np.ndarray:
        """One die face per game (forced faces first, for tests), as its value 0-3."""
        k = rng.uniform_int(S, idx, 1, 6)[:, 0]
        forced = S.forced[idx, 0]
        use = forced >= 0
        k = np.where(use, forced, k)
        S.forced[idx[use], :-1] = S.forced[idx[use], 1:]
        S.forced[idx[use], -1] = -1
        return S.die[idx, k]

    def _choose(self, S, idx, h) -> None:
        """The hunter to move is chosen; leaving its card may turn it face down (§5)."""
        S.mover[idx] = h
        S.steps_left[idx] = S.dots[idx]
        start = S.pos[idx, h].astype(np.int64)
        others = (S.pos[idx] == start[:, None]) & (np.arange(HUNTERS) != h[:, None])
        corner = np.isin(start, CORNERS)
        down = ~others.any(1) & ~S.goo[idx, start] & ~corner
        S.face_up[idx[down], start[down]] = False

    def _step(self, S, idx, d) -> None:
        """One step (§4); passing over or landing on a caught hunter's dungeon frees it (§8);
        the last step lands (§6, §7)."""
        h = S.mover[idx].astype(np.int64)
        cell = NEIGHBOUR[S.pos[idx, h].astype(np.int64), d]
        S.pos[idx, h] = cell
        S.steps_left[idx] -= 1
        freed = (DUNGEON_CELL[None, :] == cell[:, None]) & S.jailed[idx]
        S.jailed[idx] &= ~freed
        landed = S.steps_left[idx] == 0
        self._land(S, idx[landed], h[landed], cell[landed])

    def _land(self, S, idx, h, cell) -> None:
        turned = ~S.face_up[idx, cell]
        idx, h, cell = idx[turned], h[turned], cell[turned]
        card = S.card[idx, cell]
        key = card == KEYHOLE
        k = idx[key]                                     # §7: caught, the keyhole turns back
        S.jailed[k, h[key]] = True
        S.pos[k, h[key]] = DUNGEON_CELL[h[key]]
        g = ~key
        idx, h, cell, card = idx[g], h[g], cell[g], card[g]
        S.face_up[idx, cell] = True
        others = np.stack([(h + 1) % HUNTERS, (h + 2) % HUNTERS], 1)
        where = np.take_along_axis(S.pos[idx], others, 1).astype(np.int64)
        same = (S.card[idx[:, None], where] == card[:, None]) & S.face_up[idx[:, None], where] \
            & ~S.goo[idx[:, None], where] & ~S.jailed[idx[:, None], others]
        capture = same.all(1) & (where[:, 0] != where[:, 1])
        c = idx[capture]
        S.goo[c, cell[capture]] = True
        S.goo[c[:, None], where[capture]] = True

    def _settle(self, S, rows) -> None:
        """After a decision: end the games that are over (§9), pass the turn after a finished
        move, take single-choice decisions automatically; leave every running game's mask."""
        for _ in range(64):
            rows = rows[~S.terminated[rows]]
            lost = S.jailed[rows].all(1)
            won = S.goo[rows].sum(1) == 3 * GHOSTS
            S.terminated[rows[lost | won]] = True
            S.won[rows[won & ~lost]] = True
            rows = rows[~(lost | won)]
            done = rows[(S.mover[rows] >= 0) & (S.steps_left[rows] == 0)]
            if done.size:
                S.dots[done] = 0
                self._start_turns(S, done)
                rows = rows[~S.terminated[rows]]
            m = self._mask(S, rows)
            S.mask[rows] = m
            one = m.sum(1) == 1
            if not one.any():
                break
            r, a = rows[one], m[one].argmax(1)
            pick = a < STEP
            self._choose(S, r[pick], a[pick])
            self._step(S, r[~pick], a[~pick] - STEP)
            rows = r
        else:
            raise RuntimeError("Ghost Blaster: a game did not reach a decision")
        S.mask[S.terminated] = False

    def _mask(self, S, idx) -> np.ndarray:
        m = np.zeros((idx.size, NUM_ACTIONS), bool)
        choosing = S.mover[idx] < 0
        m[:, HUNTER:STEP] = ~S.jailed[idx] & choosing[:, None]
        h = np.maximum(S.mover[idx], 0).astype(np.int64)
        here = S.pos[idx, h].astype(np.int64)
        m[:, STEP:] = (NEIGHBOUR[here] >= 0) & ~choosing[:, None]
        return m

    # -- positions as dicts (ghost_blaster_positions.py) ---------------------------------------------
    def to_dict(self, state: BlasterState, i: int = 0) -> dict:
        """Game ``i`` as a JSON-safe dict: everything its future depends on (``from_dicts``)."""
        from .ghost_blaster_positions import to_dict
        return to_dict(state, i)

    def from_dicts(self, dicts) -> BlasterState:
        """Games built from dicts in ``to_dict``'s format (missing keys: a fresh game's values;
        ``cards`` is required; without ``dots`` the turn begins with a roll), run on to their
        first decision. Raises ValueError on a position the rules cannot reach, naming the dict
        and the key."""
        from .ghost_blaster_positions import fill, violations
        dicts = list(dicts)
        if not dicts:
            raise ValueError("from_dicts needs at least one dict")
        S = self.reset(np.zeros(len(dicts), np.int64))
        fresh = {"hour": self.config.start_hour, "dots": 0, "steps_left": 0, "mover": -1,
                 "active": 0, "players": self.config.num_players, "terminated": False,
                 "won": False, "turn": 0, "decisions": 0, "rng": [int(S.rng_key[0]), 0]}
        for i, d in enumerate(dicts):
            try:
                fill(S, i, {**fresh, **d})
            except (KeyError, ValueError, TypeError, IndexError) as e:
                raise ValueError(f"dict {i}: {e}") from None
        S.mask[:] = False
        for name, rows in violations(S, settled=False).items():
            if rows.any():
                raise ValueError(f"dict {int(np.flatnonzero(rows)[0])}: not a reachable position: {name}")
        roll = np.flatnonzero(~S.terminated & (S.dots == 0))     # no roll given: the turn begins
        self._start_turns(S, roll, first=True)
        self._settle(S, np.arange(S.batch_size))
        return S

    # -- input checks -------------------------------------------------------------------------------
    def _check(self, state, actions) -> np.ndarray:
        return validate_actions(actions, state.mask, ~state.terminated, action_meaning)

    # -- pictures -----------------------------------------------------------------------------------
    def render_text(self, state: BlasterState, i: int = 0) -> str:
        """Game ``i`` as text: the grid (face-down cards as ``??``; ``*`` = goo), the hunters
        (``A``-``C``; lower case = caught), the clock and the roll."""
        S, lines = state, []
        for r in range(ROWS):
            row = []
            for c in range(r * COLS, (r + 1) * COLS):
                card = int(S.card[i, c])
                face = ("G" + str(card) if card < GHOSTS else "KH" if card == KEYHOLE
                        else "CA" if card == CASTLE else "D" + str(card - DUNGEON))
                face = face if S.face_up[i, c] else "??"
                face += "*" if S.goo[i, c] else " "
                who = "".join(("ABC" if not S.jailed[i, h] else "abc")[h]
                              for h in range(HUNTERS) if S.pos[i, h] == c)
                row.append(f"{face}{who:<3}")
            lines.append(" ".join(row))
        status = ("won" if S.won[i] else "lost") if S.terminated[i] else (
            f"player {S.active[i]} rolled {S.dots[i]}" + (
                f", moving {'ABC'[S.mover[i]]}: {S.steps_left[i]} step(s) left" if S.mover[i] >= 0 else ""))
        lines.append(f"clock: {int(S.hour[i])} of 12 hours; ghosts captured: "
                     f"{int(S.goo[i].sum()) // 3} of {GHOSTS}; {status}")
        return "\n".join(lines)

