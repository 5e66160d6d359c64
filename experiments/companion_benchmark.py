"""The companion games' baselines, for each player count.

    python -m experiments.companion_benchmark [--game ghost-blaster] [--games 1000] [--out DIR]
    python -m experiments.companion_benchmark --game ghooost --games 1000

Every agent plays the same seeds, 1000 + index for game ``index``; Wilson 95% intervals. Writes
``results.md`` and ``games.csv`` in ``--out`` (default ``results/companions/<game>``), one row per
game: any row replays alone with ``--only players,index``, which prints its outcome.

* Ghost Blaster (cooperative, 1-4 players): ``random`` and ``memory`` (the remembering heuristic
  of ``ghost_blaster_agents.py``): win rates.
* Ghooost! (competitive, 2-6 players): line-ups of ``random`` and ``shedder`` (the scoring
  heuristic of ``ghooost_agents.py``), measured at seat 0 (who starts the round): how often that
  seat loses (is the one left), its mean finishing place, and how many rounds were cut at
  ``--max-decisions`` (the rules never force a round to end).
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
from ghoststories_env.companions.ghooost import Ghooost, GhooostConfig
from ghoststories_env.companions.ghooost_agents import RandomGhooost, ShedderGhooost
from ghoststories_env.companions.ghooost_envs import DEFAULT_MAX_DECISIONS

AGENTS = {"random": RandomBlaster, "memory": MemoryBlaster}
SEED0 = 1000
# Ghooost! line-ups: (seat 0's agent, the other seats' agent)
LINEUPS = {"random": ("random", "random"), "shedder vs random": ("shedder", "random"),
           "random vs shedder": ("random", "shedder"), "shedder": ("shedder", "shedder")}
GHOOOST_AGENTS = {"random": RandomGhooost, "shedder": ShedderGhooost}


def play(agent_name: str, players: int, seeds: np.ndarray) -> dict[str, np.ndarray]:
    """Every game of ``seeds`` played to its end by a fresh agent, as one batch."""
    engine = GhostBlaster(GhostBlasterConfig(num_players=players))
    agent = AGENTS[agent_name]()
    S = engine.reset(seeds)
    while not S.terminated.all():
        S = engine.step(S, agent.act(S))
    return {"won": S.won, "captured": S.goo.sum(1) // 3, "hour": S.hour,
            "caught": S.jailed.all(1), "decisions": S.decisions}


def play_ghooost(lineup: str, players: int, seeds: np.ndarray,
                 max_decisions: int = DEFAULT_MAX_DECISIONS) -> dict[str, np.ndarray]:
    """Every round of ``seeds`` played by ``lineup`` until it ends or reaches ``max_decisions``;
    only the rounds still running are stepped (each agent draws from a round's own stream, so a
    round plays the same alone)."""
    engine = Ghooost(GhooostConfig(num_players=players))
    first, rest = (GHOOOST_AGENTS[name]() for name in LINEUPS[lineup])
    S = engine.reset(seeds)
    while True:
        live = np.flatnonzero(~S.terminated & (S.decisions < max_decisions))
        if not live.size:
            break
        sub = S.take(live)
        actions = np.where(sub.active == 0, first.act(sub), rest.act(sub))
        S.put(live, engine.step(sub, actions, check=False))
    done = S.terminated
    return {"place": np.where(done, S.finish[:, 0], -1), "lost": done & (S.finish[:, 0] == players - 1),
            "truncated": ~done, "decisions": S.decisions}


def ghooost_main(args) -> None:
    """The Ghooost! table (module docstring)."""
    if args.only:
        players, index = (int(x) for x in args.only.split(","))
        for lineup in LINEUPS:
            r = play_ghooost(lineup, players, np.array([SEED0 + index]), args.max_decisions)
            print(f"{lineup}, {players} players, round {index}: seat 0 place={int(r['place'][0])} "
                  f"(-1: cut) lost={bool(r['lost'][0])} decisions={int(r['decisions'][0])}")
        return
    out = Path(args.out or "results/companions/ghooost")
    out.mkdir(parents=True, exist_ok=True)
    seeds = SEED0 + np.arange(args.games)
    rows, table = [], []
    for players in (2, 3, 4, 5, 6):
        for lineup in LINEUPS:
            t0 = time.process_time()
            r = play_ghooost(lineup, players, seeds, args.max_decisions)
            cpu = time.process_time() - t0
            for i in range(args.games):
                rows.append({"lineup": lineup, "players": players, "index": i, "seed": int(seeds[i]),
                             "place": int(r["place"][i]), "lost": int(r["lost"][i]),
                             "truncated": int(r["truncated"][i]), "decisions": int(r["decisions"][i])})
            ended = ~r["truncated"]
            rate, lo, hi = wilson(int(r["lost"].sum()), int(ended.sum()))
            table.append(f"| {lineup} | {players} | {args.games} | {rate:.1%} [{lo:.1%}, {hi:.1%}] | "
                         f"{1 / players:.1%} | {r['place'][ended].mean() + 1:.2f} | {int(r['truncated'].sum())} | "
                         f"{np.median(r['decisions']):.0f} | {r['decisions'].sum() / cpu:,.0f} |")
            print(table[-1], flush=True)
    _write_csv(out / "games.csv", rows)
    (out / "results.md").write_text(
        "# Ghooost! baselines\n\n"
        f"Command: `python -m experiments.companion_benchmark --game ghooost --games {args.games}"
        f"{'' if args.out is None else ' --out ' + args.out}`\n\n"
        "Seat 0 starts every round. *Loses*: seat 0 is the player left (over the rounds that ended); "
        "a seat that plays like the others loses about 1 in P (*even*). *Cut*: rounds still running "
        f"after {args.max_decisions:,} decisions.\n\n"
        "| line-up (seat 0 vs the rest) | players | rounds | seat 0 loses (95% CI) | even | seat 0 mean "
        "place | cut | decisions (median) | decisions per CPU-second (agents + engine) |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n" + "\n".join(table) + "\n")


def _write_csv(path: Path, rows: list[dict]) -> None:
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", choices=("ghost-blaster", "ghooost"), default="ghost-blaster")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--out", default=None, help="default: results/companions/<game>")
    p.add_argument("--only", default=None, metavar="PLAYERS,INDEX",
                   help="replay one game alone with every agent and print it")
    p.add_argument("--max-decisions", type=int, default=DEFAULT_MAX_DECISIONS,
                   help="Ghooost!: cut a round after this many decisions")
    args = p.parse_args(argv)
    if args.game == "ghooost":
        ghooost_main(args)
        return
    if args.only:
        players, index = (int(x) for x in args.only.split(","))
        for name in AGENTS:
            r = play(name, players, np.array([SEED0 + index]))
            print(f"{name}, {players} players, game {index}: won={bool(r['won'][0])} "
                  f"captured={int(r['captured'][0])} decisions={int(r['decisions'][0])}")
        return
    out = Path(args.out or "results/companions/ghost-blaster")
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
    _write_csv(out / "games.csv", rows)
    (out / "results.md").write_text(
        "# Ghost Blaster baselines\n\n"
        f"Command: `python -m experiments.companion_benchmark --games {args.games} --out {out}`\n\n"
        "| agent | players | games | win rate (95% CI) | ghosts captured (of 6) | lost with all "
        "hunters caught | decisions | decisions per CPU-second (agent + engine) |\n"
        "|---|---:|---:|---:|---:|---:|---:|---:|\n" + "\n".join(table) + "\n")


if __name__ == "__main__":
    main()
