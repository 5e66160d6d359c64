"""The difficulty benchmark: every agent on fixed seed sets for every chosen level and player count.

    python -m experiments.benchmark --agents random heuristic --levels initiation normal \\
        nightmare hell --players 1 2 3 4 --episodes 1000 --seed 0 --out results/benchmark

Each configuration plays the ``test`` seeds of ``experiments/seeds.py`` (the same games for every
agent, whichever other configurations run) on the batched engine, ``--batch`` games at a time,
with a progress bar. Writes into ``--out``:

* ``games.csv``: one row per game (agent, level, players, seed, won, score, decisions, turns,
  loss reason, loss category);
* ``results.md``: per agent and configuration, the win rate with its 95% Wilson interval, the mean
  official score with its 95% t interval, mean game length (decisions and turns) and how the games
  were lost (haunted village, dead Taoists, deck exhausted), plus the command and the machine;
* ``win_rate.png``: win rate by level, one line per player count, one panel per agent.
"""

from __future__ import annotations

import argparse
import csv
import os
import platform
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import agents
from agents import Batch
from ghoststories_env import Engine, GameConfig
from ghoststories_env.cards import LEVEL_NAMES
from ghoststories_env.state import LOSS_REASONS

from .seeds import PLAYERS, benchmark_seeds
from .stats import CATEGORY_OF_REASON, LOSS_CATEGORIES, summarize

FIELDS = ("agent", "level", "players", "seed", "won", "score", "decisions", "turns", "loss_reason",
          "loss_category")


@dataclass
class Args:
    agents: list[str]
    levels: list[str]
    players: list[int]
    episodes: int
    seed: int
    out: str
    batch: int
    quiet: bool = False


def parse(argv=None) -> Args:
    p = argparse.ArgumentParser(prog="python -m experiments.benchmark", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agents", nargs="+", default=["random", "heuristic"],
                   help="agent names: random, heuristic, rollout[:KxW], ppo:<path to zip>")
    p.add_argument("--levels", nargs="+", default=list(LEVEL_NAMES), choices=LEVEL_NAMES)
    p.add_argument("--players", nargs="+", type=int, default=list(PLAYERS), choices=PLAYERS)
    p.add_argument("--episodes", type=int, default=1000, help="games per agent and configuration")
    p.add_argument("--seed", type=int, default=0, help="selects the seed sets (experiments/seeds.py)")
    p.add_argument("--out", default="results/benchmark", help="output folder")
    p.add_argument("--batch", type=int, default=1000, help="games played at once")
    p.add_argument("--quiet", action="store_true", help="no progress bar, no table printed")
    a = p.parse_args(argv)
    if a.episodes < 1 or a.batch < 1:
        p.error(f"--episodes and --batch must be >= 1, got {a.episodes} and {a.batch}")
    return Args(**vars(a))


def play(agent, engine: Engine, seeds: np.ndarray, on_done=None):
    """Play the games of ``seeds`` to the end; ``on_done(k)`` is told how many just finished."""
    state = engine.reset(seeds)
    while not state.terminated.all():
        before = int(state.terminated.sum())
        state = engine.step(state, agent.act(Batch(engine, state)))
        if on_done is not None:
            on_done(int(state.terminated.sum()) - before)
    return state


def run_config(spec: str, level: str, players: int, args: Args, bar=None) -> list[dict]:
    engine = Engine(GameConfig(num_players=players, difficulty=level))
    seeds = benchmark_seeds(level, players, args.episodes, "test", args.seed)
    agent = agents.make(spec)
    rows = []
    for start in range(0, seeds.size, args.batch):
        part = seeds[start:start + args.batch]
        s = play(agent, engine, part, bar.update if bar is not None else None)
        score = engine.score(s)
        for i, seed in enumerate(part):
            reason = int(s.loss_reason[i])
            rows.append({"agent": agent.name, "level": level, "players": players, "seed": int(seed),
                         "won": int(s.won[i]), "score": int(score[i]), "decisions": int(s.decisions[i]),
                         "turns": int(s.turn[i]), "loss_reason": LOSS_REASONS[reason],
                         "loss_category": CATEGORY_OF_REASON.get(reason, "")})
    return rows


def table(rows: list[dict]) -> list[dict]:
    """One summary per (agent, level, players), in first-seen order."""
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((r["agent"], r["level"], int(r["players"])), []).append(r)
    out = []
    reason_code = {name: code for code, name in enumerate(LOSS_REASONS)}
    for (agent, level, players), g in groups.items():
        col = lambda k: [float(r[k]) for r in g]  # noqa: E731
        summary = summarize(col("won"), col("score"), col("decisions"), col("turns"),
                            [reason_code[r["loss_reason"]] for r in g])
        out.append({"agent": agent, "level": level, "players": players, **summary})
    return out


def markdown(summaries: list[dict]) -> str:
    head = ("| agent | level | players | games | win rate (95% CI) | mean score (95% CI) | "
            "decisions | turns | " + " | ".join(LOSS_CATEGORIES) + " |")
    lines = [head, "|" + "---|" * 3 + "---:|" * (5 + len(LOSS_CATEGORIES))]
    for s in summaries:
        lines.append(
            f"| {s['agent']} | {s['level']} | {s['players']} | {s['games']} | "
            f"{100 * s['win_rate']:.1f}% [{100 * s['win_low']:.1f}, {100 * s['win_high']:.1f}] | "
            f"{s['score']:.1f} [{s['score_low']:.1f}, {s['score_high']:.1f}] | "
            f"{s['decisions']:.0f} | {s['turns']:.1f} | "
            + " | ".join(str(s[c]) for c in LOSS_CATEGORIES) + " |")
    return "\n".join(lines)


def plot(summaries: list[dict], path: Path) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    names = list(dict.fromkeys(s["agent"] for s in summaries))
    fig, axes = plt.subplots(1, len(names), figsize=(4.5 * len(names), 3.6), squeeze=False,
                             sharey=True)
    for ax, name in zip(axes[0], names):
        mine = [s for s in summaries if s["agent"] == name]
        levels = [lv for lv in LEVEL_NAMES if any(s["level"] == lv for s in mine)]
        for players in sorted({s["players"] for s in mine}):
            pts = [next((s for s in mine if s["level"] == lv and s["players"] == players), None)
                   for lv in levels]
            x = [i for i, s in enumerate(pts) if s]
            y = np.array([100 * s["win_rate"] for s in pts if s])
            lo = y - [100 * s["win_low"] for s in pts if s]
            hi = [100 * s["win_high"] for s in pts if s] - y
            ax.errorbar(x, y, yerr=[lo, hi], marker="o", capsize=3, label=f"{players}p")
        ax.set_xticks(range(len(levels)), levels)
        ax.set_title(name)
        ax.grid(alpha=0.3)
    top = min(100.0, max(5.0, 1.15 * max(100 * s["win_high"] for s in summaries)))
    axes[0][0].set_ylim(-0.02 * top, top)          # low win rates stay readable
    axes[0][0].set_ylabel("win rate, % (95% CI)")
    axes[0][-1].legend(title="Taoists")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def machine() -> str:
    return (f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}, Python "
            f"{platform.python_version()}, numpy {np.__version__}")


def write(rows: list[dict], args: Args, seconds: float, argv) -> tuple[Path, str]:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "games.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        w.writerows(rows)
    summaries = table(rows)
    md = markdown(summaries)
    command = "python -m experiments.benchmark " + " ".join(argv)
    (out / "results.md").write_text(
        f"# Benchmark results\n\nCommand: `{command}`\n\nMachine: {machine()}; "
        f"{seconds:.0f} s in all.\n\n{md}\n")
    plot(summaries, out / "win_rate.png")
    return out, md


def main(argv=None) -> list[dict]:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse(argv)
    for spec in args.agents:          # fail early on a bad agent name
        agents.make(spec)
    configs = [(spec, lv, n) for spec in args.agents for lv in args.levels for n in args.players]
    bar = None
    if not args.quiet:
        from tqdm import tqdm
        bar = tqdm(total=len(configs) * args.episodes, unit="game", desc="benchmark")
    t0 = time.perf_counter()
    rows = []
    for spec, level, players in configs:
        if bar is not None:
            bar.set_postfix_str(f"{spec} {level} {players}p")
        rows += run_config(spec, level, players, args, bar)
    if bar is not None:
        bar.close()
    out, md = write(rows, args, time.perf_counter() - t0, argv)
    if not args.quiet:
        print(md)
        print(f"\nwritten: {out / 'games.csv'}, {out / 'results.md'}, {out / 'win_rate.png'}")
    return rows


if __name__ == "__main__":
    main()
