"""Value iteration for the search's leaf: the search labels its own games, the leaf learns the
labels, and the search plays on with the new leaf.

    python -m experiments.iterate_leaf --config configs/iterate-leaf-initiation-4p.yaml
    python -m experiments.iterate_leaf --config configs/iterate-leaf-initiation-4p.yaml --rounds 2
    python -m experiments.iterate_leaf --resume runs/iterate-leaf-initiation-4p   # after a kill

Round 0 judges the starting leaf (``start``). Then each round:

1. **Self-play** (``labels.py``): ``selfplay.games`` new ``train`` games played by
   ``search:<selfplay.search>:leaf=<the current leaf>``, every turn-start position labelled
   with the value the search found for its choice there (a ``horizon``-turn look-ahead judged
   by the current leaf). Games are spread over ``workers`` local processes, or Ray with
   ``ray_address`` (``experiments/fanout.py``).
2. **Fit** (``experiments/fit_value.py``, ``fit_leaf_network``): a new leaf from the current
   one's weights, on the labels of the last ``train.window`` rounds (with ``train.lam`` > 0,
   lambda-returns that mix in the games' outcomes), keeping the epoch with the best log loss on
   a tenth of the games held out, or the current weights if no epoch beats them.
3. **Evaluation**: ``search:<eval.search>`` with the new leaf plays the same ``eval.games``
   ``eval`` games every round (the learning curve). With ``eval.gate`` the new leaf is kept only
   if it wins more of them than the kept one (equal wins: a higher total score); without, every
   round's leaf is the next round's.

The run folder ``runs/<name>/`` gets ``config.yaml``; ``rounds.csv`` (one row per round: the
games and wins of self-play and evaluation, how the labels compare with the leaf's values and
the outcomes, the held-out losses, the CPU seconds of each phase); ``selfplay.csv`` and
``eval.csv`` (one row per game, the benchmark's columns plus the round); ``labels/round_<r>.npz``;
``leaves/round_<r>.npz`` (each round's leaf; round 0: the start) and ``leaf.npz`` (the leaf kept:
``agents.make("search:8x4x2:plans:leaf=runs/<name>/leaf.npz")``); ``tb/`` (TensorBoard);
``curve.png``; and ``state.json``, written last in each round, from which ``--resume``
continues: a round is redone from its start, and since every game, future and training batch
is drawn from the run's seed and the round, a resumed run gives the same leaves as an
uninterrupted one. A second process on the same folder is refused (``experiments/runfiles.py``).
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from ghoststories_env.agents.net import PolicyValueNet
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.benchmark.stats import fisher_greater

from .. import rounds, runfiles
from ..fanout import fan_out
from . import config
from .labels import Task, lambda_returns, play

ROUND_FIELDS = ("round", "kept", "selfplay_games", "selfplay_wins", "positions", "leaf_mean",
                "label_mean", "outcome_mean", "held_out_before", "held_out_after", "epoch",
                "eval_games", "eval_wins", "eval_score", "eval_by_level", "eval_wins_kept",
                "eval_p", "selfplay_cpu", "train_cpu", "eval_cpu", "wall")


def games(cfg, leaf: Path, split: str, n: int, first: int, search: str, batch: int,
          label: bool, bar) -> list[dict]:
    """Games ``first .. first + n - 1`` of ``split``, of each of the run's levels, played by
    ``search`` with ``leaf``: every task's result, in task order (workers finish in any order)."""
    blob = leaf.read_bytes()
    todo = []
    for level in config.levels(cfg):
        seeds = benchmark_seeds(level, cfg.players, first + n, split, cfg.seed)
        todo += [Task(blob, str(leaf), search, level, cfg.players, index,
                      tuple(int(seeds[i]) for i in index), label)
                 for index in (tuple(range(s, min(s + batch, first + n)))
                               for s in range(first, first + n, batch))]
    out = {}
    for result in fan_out(play, todo, cfg.workers, cfg.ray_address):
        first_row = result["rows"][0]
        out[first_row["level"], first_row["index"]] = result
        bar.update(len(result["rows"]))
    return [out[t.level, t.index[0]] for t in todo]


def evaluate(cfg, run_dir: Path, r: int, leaf: Path, bar) -> dict:
    out = games(cfg, leaf, "eval", cfg.eval.games, 0, cfg.eval.search, cfg.eval.batch, False, bar)
    rows = [dict(g, round=r) for o in out for g in o["rows"]]
    rounds.append_csv(run_dir / "eval.csv", rounds.GAME_FIELDS, rows)
    by_level = " ".join(f"{level}:{sum(g['won'] for g in rows if g['level'] == level)}"
                        for level in config.levels(cfg))
    return {"eval_games": len(rows), "eval_wins": sum(g["won"] for g in rows),
            "eval_score": sum(g["score"] for g in rows), "eval_by_level": by_level,
            "eval_cpu": round(sum(g["seconds"] for g in rows), 1)}


def fit(cfg, run_dir: Path, r: int, leaf: Path) -> tuple[PolicyValueNet, dict]:
    """The next leaf, from ``leaf``'s weights, on the last ``train.window`` rounds' labels."""
    from ..fit_value import fit_leaf_network
    data = rounds.load_rounds(run_dir / "labels", range(max(1, r + 1 - cfg.train.window), r + 1))
    v = np.clip(data["v"], 0.0, 1.0)
    if cfg.train.lam > 0:
        v = lambda_returns(v, data["won"], data["game"], data["turn"], cfg.train.lam)
    start = PolicyValueNet.load(leaf)
    before = 1 / (1 + np.exp(-start.forward(data["obs"])[1][:, 0]))
    held = (data["game"] % 10) == 9             # the games fit_value.train holds out
    eps = 1e-9
    loss = -(v * np.log(before + eps) + (1 - v) * np.log(1 - before + eps))
    net, losses = fit_leaf_network(data["obs"], v, data["game"], start=start, seed=cfg.seed,
                                   lr=cfg.train.learning_rate, epochs=cfg.train.epochs,
                                   meta={"targets": "search values",
                                         "start": str(leaf.relative_to(run_dir)),
                                         "lambda": cfg.train.lam, "run": cfg.name, "round": r})
    best = net.meta["held_out"]
    return net, {"positions": int(v.size), "leaf_mean": round(float(before.mean()), 4),
                 "label_mean": round(float(v.mean()), 4),
                 "outcome_mean": round(float(data["won"].mean()), 4),
                 "held_out_before": round(float(loss[held].mean()), 4),
                 "held_out_after": round(float(best), 4),
                 "epoch": losses.index(best) + 1 if best in losses else 0}


def one_round(cfg, run_dir: Path, r: int, state: dict, writer, bars) -> dict:
    """Round ``r``: self-play, fit and evaluation (round 0: the start's evaluation alone)."""
    wall = time.time()
    leaf = run_dir / state["leaf"] if r else run_dir / "leaves" / "round_000.npz"
    row = {"round": r}
    if r == 0:
        runfiles.atomic_write_bytes(leaf, Path(cfg.start).read_bytes())
        new = leaf
    else:
        n = cfg.selfplay.games
        first = cfg.selfplay.first + (r - 1) * n
        with bars(n, f"round {r}: self-play") as bar:
            out = games(cfg, leaf, "train", n, first, cfg.selfplay.search, cfg.selfplay.batch,
                        True, bar)
        rounds.save_arrays(run_dir / "labels" / f"round_{r:03d}.npz",
                           rounds.joined([o["labels"] for o in out]))
        played = [dict(g, round=r) for o in out for g in o["rows"]]
        rounds.append_csv(run_dir / "selfplay.csv", rounds.GAME_FIELDS, played)
        row.update(selfplay_games=len(played), selfplay_wins=sum(g["won"] for g in played),
                   selfplay_cpu=round(sum(g["seconds"] for g in played), 1))
        t0 = time.process_time()
        net, stats = fit(cfg, run_dir, r, leaf)
        new = run_dir / "leaves" / f"round_{r:03d}.npz"
        runfiles.atomic_write_bytes(new, net.to_bytes())
        row.update(stats, train_cpu=round(time.process_time() - t0, 1))
    with bars(cfg.eval.games, f"round {r}: evaluation") as bar:
        row.update(evaluate(cfg, run_dir, r, new, bar))
    kept = state.get("eval_kept")
    accept = (kept is None or not cfg.eval.gate
              or (row["eval_wins"], row["eval_score"]) > (kept["eval_wins"], kept["eval_score"]))
    if kept is not None:
        row["eval_wins_kept"] = kept["eval_wins"]
        row["eval_p"] = round(fisher_greater(row["eval_wins"], row["eval_games"],
                                             kept["eval_wins"], kept["eval_games"]), 4)
    row.update(kept=int(accept), wall=round(time.time() - wall, 1))
    if accept:
        state["leaf"] = str(new.relative_to(run_dir))
        state["eval_kept"] = {k: row[k] for k in ("eval_games", "eval_wins", "eval_score")}
        runfiles.atomic_write_bytes(run_dir / "leaf.npz", new.read_bytes())
    rounds.log_scalars(writer, "iterate_leaf", row, r)
    return row


def report(r: int, row: dict) -> str:
    out = [f"round {r}:"]
    if r:
        out.append(f"self-play {row['selfplay_wins']}/{row['selfplay_games']} won, "
                   f"{row['positions']} labelled positions (label {row['label_mean']:.3f}, leaf "
                   f"{row['leaf_mean']:.3f}, outcome {row['outcome_mean']:.3f}); held-out loss "
                   f"{row['held_out_before']:.4f} -> {row['held_out_after']:.4f} (epoch "
                   f"{row['epoch']});")
    mixed = " " in row["eval_by_level"]
    out.append(f"eval {row['eval_wins']}/{row['eval_games']} won"
               + (f" ({row['eval_by_level'].replace(':', ' ')})" if mixed else "")
               + (f" (kept leaf {row['eval_wins_kept']})" if "eval_wins_kept" in row else "")
               + (", kept" if row["kept"] else ", dropped") + f"; {row['wall']:.0f} s")
    return " ".join(out)


def main(argv=None) -> dict:
    return rounds.main("python -m experiments.iterate_leaf", __doc__, argv, config.load, run)


def run(cfg, run_dir: Path, state: dict, quiet: bool) -> dict:
    from torch.utils.tensorboard import SummaryWriter

    from .curve import plot

    r0 = rounds.begin(cfg, run_dir, state, ("rounds.csv", "selfplay.csv", "eval.csv"))
    print(f"{cfg.name}: rounds {r0}..{cfg.rounds} of {cfg.selfplay.games} self-play games "
          f"({cfg.level}, {cfg.players}p), search:{cfg.selfplay.search} from {cfg.start} -> "
          f"{run_dir}", flush=True)

    writer = SummaryWriter(str(run_dir / "tb"))
    for r in range(r0, cfg.rounds + 1):
        row = one_round(cfg, run_dir, r, state, writer, rounds.bars(quiet))
        rounds.append_csv(run_dir / "rounds.csv", ROUND_FIELDS, [row])
        state["round"] = r + 1
        rounds.save_state(run_dir, state)
        print(report(r, row), flush=True)
        plot(run_dir)
    writer.close()
    return state


if __name__ == "__main__":
    main()
