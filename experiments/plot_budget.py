"""Win rate against CPU seconds per game: what a search's budget buys.

    python -m experiments.plot_budget results/search/budget/games.csv:search:4x4x4 \\
        results/search/budget/games.csv:search results/benchmark/games.csv:heuristic \\
        --level initiation --players 4 --games 100 --out results/search/budget

For each ``path/games.csv:agent`` (benchmark files, see
``ghoststories_env/benchmark/games_csv.py``), on the first ``--games`` indices of the configuration
that every agent played: wins with their 95% Wilson interval and mean CPU seconds per game (the
``seconds`` column). Writes ``budget.md`` (the table) and ``budget.png`` (win rate against seconds
per game, log scale) to ``--out``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from ghoststories_env.benchmark.games_csv import read_rows
from ghoststories_env.benchmark.stats import wilson


def load(spec: str, level: str, players: int) -> dict[int, dict]:
    """``path.csv:agent`` -> {index: row} of that agent's games in the configuration."""
    path, sep, agent = spec.partition(".csv:")
    if not sep or not agent:
        raise ValueError(f"expected 'path/to/games.csv:agent', got {spec!r}")
    rows = {int(r["index"]): r for r in read_rows(path + ".csv")
            if r["agent"] == agent and r["level"] == level and int(r["players"]) == players}
    if not rows:
        raise ValueError(f"no {level} {players}p games of agent {agent!r} in {path}.csv")
    return rows


def summarise(specs: list[str], level: str, players: int, games: int) -> list[dict]:
    loaded = {s: load(s, level, players) for s in specs}
    common = set.intersection(*(set(r) for r in loaded.values()))
    keys = sorted(k for k in common if k < games)
    if not keys:
        raise ValueError("the files share no game index below --games")
    out = []
    for spec, rows in loaded.items():
        won = sum(int(rows[k]["won"]) for k in keys)
        seconds = [float(rows[k]["seconds"]) for k in keys if rows[k]["seconds"] != ""]
        rate, low, high = wilson(won, len(keys))
        out.append({"agent": spec.partition(".csv:")[2], "games": len(keys), "wins": won,
                    "rate": rate, "low": low, "high": high,
                    "seconds": float(np.mean(seconds)) if seconds else float("nan")})
    return out


def table(summary: list[dict]) -> str:
    lines = ["| agent | games | wins | win rate (95% CI) | CPU s per game |",
             "|---|---:|---:|---:|---:|"]
    lines += [f"| {s['agent']} | {s['games']} | {s['wins']} | {100 * s['rate']:.1f}% "
              f"[{100 * s['low']:.1f}, {100 * s['high']:.1f}] | {s['seconds']:.2f} |"
              for s in summary]
    return "\n".join(lines)


def plot(summary: list[dict], path: Path, title: str) -> None:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(5.2, 3.8))
    for s in summary:
        y = 100 * s["rate"]
        ax.errorbar([s["seconds"]], [y], yerr=[[y - 100 * s["low"]], [100 * s["high"] - y]],
                    marker="o", capsize=3, label=s["agent"])
    ax.set_xscale("log")
    ax.set_xlabel("CPU seconds per game (one core)")
    ax.set_ylabel("win rate, % (95% CI)")
    ax.set_ylim(bottom=0)
    ax.set_title(title)
    ax.grid(alpha=0.3, which="both")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def main(argv=None) -> list[dict]:
    argv = list(sys.argv[1:] if argv is None else argv)
    p = argparse.ArgumentParser(prog="python -m experiments.plot_budget", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("specs", nargs="+", help="path/to/games.csv:agent")
    p.add_argument("--level", default="initiation")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=200, help="use the game indices below this")
    p.add_argument("--out", default="results/search/budget")
    a = p.parse_args(argv)
    try:
        summary = summarise(a.specs, a.level, a.players, a.games)
    except ValueError as e:
        p.error(str(e))
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    md = table(summary)
    command = "python -m experiments.plot_budget " + " ".join(argv)
    (out / "budget.md").write_text(f"# Win rate against CPU seconds per game\n\n{a.level}, "
                                   f"{a.players} Taoists. Command: `{command}`\n\n{md}\n")
    plot(summary, out / "budget.png", f"{a.level}, {a.players} Taoists")
    print(md)
    return summary


if __name__ == "__main__":
    main()
