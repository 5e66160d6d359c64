"""Evaluation during training: the policy on the benchmark's held-out ``eval`` seeds.

The deterministic policy (argmax over the legal actions, the way ``agents.make("ppo:...")`` plays)
plays ``games`` games of each configuration from the ``eval`` split of
``ghoststories_env/benchmark/seeds.py`` (never ``test``: those are the benchmark's), through the
same loop and statistics as the benchmark (``ghoststories_env.benchmark``: ``play``,
``stats.summarize``). Results go to TensorBoard and to ``evals.csv`` in the run folder, one row per
(step, agent, configuration).
"""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents.ppo import PPOAgent
from ghoststories_env.benchmark import play
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.benchmark.stats import LOSS_CATEGORIES, summarize

from .checkpoint import atomic_write_bytes

FIELDS = ("step", "agent", "level", "players", "games", "win_rate", "win_low", "win_high", "score",
          "score_low", "score_high", "decisions", "turns", *LOSS_CATEGORIES, "seconds")


class ModelAgent(PPOAgent):
    """``agents/ppo.py``'s agent around a model in memory (no file), deterministic."""

    def __init__(self, model, frame: str = "egocentric"):
        self.model, self.frame, self.deterministic, self.name = model, frame, True, "ppo"


def evaluate(agent, level: str, players: int, games: int, seed: int = 0) -> dict:
    """Summary (``stats.summarize``) of ``agent`` on the first ``games`` eval seeds."""
    t = time.perf_counter()
    engine = Engine(GameConfig(num_players=players, difficulty=level))
    state = play(agent, engine, benchmark_seeds(level, players, games, "eval", seed))
    summary = summarize(state.won, engine.score(state), state.decisions, state.turn,
                        state.loss_reason)
    return {"agent": agent.name, "level": level, "players": players, **summary,
            "seconds": time.perf_counter() - t}


def baseline(spec: str, level: str, players: int, games: int, seed: int = 0) -> dict:
    return evaluate(agents.make(spec), level, players, games, seed)


class EvalLog:
    """``evals.csv``: appended row by row; on resume the rows past the checkpoint are dropped
    (they belong to the part of the run that is being redone)."""

    def __init__(self, path: Path, resume_step: int | None = None):
        self.path = Path(path)
        if resume_step is None or not self.path.exists():
            with open(self.path, "w", newline="") as f:
                csv.DictWriter(f, FIELDS).writeheader()
        else:
            kept = [r for r in self.rows() if int(r["step"]) <= resume_step]
            atomic_write_bytes(self.path, _csv_bytes(kept))

    def rows(self) -> list[dict]:
        with open(self.path, newline="") as f:
            return list(csv.DictReader(f))

    def add(self, step: int, result: dict) -> None:
        with open(self.path, "a", newline="") as f:
            row = {k: round(v, 4) if isinstance(v, float) else v for k, v in result.items()}
            csv.DictWriter(f, FIELDS, extrasaction="ignore").writerow({"step": step, **row})


def _csv_bytes(rows: list[dict]) -> bytes:
    out = io.StringIO()
    w = csv.DictWriter(out, FIELDS, extrasaction="ignore")
    w.writeheader()
    w.writerows(rows)
    return out.getvalue().encode()
