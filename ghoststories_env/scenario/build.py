"""Build a batch of games from scenario dicts (the format is in ``scenario/__init__.py``)."""

from __future__ import annotations

import numpy as np

from .. import cards as C
from ..actions import NUM_ACTIONS
from ..config import GameConfig, R, encode
from ..geometry import CENTRE, NUM_SPACES
from ..rules import IS_AUTO, common, stack
from ..rules.setup import POWERS_OF_COLOUR
from ..state import (DECK_SLOTS, FORCED_SLOTS, LOSS_REASONS, MANTRA_GONE, MANTRA_READY,
                     STACK_DEPTH, State, empty_state)
from .format import (BOARD_KEYS, FACE_NAMES, FLAG_NAMES, MANTRA_STATES, SPACE_KEYS, TAOIST_KEYS,
                     TOP_KEYS, ScenarioError, _bool, _check_keys, _colour_counts, _fail, _int,
                     _ints, _list, _name_index, card_id)
from ..invariants import InvalidStateError, validate

def from_dicts(dicts: list[dict], default_config: GameConfig, advance: bool = True) -> State:
    """The games, each run on to its first real decision (``advance=False``: exactly as given,
    its effect stack unresolved and its legal-action mask empty, e.g. to dump it or edit it)."""
    if not dicts:
        raise ScenarioError("from_dicts needs at least one scenario dict")
    S = empty_state(len(dicts), NUM_ACTIONS, R.WIDTH)
    for i, d in enumerate(dicts):
        try:
            _build(S, i, d, default_config)
        except ScenarioError as e:
            raise ScenarioError(f"dict {i}: {e}") from None
    _check(S, settled=False)
    if not advance:
        return S
    rows = np.flatnonzero(~S.terminated)
    try:
        stack.advance(S, rows, IS_AUTO)
    except (IndexError, ValueError, TypeError, OverflowError, RuntimeError) as e:
        raise ScenarioError(f"dict {_first_unresolved(S, rows)}: the effect stack does not resolve "
                            f"({type(e).__name__}: {str(e)[:200]})") from None
    _check(S, settled=True)
    return S


def _check(S: State, settled: bool) -> None:
    """A scenario must be a position the rules can reach (the engine's invariants)."""
    try:
        validate(S, settled)
    except InvalidStateError as e:
        raise ScenarioError(str(e).replace("game ", "dict ", 1)) from None


def _first_unresolved(S: State, rows: np.ndarray) -> int:
    """The first game whose effect stack fails alone (the batch failed as a whole)."""
    for i in rows:
        try:
            stack.advance(S.take([i]), np.zeros(1, np.int64), IS_AUTO)
        except Exception:      # noqa: BLE001 - any failure marks the culprit
            return int(i)
    return int(rows[0])


def _build(S: State, i: int, d: dict, default_config: GameConfig) -> None:
    _check_keys(d, TOP_KEYS, "top-level")
    try:
        cfg = default_config if "config" not in d else GameConfig.from_dict(d["config"])
    except (TypeError, ValueError) as e:
        raise ScenarioError(f"scenario config: {e}") from None
    S.rules[i] = encode(cfg)
    seats = d.get("seats", list(C.COLOURS[:4]))
    if (not isinstance(seats, list) or not all(isinstance(c, str) for c in seats)
            or sorted(seats) != sorted(C.COLOURS[:4])):
        _fail("seats", seats, "the four board colours in seat order north, east, south, west")
    S.seat_colour[i] = [C.COLOURS.index(c) for c in seats]
    seat_of = {c: s for s, c in enumerate(seats)}
    village = d.get("village", [list(C.TILE_NAME[3 * r: 3 * r + 3]) for r in range(3)])
    rows = isinstance(village, list) and len(village) == 3 and all(
        isinstance(r, list) and len(r) == 3 and all(isinstance(t, str) for t in r) for r in village)
    flat = [t for row in village for t in row] if rows else None
    if not flat or sorted(flat) != sorted(C.TILE_NAME):
        _fail("village", village, "3 rows of 3 tile names, each of the 9 tiles once")
    S.tile_at[i] = [C.TILE_NAME.index(t) for t in flat]
    for t in _list(d.get("haunted", []), "haunted", "tile names"):
        S.haunted[i, flat.index(C.TILE_NAME[_name_index(t, C.TILE_NAME, "haunted")])] = True
    used = _build_boards(S, i, d.get("boards", {}), cfg, seat_of, flat)
    _build_cards(S, i, d, used)
    _build_rest(S, i, d, cfg, seat_of)
    _check_power_on(S, i, d.get("boards", {}), seat_of)


def _check_power_on(S, i, boards, seat_of) -> None:
    """``power_on`` in a dump is derived (rules §6, 9, 11: a ghost's marker, the Forgotten Ones,
    death); given, it must agree with the rest of the position."""
    on = common.power_on(S, np.array([i]))[0]
    for colour, s in seat_of.items():
        given = boards.get(colour, {}).get("power_on")
        if given is not None and _bool(given, f"boards[{colour}].power_on") != on[s]:
            _fail(f"boards[{colour}].power_on", given,
                  f"{bool(on[s])}, as the ghosts and the Qi on the table make it")


def _build_boards(S, i, boards, cfg, seat_of, flat) -> set:
    _check_keys(boards, set(C.COLOURS[:4]), "boards")
    used: set[int] = set()
    for colour, s in seat_of.items():
        b = boards.get(colour, {})
        _check_keys(b, BOARD_KEYS, f"boards[{colour}]")
        where = f"boards[{colour}]"
        player = _bool(b.get("player", s < cfg.num_players), f"{where}.player")
        S.is_player[i, s] = player
        ci = C.COLOURS.index(colour)
        allowed = [C.POWER_NAME[p] for p in POWERS_OF_COLOUR[ci]]
        S.seat_power[i, s] = C.POWER_NAME.index(
            allowed[_name_index(b.get("power", allowed[0]), allowed, f"{where}.power")])
        qi_default = cfg.taoist_qi if player else cfg.neutral_qi
        S.qi[i, s] = _int(b.get("qi", qi_default), 0, C.QI_TOKENS, f"{where}.qi")
        spaces = b.get("spaces", [None, None, None])
        if not isinstance(spaces, list) or len(spaces) != 3:
            _fail(f"{where}.spaces", spaces, "a list of 3 spaces (null or a dict)")
        for k, sp in enumerate(spaces):
            g = 3 * s + k
            if sp is None:
                continue
            _check_keys(sp, SPACE_KEYS, f"{where}.spaces[{k}]")
            S.buddha[i, g] = _bool(sp.get("buddha", False), f"{where}.spaces[{k}].buddha")
            if sp.get("ghost") is None:
                continue
            c = card_id(sp["ghost"], f"{where}.spaces[{k}].ghost")
            if c in used:
                _fail(f"{where}.spaces[{k}].ghost", sp["ghost"], "a card not used elsewhere")
            used.add(c)
            S.ghost[i, g] = c
            hp = sp.get("haunter", 0 if C.HAUNTER[c] else 0)
            S.haunter_pos[i, g] = -1 if hp is None else _int(hp, 0, 1, f"{where}.spaces[{k}].haunter")
            S.static_on[i, g] = _bool(sp.get("marker", True), f"{where}.spaces[{k}].marker")
        if player:
            t = b.get("taoist", {})
            _check_keys(t, TAOIST_KEYS, f"{where}.taoist")
            tile = t.get("tile", flat[CENTRE] if S.qi[i, s] > 0 else C.TILE_NAME[C.CEMETERY])
            S.pos[i, s] = flat.index(C.TILE_NAME[_name_index(tile, C.TILE_NAME, f"{where}.taoist.tile")])
            own = {colour: 1} if cfg.num_players > 1 else {c: 1 for c in C.COLOURS[:4]}
            if cfg.start_black_token:
                own["black"] = 1
            S.tao[i, s] = _colour_counts(t.get("tao", own if S.qi[i, s] > 0 else {}),
                                         f"{where}.taoist.tao", C.TAO_PER_COLOUR)
            S.yinyang[i, s] = _bool(t.get("yinyang", cfg.start_yinyang and S.qi[i, s] > 0),
                                    f"{where}.taoist.yinyang")
            S.buddhas[i, s] = _int(t.get("buddhas", 0), 0, C.BUDDHAS, f"{where}.taoist.buddhas")
            S.buddhas_fresh[i, s] = _int(t.get("buddhas_fresh", 0), 0, S.buddhas[i, s],
                                         f"{where}.taoist.buddhas_fresh")
            default_tokens = 0 if cfg.num_players == 4 else (3 if cfg.num_players == 1 else 1)
            default_tokens *= bool(S.qi[i, s] > 0)     # rules §11: the dead hold nothing
            S.power_tokens[i, s] = _int(t.get("power_tokens", default_tokens), 0, C.POWER_TOKENS,
                                        f"{where}.taoist.power_tokens")
        elif "taoist" in b:
            _fail(f"{where}.taoist", b["taoist"], "no Taoist on a neutral board")
    for p in range(C.NUM_POWERS):
        has = np.flatnonzero(S.seat_power[i] == p)
        S.power_seat[i, p] = has[0] if has.size else -1
    return used


def _card_list(d, key, used, where=None) -> list[int]:
    out = []
    value = d.get(key, [])
    if not isinstance(value, list):
        _fail(key, value, "a list of cards")
    for v in value:
        c = card_id(v, where or key)
        if c in used:
            _fail(key, v, "a card not used elsewhere (each card is in one place)")
        used.add(c)
        out.append(c)
    return out


def _build_cards(S, i, d, used: set) -> None:
    # Drawn cards are a record of the deck's past: each is now on a space, in the discard, or
    # waiting to be placed (a PLACE effect on the stack, or the last card of a lost game).
    drawn = _card_list(d, "drawn", set())
    discard = _card_list(d, "discard", used)
    used.update(drawn)
    for c in discard:
        S.discarded[i, c] = True
    if "deck" in d:
        deck = _card_list(d, "deck", used)
    else:
        removed_given = {card_id(v, "removed") for v in _list(d.get("removed", []), "removed", "cards")}
        deck = [c for c in range(C.NUM_GHOSTS) if c not in used and c not in removed_given]
        used.update(deck)
    removed = _card_list(d, "removed", used)
    removed += [c for c in range(C.NUM_CARDS) if c not in used and c not in removed]
    for c in removed:
        S.removed[i, c] = True
    full = drawn + deck
    if len(full) > DECK_SLOTS:
        _fail("deck", len(full), f"at most {DECK_SLOTS} cards")
    S.deck[i, :len(full)] = full
    S.deck_len[i] = len(full)
    S.deck_pos[i] = len(drawn)
    incs = ~S.removed[i] & C.IS_INCARNATION
    S.inc_total[i] = incs.sum()
    S.inc_defeated[i] = (S.discarded[i] & C.IS_INCARNATION).sum()


def _build_rest(S, i, d, cfg, seat_of) -> None:
    circle = d.get("circle")
    S.circle[i] = -1 if circle is None else _name_index(circle, C.COLOURS, "circle")
    S.temple_buddhas[i] = _int(d.get("temple_buddhas", C.BUDDHAS - S.buddhas[i].sum() - S.buddha[i].sum()),
                               0, C.BUDDHAS, "temple_buddhas")
    S.centre_power_tokens[i] = _int(d.get("centre_power_tokens", 0), 0, C.POWER_TOKENS,
                                    "centre_power_tokens")
    supply = d.get("supply", {})
    _check_keys(supply, {"qi", "tao"}, "supply")
    qi_free = C.QI_TOKENS - int(S.qi[i].sum())
    S.qi_supply[i] = _int(supply.get("qi", qi_free), 0, C.QI_TOKENS, "supply.qi")
    held = S.tao[i].sum(0) + (np.arange(5) == S.circle[i])
    default_tao = {C.COLOURS[c]: int(C.TAO_PER_COLOUR - held[c]) for c in range(5)}
    if any(v < 0 for v in default_tao.values()):
        _fail("tao tokens held", {k: int(v) for k, v in zip(C.COLOURS, held)},
              f"at most {C.TAO_PER_COLOUR} per colour in play (rules §1)")
    S.tao_supply[i] = _colour_counts(supply.get("tao", default_tao), "supply.tao", C.TAO_PER_COLOUR)
    S.uncatchable_ready[i] = _bool(d.get("uncatchable_ready", False), "uncatchable_ready")
    mantra = d.get("mantra", {})
    _check_keys(mantra, {"space", "state"}, "mantra")
    has_mantra = S.power_seat[i, C.MANTRA] >= 0
    state = mantra.get("state", MANTRA_STATES[MANTRA_READY if has_mantra else MANTRA_GONE])
    S.mantra_state[i] = _name_index(state, MANTRA_STATES, "mantra.state")
    space = mantra.get("space")
    S.mantra_space[i] = -1 if space is None else _int(space, 0, NUM_SPACES - 1, "mantra.space")
    _build_turn(S, i, d, cfg, seat_of)
    _build_rolls(S, i, d)


def _build_turn(S, i, d, cfg, seat_of) -> None:
    turn = d.get("turn", {})
    _check_keys(turn, {"active", "number", "helps_done", "exorcisms_done", "flags", "borrowed"}, "turn")
    first_player = next((c for c, s in sorted(seat_of.items(), key=lambda x: x[1]) if S.is_player[i, s]),
                        C.COLOURS[S.seat_colour[i, 0]])
    active = seat_of[C.COLOURS[_name_index(turn.get("active", first_player), C.COLOURS[:4], "turn.active")]]
    S.active[i] = active
    S.turn[i] = _int(turn.get("number", 0), 0, 30000, "turn.number")
    S.helps_done[i] = _int(turn.get("helps_done", 0), 0, 2, "turn.helps_done")
    S.exos_done[i] = _int(turn.get("exorcisms_done", 0), 0, 2, "turn.exorcisms_done")
    flags = _list(turn.get("flags", []), "turn.flags", "flag names")
    S.turn_flags[i] = np.bitwise_or.reduce([1 << _name_index(f, FLAG_NAMES, "turn.flags")
                                            for f in flags] + [0])
    borrowed = _list(turn.get("borrowed", []), "turn.borrowed", "board colours")
    S.borrowed[i] = np.bitwise_or.reduce([1 << seat_of[C.COLOURS[_name_index(c, C.COLOURS[:4], "turn.borrowed")]]
                                          for c in borrowed] + [0])
    status = d.get("status", {})
    _check_keys(status, {"terminated", "won", "loss_reason"}, "status")
    S.terminated[i] = _bool(status.get("terminated", False), "status.terminated")
    S.won[i] = _bool(status.get("won", False), "status.won")
    S.loss_reason[i] = _name_index(status.get("loss_reason", ""), LOSS_REASONS, "status.loss_reason")
    S.decisions[i] = _int(d.get("decisions", 0), 0, 2**31 - 1, "decisions")
    if "stack" in d:
        entries = d["stack"]
        if not isinstance(entries, list) or len(entries) > STACK_DEPTH:
            _fail("stack", entries, f"a list of at most {STACK_DEPTH} effects")
    else:
        at = d.get("at", "turn_start")
        colour = C.COLOURS[S.seat_colour[i, active]]
        if at == "turn_start":
            entries = [{"effect": "TURN_START", "who": colour}]
        elif at == "yang":
            entries = [{"effect": "TURN_END", "who": colour}, {"effect": "YANG", "who": colour, "a": 0}]
        else:
            _fail("at", at, "'turn_start' or 'yang'")
        if S.terminated[i]:
            entries = []
    for k, e in enumerate(entries):
        _check_keys(e, {"effect", "who", "a", "b"}, f"stack[{k}]")
        S.stack_code[i, k] = _name_index(e.get("effect"), stack.CODE_NAMES, f"stack[{k}].effect")
        who = e.get("who")
        S.stack_who[i, k] = -1 if who is None else seat_of[C.COLOURS[_name_index(who, C.COLOURS[:4], f"stack[{k}].who")]]
        S.stack_a[i, k] = _int(e.get("a", -1), -1, 127, f"stack[{k}].a")
        S.stack_b[i, k] = _int(e.get("b", -1), -1, 127, f"stack[{k}].b")
    S.sp[i] = len(entries)
    top = len(entries) - 1 if entries else STACK_DEPTH - 1     # an empty stack's slots are all -1
    stack._set_top(S, np.array([i]), S.stack_code[i, top], S.stack_who[i, top], S.stack_a[i, top],
                   S.stack_b[i, top])
    if not entries and not S.terminated[i]:
        _fail("stack", entries, "at least one effect while the game runs")


def _faces(values, names, where, width) -> list[int]:
    if not isinstance(values, list) or len(values) > width:
        _fail(where, values, f"a list of at most {width} faces")
    out = []
    for v in values:
        if isinstance(v, (int, np.integer)) and not isinstance(v, bool) and 0 <= v < 6:
            out.append(int(v))
        else:
            out.append(_name_index(v, names, where))
    return out


def _build_rolls(S, i, d) -> None:
    rng_d = d.get("rng")
    if rng_d is not None:
        _check_keys(rng_d, {"key", "counter"}, "rng")
        S.rng_key[i] = np.uint64(_int(rng_d.get("key"), 0, 2**64 - 1, "rng.key"))
        S.rng_ctr[i] = np.uint64(_int(rng_d.get("counter", 0), 0, 2**64 - 1, "rng.counter"))
    else:
        from ..rng import seed_keys
        seed = d.get("seed", 0)
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
            _fail("seed", seed, "an int")
        S.rng_key[i] = seed_keys([seed])[0]
    forced = d.get("forced", {})
    _check_keys(forced, {"tao", "curse"}, "forced")
    tao = _faces(forced.get("tao", []), FACE_NAMES, "forced.tao", FORCED_SLOTS)
    curse = _faces(forced.get("curse", []), C.CURSE_FACES, "forced.curse", FORCED_SLOTS)
    S.forced_tao[i, :len(tao)] = tao
    S.forced_curse[i, :len(curse)] = curse
    dice = _faces(d.get("dice", []), FACE_NAMES, "dice", 4)
    S.dice[i, :len(dice)] = dice
    exo = d.get("exorcism", {})
    _check_keys(exo, {"targets", "need_per_target", "outcome", "tokens_to_pay", "white_capacity",
                      "free_whites"}, "exorcism")
    # bounds: spaces 0..11, a ghost's resistance per colour is at most 4 (+ modifiers never add)
    S.exo_targets[i] = _ints(exo.get("targets", [-1, -1]), (2,), -1, NUM_SPACES - 1, "exorcism.targets")
    S.exo_req[i] = _ints(exo.get("need_per_target", [[0] * 5] * 2), (2, 5), 0, 9,
                         "exorcism.need_per_target")
    S.exo_outcome[i] = _int(exo.get("outcome", 0), 0, 3, "exorcism.outcome")
    S.exo_need[i] = _ints(exo.get("tokens_to_pay", [0] * 5), (5,), 0, 9, "exorcism.tokens_to_pay")
    S.exo_wcap[i] = _ints(exo.get("white_capacity", [0] * 5), (5,), 0, 9, "exorcism.white_capacity")
    S.exo_free[i] = _int(exo.get("free_whites", 0), 0, 4, "exorcism.free_whites")

