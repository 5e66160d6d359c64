"""The benchmark's summaries of games.csv rows: one row per agent and configuration (win rate with
its Wilson interval, mean score with its t interval, game length, how games were lost), as a
markdown table and as a win-rate plot, and a line naming the machine that played them."""

from __future__ import annotations

import io
import os
import platform
from pathlib import Path

import numpy as np

from ghoststories_env.cards import LEVEL_NAMES
from ghoststories_env.state import LOSS_REASONS

from .runfiles import atomic_write_bytes
from .stats import LOSS_CATEGORIES, summarize


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
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=120)
    plt.close(fig)
    atomic_write_bytes(path, buf.getvalue())


def machine() -> str:
    return (f"{platform.machine()}, {os.cpu_count()} cores, {platform.system()}, Python "
            f"{platform.python_version()}, numpy {np.__version__}")
