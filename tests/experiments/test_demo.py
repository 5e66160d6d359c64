"""Smoke run of the demonstration (``make demo``) on a tiny budget."""

from __future__ import annotations

from experiments import demo


def test_demo__shows_a_game_and_ends_in_a_results_table(tmp_path, monkeypatch, capsys):
    small = list(demo.DEMO_BENCHMARK)
    small[small.index("--episodes") + 1] = "4"
    small[small.index("--out") + 1] = str(tmp_path / "demo")
    monkeypatch.setattr(demo, "DEMO_BENCHMARK", small)
    demo.main()
    out = capsys.readouterr().out
    assert "YANG" in out and "Village" in out
    assert out.count("| heuristic |") == 2 and out.count("| random |") == 2
    assert (tmp_path / "demo" / "games.csv").exists()
