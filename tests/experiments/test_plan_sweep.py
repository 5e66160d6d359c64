"""experiments/plan_sweep.py: team-plan settings on the same eval games."""

from __future__ import annotations

from experiments.plan_sweep import sweep
from ghoststories_env.agents.heuristic import plans


def test_sweep__sets_each_variants_constants_and_counts_wins_against_the_first(monkeypatch, capsys):
    monkeypatch.setattr(plans, "CROWD", plans.CROWD)       # restored after the test
    sweep([("base", "heuristic:plans", {}), ("same", "heuristic:plans", {}),
           ("crowd", "heuristic:plans=incarnation+crowd", {"CROWD": 3.5})], 4)
    head, base, same, crowd = capsys.readouterr().out.splitlines()
    assert head == "Initiation 4p, eval games 100000..100003"
    assert plans.CROWD == 3.5
    wins = int(base.split()[1])
    assert 0 <= wins <= 4 and same.split()[1:4] == base.split()[1:4]
    assert "only it    0, only heuristic:plans    0" in same        # the same games, the same team
    assert crowd.startswith("crowd ")
