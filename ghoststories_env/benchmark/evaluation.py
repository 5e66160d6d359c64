"""The benchmark's games: batches of one configuration's seed set played to the end by one agent,
and the rows of games.csv they give. ``evaluate`` runs one policy on one configuration from
Python; ``python -m experiments.benchmark`` runs many, in worker processes or on Ray, and writes
the files.

A game depends only on its seed, its configuration and the agent (agents decide each game on its
own), so its row is the same whatever the batch size, the workers or the games played beside it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterable, Sequence

import numpy as np

from .. import agents
from ..agents import Batch
from ..agents.external import IllegalActionError, adapt
from ..config import GameConfig
from ..engine import Engine
from ..state import LOSS_REASONS, State
from .seeds import benchmark_seeds
from .stats import CATEGORY_OF_REASON
from .summary import markdown, table


def rules_text(rules: dict) -> str:
    """The games.csv ``rules`` cell: ``"min_resistance=1 power_sides=chosen"``, "" for none
    (the form ``--rules`` reads back)."""
    return " ".join(f"{k}={v}" for k, v in sorted(rules.items()))


def play(agent: agents.Agent, engine: Engine, seeds: np.ndarray,
         on_done: Callable[[int], None] | None = None) -> State:
    """Play the games of ``seeds`` to the end; ``on_done(k)`` is told how many just finished."""
    state = engine.reset(seeds)
    while not state.terminated.all():
        before = int(state.terminated.sum())
        state = engine.step(state, agent.act(Batch(engine, state)))
        if on_done is not None:
            on_done(int(state.terminated.sum()) - before)
    return state


@dataclass(frozen=True)
class Task:
    """One batch: some games of one configuration for one agent."""
    spec: str                   # agent name for agents.make
    level: str
    players: int
    rules: dict                 # switch -> value
    index: tuple[int, ...]      # positions in the configuration's seed set
    seeds: tuple[int, ...]


def tasks(specs: Iterable[str], levels: Iterable[str], players: Iterable[int], episodes: int,
          seed: int = 0, batch: int = 1000, rules: dict | None = None,
          games: Sequence[int] | None = None, names: dict | None = None,
          done: Collection[tuple[str, str, int, int]] = frozenset(),
          split: str = "test") -> list[Task]:
    """The batches of ``batch`` games for every (agent spec, level, player count), configuration
    by configuration: the seeds of ``benchmark_seeds(level, players, episodes, split)`` (the
    benchmark's ``test`` split unless told), only the indices ``games`` if given, without the
    games in ``done`` ((agent name, level, players, seed); ``names`` maps a spec to its agent's
    name)."""
    rules = dict(rules or {})
    out = []
    for spec in specs:
        for level in levels:
            for n in players:
                seeds = benchmark_seeds(level, n, episodes, split, seed)
                index = games if games is not None else range(episodes)
                name = (names or {}).get(spec, spec)
                todo = [i for i in index if (name, level, n, int(seeds[i])) not in done]
                for start in range(0, len(todo), batch):
                    part = todo[start:start + batch]
                    out.append(Task(spec, level, n, rules, tuple(part),
                                    tuple(int(seeds[i]) for i in part)))
    return out


_AGENTS: dict = {}      # per process: spec -> agent, built on first use


def play_batch(task: Task, on_done: Callable[[int], None] | None = None,
               agent: agents.Agent | None = None) -> list[dict]:
    """The rows of one batch; each game's ``seconds`` is its share of the batch's CPU time.
    ``agent`` plays it if given, else the agent ``task.spec`` names (built once per process)."""
    if agent is None:
        if task.spec not in _AGENTS:
            _AGENTS[task.spec] = agents.make(task.spec)
        agent = _AGENTS[task.spec]
    config = GameConfig(num_players=task.players, difficulty=task.level).replace(**task.rules)
    engine = Engine(config)
    t0 = time.process_time()
    try:
        s = play(agent, engine, np.array(task.seeds, np.int64), on_done)
    except IllegalActionError as e:      # name the benchmark's game, which --games replays
        index, seed = task.index[e.row], task.seeds[e.row]
        raise IllegalActionError(f"{e} [benchmark game: level {task.level}, {task.players} "
                                 f"Taoists, index {index}, seed {seed}; --games {index} replays "
                                 f"it]", e.row, e.action) from None
    seconds = float(f"{(time.process_time() - t0) / len(task.seeds):.4g}")
    return game_rows(agent.name, task.level, task.players, task.index, task.seeds, engine, s,
                     seconds, task.rules)


def game_rows(agent: str, level: str, players: int, index, seeds, engine: Engine, s: State,
              seconds: float, rules: dict | None = None) -> list[dict]:
    """The games.csv rows of the finished games of ``s`` (game i is ``index[i]`` of its seed
    set); ``seconds``: each game's share of the CPU time."""
    score = engine.score(s)
    rows = []
    for i, (position, seed) in enumerate(zip(index, seeds)):
        reason = int(s.loss_reason[i])
        rows.append({"agent": agent, "level": level, "players": players,
                     "rules": rules_text(rules or {}), "index": position, "seed": seed,
                     "won": int(s.won[i]), "score": int(score[i]), "decisions": int(s.decisions[i]),
                     "turns": int(s.turn[i]), "loss_reason": LOSS_REASONS[reason],
                     "loss_category": CATEGORY_OF_REASON.get(reason, ""), "seconds": seconds})
    return rows


@dataclass
class Evaluation:
    """What the benchmark says of one policy in one configuration."""
    rows: list[dict]        # one per game, the rows of games.csv, in seed-set order
    summary: dict           # the row of results.md's table: table(rows)[0] (win_rate, win_low, ...)

    def markdown(self) -> str:
        """results.md's table, with this one row."""
        return markdown([self.summary])


def evaluate(policy: Any, level: str, players: int, episodes: int, seed: int = 0, batch: int = 1000,
             rules: dict | None = None, name: str | None = None) -> Evaluation:
    """Play ``policy`` on the benchmark's ``test`` games of one configuration (``episodes`` seeds
    of ``benchmark_seeds(level, players, episodes, "test", seed)``), as the CLI does::

        from ghoststories_env.benchmark import evaluate
        result = evaluate(my_policy, "normal", 4, episodes=1000)
        print(result.summary["win_rate"], result.summary["win_low"], result.summary["win_high"])

    gives the numbers of ``python -m experiments.benchmark --agents <spec> --levels normal
    --players 4 --episodes 1000`` (same games, same rows, same table; ``batch`` games at a time,
    which changes nothing but speed). ``policy`` is an agent spec (``"heuristic"``,
    ``"mypkg.policies:make_policy"``, ``"my_policy.py:make_policy"``), an agent (``name`` and
    ``act(batch)``), an SB3 model or a callable ``policy(obs, mask) -> actions`` (see
    ``ghoststories_env.agents.external``); ``name`` labels the rows of the latter two (default:
    the function's or the class's name). ``rules``: rule switches, as ``--rules``.
    """
    if isinstance(policy, str):
        agent = agents.make(policy)
    else:
        agent = adapt(policy, name or getattr(policy, "__name__", type(policy).__name__))
    if episodes < 1 or batch < 1:
        raise ValueError(f"episodes and batch must be >= 1, got {episodes} and {batch}")
    rules = dict(rules or {})
    GameConfig().replace(**rules)         # a bad switch fails here, naming what is allowed
    rows = [row for task in tasks([agent.name], [level], [players], episodes, seed, batch, rules)
            for row in play_batch(task, agent=agent)]
    return Evaluation(rows, table(rows)[0])
