"""The curriculum: a list of stages from easier to harder configurations.

Each stage trains on its (level, players) until the global step count reaches ``until_step`` or
the evaluation win rate on the stage's own configuration reaches ``until_win_rate``, whichever
comes first; the last stage runs to the end of training. With no curriculum the run is one stage
on ``env.level`` / ``env.players``. The check runs after each evaluation (win rates are only
known then), so a stage is left at the first evaluation past its limit.
"""

from __future__ import annotations

from .config import Stage


def stage_key(stage: Stage) -> tuple[str, int]:
    return stage.level, stage.players


def stage_done(stage: Stage, step: int, win_rate: float | None) -> bool:
    if stage.until_step is not None and step >= stage.until_step:
        return True
    return (stage.until_win_rate is not None and win_rate is not None
            and win_rate >= stage.until_win_rate)


def next_stage(stages: list[Stage], index: int, step: int, win_rates: dict) -> int:
    """The stage to train on now; ``win_rates`` maps (level, players) to the last eval win rate."""
    while index < len(stages) - 1 and stage_done(stages[index], step,
                                                 win_rates.get(stage_key(stages[index]))):
        index += 1
    return index


def describe(stages: list[Stage]) -> str:
    parts = []
    for s in stages:
        until = [f"step {s.until_step:,}"] if s.until_step is not None else []
        until += [f"win rate {s.until_win_rate:.0%}"] if s.until_win_rate is not None else []
        parts.append(f"{s.level} {s.players}p" + (f" (until {' or '.join(until)})" if until else ""))
    return " -> ".join(parts)
