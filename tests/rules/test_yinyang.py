"""rules §8: the Yin-Yang token (and the section 4 line "spent before or after any Yang
step, never inside one"; its recovery by the rewards of section 5).

Default scenario: seats north yellow, east red, south green, west blue; tile id t at position t;
Taoists on the centre (the Herbalist's Shop) holding their Yin-Yang. North space 1 faces the
Buddhist Temple.
"""

import pytest

from ghoststories_env import cards as C
from helpers import act, build, decision, dump, legal_in

ALL_TILES = list(range(9))
# Villagers who can act on an empty table (no ghost, nobody dead, nothing haunted): the Circle, the
# Temple, the Herbalist, the Pavilion (another Taoist to move) and the Tea House. The others are not
# offered (a help that can act, rules §7): the Cemetery, Altar, Sorcerer and Night Watchman.
CAN_ACT = [C.CIRCLE, C.TEMPLE, C.HERBALIST, C.PAVILION, C.TEA_HOUSE]


def yinyang_moves(e, s):
    return legal_in(e, s, "YINYANG_HELP") + legal_in(e, s, "YINYANG_UNHAUNT")


def test_yinyang_helps_from_any_active_tile_and_frees_any_haunted_one__s8():
    e, s = build({"at": "yang", "haunted": ["Cemetery", "Tea House"]})
    active = [p for p in ALL_TILES if p not in (C.CEMETERY, C.TEA_HOUSE)]
    can_act = [p for p in active if p not in (C.SORCERER, C.NIGHT_WATCH)]   # no ghost in play
    assert legal_in(e, s, "YINYANG_HELP") == can_act
    assert legal_in(e, s, "YINYANG_UNHAUNT") == [C.CEMETERY, C.TEA_HOUSE]


def test_yinyang_help_needs_no_standing_on_the_tile__s8():
    e, s = build({"at": "yang"})
    s = act(e, s, "YINYANG_HELP", C.TEMPLE)
    out = dump(e, s)
    yellow = out["boards"]["yellow"]["taoist"]
    assert yellow["buddhas"] == 1 and out["temple_buddhas"] == 1     # the Temple's help
    assert yellow["tile"] == "Herbalist's Shop" and yellow["yinyang"] is False
    assert decision(e, s) == "YANG" and legal_in(e, s, "MOVE") == ALL_TILES   # still before moving


def test_yinyang_turns_a_haunted_tile_back_to_active__s8():
    e, s = build({"at": "yang", "haunted": ["Cemetery", "Tea House"]})
    out = dump(e, act(e, s, "YINYANG_UNHAUNT", C.TEA_HOUSE))
    assert out["haunted"] == ["Cemetery"]
    assert out["boards"]["yellow"]["taoist"]["yinyang"] is False


@pytest.mark.parametrize("spend", ["YINYANG_HELP", "YINYANG_UNHAUNT"])
def test_yinyang_is_spent_once_and_gone_for_the_rest_of_the_turn__s8(spend):
    # an old Buddha to place keeps a choice open after step 2
    e, s = build({"at": "yang", "haunted": ["Tea House"],
                  "boards": {"yellow": {"taoist": {"buddhas": 1}}}})
    s = act(e, s, spend, C.TEA_HOUSE if spend == "YINYANG_UNHAUNT" else C.CIRCLE)
    if spend == "YINYANG_HELP":
        s = act(e, s, "CHOOSE_COLOUR", C.RED)
    assert yinyang_moves(e, s) == []
    s = act(e, s, "MOVE", C.TEMPLE)
    assert yinyang_moves(e, s) == []
    s = act(e, s, "HELP")
    assert decision(e, s) == "YANG" and yinyang_moves(e, s) == []


def test_yinyang_is_an_extra_action_on_top_of_step_2__s8():
    e, s = build({"at": "yang", "boards": {"yellow": {"taoist": {"tao": {}}}},
                  "forced": {"tao": ["red", "blue"]}})
    s = act(e, s, "MOVE", C.HERBALIST)
    s = act(e, s, "YINYANG_HELP", C.TEMPLE)               # between steps 1 and 2
    assert legal_in(e, s, "HELP") == [0]                  # step 2 is still to come
    out = dump(e, act(e, s, "HELP"))
    assert out["boards"]["yellow"]["taoist"]["buddhas"] == 1
    assert out["boards"]["yellow"]["taoist"]["tao"] == {"red": 1, "blue": 1}


def test_yinyang_may_follow_step_2_and_step_3__s8():
    e, s = build({"at": "yang", "boards": {"yellow": {"taoist": {"buddhas": 1}}}})
    s = act(e, act(e, s, "MOVE", C.TEMPLE), "HELP")       # step 2: a second Buddha
    no_buddha_left = [p for p in CAN_ACT if p != C.TEMPLE]
    assert legal_in(e, s, "YINYANG_HELP") == no_buddha_left
    s = act(e, s, "BUDDHA", 1)                            # step 3
    assert legal_in(e, s, "YINYANG_HELP") == no_buddha_left
    s = act(e, s, "YINYANG_HELP", C.CIRCLE)
    assert decision(e, s) == "CIRCLE_COLOUR"
    assert dump(e, s)["boards"]["yellow"]["taoist"]["yinyang"] is False


def test_yinyang_never_inside_a_step__s8():
    e, s = build({"at": "yang", "deck": ["Ghoul", "Walking Corpse"],
                  "boards": {"yellow": {"spaces": [None, {"ghost": "Restless Dead"}, None]}},
                  "forced": {"tao": ["yellow", "green", "green"]}})
    in_help = act(e, act(e, s, "MOVE", C.CIRCLE), "HELP")
    assert decision(e, in_help) == "CIRCLE_COLOUR" and yinyang_moves(e, in_help) == []
    in_help = act(e, act(e, s, "MOVE", C.TEA_HOUSE), "HELP")
    assert decision(e, in_help) == "TAKE_TAO" and yinyang_moves(e, in_help) == []
    placing = act(e, in_help, "CHOOSE_COLOUR", C.RED)
    assert decision(e, placing) == "PLACE" and yinyang_moves(e, placing) == []
    # an exorcism that the tokens could complete asks whether to spend them: still inside step 2
    exo = act(e, act(e, s, "MOVE", C.TEMPLE), "EXORCISE", 1)
    assert decision(e, exo) == "EXO_CHOOSE" and yinyang_moves(e, exo) == []


def _grave_walker_facing_the_temple():
    """Yellow can exorcise Grave Walker (black 2, reward: 1 Qi or his spent Yin-Yang) from the
    Temple with two black faces."""
    return {"at": "yang", "haunted": ["Cemetery", "Tea House"],
            "boards": {"yellow": {"spaces": [None, {"ghost": "Grave Walker"}, None]}},
            "forced": {"tao": ["black", "black", "red"]}}


def test_yinyang_recovered_by_a_reward_is_usable_again_the_same_turn__s8():
    e, s = build(_grave_walker_facing_the_temple())
    s = act(e, s, "YINYANG_UNHAUNT", C.TEA_HOUSE)
    s = act(e, act(e, s, "MOVE", C.TEMPLE), "EXORCISE", 1)
    assert decision(e, s) == "REWARD_QI_YY"
    s = act(e, s, "TAKE_YINYANG")
    assert legal_in(e, s, "YINYANG_UNHAUNT") == [C.CEMETERY]
    out = dump(e, act(e, s, "YINYANG_UNHAUNT", C.CEMETERY))
    assert out["haunted"] == []


def test_reward_yinyang_only_when_spent__s8():
    # Still holding it, the Qi-or-Yin-Yang reward can only be the Qi (taken at once).
    e, s = build(_grave_walker_facing_the_temple())
    out = dump(e, act(e, act(e, s, "MOVE", C.TEMPLE), "EXORCISE", 1))
    assert out["boards"]["yellow"]["qi"] == 4
    assert out["boards"]["yellow"]["taoist"]["yinyang"] is True


def test_yinyang_recovered_by_an_incarnation_reward__s8():
    # Howling Nightmare (black 3) with the space across the village empty; another incarnation is
    # still in the deck, so the game goes on. Only yellow has spent his Yin-Yang: it goes to him.
    e, s = build({"at": "yang", "haunted": ["Tea House"],
                  "boards": {"yellow": {"spaces": [None, {"ghost": "Howling Nightmare"}, None]}},
                  "deck": ["Ghoul", "Vampire Lord", "Walking Corpse"],
                  "forced": {"tao": ["black", "black", "black"]}})
    s = act(e, s, "YINYANG_UNHAUNT", C.TEA_HOUSE)
    s = act(e, act(e, s, "MOVE", C.TEMPLE), "EXORCISE", 1)
    assert decision(e, s) == "INC_QI"
    s = act(e, s, "CHOOSE_TAOIST", 1)
    out = dump(e, s)
    assert out["boards"]["yellow"]["taoist"]["yinyang"] is True
    assert legal_in(e, s, "YINYANG_HELP") == CAN_ACT
