"""Smoke runs of the benchmark CLI on a tiny budget, the independence of its configurations, and
its options for long runs: --games, --resume, --workers, --rules."""

from __future__ import annotations

import csv
import importlib.util
import json

import numpy as np
import pytest

from experiments import benchmark
from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.benchmark import games_csv, play


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def outcomes(rows):
    """Rows without their CPU seconds (which vary from run to run)."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_benchmark_cli__tiny_run_writes_csv_table_and_plot(tmp_path, capsys):
    out = tmp_path / "bench"
    benchmark.main(["--agents", "random", "heuristic", "--levels", "initiation", "hell",
                    "--players", "1", "4", "--episodes", "3", "--batch", "2", "--seed", "1",
                    "--out", str(out)])
    rows = read(out / "games.csv")
    assert len(rows) == 2 * 2 * 2 * 3
    assert {r["agent"] for r in rows} == {"random", "heuristic"}
    assert all(r["loss_category"] in ("", "haunted village", "dead Taoists", "deck exhausted")
               for r in rows)
    assert all(float(r["seconds"]) >= 0 and r["rules"] == "" for r in rows)
    assert [r["index"] for r in rows[:3]] == ["0", "1", "2"]
    md = (out / "results.md").read_text()
    assert md.count("| random |") == 4 and md.count("| heuristic |") == 4
    assert "python -m experiments.benchmark --agents random heuristic" in md
    assert (out / "win_rate.png").stat().st_size > 1000
    assert "win rate (95% CI)" in capsys.readouterr().out


def test_benchmark__a_configuration_plays_the_same_games_whatever_else_runs(tmp_path):
    alone = tmp_path / "alone"
    more = tmp_path / "more"
    common = ["--agents", "random", "--episodes", "4", "--quiet", "--players"]
    benchmark.main(common + ["2", "--levels", "normal", "--out", str(alone)])
    benchmark.main(common + ["1", "2", "--levels", "initiation", "normal", "--batch", "3",
                             "--out", str(more)])
    a = read(alone / "games.csv")
    b = [r for r in read(more / "games.csv") if r["level"] == "normal" and r["players"] == "2"]
    assert outcomes(a) == outcomes(b)


TINY = ["--agents", "random", "heuristic", "--levels", "initiation", "--players", "1", "2",
        "--episodes", "5", "--batch", "2", "--seed", "3", "--quiet"]


@pytest.fixture(scope="module")
def full_run(tmp_path_factory):
    """The rows of one uninterrupted run of TINY (20 games)."""
    out = tmp_path_factory.mktemp("full")
    benchmark.main(TINY + ["--out", str(out)])
    return read(out / "games.csv")


def test_benchmark__run_json_records_a_complete_run_and_no_temporary_file_is_left(tmp_path):
    benchmark.main(["--agents", "random", "--levels", "initiation", "--players", "1", "2",
                    "--episodes", "3", "--quiet", "--out", str(tmp_path)])
    rec = json.loads((tmp_path / "run.json").read_text())
    assert rec["status"] == "complete" and rec["rows"] == 6 and rec["expected_rows"] == 6
    assert [(c["players"], c["expected"], c["played"]) for c in rec["configurations"]] == \
        [(1, 3, 3), (2, 3, 3)]
    assert rec["command"].startswith("python -m experiments.benchmark --agents random")
    assert "version" in rec and "git_commit" in rec
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.csv", "results.md", "run.json",
                                                          "win_rate.png"]


def test_benchmark__run_json_says_running_while_the_games_are_played(tmp_path, monkeypatch):
    seen = []

    def spy(task, on_done=None, agent=None):
        seen.append(json.loads((tmp_path / "run.json").read_text())["status"])
        return play_batch(task, on_done, agent)
    play_batch = benchmark.play_batch
    monkeypatch.setattr(benchmark, "play_batch", spy)
    benchmark.main(["--agents", "random", "--levels", "initiation", "--players", "1",
                    "--episodes", "2", "--quiet", "--out", str(tmp_path)])
    assert seen == ["running"]
    assert json.loads((tmp_path / "run.json").read_text())["status"] == "complete"


def test_benchmark__games_replays_rows_on_their_own(tmp_path, full_run):
    benchmark.main(TINY + ["--games", "3", "1", "--out", str(tmp_path)])
    replay = read(tmp_path / "games.csv")
    assert outcomes(replay) == outcomes([r for r in full_run if r["index"] in ("1", "3")])


def test_benchmark__resume_after_a_kill_completes_the_run(tmp_path, full_run):
    # a killed run: 7 complete rows (marked, to see they are kept, not replayed) and a half line
    lines = (games_csv.FIELDS, *[{**r, "seconds": -1} for r in full_run[:7]])
    with open(tmp_path / "games.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(lines[0])
        w.writerows([r[k] for k in games_csv.FIELDS] for r in lines[1:])
        f.write(",".join(full_run[7].values())[:15])
    benchmark.main(TINY + ["--resume", "--out", str(tmp_path)])
    rows = read(tmp_path / "games.csv")
    assert outcomes(rows) == outcomes(full_run)
    assert [r["seconds"] for r in rows].count("-1") == 7
    assert "kept 7 games" in (tmp_path / "results.md").read_text()
    rec = json.loads((tmp_path / "run.json").read_text())
    assert rec["status"] == "complete" and rec["rows"] == len(full_run)


def test_benchmark__resume_reads_a_games_csv_without_the_newer_columns(tmp_path, full_run):
    old = ("agent", "level", "players", "seed", "won", "score", "decisions", "turns",
           "loss_reason", "loss_category")
    with open(tmp_path / "games.csv", "w", newline="") as f:
        w = csv.DictWriter(f, old, extrasaction="ignore")
        w.writeheader()
        w.writerows(full_run[:4])
    benchmark.main(TINY + ["--resume", "--out", str(tmp_path)])
    assert outcomes(read(tmp_path / "games.csv")) == outcomes(full_run)


def test_benchmark__resume_refuses_games_of_other_rules(tmp_path):
    args = ["--agents", "random", "--levels", "normal", "--players", "2", "--episodes", "2",
            "--quiet", "--out", str(tmp_path)]
    benchmark.main(args)
    with pytest.raises(SystemExit, match="other rules"):
        benchmark.main(args + ["--resume", "--rules", "power_sides=chosen"])


def test_benchmark__two_workers_give_the_rows_of_one(tmp_path, full_run):
    benchmark.main(TINY + ["--workers", "2", "--out", str(tmp_path)])
    assert outcomes(read(tmp_path / "games.csv")) == outcomes(full_run)


@pytest.mark.skipif(importlib.util.find_spec("ray") is None,
                    reason="Ray is the optional extra 'ray' (pip install 'ghoststories-env[ray]')")
def test_benchmark__a_local_ray_with_two_workers_gives_the_rows_of_one(tmp_path, full_run):
    import ray
    try:
        benchmark.main(TINY + ["--workers", "2", "--ray-address", "local", "--out", str(tmp_path)])
    finally:
        ray.shutdown()
    assert outcomes(read(tmp_path / "games.csv")) == outcomes(full_run)


def test_benchmark__progress_bar_counts_every_game_with_two_workers(tmp_path, capsys):
    """The workers' per-game counts reach the bar (through the queue and its thread)."""
    benchmark.main([a for a in TINY if a != "--quiet"] + ["--workers", "2", "--out", str(tmp_path)])
    n = len(read(tmp_path / "games.csv"))
    assert f"{n}/{n}" in capsys.readouterr().err


def test_benchmark__rules_are_applied_and_recorded(tmp_path):
    benchmark.main(["--agents", "random", "--levels", "normal", "--players", "2", "--episodes",
                    "3", "--quiet", "--rules", "power_sides=chosen", "--out", str(tmp_path)])
    rows = read(tmp_path / "games.csv")
    assert {r["rules"] for r in rows} == {"power_sides=chosen"}
    engine = Engine(GameConfig(num_players=2, difficulty="normal", power_sides="chosen"))
    seeds = np.array([int(r["seed"]) for r in rows])
    s = play(agents.make("random"), engine, seeds)
    assert [int(r["decisions"]) for r in rows] == s.decisions.tolist()
    assert [int(r["score"]) for r in rows] == engine.score(s).tolist()
    assert "--rules power_sides=chosen" in (tmp_path / "results.md").read_text()


def test_benchmark__rule_values_are_read_as_literals():
    assert benchmark.parse_rules(["min_resistance=1", "haunter_figurines=None",
                                  "neutral_qi_scores=True", "power_sides=chosen"]) == {
        "min_resistance": 1, "haunter_figurines": None, "neutral_qi_scores": True,
        "power_sides": "chosen"}
    assert benchmark.rules_text({"power_sides": "chosen", "min_resistance": 1}) == \
        "min_resistance=1 power_sides=chosen"


@pytest.mark.parametrize("bad, says", [
    (["--games", "-1"], "indices must be in 0..4"),
    (["--games", "5"], "indices must be in 0..4"),
    (["--workers", "0"], "must be >= 1"),
    (["--rules", "nonsense=1"], "power_sides"),
    (["--rules", "power_sides"], "KEY=VALUE"),
    (["--rules", "power_sides=sometimes"], "choose one of"),
    (["--rules", "power_sides=chosen", "power_sides=random"], "given twice"),
])
def test_benchmark__bad_input_is_refused_with_what_is_allowed(bad, says, capsys):
    with pytest.raises(SystemExit):
        benchmark.parse(["--episodes", "5"] + bad)
    assert says in capsys.readouterr().err


def test_benchmark_tasks__another_split_gives_that_split_s_seeds():
    from ghoststories_env.benchmark.evaluation import tasks
    from ghoststories_env.benchmark.seeds import benchmark_seeds
    test = tasks(["random"], ["initiation"], [4], 6, batch=4, games=range(2, 6))
    eval_ = tasks(["random"], ["initiation"], [4], 6, batch=4, games=range(2, 6), split="eval")
    assert [t.index for t in eval_] == [t.index for t in test] == [(2, 3, 4, 5)]
    assert eval_[0].seeds == tuple(int(s) for s in benchmark_seeds("initiation", 4, 6, "eval")[2:])
    assert set(eval_[0].seeds).isdisjoint(test[0].seeds)
