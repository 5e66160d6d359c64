"""Where the games are won and lost, by incarnation of Wu-Feng.

    python -m experiments.incarnations --agent heuristic:plans --config initiation-4p --episodes 3000
    python -m experiments.incarnations --games results/search/initiation-4p-16x4x8/games.csv

Each game's last incarnation (the one whose exorcism wins it) is read off its dealt deck: a fact
of the seed, so the benchmark's ``games.csv`` rows can be grouped without replaying them
(``--games``: wins by incarnation for every agent and configuration in the file).

With ``--agent`` the agent plays the ``eval`` seeds of ``ghoststories_env/benchmark/seeds.py``
(never the benchmark's ``test`` seeds) and the table also says, per incarnation: how many games
reach it (it comes into play; every win does) and the share of those won; the team at its arrival (cards left
in the deck, Qi of the living Taoists, Tao tokens, ghosts in play, haunted tiles); the turns from
its arrival to the end; and the share of the decisions after its arrival at which an exorcism
could aim at it (the conditions of ``rules/exorcism.py::targetable`` other than where the
Taoists stand: Uncatchable before a Buddha, Howling Nightmare with its opposite space taken).
"""

from __future__ import annotations

import argparse
from collections import defaultdict

import numpy as np

from ghoststories_env import PRESETS, Engine, GameConfig, agents
from ghoststories_env import cards as C
from ghoststories_env.agents import Batch
from ghoststories_env.agents.heuristic.context import Ctx
from ghoststories_env.benchmark import games_csv
from ghoststories_env.benchmark.seeds import benchmark_seeds

from experiments.benchmark import parse_rules

AT_ARRIVAL = ("cards left", "team Qi", "Tao tokens", "ghosts", "haunted")


def last_incarnation(state) -> np.ndarray:
    """(B,) card id of each game's last incarnation in its deck (-1 if it has none)."""
    deck = state.deck.astype(np.int64)
    inc = (deck >= 0) & C.IS_INCARNATION[np.maximum(deck, 0)]
    last = deck.shape[1] - 1 - inc[:, ::-1].argmax(1)
    return np.where(inc.any(1), deck[np.arange(len(deck)), last], -1)


def play(agent_spec: str, config: str, episodes: int, seed: int = 0) -> dict:
    """Per incarnation (card id): the arrays of the module docstring over the ``eval`` games."""
    cfg = PRESETS[config]
    engine, agent = Engine(cfg), agents.make(agent_spec)
    S = engine.reset(benchmark_seeds(cfg.difficulty, cfg.num_players, episodes, "eval", seed))
    inc = last_incarnation(S)
    arrival = np.full(episodes, -1)
    at = np.zeros((episodes, len(AT_ARRIVAL)))
    steps = np.zeros(episodes)
    aimable = np.zeros(episodes)
    while not S.terminated.all():
        S = engine.step(S, agent.act(Batch(engine, S)))
        here = (S.ghost == inc[:, None]) & ~S.terminated[:, None]
        rows = np.flatnonzero(here.any(1))
        new = rows[arrival[rows] < 0]
        arrival[new] = S.turn[new]
        at[new] = np.stack([S.deck_len[new] - S.deck_pos[new],
                            (S.qi[new] * S.is_player[new]).sum(1), S.tao[new].sum((1, 2)),
                            (S.ghost[new] >= 0).sum(1), S.haunted[new].sum(1)], 1)
        if rows.size:
            steps[rows] += 1
            aimable[rows] += (Ctx(S, rows).targetable & here[rows]).any(1)
    out = {}
    for card in np.unique(inc):
        g = inc == card
        r = g & (arrival >= 0)
        out[int(card)] = {"games": int(g.sum()), "reached": int(r.sum()),
                          "won": int(S.won[g].sum()),
                          "won of reached": S.won[r].mean() if r.any() else np.nan,
                          **{k: at[r, j].mean() if r.any() else np.nan
                             for j, k in enumerate(AT_ARRIVAL)},
                          "turns after": (S.turn[r] - arrival[r]).mean() if r.any() else np.nan,
                          "aimable": (aimable[r] / np.maximum(steps[r], 1)).mean()
                          if r.any() else np.nan}
    return out


def from_games(path: str) -> dict:
    """{(agent, level, players, rules): {card id: [won, games]}} for the rows of ``path``."""
    rows = games_csv.read_rows(path)
    groups = defaultdict(list)
    for r in rows:
        groups[(r["level"], int(r["players"]), r["rules"])].append(r)
    out = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for (level, players, rules), group in groups.items():
        config = GameConfig(difficulty=level, num_players=players, **parse_rules(rules.split()))
        seeds = np.array(sorted({int(r["seed"]) for r in group}))
        inc = dict(zip(seeds.tolist(), last_incarnation(Engine(config).reset(seeds)).tolist()))
        for r in group:
            tally = out[(r["agent"], level, players, rules)][inc[int(r["seed"])]]
            tally[0] += int(r["won"])
            tally[1] += 1
    return out


def _name(card: int) -> str:
    return C.CARD_NAME[card] if card >= 0 else "(none)"


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m experiments.incarnations", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--agent", help="agent spec to play the eval games (e.g. heuristic:plans)")
    p.add_argument("--config", default="initiation-4p", help="preset name, e.g. normal-4p")
    p.add_argument("--episodes", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", help="a benchmark games.csv to group by incarnation instead")
    a = p.parse_args(argv)
    if (a.agent is None) == (a.games is None):
        p.error("give either --agent (play eval games) or --games (a benchmark games.csv)")
    if a.games:
        result = from_games(a.games)
        for (agent, level, players, rules), tally in sorted(result.items()):
            won = sum(w for w, _ in tally.values())
            n = sum(k for _, k in tally.values())
            print(f"\n{agent}, {level} {players}p{' ' + rules if rules else ''}: {won} of {n}")
            print("| incarnation | games | won | share won |\n|---|---:|---:|---:|")
            for card, (w, k) in sorted(tally.items(), key=lambda kv: kv[1][0] / kv[1][1]):
                print(f"| {_name(card)} | {k} | {w} | {w / k:.2f} |")
        return result
    if a.config not in PRESETS:
        p.error(f"unknown configuration {a.config!r}; known: {', '.join(PRESETS)}")
    if a.episodes < 1:
        p.error(f"--episodes must be >= 1, got {a.episodes}")
    result = play(a.agent, a.config, a.episodes, a.seed)
    won = sum(v["won"] for v in result.values())
    print(f"{a.agent}, {a.config}, {a.episodes} eval games (seed {a.seed}): {won} won")
    cols = ("games", "reached", "won", "won of reached") + AT_ARRIVAL + ("turns after", "aimable")
    print("| incarnation | " + " | ".join(cols) + " |\n|---|" + "---:|" * len(cols))
    order = sorted(result.items(), key=lambda kv: np.nan_to_num(kv[1]["won of reached"]))
    for card, v in order:
        cells = [f"{v[c]}" if isinstance(v[c], int) else f"{v[c]:.2f}" for c in cols]
        print(f"| {_name(card)} | " + " | ".join(cells) + " |")
    return result


if __name__ == "__main__":
    main()
