"""Other weights for one heuristic agent (agents/heuristic/weights.py ``load``, ``overridden``;
``heuristic[:plans]:weights=<file>`` and the search's ``weights=`` option)."""

import json

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.agents.heuristic import threats
from ghoststories_env.agents.heuristic import weights as W


def _file(tmp_path, table, name="w.json"):
    path = tmp_path / name
    path.write_text(json.dumps(table))
    return str(path)


def _play(agent, steps=60):
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    s = engine.reset(np.arange(16))
    chosen = []
    for _ in range(steps):
        a = agent.act(Batch(engine, s))
        chosen.append(a)
        s = engine.step(s, a)
    return np.array(chosen)


def test_weights__overridden_applies_then_restores_even_on_error():
    before, qi = W.LOSS, threats.qi_cost(3)
    with pytest.raises(RuntimeError):
        with W.overridden({"LOSS": 1.0, "QI_COST": (1.0,) * 5}):
            assert W.LOSS == 1.0 and threats.qi_cost(3) == 1.0
            raise RuntimeError("stop")
    assert W.LOSS == before and threats.qi_cost(3) == qi


def test_weights__a_file_of_the_table_own_values_plays_as_the_default(tmp_path):
    path = _file(tmp_path, {"weights": {"LOSS": W.LOSS, "QI_COST": list(W.QI_COST)}})
    same = agents.make(f"heuristic:plans:weights={path}")
    assert same.name == f"heuristic:plans:weights={path}"
    assert (_play(same) == _play(agents.make("heuristic:plans"))).all()


def test_weights__other_values_change_the_play_and_leave_the_module_as_it_was(tmp_path):
    path = _file(tmp_path, {"BUDDHA": 0.0, "SECOND_EXORCISM": 0.0, "QI_COST": [20, 20, 0, 0, 0]})
    before = W.BUDDHA
    other = _play(agents.make(f"heuristic:weights={path}"))
    assert W.BUDDHA == before
    assert (other != _play(agents.make("heuristic"))).any()


@pytest.mark.parametrize("table, match", [
    ({"NOT_A_WEIGHT": 1.0}, "unknown weight"),
    ({"overridden": 1.0}, "unknown weight"),
    ({"json": 1.0}, "unknown weight"),
    ({"LOSS": "high"}, "LOSS is a number"),
    ({"QI_COST": [1.0, 2.0]}, "QI_COST has 2 values"),
    ([1, 2], "expected a table"),
])
def test_weights__a_bad_file_is_a_clear_error(tmp_path, table, match):
    with pytest.raises(ValueError, match=match):
        agents.make(f"heuristic:weights={_file(tmp_path, table)}")


def test_weights__bad_specs_are_clear_errors(tmp_path):
    absent = f"heuristic:weights={tmp_path}/absent.json"
    for spec in ("heuristic:weights=", "heuristic:plans:plans", absent):
        with pytest.raises(ValueError, match="heuristic"):
            agents.make(spec)
    with pytest.raises(ValueError, match="weights=<path>"):
        agents.make("search:2x2x1:weights=")


def test_weights__the_search_gives_them_to_its_team(tmp_path):
    path = _file(tmp_path, {"LOSS": 30.0})
    search = agents.make(f"search:2x2x1:plans:weights={path}")
    assert search.name == f"search:2x2x1:plans:weights={path}"
    assert search.prior.weights == {"LOSS": 30.0} and search.rollout is search.prior
    with pytest.raises(ValueError, match="network has no heuristic prior"):
        from ghoststories_env.agents.search import SearchAgent
        SearchAgent(net=object(), weights=path)
