"""The companion games' baselines: win rates of each agent for each player count.

    python -m experiments.companion_benchmark [--games 1000] [--out results/companions/ghost-blaster]

Ghost Blaster (``ghoststories_env.companions``): ``random`` and ``memory`` (the remembering
heuristic of ``ghost_blaster_agents.py``) on the same seeds, 1000 + index for game ``index``, for
1 to 4 players; Wilson 95% intervals. Writes ``results.md`` and ``games.csv`` (one row per game:
any row replays alone with ``--only players,index``, which prints its outcome).
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

import numpy as np

from ghoststories_env.benchmark.stats import wilson
from ghoststories_env.companions.ghost_blaster import GhostBlaster, GhostBlasterConfig
from ghoststories_env.companions.ghost_blaster_agents import MemoryBlaster, RandomBlaster

AGENTS = {"random": RandomBlaster, "memory": MemoryBlaster}
SEED0 = 1000


def play(agent_name: str, players: int, seeds: np.ndarray) -> dict[str, np.ndarray]:
    """Every game of ``seeds`` played to its end by a fresh agent, as one batch."""
    engine = GhostBlaster(GhostBlasterConfig(num_players=players))
    agent = AGENTS[agent_name]()
    S = engine.reset(seeds)
    while not S.terminated.all():
        S = engine.step(S, agent.act(S))
    return {"won": S.won, "captured": S.goo.sum(1) // 3, "hour": S.hour,
            "caught": S.jailed.all(1), "decisions": S.decisions}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--out", default="results/companions/ghost-blaster")
    p.add_argument("--only", default=None, metavar="PLAYERS,INDEX",
                   help="replay one game alone with every agent and print it")
    args = p.parse_args(argv)
    if args.only:
        players, index = (int(x) for x in args.only.split(","))
        for name in AGENTS:
            r = play(name, players, np.array([SEED0 + index]))
            print(f"{name}, {players} players, game {index}: won={bool(r['won'][0])} "
                  f"captured={int(r['captured'][0])} decisions={int(r['decisions'][0])}")
        return
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    seeds = SEED0 + np.arange(args.games)
    rows, table = [], []
    for players in (1, 2, 3, 4):
        for name in AGENTS:
            t0 = time.process_time()
            r = play(name, players, seeds)
            cpu = time.process_time() - t0
            for i in range(args.games):
                rows.append({"agent": name, "players": players, "index": i, "seed": int(seeds[i]),
                             "won": int(r["won"][i]), "captured": int(r["captured"][i]),
                             "caught": int(r["caught"][i]), "decisions": int(r["decisions"][i])})
            rate, lo, hi = wilson(int(r["won"].sum()), args.games)
            table.append(f"| {name} | {players} | {args.games} | {rate:.1%} [{lo:.1%}, {hi:.1%}] | "
                         f"{r['captured'].mean():.2f} | {r['caught'].mean():.0%} | "
                         f"{r['decisions'].mean():.0f} | {r['decisions'].sum() / cpu:,.0f} |")
            print(table[-1], flush=True)
    with open(out / "games.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    (out / "results.md").write_text(
        "# Ghost Blaster baselines\n\n"
        f"Command: `python -m experiments.companion_benchmark --games {args.games} --out {args.out}`\n\n"
        "| agent | players | games | win rate (95% CI) | ghosts captured (of 6) | lost with all "
        "hunters caught | decisions | decisions per CPU-second (agent + engine) |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|\n" + "\n".join(table) + "\n")


if __name__ == "__main__":
    main()
