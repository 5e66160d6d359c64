"""The engine's speed against a yardstick: decisions per CPU-second, side by side in one run.

    python -m experiments.bench_peer [--seconds 3] [--batch 1 64 1024 4096] [--config normal-4p]

The yardstick ("peer") is OpenSpiel's C++ Hanabi driven from Python (``pip install -e .[peer]``),
asked for its legal actions and its observation tensor at every decision, which is what a learning
loop needs. Our rows: the engine alone (``Engine.step`` with uniformly random legal actions; the
legal-action mask comes out of every step), the engine plus the observation encoder
(``envs.observation.encode`` at every decision), and the cost of cloning one game
(``State.take`` of one row), which search pays by the thousand.

Every loop runs in slices of ``SLICE`` CPU-seconds taken in turn with the peer's, so both see the
same machine load, and is timed with ``time.process_time`` (this machine is shared). Run it with
``OMP_NUM_THREADS=1`` (``make bench`` does). The ratios are the issue's targets
(results/speed/engine/README.md).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ghoststories_env import PRESETS, Engine
from ghoststories_env.envs.observation import encode
from experiments.bench_engine import machine, random_legal

SLICE = 0.2   # CPU-seconds per turn of each loop


def interleaved(steppers: list, seconds: float, clock=time.process_time,
                slice_: float = SLICE) -> list[float]:
    """Decisions per second of ``clock`` (CPU by default) of each ``step() -> decisions``
    function, run in turns of ``slice_`` seconds until each has run ``seconds``."""
    spent, steps = [0.0] * len(steppers), [0] * len(steppers)
    while min(spent) < seconds:
        for k, step in enumerate(steppers):
            t0 = clock()
            while clock() - t0 < min(slice_, seconds):
                steps[k] += step()
            spent[k] += clock() - t0
    return [n / t for n, t in zip(steps, spent)]


def engine_loop(config, batch: int, observe: bool):
    """One batch of games played with random legal actions, finished games replaced in place;
    ``observe``: encode every game's observation at every decision too."""
    return batch_loop(Engine(config), batch, encode if observe else None)


def batch_loop(engine, batch: int, observe=None):
    """``engine_loop`` for any engine of the package (``reset``, ``step``, ``legal_action_mask``,
    a state with ``terminated`` and ``put``); ``observe(state)``, if given, runs at every decision."""
    rng = np.random.default_rng(0)
    state, next_seed = engine.reset(np.arange(batch)), batch

    def step():
        nonlocal state, next_seed
        state = engine.step(state, random_legal(engine.legal_action_mask(state), rng.random(batch)))
        if observe is not None:
            observe(state)
        done = np.flatnonzero(state.terminated)
        if done.size:
            state.put(done, engine.reset(np.arange(next_seed, next_seed + done.size)))
            next_seed += done.size
        return batch
    return step


def hanabi_loop():
    """OpenSpiel Hanabi (default: 2 players, full game), random legal actions; the legal actions
    and the observation tensor read at every decision. None when pyspiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game, rng = pyspiel.load_game("hanabi"), np.random.default_rng(0)
    state = game.new_initial_state()

    def step():
        nonlocal state
        n = 0
        while n < 50:
            if state.is_terminal():
                state = game.new_initial_state()
            elif state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.integers(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.observation_tensor()
                state.apply_action(legal[rng.integers(len(legal))])
                n += 1
        return n
    return step


def clone_microseconds(config, seconds: float) -> float:
    """CPU microseconds of ``State.take`` of one row, from a batch of 64 running games."""
    engine = Engine(config)
    state = engine.reset(np.arange(64))
    rows = [np.array([i]) for i in range(64)]
    n, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        for r in rows:
            state.take(r)
        n += len(rows)
    return (time.process_time() - t0) / n * 1e6


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0, help="CPU-seconds per loop and row")
    p.add_argument("--batch", type=int, nargs="+", default=[1, 64, 1024, 4096])
    p.add_argument("--observe-batch", type=int, nargs="+", default=[1, 4096],
                   help="batch sizes of the engine-plus-observation rows")
    p.add_argument("--config", default="normal-4p", help=f"preset: {', '.join(PRESETS)}")
    p.add_argument("--no-peer", action="store_true", help="skip the OpenSpiel yardstick")
    args = p.parse_args(argv)
    cfg = PRESETS[args.config]
    peer = None if args.no_peer else hanabi_loop()
    print(f"# decisions per CPU-second, {args.config} ({machine()})")
    if peer is None:
        print("(no peer: OpenSpiel is not installed or --no-peer; `pip install -e .[peer]`)")
    print("| loop | B | decisions/CPU-s | OpenSpiel Hanabi + obs, same slices | ratio |")
    print("|---|---:|---:|---:|---:|")
    rows = [("engine", b, False) for b in args.batch]
    rows += [("engine + observation", b, True) for b in args.observe_batch]
    for label, b, observe in rows:
        loops = [engine_loop(cfg, b, observe)] + ([peer] if peer else [])
        rates = interleaved(loops, args.seconds)
        ref = f"{rates[1]:,.0f} | {rates[0] / rates[1]:.3f}x" if peer else "- | -"
        print(f"| {label} | {b} | {rates[0]:,.0f} | {ref} |", flush=True)
    print(f"\none game cloned (`State.take` of one row): {clone_microseconds(cfg, args.seconds):.2f} "
          f"CPU-us")


if __name__ == "__main__":
    main()
