"""rules §16: every rule switch of GameConfig, played with its default AND its
alternative setting (plus the level overrides of sections 12 and 16.1). The switches about the
board's geometry and the Yin phase are in test_switches_play.py; the last test here checks that
every switch of ``GameConfig.switches()`` is covered by one of the two files.

Default scenario table: seats north yellow, east red, south green, west blue; position p holds
tile p (0 Circle, 3 Altar, 4 Herbalist, 7 Pavilion, 8 Tea House). Ghost space g = 3 * seat + k.
"""

from pathlib import Path

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig
from ghoststories_env import cards as C
from ghoststories_env.rules import new_games
from helpers import act, build, decision, dump, legal_in

SEEDS = np.arange(40)


# -- 16.1 haunted tiles that lose (the level's value is tested in test_end_of_game.py) ----------
@pytest.mark.parametrize("limit, lost", [(None, True), (4, False)])
def test_haunted_tiles_to_lose__s16_1(limit, lost):
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 1}, None, None]}},
         "haunted": ["Circle of Prayer", "Pavilion of the Heavenly Wind"], "deck": ["Skinner", "Reaper"]}
    e, s = build(d, haunted_tiles_to_lose=limit)          # Normal: the 3rd tile loses by default
    assert dump(e, s)["status"]["terminated"] == lost


# -- 16.2 / 16.21 Uncatchable -------------------------------------------------------------------
def _uncatchable_arrives_on_buddha(rule):
    d = {"deck": ["Uncatchable", "Ghoul", "Skinner"], "forced": {"curse": ["blank"]},
         "boards": {"yellow": {"spaces": [None, None, {"buddha": True}],
                               "taoist": {"tile": "Circle of Prayer"}}}}
    e, s = build(d, uncatchable_rule=rule)
    return e, act(e, s, "CHOOSE_SPACE", 2)


@pytest.mark.parametrize("rule, buddha_stays", [("has_been_on_buddha", False),
                                                ("on_buddha_at_exorcism", True)])
def test_uncatchable_rule_where_the_buddha_goes__s16_2(rule, buddha_stays):
    e, s = _uncatchable_arrives_on_buddha(rule)
    out = dump(e, s)
    space = out["boards"]["yellow"]["spaces"][2]
    assert (space["ghost"], space["buddha"]) == (57, buddha_stays)
    assert out["temple_buddhas"] == 2 - buddha_stays
    s = act(e, s, "MOVE", 0)
    assert 2 in legal_in(e, s, "EXORCISE")                # catchable either way


@pytest.mark.parametrize("rule, catchable", [("has_been_on_buddha", True),
                                             ("on_buddha_at_exorcism", False)])
def test_uncatchable_rule_after_leaving_the_buddha__s16_2(rule, catchable):
    # It has stood on a Buddha but stands on none now.
    d = {"boards": {"yellow": {"spaces": [None, None, {"ghost": "Uncatchable"}],
                               "taoist": {"tile": "Circle of Prayer"}}},
         "uncatchable_ready": True, "at": "yang"}
    e, s = build(d, uncatchable_rule=rule)
    s = act(e, s, "MOVE", 0)
    assert (2 in legal_in(e, s, "EXORCISE")) == catchable


def test_uncatchable_rule_alternative_buddha_goes_home_on_exorcism__s16_21():
    e, s = _uncatchable_arrives_on_buddha("on_buddha_at_exorcism")
    d = dump(e, s)
    d["forced"]["tao"] = ["black"] * 3
    e, s = build(d)
    s = act(e, s, "MOVE", 0)
    s = act(e, s, "EXORCISE", 2)
    out = dump(e, s)
    assert out["boards"]["yellow"]["spaces"][2] is None and out["temple_buddhas"] == 2


# -- 16.3 / 16.14 Nameless and the Herbalist ----------------------------------------------------
@pytest.mark.parametrize("blanks, white_gives_token", [(True, False), (False, True)])
def test_nameless_blanks_herbalist__s16_14(blanks, white_gives_token):
    d = {"boards": {"red": {"spaces": [{"ghost": "Nameless"}, None, None]},
                    "yellow": {"taoist": {"tao": {}}}},
         "at": "yang", "forced": {"tao": ["white", "red"]}}
    e, s = build(d, nameless_blanks_herbalist=blanks)
    s = act(e, s, "MOVE", 4)
    s = act(e, s, "HELP")
    assert (decision(e, s) == "TAKE_TAO") == white_gives_token
    assert dump(e, s)["boards"]["yellow"]["taoist"]["tao"] == {"red": 1}


# -- 16.4 Pavilion's Taoist move -----------------------------------------------------------------
@pytest.mark.parametrize("mode, tiles", [("any_tile", list(range(9))), ("one_step", [0, 1, 3, 4])])
def test_pavilion_taoist_move__s16_4(mode, tiles):
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul"}, None, None],
                               "taoist": {"tile": "Pavilion of the Heavenly Wind"}},
                    "red": {"taoist": {"tile": "Circle of Prayer"}}}, "at": "yang"}
    e, s = build(d, num_players=2, pavilion_taoist_move=mode)
    s = act(e, s, "MOVE", 7)
    s = act(e, s, "HELP")
    s = act(e, s, "CHOOSE_SPACE", 1)
    assert decision(e, s) == "MOVE_TAOIST"                # red is the only other Taoist
    assert legal_in(e, s, "CHOOSE_TILE") == tiles


# -- 16.5 neutral Qi, 16.15 Hell's Yin-Yang, section 12's black token and start Qi --------------
@pytest.mark.parametrize("neutral_qi, expected", [(None, 4), (3, 3)])
def test_neutral_start_qi__s16_5(neutral_qi, expected):
    s = new_games(GameConfig(num_players=2, difficulty="initiation", neutral_start_qi=neutral_qi), SEEDS)
    assert (s.qi[~s.is_player] == expected).all() and (s.qi[s.is_player] == 4).all()


@pytest.mark.parametrize("level", ["normal", "hell"])
@pytest.mark.parametrize("hell_yy", [False, True])
def test_hell_start_yinyang__s16_15(level, hell_yy):
    s = new_games(GameConfig(difficulty=level, hell_start_yinyang=hell_yy), SEEDS)
    assert (s.yinyang == (level == "normal" or hell_yy)).all()


@pytest.mark.parametrize("black", [True, False])
def test_initiation_black_token__s12(black):
    s = new_games(GameConfig(difficulty="initiation", initiation_black_token=black), SEEDS)
    assert (s.tao[:, :, 4] == black).all()


# -- 16.6 full-table arrival ---------------------------------------------------------------------
FULL_TABLE = ["Ghoul", "Walking Corpse", "Coffin Breakers #4", "Skinner", "Reaper",
              "Sharp-Nailed Mistresses #37", "Creeping One", "Fungus Thing", "Fallen Monk",
              "Drowned Maiden", "Hound of Depth", "Perfidious Nymph #15"]


@pytest.mark.parametrize("mode, deck, discard", [("no_draw", [11, 6], []),
                                                 ("draw_and_discard", [6], [11])])
def test_full_table_arrival__s16_6(mode, deck, discard):
    # The Tea House brings a ghost into play while all 12 spaces are full (rules §4).
    boards = {c: {"spaces": [{"ghost": n} for n in FULL_TABLE[3 * i:3 * i + 3]]}
              for i, c in enumerate(("yellow", "red", "green", "blue"))}
    boards["yellow"]["taoist"] = {"tile": "Tea House"}
    e, s = build({"boards": boards, "at": "yang", "deck": ["Lich", "Zombie #6"]},
                 full_table_arrival=mode)
    s = act(e, s, "MOVE", 8)
    s = act(e, s, "HELP")
    s = act(e, s, "CHOOSE_COLOUR", 1)
    out = dump(e, s)
    assert out["boards"]["yellow"]["qi"] == 3 + 1 - 1     # the Tea House's Qi, then the penalty
    assert (out["deck"], out["discard"]) == (deck, discard)


@pytest.mark.parametrize("mode", ["no_draw", "draw_and_discard"])
def test_full_table_never_meets_a_normal_arrival__s4_s16(mode):
    # A full table means a full active board: the overrun ends the Yin phase before step 3.
    boards = {c: {"spaces": [{"ghost": n} for n in FULL_TABLE[3 * i:3 * i + 3]]}
              for i, c in enumerate(("yellow", "red", "green", "blue"))}
    e, s = build({"boards": boards, "deck": ["Lich", "Zombie #6"]}, full_table_arrival=mode)
    out = dump(e, s)
    assert out["boards"]["yellow"]["qi"] == 2 and out["drawn"] == [] and out["discard"] == []
    assert decision(e, s) == "YANG"


# -- 16.7 who absorbs a possessed board's harm ---------------------------------------------------
@pytest.mark.parametrize("taker, offered", [("chosen", [1, 2, 3]), ("active", [])])
def test_possessed_loss_taker__s16_7(taker, offered):
    full = [{"ghost": n} for n in ("Walking Corpse", "Yellow Plague", "Zombie #6")]
    e, s = build({"boards": {"yellow": {"qi": 0, "spaces": full}}, "deck": ["Skinner", "Reaper"]},
                 possessed_loss_taker=taker)
    assert legal_in(e, s, "CHOOSE_TAOIST") == offered
    if not offered:            # "active": yellow is dead, so the next living Taoist, red, pays
        assert dump(e, s)["boards"]["red"]["qi"] == 2


# -- 16.8 captured dice ---------------------------------------------------------------------------
@pytest.mark.parametrize("affects, dice", [(False, 2), (True, 1)])
def test_captured_dice_affect_herbalist__s16_8(affects, dice):
    d = {"boards": {"red": {"spaces": [{"ghost": "Creeping Horror"}, None, None]},
                    "yellow": {"taoist": {"tao": {}}}},
         "at": "yang", "forced": {"tao": ["red", "green", "blue"]}}
    e, s = build(d, captured_dice_affect_herbalist=affects)
    s = act(e, s, "MOVE", 4)
    s = act(e, s, "HELP")
    assert sum(dump(e, s)["boards"]["yellow"]["taoist"]["tao"].values()) == dice


def test_captured_dice_never_take_the_grey_die__s16_8():
    # Strength of the Mountain facing west space 1 from the Altar: 3 - 1 captured + grey = 3.
    d = {"boards": {"green": {"power": "Strength of the Mountain", "taoist": {"tile": "Taoist Altar"}},
                    "red": {"spaces": [{"ghost": "Creeping Horror"}, None, None]},
                    "blue": {"spaces": [None, {"ghost": "Skinner"}, None]}},
         "turn": {"active": "green"}, "at": "yang", "forced": {"tao": ["yellow"] * 4}}
    e, s = build(d)
    s = act(e, s, "MOVE", 3)
    s = act(e, s, "EXORCISE", 10)
    assert len(dump(e, s)["forced"]["tao"]) == 1


@pytest.mark.parametrize("grey_captured, dice", [(False, 1), (True, 0)])
def test_captured_dice_affect_grey__s16_8(grey_captured, dice):
    # All four captors in play take the 3 standard dice; the 4th takes the grey die only under the
    # alternative reading. Strength of the Mountain on the Altar faces west space 1.
    d = {"boards": {"green": {"power": "Strength of the Mountain", "taoist": {"tile": "Taoist Altar"}},
                    "red": {"spaces": [{"ghost": "Creeping Horror"}, {"ghost": "Repellent Beauty"},
                                       {"ghost": "Severed Heads #47"}]},
                    "yellow": {"spaces": [{"ghost": "Severed Heads #48"}, None, None]},
                    "blue": {"spaces": [None, {"ghost": "Skinner"}, None]}},
         "turn": {"active": "green"}, "at": "yang", "forced": {"tao": ["yellow"] * 4}}
    e, s = build(d, captured_dice_affect_grey=grey_captured)
    s = act(e, s, "MOVE", 3)
    s = act(e, s, "EXORCISE", 10)
    assert 4 - len(dump(e, s)["forced"]["tao"]) == dice


# -- 14 / 16.20 scoring switches ------------------------------------------------------------------
@pytest.mark.parametrize("counts", [False, True])
def test_neutral_qi_scores__s14(counts):
    def score(neutral_qi):
        e, s = build({"deck": [], "status": {"terminated": True, "won": True},
                      "boards": {"green": {"qi": neutral_qi}}}, num_players=2, neutral_qi_scores=counts)
        return int(e.score(s)[0])
    assert score(5) - score(2) == (3 if counts else 0)


@pytest.mark.parametrize("bonus, expected", [(True, 2 + 4), (False, 0)])
def test_lost_game_incarnation_bonus__s16_20(bonus, expected):
    def score(discard):
        e, s = build({"deck": [], "discard": discard,
                      "status": {"terminated": True, "loss_reason": "deck exhausted"}},
                     difficulty="nightmare", lost_game_incarnation_bonus=bonus)
        return int(e.score(s)[0])
    assert score(["Uncatchable", "Nameless"]) - score([]) == expected


# -- 3.2 power sides -------------------------------------------------------------------------------
def test_power_sides_are_random_by_default__s3_s16():
    s = new_games(GameConfig(), SEEDS)
    assert len({tuple(sorted(p)) for p in s.seat_power.tolist()}) > 1
    with pytest.raises(ValueError, match="power_sides"):
        GameConfig(power_sides="players")


def test_power_sides_chosen_by_each_taoist_in_turn_order__s3_s16():
    """Switch 3.2 (S002): each Taoist picks his board's side before the first turn, first player
    first; neutral boards keep a random side."""
    engine = Engine(GameConfig(num_players=2, power_sides="chosen"))
    s = engine.reset([11])
    first = int(s.active[0])
    players = [(first + k) % 4 for k in range(4) if s.is_player[0, (first + k) % 4]]
    neutral_before = s.seat_power[0, ~s.is_player[0]].copy()
    for seat, side in zip(players, (1, 0)):
        assert engine.decision_name(s, 0) == "POWER_SIDE"
        assert engine.current_player(s)[0] == seat
        assert legal_in(engine, s, "POWER_SIDE") == [0, 1]
        s = act(engine, s, "POWER_SIDE", side)
        colour = s.seat_colour[0, seat]
        assert s.seat_power[0, seat] == np.flatnonzero(C.POWER_COLOUR == colour)[side]
        assert s.power_seat[0, s.seat_power[0, seat]] == seat
    assert (s.seat_power[0, ~s.is_player[0]] == neutral_before).all()
    assert engine.decision_name(s, 0) != "POWER_SIDE"


# -- coverage -------------------------------------------------------------------------------------
def test_every_switch_has_a_test__s16():
    here = Path(__file__).parent
    source = "".join((here / f).read_text() for f in ("test_switches.py", "test_switches_play.py"))
    missing = [sw for sw in GameConfig.switches() if f"def test_{sw}" not in source]
    assert not missing, f"switches without a test named after them: {missing}"
