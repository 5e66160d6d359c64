"""Replay benchmark games of any agent with the engine's event record and count, per game, where
the Taoists' Qi went and what the team did: every Qi a Taoist or a neutral board lost, by the
effect that caused it (a full board at Yin step 2, a curse die and what rolled it, a Grave
Walker, the Sorcerer's Hut, a draw with every board full), the Qi gained, and how often each
effect ran (village tiles, exorcisms, Buddhas), the revivals, and whether the Cemetery was
haunted when the first Taoist died (so he could not come back). Each game's row is checked
against its committed one, so the counts are those of the committed games.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/search/losses/causes.py GAMES_CSV SPEC PLAYERS \
        OUT INDEX [INDEX ...]

GAMES_CSV: the benchmark's games.csv holding these games (seed set 0, ``test``; the level is
read from it); OUT: one row per game (``summary_causes.py`` tabulates it).
"""
import csv
import sys
import time
from collections import Counter

import numpy as np

from experiments.fanout import fan_out
from experiments.recheck import COMPARED
from ghoststories_env import GameConfig, agents
from ghoststories_env import cards as C
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark.evaluation import game_rows
from ghoststories_env.benchmark.games_csv import read_rows
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.engine import Engine

# Effects that pass a loss on rather than cause it: the cause is the effect before them.
PASS_ON = {"LOSE_QI", "ABSORB", "CURSE", "CURSE_REROLL", "CURSE_APPLY"}
# Where a gained Qi comes from (the Tea House's help is GAIN_QI).
GAINS = {"GAIN_QI", "REWARD_QI_YY", "INC_QI", "CEMETERY_PICK"}
LATER = ("revivals", "cemetery haunted at first death")     # counts added after the first files


class Ledger:
    """One game's running count. A LOSE_QI on a board with no Qi left (possessed) becomes an
    ABSORB that hands the loss to a living Taoist, so a LOSE_QI counts only if the game's next
    event is not an ABSORB; the next event may come in the next step (an ABSORB with a choice)."""

    def __init__(self, is_player):
        self.is_player = is_player
        # the two later counts written even when 0 (summary_causes.py: a file without the
        # column was made before them)
        self.counts = Counter(dict.fromkeys(LATER, 0))
        self.cause, self.curse, self.pending = "start", False, None
        self.first_death = 0
        self.lost = Counter()          # seat: Qi lost
        self.last = {}                 # seat: the cause of its last lost Qi

    def feed(self, event, turn):
        kind, name = event["kind"], event.get("effect")
        if kind in ("decision", "effect", "forced", "dropped"):
            if self.pending is not None and name != "ABSORB":
                self._lose(*self.pending)
            self.pending = None
            self.counts["ran " + name] += 1
            if name == "LOSE_QI":
                self.pending = (event["seat"], self.cause, self.curse)
            elif name == "CURSE_APPLY":
                self.curse = True
            elif name not in PASS_ON:
                self.cause, self.curse = name, False
            if name in GAINS:
                self.counts["gained " + name] += 1
        elif kind == "revived":
            self.counts["revivals"] += 1
        elif kind == "died":
            seat = event["seat"]
            if self.pending is not None and self.pending[0] == seat:
                self._lose(*self.pending)
                self.pending = None
            if not self.first_death:
                self.first_death = turn
                self.counts["first death by " + self.last[seat]] += 1

    def close(self):
        if self.pending is not None:
            self._lose(*self.pending)
        self.pending = None
        hit = sorted((self.lost[s] for s in range(4) if self.is_player[s]), reverse=True)
        self.counts["most hit taoist lost"] = hit[0]
        self.counts["least hit taoist lost"] = hit[-1]

    def _lose(self, seat, cause, curse):
        who = "taoist" if self.is_player[seat] else "neutral"
        label = f"{'curse from ' if curse else ''}{cause}"
        self.counts[f"{who} lost {label}"] += 1
        self.lost[seat] += 1
        self.last[seat] = label
        self.counts[f"{who} lost"] += 1


def causes(task):
    spec, level, players, index, seeds = task
    agent = agents.make(spec)
    engine = Engine(GameConfig(num_players=players, difficulty=level))
    S = engine.reset(np.array(seeds, np.int64))
    ledgers = [Ledger(S.is_player[i].copy()) for i in range(len(seeds))]
    cemetery = (S.tile_at == C.CEMETERY).argmax(1)
    t0 = time.process_time()
    while not S.terminated.all():
        actions = agent.act(Batch(engine, S))
        turn = S.turn.copy()
        S, events = engine.step(S, actions, record=True)
        for i, game in enumerate(events):
            dead = ledgers[i].first_death
            for e in game:
                ledgers[i].feed(e, int(turn[i]))
            if ledgers[i].first_death and not dead:     # can the first to die come back?
                ledgers[i].counts["cemetery haunted at first death"] = int(
                    S.haunted[i, cemetery[i]])
    seconds = (time.process_time() - t0) / len(seeds)
    rows = game_rows(agent.name, level, players, index, seeds, engine, S, seconds)
    for row, ledger in zip(rows, ledgers):
        ledger.close()
        row.update(ledger.counts, first_death=ledger.first_death)
    return rows


def main():
    games_csv, spec, players, out_path = sys.argv[1:5]
    players, wanted = int(players), [int(i) for i in sys.argv[5:]]
    committed = {int(r["index"]): r for r in read_rows(games_csv)
                 if r["agent"] == spec and int(r["players"]) == players}
    level = committed[wanted[0]]["level"]
    seeds = benchmark_seeds(level, players, 200, "test", 0)
    half = (len(wanted) + 1) // 2
    parts = [p for p in (wanted[:half], wanted[half:]) if p]
    todo = [(spec, level, players, tuple(p), tuple(int(seeds[i]) for i in p)) for p in parts]
    games = []
    for rows in fan_out(causes, todo, workers=len(todo)):
        games += rows
    for g in games:
        c = committed[g["index"]]
        g["same"] = int(all(str(g[k]) == c[k] for k in ("seed", *COMPARED)))
        print(g["index"], "won" if g["won"] else "lost", "same" if g["same"] else "DIFFERENT",
              flush=True)
    games.sort(key=lambda g: g["index"])
    fields = list(dict.fromkeys(k for g in games for k in g))
    with open(out_path, "w", newline="") as f:
        w = csv.DictWriter(f, fields, restval=0)
        w.writeheader()
        w.writerows(games)


if __name__ == "__main__":
    main()
