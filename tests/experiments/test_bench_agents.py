"""Smoke run of the agent speed benchmark (``make bench``) on a tiny budget: no timing asserted."""

from __future__ import annotations

from experiments import bench_agents


def test_bench_agents__prints_a_row_per_batch_size_and_per_decision_kind(capsys):
    bench_agents.main(["--batch", "1", "3", "--warmup", "2", "--seconds", "0.01", "--profile", "3"])
    out = capsys.readouterr().out
    assert out.startswith("# heuristic decisions per CPU-second, initiation-4p")
    overall, by_kind = out.split("## By decision kind")
    cells = lambda text: [line.split("|")[1:3] for line in text.splitlines()  # noqa: E731
                          if line.startswith("| ")]
    assert [b.strip() for b, _ in cells(overall)] == ["B", "1", "3"]
    kinds = {kind.strip() for b, kind in cells(by_kind) if b.strip() in ("1", "3")}
    assert "YANG" in kinds and kinds <= set(bench_agents.stack.CODE_NAMES)
    assert by_kind.count("## Profile of act at B = ") == 2 and "ncalls" in by_kind


def test_bench_agents__runs_any_agent_without_the_per_kind_table(capsys):
    bench_agents.main(["--agent", "random", "--preset", "hell-2p", "--batch", "4", "--warmup", "1",
                       "--seconds", "0.001", "--no-by-kind"])
    out = capsys.readouterr().out
    assert "# random decisions per CPU-second, hell-2p" in out and "By decision kind" not in out
    assert sum(line.startswith("| 4 |") for line in out.splitlines()) == 1
