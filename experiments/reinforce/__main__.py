"""Policy-gradient self-play: a residual network over the heuristic team learns from its own games.

    python -m experiments.reinforce --config configs/reinforce-initiation-4p.yaml
    python -m experiments.reinforce --config configs/reinforce-initiation-4p.yaml --rounds 20
    python -m experiments.reinforce --resume runs/reinforce-initiation-4p     # after a kill

The network (``agents/net.py``, residual) starts with zero heads, so it plays exactly as its
heuristic team (``net.plans``; ``heuristic:plans`` by default). Each round:

1. **Self-play** (``selfplay.py``): ``selfplay.games`` new ``train`` seeds, each played
   ``selfplay.group`` times by the team sampling its choices at the network's decision kinds
   (softmax of heuristic scores / ``net.temperature`` plus the learned logits). Games are spread
   over ``workers`` local processes, or Ray with ``ray_address`` (``experiments/fanout.py``).
2. **Update** (``update.py``): one pass of REINFORCE over the recorded decisions, each weighted
   by its game's return minus the mean of the other copies of its deal.
3. Every ``eval.every`` rounds (and after the last), the network **alone** (the argmax, as
   ``agents.make("net:...")`` plays it) plays the same ``eval.games`` ``eval`` games; the
   heuristic team on the same games is the line to beat, paired game by game.

The run folder ``runs/<name>/`` gets ``config.yaml``; ``rounds.csv`` (one row per round: games and
wins of the sampling team, decisions recorded and used, loss, entropy, the evaluation's wins
against the heuristic's with the games won by only one of them and the one-sided sign-test p,
CPU and wall seconds); ``net.npz`` (the network after the last round:
``agents.make("net:runs/<name>/net.npz")``) and ``nets/round_<r>.npz`` (the network each
evaluation judged); ``checkpoints/after_<r>.pt`` (the network and the optimizer after the last
round done); ``eval.csv`` (the evaluated games, one row each);
``tb/`` (TensorBoard); ``curve.png``; and ``state.json``, written last in each round, from which
``--resume`` continues from the checkpoint of the round before it, and since every deal, draw and
mini-batch comes from the run's seed and the round, so a resumed run gives the same networks as
an uninterrupted one. A second process on the same folder is refused (``experiments/runfiles.py``).

The network chosen by these evaluations has been chosen on their games: judge it on others (the
benchmark's ``test`` games, or a fresh seed set) before any claim.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from ghoststories_env import Engine, GameConfig
from ghoststories_env.agents.net import PolicyValueNet
from ghoststories_env.benchmark import play as play_games
from ghoststories_env.benchmark.evaluation import game_rows
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.benchmark.stats import sign_test_greater

from .. import rounds
from ..fanout import fan_out
from . import config
from .selfplay import Task, play
from .update import Learner, advantages

ROUND_FIELDS = ("round", "selfplay_games", "selfplay_wins", "mean_return", "decisions", "used",
                "loss", "entropy", "eval_games", "eval_wins", "heuristic_wins", "only_net",
                "only_heuristic", "eval_p", "selfplay_cpu", "train_cpu", "eval_cpu", "wall")


def selfplay(cfg, net: PolicyValueNet, r: int, bar) -> tuple[dict, np.ndarray, list[dict]]:
    """Round ``r``'s games: the recorded decisions (with ``game`` numbered over the round),
    each game's return, and the games' rows."""
    n, per = cfg.selfplay.games, cfg.selfplay.batch
    seeds = benchmark_seeds(cfg.level, cfg.players, (r + 1) * n, "train", cfg.seed)
    blob = net.to_bytes()
    batches = (range(s, min(s + per, (r + 1) * n)) for s in range(r * n, (r + 1) * n, per))
    todo = [Task(blob, cfg.level, cfg.players, tuple(index), tuple(int(seeds[i]) for i in index),
                 cfg.selfplay.group, cfg.seed * 1_000_003 + r, cfg.selfplay.spread)
            for index in batches]
    out = {}
    for result in fan_out(play, todo, cfg.workers, cfg.ray_address):
        out[result["rows"][0]["index"]] = result
        bar.update(len(result["rows"]))
    parts, returns, played, offset = [], [], [], 0
    for task in todo:
        o = out[task.index[0]]
        parts.append(dict(o["examples"], game=o["examples"]["game"] + offset))
        returns.append(o["won"] + cfg.selfplay.progress_weight * o["progress"])
        played += o["rows"]
        offset += len(o["rows"])
    return rounds.joined(parts), np.concatenate(returns), played


def evaluate(cfg, net: PolicyValueNet | None) -> list[dict]:
    """The network alone (None: its heuristic team) on the run's ``eval.games`` eval games."""
    engine = Engine(GameConfig(num_players=cfg.players, difficulty=cfg.level))
    seeds = benchmark_seeds(cfg.level, cfg.players, cfg.eval.games, "eval", cfg.seed)
    agent = net if net is not None else initial(cfg).heuristic
    t0 = time.process_time()
    S = play_games(agent, engine, seeds)
    seconds = float(f"{(time.process_time() - t0) / len(seeds):.4g}")
    name = "heuristic" if net is None else "net"
    return game_rows(name, cfg.level, cfg.players, list(range(len(seeds))), seeds.tolist(),
                     engine, S, seconds)


def initial(cfg) -> PolicyValueNet:
    if cfg.init_from:
        return PolicyValueNet.load(cfg.init_from)
    n = cfg.net
    return PolicyValueNet.initial(tuple(n.hidden), seed=cfg.seed, residual=True,
                                  temperature=n.temperature, kinds=list(n.kinds),
                                  plans=list(n.plans), made_by="experiments.reinforce")


def one_round(cfg, run_dir: Path, r: int, learner: Learner, state: dict, writer, bars) -> dict:
    wall = time.time()
    net = learner.net()
    k = cfg.selfplay.group
    with bars(cfg.selfplay.games * k, f"round {r}: self-play") as bar:
        examples, returns, played = selfplay(cfg, net, r, bar)
    row = {"round": r, "selfplay_games": len(played),
           "selfplay_wins": sum(g["won"] for g in played),
           "mean_return": round(float(returns.mean()), 4),
           "selfplay_cpu": round(sum(g["seconds"] for g in played), 1)}
    t0 = time.process_time()
    adv = advantages(returns, k)[examples["game"]]
    stats = learner.step(examples, adv, len(played), cfg.train.batch_size,
                         np.random.default_rng([cfg.seed, r]))
    row.update(decisions=stats["decisions"], used=stats["used"], loss=round(stats["loss"], 6),
               entropy=round(stats["entropy"], 4), train_cpu=round(time.process_time() - t0, 1))
    net = learner.net()
    net.meta.update(round=r, run=cfg.name)
    if (r + 1) % cfg.eval.every == 0 or r + 1 == cfg.rounds:
        row.update(judge(cfg, run_dir, r, net, state))
    net.save(run_dir / "net.npz")
    learner.save(checkpoint(run_dir, r))
    row["wall"] = round(time.time() - wall, 1)
    rounds.log_scalars(writer, "reinforce", row, r)
    return row


def checkpoint(run_dir: Path, r: int) -> Path:
    """The network and optimizer after round ``r``: what round ``r + 1`` starts from."""
    return run_dir / "checkpoints" / f"after_{r:04d}.pt"


def judge(cfg, run_dir: Path, r: int, net: PolicyValueNet, state: dict) -> dict:
    """The network alone against its heuristic team on the same eval games (the team's games
    are played once per run and kept in ``state``)."""
    t0 = time.process_time()
    if "heuristic_won" not in state:          # one character a game: "0" lost, "1" won
        state["heuristic_won"] = "".join(str(g["won"]) for g in evaluate(cfg, None))
    games = [dict(g, round=r) for g in evaluate(cfg, net)]
    rounds.append_csv(run_dir / "eval.csv", rounds.GAME_FIELDS, games)
    net.save(run_dir / "nets" / f"round_{r:03d}.npz")
    won = np.array([g["won"] for g in games], bool)
    base = np.array([c == "1" for c in state["heuristic_won"]])
    only_net, only_base = int((won & ~base).sum()), int((base & ~won).sum())
    return {"eval_games": len(games), "eval_wins": int(won.sum()), "heuristic_wins": int(base.sum()),
            "only_net": only_net, "only_heuristic": only_base,
            "eval_p": round(sign_test_greater(only_net, only_base), 4),
            "eval_cpu": round(time.process_time() - t0, 1)}


def report(r: int, row: dict) -> str:
    out = (f"round {r}: sampling team {row['selfplay_wins']}/{row['selfplay_games']} won, "
           f"{row['used']} of {row['decisions']} decisions used, entropy {row['entropy']:.3f}")
    if "eval_wins" in row:
        out += (f"; alone {row['eval_wins']}/{row['eval_games']} eval games against the "
                f"heuristic's {row['heuristic_wins']} ({row['only_net']} vs "
                f"{row['only_heuristic']} won by one only, p = {row['eval_p']:.3f})")
    return out + f"; {row['wall']:.0f} s"


def main(argv=None) -> dict:
    return rounds.main("python -m experiments.reinforce", __doc__, argv, config.load, run)


def run(cfg, run_dir: Path, state: dict, quiet: bool) -> dict:
    from torch.utils.tensorboard import SummaryWriter

    from .curve import plot

    r0 = rounds.begin(cfg, run_dir, state, ("rounds.csv", "eval.csv"))
    learner = (Learner.load(checkpoint(run_dir, r0 - 1), cfg.train.learning_rate) if r0
               else Learner(initial(cfg), cfg.train.learning_rate))
    print(f"{cfg.name}: rounds {r0}..{cfg.rounds - 1} of {cfg.selfplay.games} seeds x "
          f"{cfg.selfplay.group} ({cfg.level}, {cfg.players}p), temperature "
          f"{cfg.net.temperature}, kinds {'+'.join(cfg.net.kinds)} -> {run_dir}", flush=True)
    writer = SummaryWriter(str(run_dir / "tb"))
    for r in range(r0, cfg.rounds):
        row = one_round(cfg, run_dir, r, learner, state, writer, rounds.bars(quiet))
        rounds.append_csv(run_dir / "rounds.csv", ROUND_FIELDS, [row])
        state["round"] = r + 1
        rounds.save_state(run_dir, state)
        for old in (run_dir / "checkpoints").glob("after_*.pt"):    # the last one is enough
            if old != checkpoint(run_dir, r):
                old.unlink()
        print(report(r, row), flush=True)
        if "eval_wins" in row:
            plot(run_dir)
    writer.close()
    return state


if __name__ == "__main__":
    main()
