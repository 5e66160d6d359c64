"""The diagnosis CLI: its counts add up to what the games themselves record."""

from __future__ import annotations

import pytest

from experiments import diagnose
from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.agents import Batch
from ghoststories_env.benchmark.seeds import benchmark_seeds


def _start(config, n):
    cfg = PRESETS[config]
    engine = Engine(cfg)
    return engine, engine.reset(benchmark_seeds(cfg.difficulty, cfg.num_players, n, "eval"))


def _final_state(config, n):
    engine, s = _start(config, n)
    agent = agents.make("heuristic")
    while not s.terminated.all():
        s = engine.step(s, agent.act(Batch(engine, s)))
    return s


@pytest.mark.parametrize("config", ["initiation-4p", "hell-2p"])
def test_diagnose__removals_and_hauntings_add_up_to_the_final_states(config):
    n = 6
    d = diagnose.diagnose("heuristic", config, n)
    s = _final_state(config, n)
    removed = sum(v for k, v in d.items() if k.startswith("removed:")) * n
    assert removed == pytest.approx(s.discarded.sum())          # every discard is attributed
    haunted = sum(v for k, v in d.items() if k.startswith("haunted:")) * n
    assert haunted - d.get("tiles turned back", 0) * n == pytest.approx(s.haunted.sum())
    assert d["win rate"] == pytest.approx(s.won.mean())
    start_qi = _start(config, n)[1].qi.astype(int).sum()
    lost = sum(v for k, v in d.items() if k.startswith("Qi lost:")) * n
    assert start_qi + d["Qi gained"] * n - lost == pytest.approx(s.qi.astype(int).sum())


def test_diagnose_cli__prints_a_table_and_rejects_unknown_configurations(capsys):
    diagnose.main(["--configs", "normal-1p", "--episodes", "2"])
    out = capsys.readouterr().out
    assert "| removed: exorcism |" in out and "| win rate |" in out
    with pytest.raises(ValueError, match="unknown configuration 'normal-5p'"):
        diagnose.diagnose("heuristic", "normal-5p", 2)
