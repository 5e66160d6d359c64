"""Where an agent's games go: what removes ghosts, what haunts the village, what costs Qi.

    python -m experiments.diagnose --agent heuristic --configs initiation-4p hell-2p --episodes 200
    python -m experiments.diagnose --agent search:16x4x8:plans --configs initiation-4p \
        --episodes 100 --by-outcome          # the won and the lost games in columns of their own

Plays the ``eval`` seeds of ``ghoststories_env/benchmark/seeds.py`` (never the benchmark's ``test``
seeds) and compares each state with the next one, so it needs no hooks in the engine. Counts are per
game:

* **ghosts removed** by exorcism, Buddha (an arrival or the Pavilion onto a Buddha), the
  Sorcerer's Hut, or anything else; against the ghosts that arrived;
* **hauntings** by haunters of each resistance (the figurine reaching stone 2 in a Yin phase) and
  by anything else (a Curse-die face, a left stone), against the tiles turned back;
* **Qi lost** to overrun (a full board at its Yin phase), in the rest of the Yin phases
  (tormentors' curses, arrivals' left stones), to the Sorcerer's Hut, and to everything else
  (curses of exorcised ghosts, the Cemetery's roll, ...); against the Qi gained;
* **the team at three moments**: when half the deck is drawn, when three quarters are, and
  when the first incarnation of Wu-Feng comes into play (team Qi, living Taoists, Tao tokens,
  ghosts in play, haunted tiles), each averaged over the games that reach it.

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


MOMENTS = ("half the deck drawn", "3/4 of the deck drawn", "an incarnation in play")
TEAM = ("team Qi", "living Taoists", "Tao tokens", "ghosts in play", "haunted tiles")


def _moments(state, i: int, seen: dict) -> None:
    """Record the team of game ``i`` at each moment of ``MOMENTS`` it has just reached."""
    ghost, drawn, deck = state.ghost[i], int(state.deck_pos[i]), int(state.deck_len[i])
    reached = (2 * drawn >= deck, 4 * drawn >= 3 * deck,
               bool((C.IS_INCARNATION[np.maximum(ghost, 0)] & (ghost >= 0)).any()))
    seats = state.is_player[i]
    for moment, now in zip(MOMENTS, reached):
        if now and moment not in seen:
            seen[moment] = (int(state.qi[i][seats].sum()), int((state.qi[i][seats] > 0).sum()),
                            int(state.tao[i][seats].sum()), int((ghost >= 0).sum()),
                            int(state.haunted[i].sum()))


def play_games(agent_spec: str, config: str, episodes: int, seed: int = 0):
    """Per game: the counts of the module docstring (a Counter) and the team at each moment
    reached (``{moment: TEAM values}``); and the final state. (A diagnosis, not a hot path: the
    comparison runs game by game.)"""
    if config not in PRESETS:
        raise ValueError(f"unknown configuration {config!r}; known: {', '.join(PRESETS)}")
    cfg = PRESETS[config]
    engine, agent = Engine(cfg), agents.make(agent_spec)
    state = engine.reset(benchmark_seeds(cfg.difficulty, cfg.num_players, episodes, "eval", seed))
    counts = [Counter() for _ in range(episodes)]
    moments: list[dict] = [{} for _ in range(episodes)]
    while not state.terminated.all():
        action = agent.act(Batch(engine, state))
        nxt = engine.step(state, action)
        for i in np.flatnonzero(~state.terminated):
            _step_counts(state, nxt, int(state.top[i]), i, counts[i])
            _moments(nxt, i, moments[i])
        state = nxt
    return counts, moments, state


def summarise(counts, moments, state, games) -> dict:
    """Means over the games ``games`` (indices): counts per game, then the team at each moment
    over the games that reach it."""
    total: Counter = Counter()
    for g in games:
        total.update(counts[g])
    n = max(len(games), 1)
    out = {k: v / n for k, v in sorted(total.items())}
    out["games"] = float(len(games))
    out["win rate"] = float(state.won[games].mean()) if len(games) else 0.0
    out["turns"] = float(state.turn[games].mean()) if len(games) else 0.0
    for moment in MOMENTS:
        at = [moments[g][moment] for g in games if moment in moments[g]]
        out[f"{moment}: share reaching it"] = float(len(at)) / n
        for name, value in zip(TEAM, np.mean(at, axis=0) if at else [0.0] * len(TEAM)):
            out[f"{moment}: {name}"] = float(value)
    return out


def diagnose(agent_spec: str, config: str, episodes: int, seed: int = 0,
             by_outcome: bool = False) -> dict:
    """Per-game averages of the counts of the module docstring, win rate, turns and the team at
    each moment. With ``by_outcome``: ``{"all": ..., "won": ..., "lost": ...}``, the same
    averages over all games, the won ones and the lost ones."""
    counts, moments, state = play_games(agent_spec, config, episodes, seed)
    groups = {"all": np.arange(episodes), "won": np.flatnonzero(state.won),
              "lost": np.flatnonzero(~state.won)}
    out = {k: summarise(counts, moments, state, g) for k, g in groups.items()}
    return out if by_outcome else out["all"]


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m experiments.diagnose", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agent", default="heuristic")
    p.add_argument("--configs", nargs="+", default=["initiation-4p", "normal-2p", "hell-4p"],
                   help="preset names, e.g. normal-4p")
    p.add_argument("--episodes", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--by-outcome", action="store_true",
                   help="a column for the won and one for the lost games of each configuration")
    a = p.parse_args(argv)
    if a.episodes < 1:
        p.error(f"--episodes must be >= 1, got {a.episodes}")
    columns = {}
    for c in a.configs:
        d = diagnose(a.agent, c, a.episodes, a.seed, by_outcome=a.by_outcome)
        columns.update({f"{c} {k}": v for k, v in d.items()} if a.by_outcome else {c: d})
    team = [f"{m}: {name}" for m in MOMENTS for name in ("share reaching it",) + TEAM]
    keys = sorted({k for d in columns.values() for k in d} - set(team)) + team
    print(f"{a.agent}, {a.episodes} games per configuration (per-game means; the team at a "
          f"moment: means over the games that reach it)")
    print("| | " + " | ".join(columns) + " |\n|---|" + "---:|" * len(columns))
    for k in keys:
        print(f"| {k} | " + " | ".join(f"{d.get(k, 0.0):.2f}" for d in columns.values()) + " |")
    return columns


if __name__ == "__main__":
    main()
