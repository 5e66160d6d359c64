"""Engine speed: decision steps per second with random legal actions.

    python -m experiments.bench_engine [--batch 1 64 1024 4096] [--seconds 5] [--configs normal-4p]

Each step applies one action per game and runs every game to its next decision, where the legal
action mask is computed (inside ``step``; ``legal_action_mask`` returns it). Finished games are
reset in place so the batch stays full. Prints steps/s for the engine alone (time inside
``step`` and the resets) and for the whole loop including drawing the random legal actions.
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np

from ghoststories_env import Engine, PRESETS


def random_legal(mask: np.ndarray, u: np.ndarray) -> np.ndarray:
    """One uniform legal action per row."""
    counts = mask.sum(1, dtype=np.int16)
    k = (u * counts).astype(np.int16)
    return (np.cumsum(mask, 1, dtype=np.int16) > k[:, None]).argmax(1)


def measure(engine: Engine, batch: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    s = engine.reset(np.arange(batch))
    next_seed = batch
    steps, t_engine = 0, 0.0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        a = random_legal(engine.legal_action_mask(s), rng.random(batch))
        t = time.perf_counter()
        s = engine.step(s, a)
        steps += batch
        done = np.flatnonzero(s.terminated)
        if done.size:
            s.put(done, engine.reset(np.arange(next_seed, next_seed + done.size)))
            next_seed += done.size
        t_engine += time.perf_counter() - t
    total = time.perf_counter() - t0
    return steps / t_engine, steps / total


def machine() -> str:
    import gymnasium
    import pettingzoo
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
            f"Python {platform.python_version()}, numpy {np.__version__}, gymnasium "
            f"{gymnasium.__version__}, pettingzoo {pettingzoo.__version__}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--batch", type=int, nargs="+", default=[1, 64, 1024, 4096])
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--configs", nargs="+", default=["normal-4p"],
                   help=f"preset names: {', '.join(PRESETS)}")
    args = p.parse_args(argv)
    print(f"# engine decision steps/s ({machine()})")
    print("| config | B | engine steps/s | loop steps/s (with random actions) |")
    print("|---|---:|---:|---:|")
    for name in args.configs:
        engine = Engine(PRESETS[name])
        for b in args.batch:
            eng, loop = measure(engine, b, args.seconds)
            print(f"| {name} | {b} | {eng:,.0f} | {loop:,.0f} |", flush=True)


if __name__ == "__main__":
    main()
