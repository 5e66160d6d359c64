"""The difficulty benchmark: every agent on fixed seed sets for every chosen level and player count.

    python -m experiments.benchmark --agents random heuristic --levels initiation normal \\
        nightmare hell --players 1 2 3 4 --episodes 1000 --seed 0 --out results/benchmark

Each configuration plays the ``test`` seeds of ``ghoststories_env/benchmark/seeds.py`` (the same
games for every agent, whichever other configurations run) on the batched engine, ``--batch`` games
at a time, with a progress bar. A game depends only on its seed, its configuration and the agent
(agents decide each game on its own), so its outcome is the same whatever the batch size, the
workers or the games played beside it.

The games are played by the package's benchmark protocol (``ghoststories_env.benchmark``: seed
sets, evaluation loop, statistics); this module is its command line. ``--agents`` takes the
project's agents (``ghoststories_env.agents.make``) and policies of one's own,
``package.module:factory`` or ``path/to/file.py:factory`` (``agents/external.py``: an agent, an
SB3 model or a callable ``policy(obs, mask)``). From Python,
``ghoststories_env.benchmark.evaluate(policy, level, players, episodes)`` plays one
configuration's games the same way and returns its rows and table row.

For long runs and expensive agents:

* ``--games I [I ...]``: play only these indices of each configuration's seed set (index i is
  the i-th seed of ``benchmark_seeds(level, players, episodes, "test", seed)``, 0 <= i <
  episodes). A row of games.csv is replayed by ``--games <its index>`` with its ``--seed`` and
  ``--rules``.
* ``--workers N``: play the batches in N local processes (spawned; each builds its own agent);
  the rows are the same as with one worker. ``--ray-address local|auto|ray://host:port``: as Ray
  tasks instead, on this machine or a cluster (``experiments/fanout.py``; the ``ray`` extra).
* ``--resume``: keep the games already in ``<out>/games.csv`` (same agent, level, players and
  seed; a half-written last line from a killed run is dropped) and play only the others; the
  tables are then made from every row of the file, which must hold games of the same ``--rules``.
  Without ``--resume`` an existing games.csv is replaced.
* ``--rules KEY=VALUE ...``: rule switches of ``GameConfig.switches()`` for every configuration,
  values read as Python literals where they are (True, 1, None), else as strings; e.g.
  ``--rules power_sides=chosen``.

Writes into ``--out``:

* ``games.csv``: one row per game (agent, level, players, rules, index, seed, won, score,
  decisions, turns, loss reason, loss category, seconds; see
  ``ghoststories_env/benchmark/games_csv.py``). Rows are appended after every batch (a killed run
  loses only the batches in progress) and sorted by configuration and index at the end. ``rules``
  holds the ``--rules`` switches ("" for none). ``seconds`` is CPU time (``time.process_time`` of
  the process that played the game); games are played in batches, so it is the batch's CPU time
  divided by its games (with ``--batch 1``, the game's own time).
* ``results.md``: per agent and configuration, the win rate with its 95% Wilson interval, the mean
  official score with its 95% t interval, mean game length (decisions and turns) and how the games
  were lost (haunted village, dead Taoists, deck exhausted), plus the command and the machine;
* ``win_rate.png``: win rate by level, one line per player count, one panel per agent;
* ``run.json``: whether games.csv is whole (``ghoststories_env/benchmark/games_csv.py``):
  ``"status": "running"`` from the start, ``"complete"`` once games.csv holds every game; the rows
  of the file and, per configuration, the games expected and played; the command, package version
  and git commit. ``experiments.compare`` refuses a games.csv whose record is missing a game.

results.md, win_rate.png and run.json are replaced atomically (a temporary file renamed), so a
kill leaves the previous version or the new one.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import itertools
import json
import multiprocessing
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from ghoststories_env import GameConfig, agents
from ghoststories_env.benchmark import evaluation as protocol
from ghoststories_env.benchmark.evaluation import Task, play_batch, rules_text
from ghoststories_env.benchmark.games_csv import RECORD, append, config_counts, read_rows, rewrite
from ghoststories_env.benchmark.seeds import PLAYERS
from ghoststories_env.benchmark.summary import markdown, table
from ghoststories_env.cards import LEVEL_NAMES

from .fanout import fan_out
from .runfiles import atomic_write_bytes
from .tables import machine, plot


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
    games: list[int] | None = None      # indices into each seed set; None = all of them
    resume: bool = False
    workers: int = 1
    rules: dict = field(default_factory=dict)   # switch -> value, for GameConfig.replace
    ray_address: str | None = None              # Ray instead of local processes (fanout.py)


def parse_rules(items: list[str]) -> dict:
    """``["power_sides=chosen", "min_resistance=1"]`` -> ``{"power_sides": "chosen",
    "min_resistance": 1}``; raises ValueError naming the allowed switches or values."""
    allowed = GameConfig.switches()
    rules = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or key not in allowed:
            raise ValueError(f"--rules: expected KEY=VALUE with KEY one of {', '.join(allowed)}; "
                             f"got {item!r}")
        if key in rules:
            raise ValueError(f"--rules: {key} given twice")
        try:
            rules[key] = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            rules[key] = text
    GameConfig().replace(**rules)      # a bad value fails here (GameConfig names what is allowed)
    return rules


def parse(argv=None) -> Args:
    p = argparse.ArgumentParser(prog="python -m experiments.benchmark", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agents", nargs="+", default=["random", "heuristic"],
                   help="agent names: random, heuristic, rollout[:KxW], search[:KxWxH[:net=<path>]], "
                        "net:<path to npz>, ppo:<path to zip>, or a policy of your own: "
                        "package.module:factory or path/to/file.py:factory (agents/external.py)")
    p.add_argument("--levels", nargs="+", default=list(LEVEL_NAMES), choices=LEVEL_NAMES)
    p.add_argument("--players", nargs="+", type=int, default=list(PLAYERS), choices=PLAYERS)
    p.add_argument("--episodes", type=int, default=1000, help="games per agent and configuration")
    p.add_argument("--seed", type=int, default=0, 
                   help="selects the seed sets (ghoststories_env/benchmark/seeds.py)")
    p.add_argument("--out", default="results/benchmark", help="output folder")
    p.add_argument("--batch", type=int, default=1000, help="games played at once")
    p.add_argument("--quiet", action="store_true", help="no progress bar, no table printed")
    p.add_argument("--games", nargs="+", type=int, metavar="I",
                   help="play only these indices of each seed set (0 <= I < --episodes)")
    p.add_argument("--resume", action="store_true",
                   help="keep the games already in <out>/games.csv and play the others")
    p.add_argument("--workers", type=int, default=1, help="local processes playing the batches")
    p.add_argument("--ray-address", metavar="ADDRESS",
                   help="play the batches as Ray tasks: 'local' (a Ray started here with "
                        "--workers CPUs), 'auto' or 'ray://host:port' (a cluster); needs the "
                        "'ray' extra")
    p.add_argument("--rules", nargs="+", default=[], metavar="KEY=VALUE",
                   help="rule switches for every configuration, e.g. power_sides=chosen")
    a = p.parse_args(argv)
    if a.episodes < 1 or a.batch < 1 or a.workers < 1:
        p.error(f"--episodes, --batch and --workers must be >= 1, got {a.episodes}, {a.batch} "
                f"and {a.workers}")
    if a.games is not None:
        bad = [i for i in a.games if not 0 <= i < a.episodes]
        if bad:
            p.error(f"--games: indices must be in 0..{a.episodes - 1} (the seed set of "
                    f"--episodes {a.episodes}), got {bad}")
        a.games = sorted(set(a.games))
    try:
        a.rules = parse_rules(a.rules)
    except ValueError as e:
        p.error(str(e))
    return Args(**vars(a))


# -- one batch, in this process or in a worker ---------------------------------------------------

_PROGRESS = None  # in a worker: queue of finished-game counts for the parent's progress bar


def _init_worker(progress) -> None:
    global _PROGRESS
    _PROGRESS = progress


def _report(k: int) -> None:
    if k:
        _PROGRESS.put(k)


def _play_in_worker(task: Task) -> list[dict]:
    """``play_batch`` in a worker process, telling the parent's progress bar of finished games."""
    return play_batch(task, _report if _PROGRESS is not None else None)


def tasks(args: Args, names: dict, done: set) -> list[Task]:
    """The batches still to play; ``done`` holds the (agent name, level, players, seed) of games
    already played."""
    return protocol.tasks(args.agents, args.levels, args.players, args.episodes, args.seed,
                          args.batch, args.rules, args.games, names, done)


def run_serial(todo: list[Task], sink, bar) -> None:
    for task in todo:
        if bar is not None:
            bar.set_postfix_str(f"{task.spec} {task.level} {task.players}p")
        sink(play_batch(task, bar.update if bar is not None else None))


def run_parallel(todo: list[Task], workers: int, sink, bar, ray_address: str | None = None) -> None:
    """Batches spread over ``workers`` spawned processes, or over Ray (``experiments/fanout.py``);
    ``sink`` gets each batch's rows as it comes back. Local workers report finished games on a
    queue, which a thread moves to the bar, so it moves within a batch; under Ray it moves by
    batch."""
    progress = None
    if bar is not None and ray_address is None:
        progress = multiprocessing.get_context("spawn").Queue()
        mover = threading.Thread(target=_drain, args=(progress, bar), daemon=True)
        mover.start()
    for rows in fan_out(_play_in_worker, todo, workers, ray_address, _init_worker, (progress,)):
        if bar is not None and progress is None:
            bar.update(len(rows))
        sink(rows)
    if progress is not None:
        progress.put(None)     # the workers have flushed their counts as they exited
        mover.join()


def _drain(progress, bar) -> None:
    for k in iter(progress.get, None):
        bar.update(k)


# -- games.csv ------------------------------------------------------------------------------------

def resumed(path: Path, args: Args) -> list[dict]:
    """The rows an interrupted run left in ``path`` (none if there is no file)."""
    if not path.exists():
        return []
    rows = read_rows(path)
    other = {r["rules"] for r in rows} - {rules_text(args.rules)}
    if other:
        raise SystemExit(f"--resume: {path} holds games played under other rules "
                         f"({', '.join(repr(r) for r in sorted(other))}, this run "
                         f"{rules_text(args.rules)!r}); use another --out")
    return rows


def run_order(args: Args, names: dict):
    """Sort key of rows: this run's configurations in command-line order (others after, in the
    order first seen), then the index in the seed set."""
    rank = {(names[s], lv, n): k for k, (s, lv, n)
            in enumerate(itertools.product(args.agents, args.levels, args.players))}
    return lambda r: (rank.setdefault((r["agent"], r["level"], int(r["players"])), len(rank)),
                      int(r["index"]))


# -- results.md and run.json ----------------------------------------------------------------------

def write(rows: list[dict], args: Args, seconds: float, argv, kept: int = 0) -> tuple[Path, str]:
    """results.md and win_rate.png from every row (``kept`` of them resumed from before)."""
    out = Path(args.out)
    summaries = table(rows)
    md = markdown(summaries)
    command = "python -m experiments.benchmark " + " ".join(argv)
    took = f"{seconds:.0f} s in all"
    if kept:
        took = f"{seconds:.0f} s in this run, which kept {kept} games played before"
    atomic_write_bytes(out / "results.md", (
        f"# Benchmark results\n\nCommand: `{command}`\n\nMachine: {machine()}; {took}.\n\n{md}\n"
    ).encode())
    plot(summaries, out / "win_rate.png")
    return out, md


def provenance() -> dict:
    """The package version and git commit of the code that plays (None where unknown)."""
    from importlib.metadata import PackageNotFoundError, version
    try:
        v = version("ghoststories_env")
    except PackageNotFoundError:
        v = None
    try:
        commit = subprocess.run(["git", "rev-parse", "HEAD"], cwd=Path(__file__).parent,
                                capture_output=True, text=True, timeout=10).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        commit = None
    return {"version": v, "git_commit": commit}


def record(args: Args, names: dict, rows: list[dict], argv, status: str, started: str) -> dict:
    """run.json: this run's configurations with the games expected and those ``rows`` hold."""
    expected = len(args.games) if args.games is not None else args.episodes
    found = config_counts(rows)
    configs = [{"agent": names[spec], "level": level, "players": players,
                "rules": rules_text(args.rules), "expected": expected,
                "played": found.get((names[spec], level, players), 0)}
               for spec, level, players in itertools.product(args.agents, args.levels, args.players)]
    now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    return {"status": status, "rows": len(rows), "expected_rows": expected * len(configs),
            "configurations": configs,
            "command": "python -m experiments.benchmark " + " ".join(argv),
            **provenance(), "started": started, "updated": now}


def write_record(args: Args, rec: dict) -> None:
    atomic_write_bytes(Path(args.out) / RECORD, (json.dumps(rec, indent=1) + "\n").encode())


def main(argv=None) -> list[dict]:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parse(argv)
    protocol._AGENTS.clear()
    for spec in args.agents:          # fail early on a bad agent name
        protocol._AGENTS[spec] = agents.make(spec)
    names = {spec: agent.name for spec, agent in protocol._AGENTS.items()}
    if len(set(names.values())) < len(names):
        raise SystemExit(f"--agents name the same agent twice: {names}")
    path = Path(args.out) / "games.csv"
    path.parent.mkdir(parents=True, exist_ok=True)
    kept = resumed(path, args) if args.resume else []
    started = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    write_record(args, record(args, names, kept, argv, "running", started))   # before games.csv
    rewrite(path, kept)
    todo = tasks(args, names, {(r["agent"], r["level"], int(r["players"]), int(r["seed"]))
                               for r in kept})
    bar = None
    if not args.quiet:
        from tqdm import tqdm
        bar = tqdm(total=sum(len(t.seeds) for t in todo), unit="game", desc="benchmark")
    t0 = time.perf_counter()
    played = []

    def sink(rows):
        append(path, rows)
        played.extend(rows)

    if args.ray_address is None and (args.workers == 1 or len(todo) < 2):
        run_serial(todo, sink, bar)
    else:
        run_parallel(todo, max(1, min(args.workers, len(todo))), sink, bar, args.ray_address)
    if bar is not None:
        bar.close()
    rows = sorted(kept + played, key=run_order(args, names))
    rewrite(path, rows)
    out, md = write(rows, args, time.perf_counter() - t0, argv, len(kept))
    write_record(args, record(args, names, rows, argv, "complete", started))    # last
    if not args.quiet:
        print(md)
        print(f"\nwritten: {out / 'games.csv'}, {out / 'results.md'}, {out / 'win_rate.png'}, "
              f"{out / RECORD}")
    return rows


if __name__ == "__main__":
    main()
