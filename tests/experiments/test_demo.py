"""Smoke run of the demonstration (``make demo``) on a tiny budget: its five parts."""

from __future__ import annotations

from experiments import demo


def test_demo__shows_a_game_and_ends_in_a_results_table(tmp_path, monkeypatch, capsys):
    small = list(demo.DEMO_BENCHMARK)
    small[small.index("--episodes") + 1] = "4"
    small[small.index("--out") + 1] = str(tmp_path / "demo")
    monkeypatch.setattr(demo, "DEMO_BENCHMARK", small)
    monkeypatch.setattr(demo, "OUT", tmp_path / "demo")
    demo.main()
    out = capsys.readouterr().out
    assert "gymnasium.make" in out and "Village" in out and "How to read the table" in out
    assert "legal ids" in out and "random pick #" in out        # the mask and the meanings
    assert out.count("| heuristic |") == 2 and out.count("| random |") == 2
    assert (tmp_path / "demo" / "games.csv").exists()
    assert (tmp_path / "demo" / "table.png").stat().st_size > 10_000     # the picture
