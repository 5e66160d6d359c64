"""rules §16 (continued from test_switches.py): the switches met in play: exorcism
(16.9, 16.13, 16.18, 16.19), the Yin phase (16.10/16.16, 16.17, haunting figurines of section 1),
Grave Walker's drain (16.11) and the deck's end (16.12). Default AND alternative for each.

Default scenario table: seats north yellow, east red, south green, west blue; position p holds
tile p (0 Circle of Prayer: corner facing g2 and g9; 3 Taoist Altar: edge facing g10; 8 Tea House).
"""

import pytest

from helpers import act, build, decision, dump, legal_in


def _at_altar(card, dice, tao=None, boards=None, **config_and_top):
    """Yellow at his Yang phase on the Taoist Altar, ``card`` on west space 1 (g = 10)."""
    b = {"blue": {"spaces": [None, {"ghost": card}, None]},
         "yellow": {"taoist": {"tile": "Taoist Altar", "tao": tao or {}}}}
    b.update(boards or {})
    top = {k: config_and_top.pop(k) for k in ("circle", "haunted") if k in config_and_top}
    e, s = build({"boards": b, "at": "yang", "forced": {"tao": dice}, **top}, **config_and_top)
    return e, act(e, s, "MOVE", 3)


def _west_1_gone(e, s):
    return dump(e, s)["boards"]["blue"]["spaces"][1] is None


# -- 16.9 resistance brought to 0 ------------------------------------------------------------------
@pytest.mark.parametrize("floor, exorcised", [(0, True), (1, False)])
def test_min_resistance__s16_9(floor, exorcised):
    # The Circle's yellow token brings the Ghoul (1 yellow) to 0: no yellow die is needed.
    e, s = _at_altar("Ghoul", ["red", "red", "red"], circle="yellow", min_resistance=floor)
    assert 10 in legal_in(e, s, "EXORCISE")              # an exorcism action is still needed
    s = act(e, s, "EXORCISE", 10)
    assert _west_1_gone(e, s) == exorcised


# -- 16.13 Circle of Prayer on a haunted tile ------------------------------------------------------
@pytest.mark.parametrize("mode, exorcised", [("keeps_bonus", True), ("suspended", False)])
def test_circle_when_haunted__s16_13(mode, exorcised):
    # Bleeding Eyes (2 red) against one red face: only the Circle's red token makes it.
    e, s = _at_altar("Bleeding Eyes", ["red", "yellow", "yellow"], circle="red",
                     haunted=["Circle of Prayer"], circle_when_haunted=mode)
    s = act(e, s, "EXORCISE", 10)
    assert _west_1_gone(e, s) == exorcised


# -- 16.18 exorcism with every die captured ---------------------------------------------------------
CAPTORS = [{"ghost": n} for n in ("Repellent Beauty", "Severed Heads #47", "Severed Heads #48")]


@pytest.mark.parametrize("allowed", [True, False])
def test_exorcism_without_dice__s16_18(allowed):
    e, s = _at_altar("Ghoul", ["yellow"] * 3, tao={"yellow": 1},
                     boards={"red": {"spaces": CAPTORS}}, exorcism_without_dice=allowed)
    assert (10 in legal_in(e, s, "EXORCISE")) == allowed
    if allowed:                                          # no die rolled; the token completes it
        s = act(e, s, "EXORCISE", 10)
        assert dump(e, s)["forced"]["tao"] == ["yellow"] * 3
        assert legal_in(e, s, "OUTCOME") == [0, 1]


# -- 16.19 corner targets -----------------------------------------------------------------------------
@pytest.mark.parametrize("mode, singles", [("chosen", [2, 9]), ("both", [])])
def test_corner_targets__s16_19(mode, singles):
    d = {"boards": {"yellow": {"spaces": [None, None, {"ghost": "Ghoul"}],
                               "taoist": {"tile": "Circle of Prayer"}},
                    "blue": {"spaces": [{"ghost": "Drowned Maiden"}, None, None]}}, "at": "yang"}
    e, s = build(d, corner_targets=mode)
    s = act(e, s, "MOVE", 0)
    assert legal_in(e, s, "EXORCISE") == singles
    assert legal_in(e, s, "EXORCISE_BOTH") == [0]


# -- 16.10 / 16.16 order of the middle stones ---------------------------------------------------------
@pytest.mark.parametrize("board, order, haunted", [
    ("yellow", "left_to_right", "Cemetery"), ("yellow", "right_to_left", "Circle of Prayer"),
    ("red", "left_to_right", "Tea House"), ("red", "right_to_left", "Cemetery")])
def test_middle_stone_order__s16_10(board, order, haunted):
    # Two tormentors on the board's spaces 1 and 3 (as seen from its seat): the first to roll
    # gets the haunt face and haunts its own line; the second rolls a blank.
    spaces = [{"ghost": "Lich"}, None, {"ghost": "Raging One"}]
    d = {"boards": {board: {"spaces": spaces}}, "turn": {"active": board},
         "forced": {"curse": ["haunt", "blank"]}, "deck": ["Ghoul", "Skinner"]}
    e, s = build(d, middle_stone_order=order)
    assert dump(e, s)["haunted"] == [haunted]


def test_middle_stone_order_haunters_before_tormentors__s16_10():
    # Right to left, the tormentor (space 3) would come first; the haunter (space 1) still acts
    # before it, and its haunt makes the 3rd tile: the tormentor never rolls.
    spaces = [{"ghost": "Ghoul", "haunter": 1}, None, {"ghost": "Lich"}]
    d = {"boards": {"yellow": {"spaces": spaces}}, "haunted": ["Tea House", "Night Watchman's Beat"],
         "forced": {"curse": ["lose 1 Qi"]}}
    e, s = build(d, middle_stone_order="right_to_left")
    out = dump(e, s)
    assert out["status"]["loss_reason"] == "haunted tiles" and out["boards"]["yellow"]["qi"] == 3


# -- 16.17 death in one's own Yin phase --------------------------------------------------------------
@pytest.mark.parametrize("skips, place_on_yellows_turn", [(True, False), (False, True)])
def test_dead_in_own_yin_skips_arrival__s16_17(skips, place_on_yellows_turn):
    d = {"boards": {"yellow": {"qi": 1, "spaces": [{"ghost": "Lich"}, None, None]}},
         "forced": {"curse": ["lose 1 Qi"]}, "deck": ["Skinner", "Reaper"]}
    e, s = build(d, dead_in_own_yin_skips_arrival=skips)
    out = dump(e, s)
    assert out["boards"]["yellow"]["qi"] == 0
    assert decision(e, s) == "PLACE" and out["drawn"] == [34]
    assert (out["turn"]["active"] == "yellow") == place_on_yellows_turn
    if place_on_yellows_turn:                            # the ghost arrives, but no Yang phase
        s = act(e, s, "CHOOSE_SPACE", 3)
        assert dump(e, s)["turn"]["active"] == "red"


# -- 1 haunting figurines -------------------------------------------------------------------------------
@pytest.mark.parametrize("cap, figurine", [(None, 0), (1, None)])
def test_haunter_figurines__s1(cap, figurine):
    d = {"boards": {"red": {"spaces": [{"ghost": "Skinner", "haunter": 0}, None, None]}},
         "deck": ["Ghoul", "Reaper", "Walking Corpse"]}
    e, s = build(d, haunter_figurines=cap)
    s = act(e, s, "CHOOSE_SPACE", 0)
    assert dump(e, s)["boards"]["yellow"]["spaces"][0]["haunter"] == figurine


def test_haunter_figurines_a_haunter_without_one_never_haunts__s1():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": None}, None, None]}},
         "deck": ["Skinner", "Reaper"]}
    e, s = build(d, haunter_figurines=1)
    out = dump(e, s)
    assert out["haunted"] == [] and out["boards"]["yellow"]["spaces"][0]["haunter"] is None


# -- 16.11 Grave Walker's drain ------------------------------------------------------------------------
@pytest.mark.parametrize("target, yellow_qi, red_qi", [("board_owner", 4, 2), ("active", 3, 3)])
def test_qi_drain_target__s16_11(target, yellow_qi, red_qi):
    # The Tea House brings Grave Walker in while yellow's own board is full: it goes to red's.
    full = [{"ghost": n} for n in ("Walking Corpse", "Yellow Plague", "Zombie #6")]
    d = {"boards": {"yellow": {"spaces": full, "taoist": {"tile": "Tea House"}}},
         "at": "yang", "deck": ["Grave Walker", "Ghoul"]}
    e, s = build(d, qi_drain_target=target)
    s = act(e, s, "MOVE", 8)
    s = act(e, s, "HELP")
    s = act(e, s, "CHOOSE_COLOUR", 1)
    assert legal_in(e, s, "CHOOSE_SPACE") == list(range(3, 12))
    s = act(e, s, "CHOOSE_SPACE", 3)
    qi = {c: b["qi"] for c, b in dump(e, s)["boards"].items()}
    assert (qi["yellow"], qi["red"]) == (yellow_qi, red_qi)


# -- 16.12 deck exhaustion -------------------------------------------------------------------------------
@pytest.mark.parametrize("mode, deck, lost", [
    ("on_last_draw", ["Ghoul"], True), ("on_empty_draw", ["Ghoul"], False),
    ("on_empty_draw", [], True), ("on_last_draw", ["Ghoul", "Skinner"], False)])
def test_deck_exhaustion__s16_12(mode, deck, lost):
    e, s = build({"deck": deck}, deck_exhaustion=mode)
    out = dump(e, s)
    assert out["status"]["terminated"] == lost
    assert out["status"]["loss_reason"] == ("deck exhausted" if lost else "")
    if not lost:
        assert decision(e, s) == "PLACE"                 # the card arrives
