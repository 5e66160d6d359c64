"""Decisions per CPU-second of the companion games, for each interface and batch size.

    python -m experiments.bench_companions [--seconds 2] [--batch 1 64 1024 4096] [--out FILE]

For each game (Ghost Blaster with 2 players, Ghooost! with 4): the engine alone, the engine with
every game's observation encoded at every decision, the Gymnasium vector env (for Ghooost! its
steps include the built-in opponents' decisions, each counted), and at B = 1 the PettingZoo AEC
env. Every loop plays uniformly random legal actions and starts new games as they end; loops of
one batch size are timed in turns (``bench_peer.interleaved``, CPU time) so they see the same
machine load. Run with ``OMP_NUM_THREADS=1``.
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np

import ghoststories_env  # noqa: F401  (registers the ids)
from experiments.bench_engine import machine, random_legal
from experiments.bench_peer import batch_loop, interleaved
from ghoststories_env.companions import ghooost_envs, ghooost_observation, ghost_blaster_envs
from ghoststories_env.companions.ghooost import Ghooost, GhooostConfig
from ghoststories_env.companions.ghost_blaster import GhostBlaster, GhostBlasterConfig

GAMES = {  # name: (engine, encode(state), env id, env keywords, PettingZoo AEC factory)
    "Ghost Blaster, 2 players": (GhostBlaster(GhostBlasterConfig(num_players=2)), ghost_blaster_envs.encode,
                                 "GhostBlaster-v0", {"num_players": 2},
                                 lambda: ghost_blaster_envs.env(num_players=2)),
    "Ghooost!, 4 players": (Ghooost(GhooostConfig(num_players=4)), lambda S: ghooost_observation.encode(S, S.active),
                            "Ghooost-v0", {"num_players": 4, "opponents": "random"},
                            lambda: ghooost_envs.env(num_players=4)),
}


def vector_loop(env_id: str, kwargs: dict, batch: int):
    envs = gymnasium.make_vec(env_id, num_envs=batch, vectorization_mode="vector_entry_point", **kwargs)
    rng = np.random.default_rng(0)
    info = envs.reset(seed=0)[1]
    inner = envs.unwrapped.batch

    def step():
        nonlocal info
        before = inner.state.decisions.astype(np.int64).sum()
        info = envs.step(random_legal(info["action_mask"].astype(bool), rng.random(batch)))[4]
        return max(int(inner.state.decisions.astype(np.int64).sum() - before), batch)
    return step


def aec_loop(factory):
    env, rng = factory(), np.random.default_rng(0)
    env.reset(seed=0)

    def step():
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.reset()
            return 0
        mask = env.observe(agent)["action_mask"].astype(bool)
        env.step(int(random_legal(mask[None], rng.random(1))[0]))
        return 1
    return step


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per loop")
    p.add_argument("--batch", type=int, nargs="+", default=[1, 64, 1024, 4096])
    p.add_argument("--out", default=None, help="also write the table (markdown) to this file")
    args = p.parse_args(argv)
    lines = [f"Machine: {machine()}", "",
             "| game | B | engine | engine + observation | Gymnasium vector env | PettingZoo AEC |",
             "|---|---:|---:|---:|---:|---:|"]
    print("\n".join(lines), flush=True)
    for name, (engine, encode, env_id, kwargs, aec) in GAMES.items():
        for batch in args.batch:
            loops = [batch_loop(engine, batch), batch_loop(engine, batch, encode),
                     vector_loop(env_id, kwargs, batch)] + ([aec_loop(aec)] if batch == 1 else [])
            rates = interleaved(loops, args.seconds) + ([] if batch == 1 else [None])
            cells = " | ".join("" if r is None else f"{r:,.0f}" for r in rates)
            lines.append(f"| {name} | {batch} | {cells} |")
            print(lines[-1], flush=True)
    if args.out:
        with open(args.out, "w") as f:
            f.write("# Companion games: decisions per CPU-second\n\nCommand: `OMP_NUM_THREADS=1 python -m "
                    f"experiments.bench_companions --seconds {args.seconds:g} --out {args.out}`\n\n"
                    + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
