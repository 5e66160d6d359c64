"""experiments/compare.py: paired score differences on the games two agents share."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest

from experiments import compare

FIELDS = ("agent", "level", "players", "seed", "won", "score", "turns")   # a file without rules


def write(path, agent, rows, rules=None):
    """A games.csv; with ``rules`` (one per row) it has the benchmark's rules column."""
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, FIELDS + ("rules",) * (rules is not None))
        w.writeheader()
        for k, (level, players, seed, won, score, turns) in enumerate(rows):
            w.writerow(dict(agent=agent, level=level, players=players, seed=seed, won=won,
                            score=score, turns=turns, **({"rules": rules[k]} if rules else {})))


def test_compare__pairs_by_seed_and_config(tmp_path, capsys):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    # seed 3 only in a: left out; scores differ by 1, 2, 3 on the shared seeds of hell 2p
    write(a, "x", [("hell", 2, 0, 0, -30, 40), ("hell", 2, 1, 1, 25, 50), ("hell", 2, 2, 0, -20, 30),
                   ("hell", 2, 3, 0, -99, 9), ("normal", 4, 0, 0, -10, 20)])
    write(b, "y", [("hell", 2, 0, 0, -31, 38), ("hell", 2, 1, 0, 23, 44), ("hell", 2, 2, 0, -23, 30),
                   ("normal", 4, 0, 0, -10, 20), ("normal", 4, 0, 0, -10, 20)])
    res = compare.main([f"{a}:x", f"{b}:y"])
    hell = next(r for r in res if r["level"] == "hell")
    assert hell["games"] == 3 and hell["score_diff"] == pytest.approx(2.0)
    half = 4.302653 * 1.0 / np.sqrt(3)                     # t(0.975, 2) * sd / sqrt(n)
    assert hell["low"] == pytest.approx(2 - half, abs=0.02)
    assert hell["wins"] == (1, 0) and hell["turns"] == (40.0, pytest.approx(112 / 3))
    assert "| hell | 2 | 3 | +2.00" in capsys.readouterr().out


def test_compare__bad_input_is_refused(tmp_path):
    a = tmp_path / "a.csv"
    write(a, "x", [("hell", 2, 0, 0, -30, 40)])
    with pytest.raises(SystemExit):
        compare.main([f"{a}:nobody", f"{a}:x"])
    with pytest.raises(ValueError, match="path/to/games.csv:agent"):
        compare.load(str(a))


def test_compare__agent_names_may_hold_colons(tmp_path):
    a = tmp_path / "a.csv"
    write(a, "rollout:8x3:progress", [("hell", 2, 0, 0, -30, 40)])
    assert list(compare.load(f"{a}:rollout:8x3:progress")) == [("hell", 2, "", 0)]


def test_compare__games_of_other_rules_pair_only_when_asked(tmp_path, capsys):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    write(a, "h", [("normal", 4, 0, 1, 10, 40), ("normal", 4, 1, 0, -20, 30)],
          rules=["power_sides=chosen"] * 2)
    write(b, "h", [("normal", 4, 0, 0, 5, 35), ("normal", 4, 1, 0, -22, 30)],
          rules=["power_sides=random"] * 2)
    with pytest.raises(SystemExit):
        compare.main([f"{a}:h", f"{b}:h"])
    assert "--ignore-rules" in capsys.readouterr().err
    res = compare.main(["--ignore-rules", f"{a}:h", f"{b}:h"])
    assert len(res) == 1 and res[0]["games"] == 2 and res[0]["score_diff"] == pytest.approx(3.5)
    assert res[0]["rules"] == ("power_sides=chosen", "power_sides=random")
    out = capsys.readouterr().out
    assert "score h (power_sides=chosen) - h (power_sides=random)" in out
    assert "| power_sides=chosen vs power_sides=random | 2 |" in out


def test_compare__a_file_without_rules_pairs_with_default_rule_games(tmp_path):
    a, b = tmp_path / "a.csv", tmp_path / "b.csv"
    write(a, "x", [("hell", 2, 0, 0, -30, 40)])
    write(b, "y", [("hell", 2, 0, 0, -31, 38), ("hell", 2, 1, 0, -30, 38)],
          rules=["", "min_resistance=1"])
    res = compare.main([f"{a}:x", f"{b}:y"])
    assert [(r["games"], r["rules"]) for r in res] == [(1, ("", ""))]


def test_compare__ignore_rules_refuses_a_deal_played_under_two_rules(tmp_path):
    a = tmp_path / "a.csv"
    write(a, "x", [("hell", 2, 0, 0, -30, 40), ("hell", 2, 0, 0, -25, 40)],
          rules=["", "min_resistance=1"])
    with pytest.raises(ValueError, match="several rules"):
        compare.compare(compare.load(f"{a}:x"), compare.load(f"{a}:x"), ignore_rules=True)


@pytest.fixture(scope="module")
def bench(tmp_path_factory):
    """A whole tiny benchmark run of the random agent (20 games) with its run.json."""
    from experiments import benchmark
    out = tmp_path_factory.mktemp("bench")
    benchmark.main(["--agents", "random", "--levels", "initiation", "--players", "1", "2",
                    "--episodes", "10", "--quiet", "--out", str(out)])
    return out


def copy_run(src, dst, keep_lines=None):
    """The run's games.csv (its first ``keep_lines`` lines, header included) and run.json."""
    dst.mkdir()
    lines = (src / "games.csv").read_text().splitlines(keepends=True)
    (dst / "games.csv").write_text("".join(lines[:keep_lines]))
    (dst / "run.json").write_text((src / "run.json").read_text())
    return dst / "games.csv"


def test_compare__a_complete_benchmark_file_is_accepted_without_warning(bench, capsys):
    res = compare.main([f"{bench / 'games.csv'}:random", f"{bench / 'games.csv'}:random"])
    assert sum(r["games"] for r in res) == 20
    assert "warning" not in capsys.readouterr().err


def test_compare__refuses_a_games_csv_cut_short_naming_file_and_counts(bench, tmp_path, capsys):
    cut = copy_run(bench, tmp_path / "cut", keep_lines=1 + 7)       # header and 7 of 20 rows
    with pytest.raises(SystemExit):
        compare.main([f"{cut}:random", f"{bench / 'games.csv'}:random"])
    err = capsys.readouterr().err
    assert str(cut) in err and "20 rows expected, 7 found" in err
    assert "random initiation 1p: 10 games expected, 7 found" in err
    assert "--allow-incomplete" in err


def test_compare__refuses_a_run_in_progress(bench, tmp_path, capsys):
    path = copy_run(bench, tmp_path / "running")
    rec = json.loads((tmp_path / "running" / "run.json").read_text())
    (tmp_path / "running" / "run.json").write_text(json.dumps({**rec, "status": "running"}))
    with pytest.raises(SystemExit):
        compare.main([f"{path}:random", f"{bench / 'games.csv'}:random"])
    assert "incomplete" in capsys.readouterr().err


def test_compare__allow_incomplete_compares_the_rows_there_are_with_a_warning(bench, tmp_path,
                                                                               capsys):
    cut = copy_run(bench, tmp_path / "cut", keep_lines=1 + 7)
    res = compare.main(["--allow-incomplete", f"{cut}:random", f"{bench / 'games.csv'}:random"])
    assert sum(r["games"] for r in res) == 7
    assert "compared anyway" in capsys.readouterr().err


def test_compare__a_file_without_run_json_is_accepted_with_a_warning(bench, tmp_path, capsys):
    old = tmp_path / "old"
    old.mkdir()
    (old / "games.csv").write_text((bench / "games.csv").read_text())
    res = compare.main([f"{old / 'games.csv'}:random", f"{bench / 'games.csv'}:random"])
    assert sum(r["games"] for r in res) == 20
    assert f"warning: {old / 'games.csv'}: no run.json" in capsys.readouterr().err
