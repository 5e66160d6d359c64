"""Golden replays: whole recorded games (tests/golden/*.json) replay to the same course."""

import json
from pathlib import Path

import numpy as np
import pytest

from ghoststories_env import Engine, PRESETS
from golden.record import digest

FILES = sorted((Path(__file__).parent / "golden").glob("*.json"))


def test_every_level_and_player_count_has_a_golden_game():
    presets = {json.loads(f.read_text())["preset"] for f in FILES}
    assert {PRESETS[p].difficulty for p in presets} == {"initiation", "normal", "nightmare", "hell"}
    assert {PRESETS[p].num_players for p in presets} == {1, 2, 3, 4}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_golden_replay(path):
    game = json.loads(path.read_text())
    engine = Engine(PRESETS[game["preset"]])
    s = engine.reset([game["seed"]])
    for k, step in enumerate(game["steps"]):
        assert engine.decision_name(s, 0) == step["decision"], f"step {k}"
        s = engine.step(s, np.array([step["action"]]))
        assert digest(engine, s) == step["digest"], f"step {k}: the game diverged after {step['meaning']}"
    assert s.terminated[0]
    assert engine.to_dict(s, 0) == game["final"]
    assert int(engine.score(s)[0]) == game["score"]
