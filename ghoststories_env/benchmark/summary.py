"""Summaries of benchmark rows (games.csv): one per agent and configuration, with the win rate
and its Wilson interval, the mean official score and its t interval, the game length and how the
games were lost; and the markdown table results.md shows."""

from __future__ import annotations

from ..state import LOSS_REASONS
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
    """The summaries as results.md's table."""
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
