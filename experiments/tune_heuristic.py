"""Tune the heuristic's weights (``agents/heuristic/weights.py``) by the cross-entropy method.

    python -m experiments.tune_heuristic --generations 6 --population 8 --games 120 --seed 1 \\
        --out results/heuristic_tuning

Each candidate multiplies the tuned weights by ``exp(x)`` (``x`` one number per weight in ``TUNED``;
``QI_SCALE`` scales the cost of a Qi at 2 or more Qi, ``HELP_SCALE`` the share of a help's worth
that counts against exorcisms) and plays the same ``train`` seeds of
``ghoststories_env/benchmark/seeds.py`` (common random numbers) in five configurations spanning the
levels and team sizes; its fitness is the mean official score (``--objective score``) or, for the
hard levels where wins are too rare to steer by, the progress toward a win (``--objective
progress``: cards drawn, plus 5 per incarnation defeated and 50 per win; ``agents/rollout.py``
``VALUES``). Each generation draws ``--population`` candidates around the mean, moves the mean
halfway to the mean of the best three and narrows the spread. The mean is what the search returns
(the single best candidate is the luckiest draw on these seeds). Writes ``--out``/``tuning.json``:
every generation's fitness and the final mean's multipliers and weights. Check a result on other
seeds before adopting it: ``--check results/.../tuning.json`` plays it against the code's weights on
the ``eval`` split.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.agents.heuristic import weights as W
from ghoststories_env.agents.rollout import VALUES
from ghoststories_env.benchmark.evaluation import play as play_games
from ghoststories_env.benchmark.seeds import benchmark_seeds


TUNED = ("GHOST_BASE", "BOARD_TWO", "BOARD_FULL", "OVERRUN_ROUNDS", "HAUNT_TILE", "HAUNT_RISK",
         "HAUNT_URGENCY", "TORMENT_ROLLS", "INCARNATION", "INCARNATION_CLOCK", "TOKEN_BASE",
         "TOKEN_DEMAND", "ARRIVAL", "ARRIVAL_CLOCK", "CIRCLE_ATTEMPTS", "BUDDHA", "YINYANG_KEEP",
         "YINYANG_HELP_KEEP", "SECOND_EXORCISM", "CENTRE_BONUS", "LOSS")
NAMES = TUNED + ("QI_SCALE", "HELP_SCALE")
CONFIGS = ("initiation-4p", "normal-1p", "normal-4p", "nightmare-2p", "hell-3p")
ELITE = 3


def weights_for(x: np.ndarray) -> dict:
    """The weights of ``weights.py`` multiplied as the log-multipliers ``x`` (one per ``NAMES``)."""
    x = dict(zip(NAMES, np.asarray(x, float)))
    out = {k: getattr(W, k) * float(np.exp(x[k])) for k in TUNED}
    qi = np.array(W.QI_COST)
    qi[2:] *= np.exp(x["QI_SCALE"])                  # at 0 and 1 Qi a loss is a death: not tuned
    help_weight = np.array(W.HELP_WEIGHT)
    part = help_weight < 1                           # the revival (weight 1) counts in full
    help_weight[part] = np.minimum(1.0, help_weight[part] * np.exp(x["HELP_SCALE"]))
    out["QI_COST"] = tuple(float(q) for q in qi)
    out["HELP_WEIGHT"] = tuple(float(h) for h in help_weight)
    return out


def play(values: dict, name: str, games: int, split: str = "train", seed: int = 0,
         spec: str = "heuristic"):
    """(engine, final states) of ``games`` games of preset ``name`` played by the heuristic team
    ``spec`` with ``values``."""
    cfg, agent = PRESETS[name], agents.make(spec)
    engine = Engine(cfg)
    seeds = benchmark_seeds(cfg.difficulty, cfg.num_players, games, split, seed)
    with W.overridden(values):
        s = play_games(agent, engine, seeds)
    return engine, s


def fitness(values: dict, games: int, seed: int = 0, configs=CONFIGS,
            objective: str = "score") -> tuple[float, float]:
    """(mean ``objective``, win rate) of the heuristic with ``values`` over the ``train`` seeds."""
    scores, wins = [], []
    for name in configs:
        engine, s = play(values, name, games, "train", seed)
        scores.append(VALUES[objective](engine, s).mean())
        wins.append(s.won.mean())
    return float(np.mean(scores)), float(np.mean(wins))


def check(result: dict, games: int, configs, log=print) -> None:
    """Compare a tuning ``result`` with the weights in the code on the ``eval`` seeds, game by
    game: mean official score and cards drawn (with the standard error of the paired
    difference), wins."""
    tuned = weights_for(np.array([result["multipliers"][k] for k in NAMES]))
    base = weights_for(np.zeros(len(NAMES)))
    se = lambda d: d.std(ddof=1) / np.sqrt(d.size) if d.size > 1 else float("nan")  # noqa: E731
    for name in configs:
        (engine, a), (_, b) = (play(w, name, games, "eval") for w in (base, tuned))
        sa, sb = engine.score(a), engine.score(b)
        ds, dd = sb - sa, b.deck_pos - a.deck_pos.astype(float)
        log(f"{name}: score {sa.mean():.2f} -> {sb.mean():.2f} "
            f"({ds.mean():+.2f}, s.e. {se(ds):.2f}); cards drawn {a.deck_pos.mean():.2f} -> "
            f"{b.deck_pos.mean():.2f} ({dd.mean():+.2f}, s.e. {se(dd):.2f}); "
            f"wins {int(a.won.sum())} -> {int(b.won.sum())} of {games}")


def search(generations: int, population: int, games: int, seed: int, spread: float = 0.35,
           configs=CONFIGS, log=print, objective: str = "score") -> dict:
    rng = np.random.default_rng(seed)
    mu, sd = np.zeros(len(NAMES)), np.full(len(NAMES), spread)
    fit = lambda x: fitness(weights_for(x), games, configs=configs,      # noqa: E731
                            objective=objective)
    history = [{"generation": -1, "mean_fitness": fit(mu)}]
    log(f"start: {objective} {history[0]['mean_fitness'][0]:.2f}")
    for g in range(generations):
        X = mu + sd * rng.standard_normal((population, len(NAMES)))
        F = np.array([fit(x)[0] for x in X])
        elite = X[np.argsort(-F)[:ELITE]]
        mu = 0.5 * mu + 0.5 * elite.mean(0)
        sd = np.maximum(0.08, 0.7 * sd + 0.3 * elite.std(0))
        history.append({"generation": g, "candidates": F.round(3).tolist(),
                        "mean_fitness": fit(mu)})
        log(f"generation {g}: best candidates {np.sort(F)[::-1][:ELITE].round(2).tolist()}, "
            f"mean {history[-1]['mean_fitness'][0]:.2f}")
    return {"configs": list(configs), "objective": objective,
            "multipliers": dict(zip(NAMES, mu.round(3).tolist())), "weights": weights_for(mu),
            "history": history}


def main(argv=None) -> dict:
    p = argparse.ArgumentParser(prog="python -m experiments.tune_heuristic", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--generations", type=int, default=6)
    p.add_argument("--population", type=int, default=8)
    p.add_argument("--games", type=int, default=120, help="games per configuration and candidate")
    p.add_argument("--seed", type=int, default=1, help="the search's own random draws")
    p.add_argument("--spread", type=float, default=0.35, help="first standard deviation of x")
    p.add_argument("--configs", nargs="+", default=list(CONFIGS), choices=sorted(PRESETS),
                   help="configurations each candidate plays")
    p.add_argument("--objective", default="score", choices=sorted(VALUES),
                   help="what a candidate is judged by (see above)")
    p.add_argument("--out", default="results/heuristic_tuning")
    p.add_argument("--check", metavar="TUNING_JSON",
                   help="instead of tuning, compare this result with the code's weights on the "
                        "eval seeds (--games games of each of --configs)")
    a = p.parse_args(argv)
    if a.games < 1:
        p.error(f"need --games >= 1, got {a.games}")
    if a.check:
        return check(json.loads(Path(a.check).read_text()), a.games, a.configs)
    if min(a.generations, a.population, a.games) < 1 or a.population < ELITE:
        p.error(f"need --generations, --games >= 1 and --population >= {ELITE}")
    t0 = time.perf_counter()
    result = search(a.generations, a.population, a.games, a.seed, a.spread, a.configs,
                    objective=a.objective)
    result["command"] = "python -m experiments.tune_heuristic " + " ".join(
        sys.argv[1:] if argv is None else argv)
    result["seconds"] = round(time.perf_counter() - t0)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "tuning.json").write_text(json.dumps(result, indent=1))
    print(f"wrote {out / 'tuning.json'} ({result['seconds']} s)")
    return result


if __name__ == "__main__":
    main()
