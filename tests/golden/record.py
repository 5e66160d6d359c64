"""Record the golden replays checked into tests/golden/ (whole games with their actions).

    python tests/golden/record.py        # rewrites tests/golden/*.json

Each file holds the configuration, the seed, every action and the decision it answered, a digest of
the game after every step and the final game as a dict. tests/test_golden.py replays the actions and
diffs everything. Re-record only when a rule change is meant to change games, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np

from ghoststories_env import Engine, PRESETS

HERE = Path(__file__).parent
# One game for every level x player count; the policy prefers exorcisms and help so games run long.
GAMES = [(name, 1000 + i) for i, name in enumerate(k for k in PRESETS if k != "initiation-5qi-4p")]
# Won games, one per level, played by the heuristic team (agents/heuristic) on seeds it won in the
# benchmark (results/benchmark/games.csv) or, when it changed, on ``eval`` seeds it won: they reach the incarnations, the group rewards, the
# win and its scoring bonuses, which random play never does.
WON_GAMES = [("initiation-4p", 90000696), ("normal-4p", 220000061), ("nightmare-2p", 270000148),
             ("hell-1p", 370000002)]


def digest(engine: Engine, state) -> str:
    d = engine.to_dict(state, 0)
    return hashlib.sha1(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16]


def policy(mask: np.ndarray, rng: np.random.Generator) -> int:
    """Random legal play with a preference for exorcisms, help and placing Buddhas."""
    from ghoststories_env import actions as A
    legal = np.flatnonzero(mask)
    keen = [a for a in legal if a in A.RANGES["EXORCISE"] or a in A.RANGES["EXORCISE_BOTH"]
            or a in A.RANGES["HELP"] or a in A.RANGES["BUDDHA"]]
    pool = keen if keen and rng.random() < 0.7 else legal
    return int(rng.choice(pool))


def play(preset: str, seed: int, team=None) -> dict:
    """One game; ``team`` (an agent of agents/) chooses the actions, else ``policy``."""
    # imported here: replaying (test_golden) needs no agents
    from ghoststories_env.agents import Batch
    engine = Engine(PRESETS[preset])
    rng = np.random.default_rng(seed)
    s = engine.reset([seed])
    steps = []
    while not s.terminated[0]:
        if team is None:
            a = policy(engine.legal_action_mask(s)[0], rng)
        else:
            a = int(team.act(Batch(engine, s))[0])
        decision = engine.decision_name(s, 0)
        s = engine.step(s, np.array([a]))
        steps.append({"decision": decision, "action": a, "meaning": engine.action_meaning(a),
                      "digest": digest(engine, s)})
    return {"preset": preset, "seed": seed, "policy": "random" if team is None else team.name,
            "steps": steps, "final": engine.to_dict(s, 0), "score": int(engine.score(s)[0])}


def save(game: dict, name: str) -> None:
    (HERE / f"{name}.json").write_text(json.dumps(game, indent=1) + "\n")
    print(f"{name}: {len(game['steps'])} decisions, won={game['final']['status']['won']}, "
          f"score {game['score']}")


def main() -> None:
    from ghoststories_env import agents
    for preset, seed in GAMES:
        save(play(preset, seed), preset)
    team = agents.make("heuristic")
    for preset, seed in WON_GAMES:
        game = play(preset, seed, team)
        if not game["final"]["status"]["won"]:     # the heuristic changed since the seeds were picked
            raise SystemExit(f"{preset} seed {seed} is no longer won by the heuristic: pick a seed "
                             f"it wins from a new benchmark's games.csv")
        save(game, f"won-{preset}")


if __name__ == "__main__":
    main()
