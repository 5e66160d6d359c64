"""Policy-gradient self-play: the sampling team draws only actions its heuristic wants, a game's
draws do not depend on its batch, the advantage is the game's return against the other copies of
its deal, a step moves the policy toward what did better, a resumed run gives the networks of one
that never stopped, and bad configurations are refused with what is allowed."""

from __future__ import annotations

import csv

import numpy as np
import pytest
import torch

from experiments.reinforce import config
from experiments.reinforce.__main__ import initial, main
from experiments.reinforce.selfplay import EXAMPLE, Task, play, sample
from experiments.reinforce.update import Learner, advantages
from ghoststories_env.agents.net import WANTED, PolicyValueNet
from ghoststories_env.benchmark import benchmark_seeds
from ghoststories_env.benchmark.stats import sign_test_greater

SMOKE = "configs/reinforce-smoke.yaml"


def task(index, group=2, salt=7, temperature=0.2):
    seeds = benchmark_seeds("initiation", 4, 1 + max(index), "train")
    net = initial(config.load(SMOKE, [f"net.temperature={temperature}"]))
    return Task(net.to_bytes(), "initiation", 4, tuple(index), tuple(int(seeds[i]) for i in index),
                group, salt)


def test_advantages__are_the_return_less_the_mean_of_the_deal_s_other_copies():
    returns = np.array([1.0, 0.0, 0.0, 0.0, 1.0, 1.0])        # two deals of three copies
    assert np.allclose(advantages(returns, 3), [1, -0.5, -0.5, -1, 0.5, 0.5])
    assert np.allclose(advantages(np.ones(4), 2), 0)           # a deal all won teaches nothing


def test_sample__draws_by_the_softmax_and_never_an_impossible_action():
    logits = np.array([[np.log(1.0), np.log(3.0), -np.inf]] * 3)
    chosen, top = sample(logits, np.array([0.2, 0.3, 0.999]))
    assert chosen.tolist() == [0, 1, 1] and np.allclose(top, 0.75)


def test_play__a_game_draws_the_same_alone_and_in_a_batch_and_only_wanted_actions():
    together = play(task([3, 4]))
    alone = play(task([4]))
    assert [r["index"] for r in together["rows"]] == [3, 3, 4, 4]
    for k in range(2):                              # seed 4's two copies: games 2, 3 and 0, 1
        a, b = together["rows"][2 + k], alone["rows"][k]
        assert {f: a[f] for f in ("won", "score", "decisions", "turns")} == \
               {f: b[f] for f in ("won", "score", "decisions", "turns")}
    mine = together["examples"]["game"] >= 2
    for k in EXAMPLE:
        want = alone["examples"][k] + (2 if k == "game" else 0)
        assert np.array_equal(together["examples"][k][mine], want), k
    ex = alone["examples"]
    assert len(ex["action"]) > 20
    # every recorded draw is an action the heuristic wants, at a decision it was unsure of
    assert (np.take_along_axis(ex["heuristic"], ex["action"][:, None], 1) > WANTED).all()
    # the two copies of a deal start alike and part by their draws
    assert alone["rows"][0]["seed"] == alone["rows"][1]["seed"]
    assert not np.array_equal(ex["action"][ex["game"] == 0][:50], ex["action"][ex["game"] == 1][:50])


def test_play__another_salt_draws_other_choices():
    a, b = play(task([4], salt=1))["examples"], play(task([4], salt=2))["examples"]
    n = min(len(a["action"]), len(b["action"]))
    assert not np.array_equal(a["action"][:n], b["action"][:n])


def test_learner__a_step_raises_the_chance_of_what_did_better():
    examples = play(task([4], group=1, salt=3))["examples"]
    learner = Learner(initial(config.load(SMOKE)), learning_rate=1e-2)

    def logp():
        from experiments.exit.learn import allowed_logits
        with torch.no_grad():
            x = allowed_logits(learner.model, torch.as_tensor(examples["obs"]), None,
                               torch.as_tensor(examples["heuristic"]))
            lp = torch.log_softmax(x, 1)
        return lp.gather(1, torch.as_tensor(examples["action"])[:, None])[:, 0].numpy()

    before = logp()
    n = len(examples["action"])
    adv = np.where(np.arange(n) < n // 2, 1.0, 0.0)          # only the first half did better
    stats = learner.step(examples, adv, games=1, batch_size=10_000,
                         order=np.random.default_rng(0))
    assert stats["used"] == n // 2 and stats["decisions"] == n
    moved = logp() - before
    assert moved[: n // 2].mean() > 0.002 and moved[: n // 2].mean() > moved[n // 2:].mean()
    # the temperature the run set is not learned
    assert learner.net().temperature == 0.2


def test_learner__refuses_a_plain_network():
    with pytest.raises(ValueError, match="trains a residual network"):
        Learner(PolicyValueNet.initial((8,), residual=False), 1e-3)


def rows_of(path):
    with open(path, newline="") as f:
        return [{k: v for k, v in r.items() if not k.endswith("cpu") and k not in ("wall", "seconds")}
                for r in csv.DictReader(f)]


def test_run__resumed_after_a_stop_gives_the_same_networks(tmp_path):
    tiny = ["--selfplay.progress_weight", "1.0", "--quiet"]     # returns that differ in a deal
    main(["--config", SMOKE, "--runs-dir", str(tmp_path / "a"), "--rounds", "3", *tiny])
    main(["--config", SMOKE, "--runs-dir", str(tmp_path / "b"), "--rounds", "1", *tiny])
    B = tmp_path / "b" / "reinforce-smoke"
    with open(B / "eval.csv", "a") as f:                       # a round 1 killed half-way
        f.write("1,x,initiation,4,0,1,1,0,0,0,none,0\n")
    main(["--resume", str(B), "--rounds", "3", "--quiet"])
    A = tmp_path / "a" / "reinforce-smoke"
    for r in (0, 1, 2):
        assert (A / f"nets/round_00{r}.npz").read_bytes() == (B / f"nets/round_00{r}.npz").read_bytes()
    assert (A / "net.npz").read_bytes() == (A / "nets/round_002.npz").read_bytes()
    assert (A / "nets/round_000.npz").read_bytes() != (A / "nets/round_002.npz").read_bytes()
    for name in ("rounds.csv", "eval.csv"):
        assert rows_of(A / name) == rows_of(B / name), name
    rows = rows_of(A / "rounds.csv")
    assert [r["round"] for r in rows] == ["0", "1", "2"]
    assert all(int(r["used"]) > 0 for r in rows)
    assert all(r["eval_games"] == "6" and r["heuristic_wins"] == rows[0]["heuristic_wins"]
               for r in rows)
    assert [p.name for p in (A / "checkpoints").iterdir()] == ["after_0002.pt"]
    assert (A / "curve.png").stat().st_size > 0
    net = PolicyValueNet.load(A / "net.npz")
    assert net.meta["round"] == 2 and net.residual and net.meta["plans"] == ["incarnation"]
    with pytest.raises(SystemExit, match="already holds a run"):
        main(["--config", SMOKE, "--runs-dir", str(tmp_path / "a"), *tiny])


def test_sign_test_greater__is_the_binomial_tail():
    assert sign_test_greater(3, 0) == pytest.approx(1 / 8)
    assert sign_test_greater(0, 3) == 1.0
    assert sign_test_greater(0, 0) == 1.0
    assert sign_test_greater(2, 1) == pytest.approx(4 / 8)
    with pytest.raises(ValueError, match="counts >= 0"):
        sign_test_greater(-1, 2)


@pytest.mark.parametrize("override, message", [
    ("level=easy", "level must be one of"),
    ("players=5", "players must be 1..4"),
    ("net.plans=[flying]", "net.plans"),
    ("net.kinds=[DANCE]", "unknown decision kinds"),
    ("selfplay.group=1", "selfplay.group must be >= 2"),
    ("selfplay.spread=1", r"selfplay.spread must be in \[0, 1\)"),
    ("selfplay.progress_weight=-1", "progress_weight must be >= 0"),
    ("init_from=nowhere.npz", "init_from: no network"),
    ("net.temperature=0", "net.temperature must be > 0"),
    ("eval.every=0", "eval.every must be > 0"),
    ("train.rate=3", "unknown key"),
])
def test_config__refuses_what_makes_no_sense(override, message):
    with pytest.raises(ValueError, match=message):
        config.load(SMOKE, [override])
