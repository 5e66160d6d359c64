"""Steps per second through each environment interface, with the raw engine for reference.

    python -m experiments.bench_envs [--seconds 5] [--config normal-4p] [--only gym_vector ...]

Every loop plays uniformly random legal actions read from the interface's own mask and starts new
games as they end (the raw engine: in place, as ``bench_engine``; the envs: by their autoreset or
``reset``), and counts decision steps: one per game of the batch and call. Each interface is timed
in short slices taken in turn with the raw engine loop at the same batch size, so both see the same
machine load (this machine is shared); the ratio is the interface's cost (observation encoding,
rewards, infos). Run with ``OMP_NUM_THREADS=1`` like ``bench_engine``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from ghoststories_env import PRESETS
from experiments.bench_engine import machine, random_legal
from experiments.bench_peer import engine_loop, interleaved as peer_interleaved

SLICE = 0.25   # seconds per turn of each loop


def interleaved(steppers: list, seconds: float) -> list[float]:
    """Steps per wall-clock second of each ``step() -> decision steps`` function, in turns of
    SLICE seconds (``bench_peer.interleaved`` on the wall clock)."""
    return peer_interleaved(steppers, seconds, clock=time.perf_counter, slice_=SLICE)


def raw_engine(config, batch: int):
    """The raw engine loop: ``bench_peer.engine_loop`` without the observation."""
    return engine_loop(config, batch, observe=False)


def gym_single(config, batch: int):
    from ghoststories_env.envs import GhostStoriesEnv
    env, rng = GhostStoriesEnv(config=config), np.random.default_rng(0)
    info = env.reset(seed=0)[1]

    def step():
        nonlocal info
        _, _, term, trunc, info = env.step(random_legal(info["action_mask"][None], rng.random(1))[0])
        if term or trunc:
            info = env.reset()[1]
        return 1
    return step


def gym_vector(config, batch: int, mode: str = "NextStep"):
    import gymnasium
    envs = gymnasium.make_vec("GhostStories-v0", num_envs=batch, vectorization_mode="vector_entry_point",
                              config=config, autoreset_mode=mode)
    rng = np.random.default_rng(0)
    info = envs.reset(seed=0)[1]

    def step():
        nonlocal info
        info = envs.step(random_legal(info["action_mask"], rng.random(batch)))[4]
        return batch
    return step


def sb3_vec(config, batch: int):
    from ghoststories_env.envs import GhostStoriesSB3VecEnv
    venv, rng = GhostStoriesSB3VecEnv(num_envs=batch, config=config), np.random.default_rng(0)
    venv.seed(0)
    venv.reset()

    def step():      # the masks as MaskablePPO reads them
        venv.step(random_legal(np.stack(venv.env_method("action_masks")), rng.random(batch)))
        return batch
    return step


def pettingzoo_aec(config, batch: int):
    from ghoststories_env import ghost_stories_v0
    env, rng = ghost_stories_v0.env(config=config), np.random.default_rng(0)
    env.reset(seed=0)

    def step():
        if not env.agents:
            env.reset()
        obs, _, term, trunc, _ = env.last()
        mask = obs["action_mask"][None].astype(bool)
        env.step(None if term or trunc else random_legal(mask, rng.random(1))[0])
        return 1
    return step


def pettingzoo_parallel(config, batch: int):
    from ghoststories_env import ghost_stories_v0
    env, rng = ghost_stories_v0.parallel_env(config=config), np.random.default_rng(0)
    obs = env.reset(seed=0)[0]

    def step():
        nonlocal obs
        if not env.agents:
            obs = env.reset()[0]
        masks = np.stack([obs[a]["action_mask"] for a in env.agents]).astype(bool)
        acts = random_legal(masks, rng.random(len(env.agents)))
        obs = env.step(dict(zip(env.agents, acts.tolist())))[0]
        return 1
    return step


ROWS = (  # name, interface, B, step-function factory
    ("gym_single", "Gymnasium env (`gymnasium.make`)", 1, gym_single),
    ("aec", "PettingZoo AEC", 1, pettingzoo_aec),
    ("parallel", "PettingZoo parallel", 1, pettingzoo_parallel),
    ("gym_vector_64", "Gymnasium vector env", 64, gym_vector),
    ("gym_vector", "Gymnasium vector env (NextStep)", 1024, gym_vector),
    ("gym_vector_same", "Gymnasium vector env (SameStep)", 1024,
     lambda cfg, b: gym_vector(cfg, b, "SameStep")),
    ("sb3", "SB3 VecEnv", 1024, sb3_vec),
)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--config", default="normal-4p", help=f"preset: {', '.join(PRESETS)}")
    p.add_argument("--only", nargs="*", default=None, help="row names to run (default: all)")
    args = p.parse_args(argv)
    cfg = PRESETS[args.config]
    print(f"# environment decision steps/s, {args.config} ({machine()})")
    print("| interface | B | steps/s | raw engine steps/s, same B, same time | ratio |")
    print("|---|---:|---:|---:|---:|")
    for name, label, batch, make in ROWS:
        if args.only and name not in args.only:
            continue
        env_rate, raw_rate = interleaved([make(cfg, batch), raw_engine(cfg, batch)], args.seconds)
        print(f"| {label} | {batch} | {env_rate:,.0f} | {raw_rate:,.0f} | {env_rate / raw_rate:.0%} |",
              flush=True)


if __name__ == "__main__":
    main()
