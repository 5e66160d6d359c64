"""The public engine API: bad input gets a clear error and leaves the state untouched."""

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, PRESETS, ScenarioError
from ghoststories_env import actions as A


@pytest.fixture
def game():
    engine = Engine()
    return engine, engine.reset(np.arange(3))


def test_step_does_not_modify_its_input(game):
    engine, s = game
    before = s.copy()
    a = engine.legal_action_mask(s).argmax(1)
    engine.step(s, a)
    assert s.equals(before)


def test_illegal_action_names_game_action_and_legal_ones(game):
    engine, s = game
    before = s.copy()
    a = engine.legal_action_mask(s).argmax(1)
    illegal = int(np.flatnonzero(~s.mask[1])[0])
    a[1] = illegal
    with pytest.raises(ValueError, match=rf"game 1: action {illegal} .* is not legal .*legal: "):
        engine.step(s, a)
    assert s.equals(before)


def test_out_of_range_action(game):
    engine, s = game
    a = engine.legal_action_mask(s).argmax(1)
    a[0] = A.NUM_ACTIONS
    with pytest.raises(ValueError, match=rf"out of range; ids are 0..{A.NUM_ACTIONS - 1}"):
        engine.step(s, a)


@pytest.mark.parametrize("bad, message", [
    (np.zeros(2, np.int64), r"shape \(3,\)"),
    (np.zeros((3, 1), np.int64), r"shape \(3,\)"),
    (np.zeros(3, np.float32), "must be integers"),
    ([0.5, 1, 2], "must be integers"),
])
def test_wrong_shape_or_dtype(game, bad, message):
    engine, s = game
    with pytest.raises(ValueError, match=message):
        engine.step(s, bad)


def test_finished_games_ignore_their_action():
    engine = Engine()
    s = engine.reset(np.arange(4))
    rng = np.random.default_rng(0)
    while not s.terminated.any():
        m = engine.legal_action_mask(s)
        s = engine.step(s, (rng.random(m.shape) * m).argmax(1))
    done = np.flatnonzero(s.terminated)
    m = engine.legal_action_mask(s)
    assert not m[done].any()
    a = (rng.random(m.shape) * m).argmax(1)
    a[done] = 7          # whatever a finished game is sent, it stays as it was
    s2 = engine.step(s, a)
    for i in done:
        assert engine.to_dict(s2, i) == engine.to_dict(s, i)


@pytest.mark.parametrize("kw, message", [
    ({"difficulty": "easy"}, "unknown difficulty 'easy'; allowed: initiation, normal, nightmare, hell"),
    ({"num_players": 5}, "num_players must be an int from 1 to 4"),
    ({"corner_targets": "one"}, r"corner_targets='one' is not allowed; choose one of \('chosen', 'both'\)"),
    ({"start_qi": 0}, r"start_qi=0: expected None or an int in \[1, 10\]"),
])
def test_unknown_settings(kw, message):
    with pytest.raises(ValueError, match=message):
        GameConfig(**kw)


@pytest.mark.parametrize("kw, message", [
    ({"neutral_qi_scores": None}, r"neutral_qi_scores=None: expected True or False"),
    ({"hell_start_yinyang": "yes"}, r"hell_start_yinyang='yes': expected True or False"),
    ({"min_resistance": True}, r"min_resistance=True is not allowed; choose one of \(0, 1\)"),
    ({"difficulty": ["hell"]}, r"unknown difficulty \['hell'\]"),
    ({"num_players": 4.0}, "num_players must be an int from 1 to 4, got 4.0"),
    ({"haunter_figurines": 8.0}, r"haunter_figurines=8.0: expected None or an int in \[0, 21\]"),
])
def test_config_field_of_the_wrong_type(kw, message):
    with pytest.raises(ValueError, match=message):
        GameConfig(**kw)


@pytest.mark.parametrize("preset, kw", [
    ("normal-4p", {"start_qi": 6}),                               # 24 Qi on 4 boards
    ("normal-1p", {"start_qi": 5, "neutral_start_qi": 6}),        # 5 + 18
    ("initiation-2p", {"neutral_start_qi": 7}),                   # 8 + 14
])
def test_config_needing_more_than_the_20_qi_tokens(preset, kw):
    # rules §1: 20 Qi tokens in all; a start above that would leave a negative supply
    with pytest.raises(ValueError, match=r"Qi at the start, more than the 20 Qi tokens"):
        PRESETS[preset].replace(**kw)


def test_config_using_all_20_qi_tokens_is_allowed():
    cfg = PRESETS["normal-2p"].replace(start_qi=5, neutral_start_qi=5)
    s = Engine(cfg).reset([0])
    assert s.qi_supply[0] == 0 and s.qi[0].sum() == 20


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_config_round_trips_through_its_dict_and_its_row(name):
    from ghoststories_env.config import decode, encode
    cfg = PRESETS[name].replace(neutral_qi_scores=True, haunter_figurines=8)
    assert GameConfig.from_dict(cfg.to_dict()) == cfg
    assert decode(encode(cfg)) == cfg


def test_unknown_config_field():
    with pytest.raises(ValueError, match="unknown GameConfig field"):
        GameConfig().replace(colour="red")


@pytest.mark.parametrize("d, message", [
    ({"boards": {"purple": {}}}, r"boards key\(s\): \['purple'\]"),
    ({"bogus": 1}, r"top-level key\(s\): \['bogus'\]"),
    ({"boards": {"red": {"qi": -1}}}, r"boards\[red\].qi: -1 is not allowed; expected an int in \[0, 20\]"),
    ({"boards": {"red": {"spaces": [{"ghost": "Zombie"}, None, None]}}}, "that name is on cards"),
    ({"boards": {"red": {"spaces": [{"ghost": 99}, None, None]}}}, "printed card number 1..65"),
    ({"deck": [1, 1]}, "a card not used elsewhere"),
    ({"village": [["Tea House"]]}, "3 rows of 3 tile names"),
    ({"forced": {"tao": ["pink"]}}, "forced.tao"),
    ({"boards": {"red": {"taoist": {"tao": {"red": 5}}}}}, r"an int in \[0, 4\]"),
    ({"boards": {"red": {"power": "Second Wind"}}}, "Dance of the Twin Winds"),
])
def test_malformed_scenario_dicts(d, message):
    with pytest.raises(ScenarioError, match=message):
        Engine().from_dicts([d])


def test_bad_seeds():
    with pytest.raises(ValueError, match="seeds must be a non-empty 1-D array of ints"):
        Engine().reset([])
    with pytest.raises(ValueError, match="seeds must be a non-empty 1-D array of ints"):
        Engine().reset([1.5])


def test_every_action_has_a_meaning_and_ranges_tile_the_table():
    seen = []
    for r in A.RANGES.values():
        seen.extend(r)
    assert seen == list(range(A.NUM_ACTIONS))
    assert len({A.action_meaning(a) for a in range(A.NUM_ACTIONS)}) == A.NUM_ACTIONS


def test_presets_cover_every_level_and_player_count():
    assert {(c.difficulty, c.num_players) for c in PRESETS.values()} == {
        (l, n) for l in ("initiation", "normal", "nightmare", "hell") for n in (1, 2, 3, 4)}
    assert PRESETS["hell-2p"].replace(hell_start_yinyang=True).start_yinyang


# -- the event record of a step --------------------------------------------------------------------

def test_step_record__same_state_and_events_only_on_request():
    engine = Engine()
    s = engine.reset(np.arange(8))
    rng = np.random.default_rng(0)
    for _ in range(30):
        a = (rng.random(s.mask.shape) * s.mask).argmax(1)
        plain = engine.step(s, a)
        recorded, events = engine.step(s, a, record=True)
        assert isinstance(plain, type(s)) and plain.equals(recorded)
        assert len(events) == 8
        assert all(e[0]["kind"] == "decision" for i, e in enumerate(events) if not s.terminated[i])
        s = plain


def test_step_record__shows_where_the_turn_ended__s4():
    # North passes at the end of his Yang phase: his turn ends, east's begins with its Yin phase
    # (rules §4) and a ghost is drawn for east's board; one step covers it all.
    from ghoststories_env.render_text import render_events
    engine = Engine()
    s = engine.from_dicts([{"at": "yang", "deck": ["Ghoul", "Skinner", "Reaper"],
                            "boards": {"yellow": {"taoist": {"yinyang": False}}}}])
    s = engine.step(s, np.array([A.RANGES["MOVE"].start + 4]))          # stay on the centre
    s, events = engine.step(s, np.array([A.PASS]), record=True)
    names = [e.get("effect") for e in events[0]]
    assert names.index("TURN_END") < names.index("TURN_START") < names.index("DRAW_GHOST")
    assert {"kind": "turn", "from": 0, "to": 1, "turns": 1} in events[0]
    assert {"kind": "drawn", "cards": 1} in events[0]
    assert "effect TURN_START (east)" in render_events(events[0])


def test_step_record__a_ghost_haunting_and_a_death_are_events__s4_s11():
    # East's Yin phase: a Ghoul on a stone haunts the tile in front of it; east loses his last Qi
    # to a full board's overrun and dies (rules §4, 11).
    full = [{"ghost": "Walking Corpse"}, {"ghost": "Ghoul", "haunter": 1}, {"ghost": "Zombie #6"}]
    engine = Engine()
    s = engine.from_dicts([{"at": "yang", "deck": ["Skinner", "Reaper"],
                            "boards": {"red": {"qi": 1, "spaces": full},
                                       "yellow": {"taoist": {"yinyang": False}}}}])
    s = engine.step(s, np.array([A.RANGES["MOVE"].start + 4]))
    s, events = engine.step(s, np.array([A.PASS]), record=True)
    kinds = {e["kind"] for e in events[0]}
    assert {"haunted", "died", "turn"} <= kinds
    assert {"kind": "qi", "seat": 1, "colour": "red", "change": -1} in events[0]
