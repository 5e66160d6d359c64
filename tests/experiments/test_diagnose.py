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


def test_diagnose_by_outcome__the_won_and_lost_columns_split_the_games():
    n = 8
    d = diagnose.diagnose("heuristic:plans", "initiation-4p", n, by_outcome=True)
    won, lost, every = d["won"], d["lost"], d["all"]
    assert won["games"] + lost["games"] == every["games"] == n
    assert won["win rate"] in (0.0, 1.0) and lost["win rate"] == 0.0
    for key in ("Qi lost: overrun", "removed: exorcism", "turns"):
        total = won.get(key, 0) * won["games"] + lost.get(key, 0) * lost["games"]
        assert total == pytest.approx(every[key] * n)
    reach = "half the deck drawn: share reaching it"
    assert 0 < every[reach] <= 1
    assert every["half the deck drawn: living Taoists"] <= 4


def test_moments__the_team_is_recorded_once_when_half_the_deck_is_drawn():
    engine, s = _start("initiation-4p", 1)
    seen = {}
    s.deck_pos[0] = s.deck_len[0] // 2 - 1
    diagnose._moments(s, 0, seen)
    assert seen == {}                                   # one card short of half
    s.deck_pos[0] += 1
    s.qi[0] = [3, 0, 2, 1]
    s.ghost[0, :5] = [1, 2, 3, 4, 5]
    diagnose._moments(s, 0, seen)
    qi, living, tokens, ghosts, haunted = seen["half the deck drawn"]
    assert (qi, living, ghosts, haunted) == (6, 3, 5, 0)
    assert tokens == s.tao[0].sum()
    s.qi[0] = [0, 0, 0, 1]
    diagnose._moments(s, 0, seen)
    assert seen["half the deck drawn"][0] == 6          # the first time counts
    assert "3/4 of the deck drawn" not in seen
