"""Expert iteration: the search teaches a policy-value network, which then guides the search.

    python -m experiments.exit --config configs/exit-initiation-4p.yaml
    python -m experiments.exit --config configs/exit-initiation-4p.yaml --rounds 2 --selfplay.games 40
    python -m experiments.exit --resume runs/exit-initiation-4p      # after a kill: the same run

Each round:

1. **Self-play** (``selfplay.py``): ``selfplay.games`` ``train`` games (new ones every round) are
   played by ``search:<selfplay.search>`` with the current network as prior, rollout policy and
   leaf value (the heuristic team and the fitted win model before any network was kept); a
   ``selfplay.share`` of the searchable decisions is searched and recorded. Games are spread over
   ``workers`` local processes, or Ray with ``ray_address`` (``experiments/fanout.py``).
2. **Training** (``learn.py``): a candidate network, from the current one's weights, fitted to the
   search's choices and the outcomes of the last ``train.window`` rounds' examples, stopped at the
   epoch that agrees best with the search on held-out games, or with ``train.select=play`` the
   one whose network alone wins most of ``train.select_games`` eval games (if none beats the
   starting weights, the round ends there: nothing to gate).
3. **Gate**: the candidate's search and the current network's search play the same ``gate.games``
   ``eval`` games per configuration (``search:<gate.search>``, the same futures); the candidate is
   kept if it wins more of them (equal wins: a higher total score). The network alone plays
   ``gate.net_games`` ``eval`` games too (the learning curve; the heuristic on the same games
   is the line to beat). With ``gate.games: 0`` there is no search gate: the epoch the training
   chose is kept (with ``train.select=play``, one whose network alone won more than the
   starting weights), so a run can distil a search into a network judged by its play alone.

The run folder ``runs/<name>/`` gets ``config.yaml``; ``rounds.csv`` (one row per round: games
and wins of each phase, the training statistics, the gate's decision and its one-sided Fisher p,
CPU and wall seconds of each phase); ``selfplay.csv`` and ``gate.csv`` (one row per game, the
benchmark's columns plus the round; the gate's rows of the kept network's search are written the
round they are played, under that round); ``examples/round_<r>.npz``; ``nets/round_<r>.npz`` (each
candidate) and ``net.npz`` (the network kept: ``agents.make("net:runs/<name>/net.npz")``,
``"search:8x4x8:net=runs/<name>/net.npz"``); ``tb/`` (TensorBoard); ``curves.png``; and
``state.json``, written last in each round, from which ``--resume`` continues: a round is redone
from its start, and since every game, future and training batch is drawn from the run's seed
and the round, a resumed run gives the same networks as an uninterrupted one. While a process
runs in the folder it holds ``.lock`` (``experiments/runfiles.py``): a second ``--resume`` of the
same run is refused, naming the process; temporary files of writes killed half-way are removed
at start.
"""

from __future__ import annotations

import time
from pathlib import Path

from ghoststories_env import Engine, GameConfig
from ghoststories_env.agents.heuristic import HeuristicAgent
from ghoststories_env.agents.net import PolicyValueNet
from ghoststories_env.benchmark.seeds import benchmark_seeds
from ghoststories_env.benchmark.stats import fisher_greater

from .. import rounds
from ..fanout import fan_out
from . import config, learn
from .selfplay import Task, play

ROUND_FIELDS = ("round", "kept", "selfplay_games", "selfplay_wins", "examples", "overrides",
                "epoch", "select_before", "select_after", "agreement_before", "agreement_after",
                "policy_loss_before", "policy_loss_after",
                "win_loss_before", "win_loss_after", "gate_games", "gate_wins_new", "gate_wins_kept",
                "gate_score_new", "gate_score_kept", "gate_p", "net_games", "net_wins",
                "heuristic_wins", "selfplay_cpu", "train_cpu", "gate_cpu", "wall")
SELECT_FIRST = 100_000     # eval games from here judge epochs (train.select=play)


# -- the phases -------------------------------------------------------------------------------------

def tasks(cfg, net: PolicyValueNet | None, split: str, games: int, first: int, search: str,
          share: float, batch: int, record: bool, search_seed: int) -> list[Task]:
    """Batches of ``games`` games per configuration: indices ``first ..`` of ``split``."""
    blob = None if net is None else net.to_bytes()
    out = []
    for level, players in cfg.selfplay.configs:
        seeds = benchmark_seeds(level, players, first + games, split, cfg.seed)
        for start in range(first, first + games, batch):
            index = tuple(range(start, min(start + batch, first + games)))
            out.append(Task(blob, search, share, level, players, index,
                            tuple(int(seeds[i]) for i in index), record, search_seed,
                            cfg.net.leaf, tuple(cfg.net.plans)))
    return out


def run_tasks(cfg, todo: list[Task], bar) -> list[dict]:
    """Every task's result, in task order (workers finish in any order)."""
    results = {}
    for out in fan_out(play, todo, cfg.workers, cfg.ray_address):
        key = (out["rows"][0]["level"], out["rows"][0]["players"], out["rows"][0]["index"])
        results[key] = out
        if bar is not None:
            bar.update(len(out["rows"]))
    return [results[(t.level, t.players, t.index[0])] for t in todo]


def net_alone(cfg, net: PolicyValueNet | None, games: int, first: int = 0) -> dict:
    """Wins, total score and games of the network alone (None: the heuristic) on ``games``
    ``eval`` games of every configuration from index ``first`` (in this process: it is fast)."""
    from ghoststories_env.benchmark import play as play_games
    agent = net if net is not None else HeuristicAgent()
    wins = score = 0
    for level, players in cfg.selfplay.configs:
        engine = Engine(GameConfig(num_players=players, difficulty=level))
        seeds = benchmark_seeds(level, players, first + games, "eval", cfg.seed)[first:]
        S = play_games(agent, engine, seeds)
        wins, score = wins + int(S.won.sum()), score + int(engine.score(S).sum())
    return {"wins": wins, "score": score, "games": games * len(cfg.selfplay.configs)}


def judge(cfg):
    """How ``learn.fit`` ranks the epochs: None (held-out agreement with the search) or, with
    ``train.select=play``, the network alone's wins then score on ``train.select_games`` eval
    games from index ``SELECT_FIRST`` (other games than the learning curve's and the gate's)."""
    if cfg.train.select != "play":
        return None
    return lambda net: tuple(net_alone(cfg, net, cfg.train.select_games, SELECT_FIRST)[k]
                             for k in ("wins", "score"))


def gate(cfg, net, bar) -> dict:
    """The search of ``net`` (None: heuristic prior) on the gate's eval games: wins, score, rows."""
    out = run_tasks(cfg, tasks(cfg, net, "eval", cfg.gate.games, 0, cfg.gate.search, 1.0,
                               cfg.gate.batch, False, 0), bar)
    rows = [r for o in out for r in o["rows"]]
    return {"wins": sum(r["won"] for r in rows), "score": sum(r["score"] for r in rows),
            "games": len(rows), "rows": rows}


# -- the loop -----------------------------------------------------------------------------------------

def one_round(cfg, run_dir: Path, r: int, net, state: dict, writer, bar_factory) -> tuple:
    """Self-play, training and gate of round ``r``; the network kept after it and its row."""
    row = {"round": r}
    wall = time.time()
    per = cfg.selfplay.games // len(cfg.selfplay.configs)
    todo = tasks(cfg, net, "train", per, r * per, cfg.selfplay.search, cfg.selfplay.share,
                 cfg.selfplay.batch, True, cfg.seed * 1000 + r)
    with bar_factory(per * len(cfg.selfplay.configs), f"round {r}: self-play") as bar:
        out = run_tasks(cfg, todo, bar)
    examples = rounds.joined([o["examples"] for o in out])
    rounds.save_arrays(run_dir / "examples" / f"round_{r:03d}.npz", examples)
    games = [dict(g, round=r) for o in out for g in o["rows"]]
    rounds.append_csv(run_dir / "selfplay.csv", rounds.GAME_FIELDS, games)
    # CPU of the games, wherever they ran (each row carries its share of its batch's CPU time)
    row["selfplay_cpu"] = round(sum(g["seconds"] for g in games), 1)
    row.update(selfplay_games=len(games), selfplay_wins=sum(g["won"] for g in games),
               examples=len(examples["target"]),
               overrides=round(float((examples["target"] != examples["prior"]).mean()), 4))

    t0 = time.process_time()
    window = rounds.load_rounds(run_dir / "examples",
                                range(max(0, r + 1 - cfg.train.window), r + 1))
    base = net if net is not None else initial(cfg)
    candidate, stats = learn.fit(base, window, cfg.train, seed=cfg.seed * 1000 + r, judge=judge(cfg))
    candidate.meta.update(round=r, run=cfg.name)
    candidate.save(run_dir / "nets" / f"round_{r:03d}.npz")
    candidate.meta["path"] = str(run_dir / "nets" / f"round_{r:03d}.npz")   # names its agents
    row["train_cpu"] = round(time.process_time() - t0, 1)
    for when in ("before", "after"):
        for k in ("agreement", "policy_loss", "win_loss"):
            row[f"{k}_{when}"] = round(stats[when].get(k, float("nan")), 4)

    row["epoch"] = stats["epoch"]
    if cfg.train.select == "play":       # the network alone's wins: starting and kept weights
        row["select_before"], row["select_after"] = (stats["judged"][i][0] for i in (0, stats["epoch"]))
    if stats["epoch"] == 0:          # no epoch beat the starting weights: nothing to gate
        row.update(kept=0, gate_cpu=0.0, wall=round(time.time() - wall, 1))
        return net, row
    if cfg.gate.games:
        new = search_gate(cfg, run_dir, r, net, candidate, state, row, bar_factory)
    else:                            # no search gate: the epoch the training chose is kept
        new = {"rows": []}
        row["kept"] = 1
    t0 = time.process_time()
    if cfg.gate.net_games:
        alone = net_alone(cfg, candidate, cfg.gate.net_games)
        row["net_wins"], row["net_games"] = alone["wins"], alone["games"]
        if "heuristic_wins" not in state:
            state["heuristic_wins"] = net_alone(cfg, None, cfg.gate.net_games)["wins"]
        row["heuristic_wins"] = state["heuristic_wins"]
    net_cpu = time.process_time() - t0             # the network alone plays in this process
    row["gate_cpu"] = round(sum(g["seconds"] for g in new["rows"]) + net_cpu, 1)
    row["wall"] = round(time.time() - wall, 1)
    if row["kept"]:
        net = candidate
        net.save(run_dir / "net.npz")
    rounds.log_scalars(writer, "exit", row, r)
    return net, row


def search_gate(cfg, run_dir: Path, r: int, net, candidate, state: dict, row: dict,
                bar_factory) -> dict:
    """The candidate's search against the kept network's on the gate's games (the kept one's
    played once and remembered in ``state``, replaced by the candidate's when it is kept); fills
    the gate's columns of ``row`` and ``kept`` (more wins, then a higher total score); returns
    the candidate's results."""
    with bar_factory(2 * cfg.gate.games * len(cfg.selfplay.configs), f"round {r}: gate") as bar:
        if "gate_kept" not in state:            # the kept network's search, played once
            first = gate(cfg, net, bar)
            rounds.append_csv(run_dir / "gate.csv", rounds.GAME_FIELDS,
                              [dict(g, round=r) for g in first["rows"]])
            state["gate_kept"] = {k: v for k, v in first.items() if k != "rows"}
        new = gate(cfg, candidate, bar)
    kept = state["gate_kept"]
    rounds.append_csv(run_dir / "gate.csv", rounds.GAME_FIELDS,
                      [dict(g, round=r) for g in new["rows"]])
    accept = (new["wins"], new["score"]) > (kept["wins"], kept["score"])
    if accept:                       # the bar the next candidate must clear (saved with the round)
        state["gate_kept"] = {k: v for k, v in new.items() if k != "rows"}
    row.update(gate_games=new["games"], gate_wins_new=new["wins"], gate_wins_kept=kept["wins"],
               gate_score_new=new["score"], gate_score_kept=kept["score"], kept=int(accept),
               gate_p=round(fisher_greater(new["wins"], new["games"], kept["wins"], kept["games"]), 4))
    return new


def starting(cfg) -> PolicyValueNet | None:
    """The network of ``init_from`` (at ``init_temperature`` if set), or None."""
    if not cfg.init_from:
        return None
    net = PolicyValueNet.load(cfg.init_from)
    return net.at_temperature(cfg.init_temperature) if cfg.init_temperature else net


def initial(cfg) -> PolicyValueNet:
    if cfg.init_from:
        return starting(cfg)
    n = cfg.net
    return PolicyValueNet.initial(tuple(n.hidden), seed=cfg.seed, residual=n.residual,
                                  temperature=n.temperature, kinds=list(n.kinds),
                                  plans=list(n.plans))


def main(argv=None) -> dict:
    return rounds.main("python -m experiments.exit", __doc__, argv, config.load, run)


def run(cfg, run_dir: Path, state: dict, quiet: bool) -> dict:
    from torch.utils.tensorboard import SummaryWriter

    r0 = rounds.begin(cfg, run_dir, state, ("rounds.csv", "selfplay.csv", "gate.csv"))
    net = PolicyValueNet.load(run_dir / "net.npz") if state.get("kept_round") is not None \
        else starting(cfg)
    print(f"{cfg.name}: rounds {r0}..{cfg.rounds - 1} of {cfg.selfplay.games} self-play games "
          f"({', '.join(f'{lv}-{p}p' for lv, p in cfg.selfplay.configs)}), search "
          f"{cfg.selfplay.search} on {cfg.selfplay.share:.0%} of the decisions -> {run_dir}",
          flush=True)

    writer = SummaryWriter(str(run_dir / "tb"))
    for r in range(r0, cfg.rounds):
        net, row = one_round(cfg, run_dir, r, net, state, writer, rounds.bars(quiet))
        if row["kept"]:
            state["kept_round"] = r
        rounds.append_csv(run_dir / "rounds.csv", ROUND_FIELDS, [row])
        state["round"] = r + 1
        rounds.save_state(run_dir, state)
        gated = (f"gate {row.get('gate_wins_new', '-')} vs {row.get('gate_wins_kept', '-')} of "
                 f"{row.get('gate_games', 0)} ({'kept' if row['kept'] else 'dropped'}); "
                 f"network alone "
                 f"{row.get('net_wins', '-')}/{row.get('net_games', '-')} (heuristic "
                 f"{row.get('heuristic_wins', '-')})" if row["epoch"] else
                 f"no epoch beat the starting network ({cfg.train.select}): nothing gated")
        print(f"round {r}: self-play {row['selfplay_wins']}/{row['selfplay_games']} won, "
              f"{row['examples']} examples ({row['overrides']:.0%} overridden); held-out agreement "
              f"{row['agreement_before']:.1%} -> {row['agreement_after']:.1%} (epoch "
              f"{row['epoch']}); {gated}; {row['wall']:.0f} s", flush=True)
        from .curves import plot
        plot(run_dir)
    writer.close()
    return state


if __name__ == "__main__":
    main()
