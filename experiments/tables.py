"""What the benchmark CLI draws beside its summaries (``ghoststories_env.benchmark.summary``):
the win-rate plot of results.md and a line naming the machine that played the games."""

from __future__ import annotations

import io
import os
import platform
from pathlib import Path

import numpy as np

from ghoststories_env.cards import LEVEL_NAMES

from .runfiles import atomic_write_bytes


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
