"""Where an agent's games go: what removes ghosts, what haunts the village, what costs Qi.

    python -m experiments.diagnose --agent heuristic --configs initiation-4p hell-2p --episodes 200

Plays the ``eval`` seeds of ``ghoststories_env/benchmark/seeds.py`` (never the benchmark's ``test``
seeds) and compares each state with the next one, so it needs no hooks in the engine. Counts are per
game:

* **ghosts removed** by exorcism, Buddha (an arrival or the Pavilion onto a Buddha), the
  Sorcerer's Hut, or anything else; against the ghosts that arrived;
* **hauntings** by haunters of each resistance (the figurine reaching stone 2 in a Yin phase) and
  by anything else (a Curse-die face, a left stone), against the tiles turned back;
* **Qi lost** to overrun (a full board at its Yin phase), in the rest of the Yin phases
  (tormentors' curses, arrivals' left stones), to the Sorcerer's Hut, and to everything else
  (curses of exorcised ghosts, the Cemetery's roll, ...); against the Qi gained.

Attribution reads which decision a step answered (``rules/stack.py`` codes), so an effect that
resolves automatically after a decision is counted with it; docs/guides/results.md cites these tables.
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env import cards as C
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.rules import stack


NAME_OF = {code: name for name, code in stack.CODES.items()}


def _step_counts(before, after, code: int, i: int, out: Counter) -> None:
    """Add what changed in game ``i`` between two states to ``out``."""
    name = NAME_OF.get(code, "")
    yin = after.turn[i] != before.turn[i]               # the step ran into the next Yin phase
    # ghosts removed (discard pile grew)
    removed = int(after.discarded[i].sum() - before.discarded[i].sum())
    if removed > 0:
        trapped = min(removed, max(0, int(after.temple_buddhas[i]) - int(before.temple_buddhas[i])))
        out["removed: Buddha"] += trapped
        rest = removed - trapped
        kind = ("Sorcerer's Hut" if name == "SORCERER_PICK" else
                "exorcism" if name.startswith("EXO") or name == "YANG" else "other: " + name)
        if rest:
            out[f"removed: {kind}"] += rest
    # hauntings: a figurine leaving stone 1 for its card on a ghost that stays is a haunter's
    # haunting when a tile turned haunted in that step (the Night Watchman also sends them back)
    haunter = C.HAUNTER[np.maximum(before.ghost[i], 0)] & (before.ghost[i] >= 0)
    went = haunter & (before.haunter_pos[i] == 1) & (after.haunter_pos[i] == 0) & (
        after.ghost[i] == before.ghost[i])
    new = int((after.haunted[i] & ~before.haunted[i]).sum())
    cards = before.ghost[i][went][:new]
    for card in cards:
        out[f"haunted: R{C.CARD_RESISTANCE[card]} haunter"] += 1
    if new > cards.size:
        out["haunted: other"] += new - cards.size
    back = int((before.haunted[i] & ~after.haunted[i]).sum())
    if back:
        out["tiles turned back"] += back
    # Qi
    lost = int(np.maximum(0, before.qi[i].astype(int) - after.qi[i]).sum())
    gained = int(np.maximum(0, after.qi[i].astype(int) - before.qi[i]).sum())
    out["Qi gained"] += gained
    if lost:
        sorcerer = min(lost, int(name == "SORCERER_PICK"))     # the help's own Qi comes first
        out["Qi lost: Sorcerer's Hut"] += sorcerer
        lost -= sorcerer
        seat = int(after.active[i])
        full = yin and bool((before.ghost[i, 3 * seat:3 * seat + 3] >= 0).all())
        over = min(lost, int(full))
        out["Qi lost: overrun"] += over
        out["Qi lost: " + ("Yin phase" if yin else "other")] += lost - over
    if yin:
        out["arrivals (draws)"] += int(after.deck_pos[i]) - int(before.deck_pos[i])


def diagnose(agent_spec: str, config: str, episodes: int, seed: int = 0) -> dict:
    """Per-game averages of the counts of the module docstring, plus win rate and turns.
    (A diagnosis, not a hot path: the comparison runs game by game.)"""
    if config not in PRESETS:
        raise ValueError(f"unknown configuration {config!r}; known: {', '.join(PRESETS)}")
    cfg = PRESETS[config]
    engine, agent = Engine(cfg), agents.make(agent_spec)
    state = engine.reset(benchmark_seeds(cfg.difficulty, cfg.num_players, episodes, "eval", seed))
    counts: Counter = Counter()
    while not state.terminated.all():
        action = agent.act(Batch(engine, state))
        nxt = engine.step(state, action)
        for i in np.flatnonzero(~state.terminated):
            _step_counts(state, nxt, int(state.top[i]), i, counts)
        state = nxt
    out = {k: v / episodes for k, v in sorted(counts.items())}
    out["win rate"] = float(state.won.mean())
    out["turns"] = float(state.turn.mean())
    return out


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m experiments.diagnose", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agent", default="heuristic")
    p.add_argument("--configs", nargs="+", default=["initiation-4p", "normal-2p", "hell-4p"],
                   help="preset names, e.g. normal-4p")
    p.add_argument("--episodes", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    if a.episodes < 1:
        p.error(f"--episodes must be >= 1, got {a.episodes}")
    results = {c: diagnose(a.agent, c, a.episodes, a.seed) for c in a.configs}
    keys = sorted({k for r in results.values() for k in r})
    print(f"{a.agent}, {a.episodes} games per configuration (per-game means)")
    print("| | " + " | ".join(a.configs) + " |\n|---|" + "---:|" * len(a.configs))
    for k in keys:
        print(f"| {k} | " + " | ".join(f"{results[c].get(k, 0.0):.2f}" for c in a.configs) + " |")
    return results


if __name__ == "__main__":
    main()
