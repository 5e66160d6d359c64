"""Agent speed: decisions per CPU-second on positions of real games, overall and by decision kind.

    python -m experiments.bench_agents [--agent heuristic] [--preset initiation-4p]
        [--batch 1 64 1024 4096] [--warmup 40] [--seconds 5] [--no-by-kind] [--profile 0]

For each batch size B, B games are reset (seeds 0..B-1) and the agent plays them ``--warmup``
decision steps untimed, finished games replaced at once by new ones on fresh seeds, so the timed
positions are those the agent reaches in its own games, not only openings. Then the agent keeps
playing (with the same replacement) until its ``act`` has used ``--seconds`` of CPU time.
Everything is CPU time of this process (``time.process_time``; run it with
``OMP_NUM_THREADS=1`` for one core): wall time would count the other jobs sharing the machine.

Printed per B:

* **agent decisions/s**: decisions answered (running games, one per step each) over the CPU time
  of ``agent.act(Batch(engine, state))`` on the whole batch, Batch construction included;
* **engine share**: the engine's part of the loop's CPU time (``engine.step`` and the resets of
  finished games) next to the agent's; **loop decisions/s**: decisions over both together.

And per decision kind (``stack.CODE_NAMES[state.top]``), unless ``--no-by-kind``: its share of
the decisions answered, and the agent's decisions/s on that kind alone, measured by calling
``act`` once more on each step's sub-batch of that kind (``state.take`` of its rows; that copy is
not timed, and these extra calls do not count in the overall figure). A kind's sub-batch is
smaller than B, so its rate carries more per-call overhead than it has inside a whole batch;
the shares and rates together say where an agent's time goes.

``--profile N`` also prints, per B, the N functions with the most own time in the timed ``act``
calls on the whole batch (cProfile; it slows the calls it watches, so the rates printed with it
are lower than without).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np

from ghoststories_env import Engine, PRESETS, agents
from ghoststories_env.agents import Batch
from ghoststories_env.rules import stack


@dataclass
class Tally:
    decisions: int = 0
    agent: float = 0.0                      # CPU seconds in act on the whole batch
    engine: float = 0.0                     # CPU seconds in step and resets
    by_kind: dict = field(default_factory=lambda: defaultdict(lambda: [0, 0.0]))  # name -> [n, s]
    profile: cProfile.Profile | None = None  # of the timed act calls, if asked


def _replace_finished(engine: Engine, state, next_seed: int) -> int:
    done = np.flatnonzero(state.terminated)
    if done.size:
        state.put(done, engine.reset(np.arange(next_seed, next_seed + done.size)))
    return next_seed + done.size


def _time_kinds(agent, engine: Engine, state, tally: Tally) -> None:
    running = np.flatnonzero(~state.terminated)
    for code, part in stack.split(state.top[running].astype(np.int64)):
        rows = running[part]
        sub = state.take(rows)
        t = time.process_time()
        agent.act(Batch(engine, sub))
        entry = tally.by_kind[stack.CODE_NAMES[code]]
        entry[0] += rows.size
        entry[1] += time.process_time() - t


def measure(agent, engine: Engine, batch: int, warmup: int, seconds: float,
            by_kind: bool = True, profile: bool = False) -> Tally:
    """Play ``warmup`` untimed steps, then time steps until ``act`` has used ``seconds``."""
    state = engine.reset(np.arange(batch))
    next_seed = batch
    for _ in range(warmup):
        state = engine.step(state, agent.act(Batch(engine, state)))
        next_seed = _replace_finished(engine, state, next_seed)
    tally = Tally(profile=cProfile.Profile() if profile else None)
    while tally.agent < seconds or tally.decisions == 0:
        if by_kind:
            _time_kinds(agent, engine, state, tally)
        if profile:
            tally.profile.enable()
        t0 = time.process_time()
        actions = agent.act(Batch(engine, state))
        t1 = time.process_time()
        if profile:
            tally.profile.disable()
        tally.decisions += int((~state.terminated).sum())
        state = engine.step(state, actions)
        next_seed = _replace_finished(engine, state, next_seed)
        tally.agent += t1 - t0
        tally.engine += time.process_time() - t1
    return tally


def machine() -> str:
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
            f"{platform.python_version()}, numpy {np.__version__}, "
            f"OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}")


def _rate(n: int, seconds: float) -> str:
    return f"{n / seconds:,.0f}" if seconds > 0 else "-"


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m experiments.bench_agents", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agent", default="heuristic", help="agent name for agents.make")
    p.add_argument("--preset", default="initiation-4p", choices=list(PRESETS))
    p.add_argument("--batch", type=int, nargs="+", default=[1, 64, 1024, 4096])
    p.add_argument("--warmup", type=int, default=40, help="untimed decision steps first")
    p.add_argument("--seconds", type=float, default=5.0, help="CPU seconds of act per batch size")
    p.add_argument("--no-by-kind", dest="by_kind", action="store_false",
                   help="skip the per-kind timing (it calls act a second time on each step)")
    p.add_argument("--profile", type=int, default=0, metavar="N",
                   help="print the N functions with most own time in act, per batch size")
    args = p.parse_args(argv)
    agent = agents.make(args.agent)
    engine = Engine(PRESETS[args.preset])
    tallies = {b: measure(agent, engine, b, args.warmup, args.seconds, args.by_kind,
                          args.profile > 0) for b in args.batch}
    print(f"# {args.agent} decisions per CPU-second, {args.preset} ({machine()})")
    print("| B | decisions timed | agent decisions/s | engine share | loop decisions/s |")
    print("|---:|---:|---:|---:|---:|")
    for b, t in tallies.items():
        share = t.engine / (t.engine + t.agent)
        print(f"| {b} | {t.decisions:,} | {_rate(t.decisions, t.agent)} | {share:.0%} | "
              f"{_rate(t.decisions, t.agent + t.engine)} |")
    if args.by_kind:
        print("\n## By decision kind (act on each kind's sub-batch)")
        print("| B | kind | share of decisions | agent decisions/s on that kind |")
        print("|---:|---|---:|---:|")
        for b, t in tallies.items():
            total = sum(n for n, _ in t.by_kind.values())
            for name, (n, s) in sorted(t.by_kind.items(), key=lambda kv: -kv[1][0]):
                print(f"| {b} | {name} | {n / total:.1%} | {_rate(n, s)} |")
    for b, t in tallies.items() if args.profile else ():
        out = io.StringIO()
        pstats.Stats(t.profile, stream=out).sort_stats("tottime").print_stats(args.profile)
        print(f"\n## Profile of act at B = {b} (by own time)\n```\n{_profile_rows(out)}\n```")


def _profile_rows(out: io.StringIO) -> str:
    """The table of a pstats printout, paths shortened to the project's."""
    text = out.getvalue()
    rows = text[text.index("ncalls"):].rstrip()
    return rows.replace(os.getcwd() + os.sep, "").replace(sys.prefix + os.sep, "")


if __name__ == "__main__":
    main()
