"""Expert iteration: the student learns what it is shown, a run resumed after a stop gives the
same networks as one that never stopped, self-play gives the same games on every kind of worker,
and bad configurations are refused with what is allowed."""

from __future__ import annotations

import csv
import importlib.util

import numpy as np
import pytest
import torch

from experiments.exit import config, learn
from experiments.exit.__main__ import main
from experiments.exit.selfplay import EXAMPLE, Task, agent_of, play
from experiments.fanout import fan_out
from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.agents.net import PolicyValueNet

TINY = ["--rounds", "2", "--workers", "1", "--selfplay.games", "2", "--selfplay.batch", "2",
        "--selfplay.search", "1x2x1", "--gate.games", "1", "--gate.search", "1x2x1",
        "--gate.net_games", "2", "--net.hidden", "[8]", "--train.epochs", "1", "--quiet"]


def heuristic_examples(n_games: int) -> dict:
    """Examples as self-play records them, labelled with the heuristic's own choices."""
    engine, h = Engine(GameConfig(num_players=4, difficulty="initiation")), agents.make("heuristic")
    S = engine.reset(np.arange(n_games) + 500)
    parts = {k: [] for k in EXAMPLE}
    while not S.terminated.all():
        batch = Batch(engine, S)
        live = np.flatnonzero(~S.terminated)
        scores = h.scores(batch)
        a = scores.argmax(1)
        for k, v in (("obs", batch.obs), ("mask", batch.mask), ("heuristic", scores),
                     ("target", a), ("prior", a), ("game", np.arange(n_games))):
            parts[k].append(v[live])
        S = engine.step(S, a)
    ex = {k: np.concatenate(v) for k, v in parts.items()}
    ex["won"] = S.won[ex["game"]].astype(np.float32)
    ex["progress"] = np.full(len(ex["game"]), 0.5, np.float32)
    ex["seed"] = ex["game"] + 500
    return ex


def test_fit__a_plain_student_learns_the_choices_it_is_shown():
    ex = heuristic_examples(12)
    net = PolicyValueNet.initial((64,), seed=0, residual=False)
    cfg = learn.TrainConfig(epochs=8, batch_size=128, learning_rate=3e-3, holdout=0.2)
    trained, stats = learn.fit(net, ex, cfg, seed=0)
    assert stats["held_out"] > 0 and stats["examples"] > 1000
    assert stats["after"]["agreement"] > stats["before"]["agreement"] + 0.15
    assert stats["after"]["policy_loss"] < stats["before"]["policy_loss"]
    # the exported numpy network chooses what the torch one learned (float64 against float32:
    # the same argmax but for near-ties)
    _, held = learn.split(ex, cfg.holdout)
    numpy_choice = np.where(ex["mask"][held], trained.forward(ex["obs"][held])[0], -np.inf).argmax(1)
    t = learn._tensors(ex, held)
    with torch.no_grad():
        torch_choice = learn.allowed_logits(learn.TorchNet(trained), t["obs"], t["mask"],
                                            t["heuristic"]).argmax(1).numpy()
    assert (numpy_choice == torch_choice).mean() > 0.99
    agree = (numpy_choice == ex["target"][held]).mean()
    assert abs(agree - stats["after"]["agreement"]) < 0.01
    again, _ = learn.fit(net, ex, cfg, seed=0)                      # deterministic for a seed
    assert again.to_bytes() == trained.to_bytes()


def test_fit__a_judge_chooses_the_epoch_it_ranks_best():
    """train.select=play: fit ranks the starting weights and every epoch with the judge (the
    network alone's play) instead of the held-out agreement, and keeps the best, the earliest
    among equals (the starting weights when no epoch beats them)."""
    ex = heuristic_examples(4)
    net = PolicyValueNet.initial((16,), seed=0, residual=False)
    cfg = learn.TrainConfig(epochs=3, batch_size=128, learning_rate=3e-3, holdout=0.2)
    seen = []

    def prefer(epoch):
        def judge(n):
            seen.append(n.to_bytes())
            return (len(seen) - 1 == epoch,)
        return judge

    kept, stats = learn.fit(net, ex, cfg, seed=0, judge=prefer(2))
    assert stats["epoch"] == 2 and stats["judged"] == [(False,), (False,), (True,), (False,)]
    assert kept.to_bytes() == seen[2] != seen[0]
    seen.clear()
    kept, stats = learn.fit(net, ex, cfg, seed=0, judge=prefer(None))    # all equal
    assert stats["epoch"] == 0 and kept.to_bytes() == seen[0]


def test_judge__play_ranks_a_network_by_its_wins_then_score_on_eval_games_apart():
    """train.select=play: the epochs are ranked by the network alone's (wins, total score) on
    train.select_games eval games from SELECT_FIRST, the same for the same network; agreement
    (the default) leaves the ranking to learn.fit."""
    from experiments.exit import __main__ as M
    from ghoststories_env.benchmark import play as play_games
    from ghoststories_env.benchmark.seeds import benchmark_seeds
    assert M.judge(config.load("configs/exit-smoke.yaml")) is None
    cfg = config.load("configs/exit-smoke.yaml", ["train.select=play", "train.select_games=3"])
    net = M.initial(cfg)
    rank = M.judge(cfg)(net)
    level, players = cfg.selfplay.configs[0]
    engine = Engine(GameConfig(num_players=players, difficulty=level))
    seeds = benchmark_seeds(level, players, M.SELECT_FIRST + 3, "eval", cfg.seed)[M.SELECT_FIRST:]
    S = play_games(net, engine, seeds)
    assert rank == (int(S.won.sum()), int(engine.score(S).sum())) == M.judge(cfg)(net)


def test_fit__params_bias_trains_one_logit_per_relative_action_and_nothing_else():
    """train.params=bias: only the policy head's bias moves, so the learned logits are the same in
    every position (seen from the deciding seat); the trunk, the heads' weights, the value head
    and the heuristic's temperature stay as they were."""
    ex = heuristic_examples(4)
    net = PolicyValueNet.initial((16,), seed=0, residual=False)
    cfg = learn.TrainConfig(epochs=2, batch_size=128, learning_rate=3e-2, holdout=0.2, params="bias")
    trained, _ = learn.fit(net, ex, cfg, seed=0, judge=lambda n: (float(np.abs(n.policy[1]).sum()),))
    start = learn.TorchNet(net).export()                # the float32 round trip of the weights
    assert np.abs(trained.policy[1]).sum() > 0.1
    for (w, b), (w0, b0) in zip([*trained.trunk, trained.value], [*start.trunk, start.value]):
        assert np.array_equal(w, w0) and np.array_equal(b, b0)
    assert np.array_equal(trained.policy[0], start.policy[0]) and not trained.policy[0].any()
    assert trained.temperature == start.temperature


def test_policy_loss__soft_targets_weigh_the_candidates_by_their_values():
    """train.soft_target: the target is softmax(means / soft_target) over the candidates kept (nan:
    dropped by the halving, -1: a pad); without values it is the chosen action."""
    logits = torch.zeros(1, 4, requires_grad=True)
    batch = {"target": torch.tensor([1]), "cands": torch.tensor([[0, 1, 2, -1]]),
             "means": torch.tensor([[0.5, 0.6, float("nan"), float("nan")]])}
    loss = learn.policy_loss(logits, batch, 0.1)
    assert abs(loss.item() - np.log(4)) < 1e-6              # uniform policy: log 4 whatever the weights
    loss.backward()
    w = torch.softmax(torch.tensor([5.0, 6.0]), 0)           # the weights of actions 0 and 1
    expected = torch.tensor([0.25 - w[0], 0.25 - w[1], 0.25, 0.25])
    assert torch.allclose(logits.grad[0], expected, atol=1e-6)
    hard = learn.policy_loss(logits, {k: batch[k] for k in ("target",)}, 0.1)
    assert torch.isclose(hard, torch.nn.functional.cross_entropy(logits, batch["target"]))
    assert torch.isclose(learn.policy_loss(logits, batch, 0.0), hard)


def test_selfplay__records_the_candidates_and_their_values():
    out = play(Task(net=None, search="1x2x1", share=1.0, level="initiation", players=4,
                    index=(0,), seeds=(5,)))
    ex = out["examples"]
    n = len(ex["target"])
    assert n > 0 and ex["cands"].shape == (n, 2) and ex["means"].shape == (n, 2)
    chosen = ex["cands"] == ex["target"][:, None]
    assert chosen.any(1).all() and np.isfinite(ex["means"][chosen]).all()
    assert np.isfinite(ex["means"][:, 0]).all()             # the prior's choice is always valued


def test_selfplay__plans_make_the_first_prior_and_the_recorded_base_heuristic_plans():
    task = Task(net=None, search="1x2x1", share=1.0, level="initiation", players=4,
                index=(0,), seeds=(5,), plans=("incarnation",))
    assert agent_of(task).prior.name == "heuristic:plans"
    net = PolicyValueNet.initial((8,), plans=["incarnation"])
    with_net = agent_of(Task(**{**task.__dict__, "net": net.to_bytes()}))
    assert with_net.prior.heuristic.name == "heuristic:plans"


def test_selfplay__a_leaf_file_judges_the_futures_and_names_the_agent():
    """net.leaf=<file>: the search's leaf is the file's network (as the search's leaf= loads it),
    whatever the prior, and the agent's name says so."""
    leaf = "results/value/iterate/leaf2.npz"
    task = Task(net=None, search="1x2x1", share=1.0, level="initiation", players=4,
                index=(0,), seeds=(5,), leaf=leaf, plans=("incarnation",))
    agent = agent_of(task)
    assert agent.value.to_bytes() == PolicyValueNet.load(leaf).to_bytes()
    assert agent.name == f"search:1x2x1:plans:leaf={leaf}"
    assert agents.make(agent.name).name == agent.name
    net = PolicyValueNet.initial((8,), plans=["incarnation"])
    assert agent_of(Task(**{**task.__dict__, "net": net.to_bytes()})).value.to_bytes() == \
        agent.value.to_bytes()


def test_run__without_a_search_gate_the_chosen_epoch_is_kept(tmp_path):
    """gate.games=0: no search gate is played; the network the training chose becomes the run's
    network (two games leave nothing held out, so the last epoch is chosen), and no gate rows
    are written. init_temperature rescales init_from's network before it learns."""
    start = tmp_path / "start.npz"
    PolicyValueNet.initial((8,), seed=1, temperature=0.5).save(start)
    tiny = [*TINY]
    tiny[tiny.index("--gate.games") + 1] = "0"
    tiny[tiny.index("--rounds") + 1] = "1"
    main(["--config", "configs/exit-smoke.yaml", "--runs-dir", str(tmp_path), *tiny,
          "--init_from", str(start), "--init_temperature", "2.0"])
    run = tmp_path / "exit-smoke"
    row = rows_of(run / "rounds.csv")[0]
    assert not (run / "gate.csv").exists() and row["gate_games"] == ""
    assert row["epoch"] == "1" and row["kept"] == "1"
    kept, chosen = (PolicyValueNet.load(run / f) for f in ("net.npz", "nets/round_000.npz"))
    for (w, b), (w0, b0) in zip([*kept.trunk, kept.policy], [*chosen.trunk, chosen.policy]):
        assert np.array_equal(w, w0) and np.array_equal(b, b0)
    assert abs(np.log(kept.temperature / 2.0)) < 0.05           # learned from 2.0, not 0.5


def rows_of(path):
    """The rows without CPU and wall times, agent names without the run's folder."""
    with open(path, newline="") as f:
        return [{k: v.replace(str(path.parent), "") for k, v in r.items()
                 if not k.endswith("cpu") and k not in ("wall", "seconds")}
                for r in csv.DictReader(f)]


def test_run__resumed_after_a_stop_gives_the_same_networks(tmp_path):
    main(["--config", "configs/exit-smoke.yaml", "--runs-dir", str(tmp_path / "a"), *TINY])
    b = ["--config", "configs/exit-smoke.yaml", "--runs-dir", str(tmp_path / "b"), *TINY]
    b[b.index("--rounds") + 1] = "1"
    main(b)                                                          # stops after round 0
    main(["--resume", str(tmp_path / "b" / "exit-smoke"), "--rounds", "2", "--quiet"])
    A, B = tmp_path / "a" / "exit-smoke", tmp_path / "b" / "exit-smoke"
    for r in (0, 1):
        assert (A / f"nets/round_00{r}.npz").read_bytes() == (B / f"nets/round_00{r}.npz").read_bytes()
    assert rows_of(A / "rounds.csv") == rows_of(B / "rounds.csv") and len(rows_of(A / "rounds.csv")) == 2
    assert rows_of(A / "gate.csv") == rows_of(B / "gate.csv")
    assert (A / "curves.png").stat().st_size > 0
    with pytest.raises(SystemExit, match="already holds a run"):
        main(["--config", "configs/exit-smoke.yaml", "--runs-dir", str(tmp_path / "a"), *TINY])


def test_run__a_second_process_on_the_run_folder_is_refused(tmp_path):
    import shutil
    import subprocess
    import sys

    from experiments import rounds, runfiles
    folder = tmp_path / "exit-smoke"
    folder.mkdir()
    shutil.copy("configs/exit-smoke.yaml", folder / "config.yaml")
    hold = ("import sys; from experiments import runfiles; runfiles.lock_run_folder(sys.argv[1]); "
            "print('locked', flush=True); sys.stdin.read()")
    proc = subprocess.Popen([sys.executable, "-c", hold, str(folder)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "locked"
        with pytest.raises(SystemExit, match=rf"{folder}.*process {proc.pid}"):
            main(["--resume", str(folder), "--quiet"])
    finally:
        proc.kill()
        proc.wait()
    killed = folder / ".tmp-state.json-x1"               # left by a write that was killed
    killed.write_bytes(b"{")
    args = rounds.parse("exit", "", ["--resume", str(folder)])
    rounds.open_run(*args, config.load)                 # the holder is dead: the lock is free
    runfiles.unlock_run_folder(folder)
    assert not killed.exists()


def tiny_tasks():
    net = PolicyValueNet.initial((8,), seed=0).to_bytes()
    return [Task(net, "1x2x1", 0.5, "initiation", 4, (i,), (700 + i,)) for i in range(3)]


def same(results):
    return sorted((r["rows"][0]["seed"], r["rows"][0]["score"], r["examples"]["target"].tobytes())
                  for r in results)


def test_fan_out__local_processes_give_the_serial_results():
    serial = list(fan_out(play, tiny_tasks(), workers=1))
    assert same(serial) == same(fan_out(play, tiny_tasks(), workers=2))


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is the optional extra 'ray' (pip install 'ghoststories-env[ray]')")
def test_fan_out__a_local_ray_with_two_workers_gives_the_serial_results():
    import ray
    serial = list(fan_out(play, tiny_tasks(), workers=1))
    try:
        assert same(serial) == same(fan_out(play, tiny_tasks(), workers=2, ray_address="local"))
    finally:
        ray.shutdown()


@pytest.mark.parametrize("override, message", [
    ("selfplay.configs=[[easy, 4]]", "selfplay.configs"),
    ("selfplay.search=8x4x8x2", "selfplay.search"),
    ("net.kinds=[FLY]", "unknown decision kinds"),
    ("net.leaf=oracle", "net.leaf"),
    ("net.plans=[hurry]", "net.plans: unknown plan"),
    ("selfplay.share=0", "selfplay.share"),
    ("train.soft_target=-1", "train.soft_target"),
    ("train.select=luck", "train.select"),
    ("train.params=trunk", "train.params"),
    ("train.select_games=0", "train.select_games"),
    ("gate.games=-1", "gate.games"),
    ("net.leaf=nowhere.npz", "net.leaf"),
    ("init_temperature=5", "init_temperature"),
    ("selfplay.searches=3", "unknown key"),
])
def test_config__refuses_what_makes_no_sense(override, message):
    with pytest.raises(ValueError, match=message):
        config.load("configs/exit-smoke.yaml", [override])
