"""Value iteration for the leaf: the labels are the search's values of its choices and do not
depend on the batch, lambda-returns mix in the outcomes as written, a resumed run gives the
leaves of one that never stopped, the gate keeps the better leaf, and bad configurations are
refused with what is allowed."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from experiments.iterate_leaf import config
from experiments.iterate_leaf.__main__ import main, one_round
from experiments.iterate_leaf.labels import LABELS, Task, lambda_returns, play
from ghoststories_env.agents.net import PolicyValueNet
from ghoststories_env.benchmark import benchmark_seeds

LEAF = "results/value/rollouts/leaf_rollouts.npz"
TINY = ["--workers", "1", "--eval.games", "2", "--eval.batch", "2", "--train.epochs", "2",
        "--quiet"]


def task(index, label=True, search="1x2x1:plans"):
    seeds = benchmark_seeds("initiation", 4, 1 + max(index), "train")
    return Task(open(LEAF, "rb").read(), LEAF, search, "initiation", 4, tuple(index),
                tuple(int(seeds[i]) for i in index), label)


def test_play__a_games_labels_are_the_same_alone_and_in_a_batch():
    together = play(task([3, 4]))["labels"]
    alone = play(task([4]))["labels"]
    assert set(together) == set(LABELS)
    mine = together["game"] == 4
    assert mine.any() and (~mine).any()
    for k in LABELS:
        assert np.array_equal(together[k][mine], alone[k]), k
    # one label per turn at most, at turns the game reached, outcomes the game's own
    assert np.unique(alone["turn"]).size == alone["turn"].size
    assert np.all((alone["v"] > -0.1) & (alone["v"] < 1.1))
    assert np.unique(alone["won"]).size == 1


def test_play__evaluation_only_records_no_labels_and_names_the_leaf():
    out = play(task([4], label=False))
    assert out["labels"] == {}
    assert out["rows"][0]["agent"] == f"search:1x2x1:plans:leaf={LEAF}"
    assert out["rows"][0]["won"] in (0, 1) and out["rows"][0]["index"] == 4


def test_lambda_returns__mix_each_label_with_what_follows_in_its_game():
    v = np.array([0.2, 0.4, 0.6, 0.5])
    won = np.array([1.0, 1.0, 1.0, 0.0])
    game = np.array([7, 7, 7, 8])
    turn = np.array([3, 1, 2, 1])                # out of order: returns follow the turns
    assert np.array_equal(lambda_returns(v, won, game, turn, 0.0), v)
    assert np.array_equal(lambda_returns(v, won, game, turn, 1.0), won)
    half = lambda_returns(v, won, game, turn, 0.5)
    # game 7 in turn order: 0.4 (turn 1), 0.6 (turn 2), 0.2 (turn 3), then the win
    g3 = 0.5 * 0.2 + 0.5 * 1.0
    g2 = 0.5 * 0.6 + 0.5 * g3
    g1 = 0.5 * 0.4 + 0.5 * g2
    assert np.allclose(half, [g3, g1, g2, 0.25])


def rows_of(path):
    """The rows without CPU and wall times, agent names without the run's folder."""
    with open(path, newline="") as f:
        return [{k: v.replace(str(path.parent), "") for k, v in r.items()
                 if not k.endswith("cpu") and k not in ("wall", "seconds")}
                for r in csv.DictReader(f)]


def optimist(tmp_path):
    """The shipped leaf made to think every position won: a start the labels can improve."""
    net = PolicyValueNet.load(LEAF)
    net.value[1][0] += 4.0
    net.save(tmp_path / "optimist.npz")
    return str(tmp_path / "optimist.npz")


def test_run__resumed_after_a_stop_gives_the_same_leaves(tmp_path):
    smoke = "configs/iterate-leaf-smoke.yaml"
    # lambda-returns carry the outcomes into labels that an optimist's own
    # values would keep optimistic
    tiny = ["--start", optimist(tmp_path), "--train.lam", "0.9", *TINY]
    main(["--config", smoke, "--runs-dir", str(tmp_path / "a"), "--rounds", "2", *tiny])
    main(["--config", smoke, "--runs-dir", str(tmp_path / "b"), "--rounds", "1", *tiny])
    B = tmp_path / "b" / "iterate-leaf-smoke"
    with open(B / "eval.csv", "a") as f:              # a round 2 killed half-way
        f.write("2,x,initiation,4,0,1,1,0,0,0,none,0\n")
    (B / "labels" / ".tmp-round_002.npz-x1").write_bytes(b"PK")
    main(["--resume", str(B), "--rounds", "2", "--quiet"])
    A = tmp_path / "a" / "iterate-leaf-smoke"
    assert not (B / "labels" / ".tmp-round_002.npz-x1").exists()
    for r in (0, 1, 2):
        assert (A / f"leaves/round_00{r}.npz").read_bytes() == (B / f"leaves/round_00{r}.npz").read_bytes()
    assert (A / "leaves/round_000.npz").read_bytes() == (tmp_path / "optimist.npz").read_bytes()
    rows = rows_of(A / "rounds.csv")
    assert rows[1]["epoch"] != "0"
    assert float(rows[1]["held_out_after"]) < float(rows[1]["held_out_before"])
    assert (A / "leaf.npz").read_bytes() == (A / "leaves/round_002.npz").read_bytes()
    for name in ("rounds.csv", "eval.csv", "selfplay.csv"):
        assert rows_of(A / name) == rows_of(B / name), name
    assert [r["round"] for r in rows] == ["0", "1", "2"]
    assert [len([g for g in rows_of(A / "eval.csv") if g["round"] == r]) for r in "012"] == [2, 2, 2]
    assert int(rows[2]["positions"]) > int(rows[1]["positions"])     # window of two rounds
    with np.load(A / "labels/round_001.npz") as z:
        assert sorted(z.files) == sorted(LABELS) and set(z["game"]) == set(range(10))
    with np.load(A / "labels/round_002.npz") as z:
        assert set(z["game"]) == set(range(10, 20))                  # new games every round
    assert (A / "curve.png").stat().st_size > 0
    with pytest.raises(SystemExit, match="already holds a run"):
        main(["--config", smoke, "--runs-dir", str(tmp_path / "a"), *tiny])


class _Writer:
    def add_scalar(self, *args):
        pass


class _Bar:
    def __enter__(self):
        return self

    def __exit__(self, *args):
        return False

    def update(self, n):
        pass


def test_one_round__the_gate_keeps_the_leaf_that_won_more(tmp_path, monkeypatch):
    from experiments.iterate_leaf import __main__ as loop
    cfg = config.load("configs/iterate-leaf-smoke.yaml", ["eval.gate=true", "train.epochs=1"])
    wins = iter([2, 1])                                    # round 0, then a worse round 1
    monkeypatch.setattr(loop, "evaluate", lambda cfg, run_dir, r, leaf, bar: {
        "eval_games": 3, "eval_wins": next(wins), "eval_score": 0, "eval_cpu": 0.0})
    state = {"round": 0}
    row0 = one_round(cfg, tmp_path, 0, state, _Writer(), lambda n, d: _Bar())
    row1 = one_round(cfg, tmp_path, 1, state, _Writer(), lambda n, d: _Bar())
    assert (row0["kept"], row1["kept"]) == (1, 0)
    assert state["leaf"] == "leaves/round_000.npz"
    assert (tmp_path / "leaf.npz").read_bytes() == open(LEAF, "rb").read()
    assert (tmp_path / "leaves/round_001.npz").exists()


@pytest.mark.parametrize("override, message", [
    ("level=easy", "level must be one of"),
    ("level=initiation+easy", "or several different ones"),
    ("level=normal+normal", "or several different ones"),
    ("players=5", "players must be 1..4"),
    ("start=results/value/hard/win_model.json", "start must be a leaf network"),
    ("selfplay.search=8x4x2:plans:leaf=x.npz", "selfplay.search is the search without its leaf"),
    ("eval.search=8x4:fly", "eval.search: agent 'search' takes the options"),
    ("selfplay.games=9", "selfplay.games must be >= 10"),
    ("selfplay.first=-1", "selfplay.first must be >= 0"),
    ("train.lam=1.5", "train.lam"),
    ("train.learning_rate=0", "train.learning_rate must be > 0"),
    ("eval.games=0", "eval.games must be > 0"),
    ("selfplay.searches=3", "unknown key"),
])
def test_config__refuses_what_makes_no_sense(override, message):
    with pytest.raises(ValueError, match=message):
        config.load("configs/iterate-leaf-smoke.yaml", [override])


def test_run__a_mixed_curriculum_plays_and_labels_every_level(tmp_path):
    main(["--config", "configs/iterate-leaf-smoke.yaml", "--runs-dir", str(tmp_path),
          "--rounds", "1", "--level", "initiation+normal", *TINY])
    run = tmp_path / "iterate-leaf-smoke"
    played = rows_of(run / "eval.csv")
    assert [(g["round"], g["level"]) for g in played] == [
        (r, level) for r in "01" for level in ("initiation", "initiation", "normal", "normal")]
    assert [g["level"] for g in rows_of(run / "selfplay.csv")] == ["initiation"] * 10 + ["normal"] * 10
    rows = rows_of(run / "rounds.csv")
    assert rows[1]["eval_games"] == "4"
    wins = {level: sum(int(g["won"]) for g in played if g["round"] == "1" and g["level"] == level)
            for level in ("initiation", "normal")}
    assert rows[1]["eval_by_level"] == f"initiation:{wins['initiation']} normal:{wins['normal']}"
    with np.load(run / "labels/round_001.npz") as z:
        # the two levels' games 0-9 stay apart: Normal is level number 1
        assert set(z["game"]) == set(range(10)) | set(range(1_000_000, 1_000_010))
    assert (run / "curve.png").stat().st_size > 0
