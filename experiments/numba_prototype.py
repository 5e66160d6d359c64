"""What a compiled per-game kernel would give: the Yang-phase legal-action mask in numba, measured
against the engine's numpy mask on the same positions.

    pip install numba        # not a dependency of the project: this is a measurement
    OMP_NUM_THREADS=1 python -m experiments.numba_prototype [--seconds 2]

``YANG`` is the decision the Taoists face most (62% of decisions) and its mask the engine's most
expensive single function. The kernel below re-states ``rules/yang.py``'s ``_yang_mask`` (with the
facts it reads through ``rules/common.py``, ``rules/village.help_can_act`` and
``rules/exorcism.targetable``) as one loop over the games. The script collects positions waiting
at ``YANG`` from random games, checks that the kernel's masks equal the engine's on every one of
them, and prints both costs per game at several batch sizes, plus the kernel's compile time.

It is deliberately a prototype, not a second engine: the findings, and what adopting the approach
would cost, are in results/speed/engine/README.md.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ghoststories_env import PRESETS, Engine
from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.config import R
from ghoststories_env.geometry import FACES, OPPOSITE, STEP
from ghoststories_env.rules import stack
from ghoststories_env.rules.yang import _yang_mask
from ghoststories_env.state import (MANTRA_ON_GHOST, MANTRA_READY, PLACED_BUDDHA, USED_MANTRA,
                                    USED_POCKETS, USED_TWIN_WINDS)

try:
    import numba
except ImportError:     # pragma: no cover - the script says what to install
    numba = None


def _kernel():
    """The compiled kernel (built on first call: numba is imported lazily)."""
    K = dict(MOVE=A.MOVE, MANTRA=A.MANTRA, POCKETS=A.POCKETS, TWIN=A.TWIN_WINDS,
             YY_HELP=A.YINYANG_HELP, YY_UNHAUNT=A.YINYANG_UNHAUNT, TOKEN=A.POWER_TOKEN, PASS=A.PASS,
             HELP=A.HELP, EXO=A.EXORCISE, EXO_BOTH=A.EXORCISE_BOTH, BUDDHA=A.BUDDHA)
    MOVE, MANTRA, POCKETS, TWIN = K["MOVE"], K["MANTRA"], K["POCKETS"], K["TWIN"]
    YY_HELP, YY_UNHAUNT, TOKEN, PASS = K["YY_HELP"], K["YY_UNHAUNT"], K["TOKEN"], K["PASS"]
    HELP, EXO, EXO_BOTH, BUDDHA = K["HELP"], K["EXO"], K["EXO_BOTH"], K["BUDDHA"]
    P_PEAKS, P_MANTRA, P_POCKETS, P_TWIN = C.PEAKS, C.MANTRA, C.POCKETS, C.TWIN_WINDS
    P_SW, P_HG = C.SECOND_WIND, C.HEAVENLY_GUST
    B_POWER_OFF, B_ALL_OFF, B_CAPTURE = C.B_POWER_OFF, C.B_ALL_OFF, C.B_CAPTURE
    B_OPPOSITE, B_NEEDS_BUDDHA, MARKER = C.B_OPPOSITE, C.B_NEEDS_BUDDHA, C.MARKER_BITS
    T_CIRCLE, T_TEMPLE, T_CEMETERY, T_ALTAR = C.CIRCLE, C.TEMPLE, C.CEMETERY, C.ALTAR
    T_HERB, T_SORC, T_NIGHT, T_PAV, T_TEA = (C.HERBALIST, C.SORCERER, C.NIGHT_WATCH, C.PAVILION,
                                             C.TEA_HOUSE)
    R_HERB, R_UNC, R_NODICE, R_CORNER, R_PLAYERS = (R.CAPTURED_DICE_AFFECT_HERBALIST,
                                                    R.UNCATCHABLE_RULE, R.EXORCISM_WITHOUT_DICE,
                                                    R.CORNER_TARGETS, R.NUM_PLAYERS)
    SPACE_BITS, IS_INC = C.SPACE_BITS.astype(np.int64), C.IS_INCARNATION

    @numba.njit(cache=False)
    def yang_mask(rows, who_, stage_, ghost, static_on, is_player, qi, pos_, power_seat, borrowed,
                  active, flags_, mantra_state, mantra_space, tao_supply, yinyang, power_tokens,
                  helps, exos, buddhas, fresh, buddha, haunted, tile_at, temple, circle,
                  haunter_pos, unc_ready, rules, qi_supply, out):
        bits = np.empty(12, np.int64)
        on = np.empty(4, np.bool_)
        pw = np.empty(8, np.bool_)
        can_tile = np.empty(9, np.bool_)
        for n in range(rows.size):
            i, who, stage = rows[n], who_[n], stage_[n]
            for a in range(out.shape[1]):
                out[n, a] = False
            if not (is_player[i, who] and qi[i, who] > 0):
                continue                              # died in his own Yang phase: dropped
            captured = 0
            for g in range(12):
                b = SPACE_BITS[ghost[i, g] + 1]
                bits[g] = b & (~MARKER | (MARKER if static_on[i, g] else 0))
                if bits[g] & B_CAPTURE:
                    captured += 1
            every = 0
            for k in range(4):
                pb = bits[3 * k] | bits[3 * k + 1] | bits[3 * k + 2]
                every |= pb
                on[k] = (pb & B_POWER_OFF) == 0 and qi[i, k] > 0
            for k in range(4):
                on[k] = on[k] and (every & B_ALL_OFF) == 0
            for p in range(8):
                s = power_seat[i, p]
                works = s >= 0 and on[s]
                lent = s >= 0 and who == active[i] and ((borrowed[i] >> s) & 1) == 1
                pw[p] = works and (s == who or lent)
            pos = pos_[i, who]
            flags = flags_[i]
            if stage == 0:
                for t in range(9):
                    out[n, MOVE + t] = STEP[pos, t] or pw[P_PEAKS]
                st = mantra_state[i]
                if pw[P_MANTRA] and (flags & USED_MANTRA) == 0 and (st == MANTRA_READY or st == MANTRA_ON_GHOST):
                    for g in range(12):
                        out[n, MANTRA + g] = ghost[i, g] >= 0 and g != mantra_space[i]
                if pw[P_POCKETS] and (flags & USED_POCKETS) == 0:
                    for c in range(5):
                        out[n, POCKETS + c] = tao_supply[i, c] > 0
                if pw[P_TWIN] and (flags & USED_TWIN_WINDS) == 0:
                    for s in range(4):
                        out[n, TWIN + s] = is_player[i, s] and qi[i, s] > 0 and s != who
            h, e = helps[i], exos[i]
            first = stage == 1 and h + e == 0
            later = stage == 2 and (flags & PLACED_BUDDHA) == 0 and h + e == 1
            help_ok = first or (later and ((pw[P_SW] and h == 1) or (pw[P_HG] and e == 1)))
            exo_ok = first or (later and ((pw[P_SW] and e == 1) or (pw[P_HG] and h == 1)))
            yy = yinyang[i, who]
            for t in range(9):
                can_tile[t] = False
            if help_ok or yy:
                left = 0
                circle_ok = False
                for c in range(5):
                    left += tao_supply[i, c]
                    circle_ok = circle_ok or (tao_supply[i, c] > 0 and c != circle[i])
                herb = left > 0
                if rules[i, R_HERB] == 1:
                    herb = herb and max(0, 2 - captured) > 0
                dead = living_other = False
                for s in range(4):
                    dead = dead or (is_player[i, s] and qi[i, s] == 0)
                    alive = is_player[i, s] and qi[i, s] > 0
                    living_other = living_other or (alive and (s != who or rules[i, R_PLAYERS] == 1))
                ordinary = free = occupied = night = False
                for g in range(12):
                    if ghost[i, g] >= 0:
                        occupied = True
                        ordinary = ordinary or not IS_INC[ghost[i, g]]
                    else:
                        free = True
                    night = night or haunter_pos[i, g] > 0
                altar = False
                for p in range(9):
                    altar = altar or haunted[i, p]
                can_tile[T_CIRCLE] = circle_ok
                can_tile[T_TEMPLE] = temple[i] > 0
                can_tile[T_CEMETERY] = dead
                can_tile[T_ALTAR] = altar
                can_tile[T_HERB] = herb
                can_tile[T_SORC] = ordinary
                can_tile[T_NIGHT] = night
                can_tile[T_PAV] = (occupied and free) or living_other
                can_tile[T_TEA] = left > 0 or qi_supply[i] > 0
            if yy:
                for p in range(9):
                    can = can_tile[tile_at[i, p]]
                    out[n, YY_HELP + p] = not haunted[i, p] and can
                    out[n, YY_UNHAUNT + p] = haunted[i, p]
            if power_tokens[i, who] > 0:
                for s in range(4):
                    out[n, TOKEN + s] = not is_player[i, s] and on[s] and ((borrowed[i] >> s) & 1) == 0
            if stage >= 1:
                out[n, PASS] = True
            out[n, HELP] = help_ok and can_tile[tile_at[i, pos]] and not haunted[i, pos]
            if exo_ok:
                ready = unc_ready[i] and rules[i, R_UNC] == 0
                no_dice = captured >= 3 and rules[i, R_NODICE] == 0
                count = 0
                for g in range(12):
                    ok = FACES[pos, g] and ghost[i, g] >= 0
                    ok = ok and ((bits[g] & B_OPPOSITE) == 0 or ghost[i, OPPOSITE[g]] < 0)
                    ok = ok and ((bits[g] & B_NEEDS_BUDDHA) == 0 or ready or buddha[i, g])
                    ok = ok and not no_dice
                    out[n, EXO + g] = ok
                    count += ok
                if count == 2:
                    out[n, EXO_BOTH] = True
                    if rules[i, R_CORNER] == 1:
                        for g in range(12):
                            out[n, EXO + g] = False
            if stage == 2 and buddhas[i, who] > fresh[i, who]:
                for g in range(12):
                    out[n, BUDDHA + g] = FACES[pos, g] and ghost[i, g] < 0 and not buddha[i, g]
    return yang_mask


def kernel_mask(kernel, S, idx: np.ndarray, out: np.ndarray) -> np.ndarray:
    """The kernel's masks of games ``idx`` of ``S`` (at YANG), written into ``out``."""
    kernel(idx, S.top_who[idx], S.top_a[idx], S.ghost, S.static_on, S.is_player, S.qi, S.pos,
           S.power_seat, S.borrowed, S.active, S.turn_flags, S.mantra_state, S.mantra_space,
           S.tao_supply, S.yinyang, S.power_tokens, S.helps_done, S.exos_done, S.buddhas,
           S.buddhas_fresh, S.buddha, S.haunted, S.tile_at, S.temple_buddhas, S.circle,
           S.haunter_pos, S.uncatchable_ready, S.rules, S.qi_supply, out)
    return out


def yang_positions(config, n: int, seed: int = 0):
    """A state of ``n`` games each waiting at YANG, from random play."""
    engine, rng = Engine(config), np.random.default_rng(seed)
    S = engine.reset(np.arange(4 * n) + seed)
    kept, next_seed = [], 4 * n + seed
    while sum(k.batch_size for k in kept) < n:
        m = S.mask
        a = (np.cumsum(m, 1) > (rng.random(S.batch_size) * m.sum(1)).astype(int)[:, None]).argmax(1)
        S = engine.step(S, a)
        at = np.flatnonzero((S.top == stack.YANG) & ~S.terminated & (rng.random(S.batch_size) < 0.2))
        kept.append(S.take(at))
        done = np.flatnonzero(S.terminated)
        if done.size:
            S.put(done, engine.reset(np.arange(next_seed, next_seed + done.size)))
            next_seed += done.size
    return kept[0].concatenate(kept).take(np.arange(n))


def per_game_us(fn, seconds: float, games: int) -> float:
    fn()
    n, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        fn()
        n += 1
    return (time.process_time() - t0) / (n * games) * 1e6


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--batch", type=int, nargs="+", default=[1, 64, 1024, 4096])
    p.add_argument("--config", default="normal-4p")
    args = p.parse_args(argv)
    if numba is None:
        raise SystemExit("numba is not installed: pip install numba")
    t0 = time.process_time()
    kernel = _kernel()
    S = yang_positions(PRESETS[args.config], max(args.batch))
    every = np.arange(S.batch_size)
    ref = _yang_mask(S, every)
    got = kernel_mask(kernel, S, every, np.empty_like(ref))    # compiles on this first call
    compile_s = time.process_time() - t0
    if not np.array_equal(ref, got):
        bad = np.flatnonzero((ref != got).any(1))
        raise SystemExit(f"the kernel disagrees with the engine on {bad.size} positions, e.g. {bad[:5]}")
    print(f"# YANG legal-action mask, {args.config}: numba {numba.__version__} per-game kernel vs the "
          f"engine's numpy mask (CPU-us per game; identical masks on all {S.batch_size} positions; "
          f"import, compile and position sampling {compile_s:.1f} CPU-s)")
    print("| B | numpy mask | numba kernel | speed-up |")
    print("|---:|---:|---:|---:|")
    for b in args.batch:
        idx = np.arange(b)
        sub = S.take(idx)
        out = np.empty((b, ref.shape[1]), bool)
        t_np = per_game_us(lambda: _yang_mask(sub, idx), args.seconds, b)
        t_nb = per_game_us(lambda: kernel_mask(kernel, sub, idx, out), args.seconds, b)
        print(f"| {b} | {t_np:.2f} | {t_nb:.3f} | {t_np / t_nb:.0f}x |", flush=True)


if __name__ == "__main__":
    main()
