"""rules §9: the green Taoist powers, The Gods' Favorite (rerolls) and Strength of the
Mountain (grey die, no Curse die of his own), with the section 7 Herbalist note (the grey die is
exorcism-only) and the section 11 exception (rolls taken for a possessed board are never skipped).

Default scenario: seats north yellow, east red, south green (The Gods' Favorite), west blue; tile
id t at position t; Taoists on the centre. South space 1 (space 7) faces the Pavilion, north space
1 the Buddhist Temple. REROLL offset = bit set of the dice to reroll (bit 0 = first die).
"""

import pytest

from ghoststories_env import cards as C
from helpers import act, build, decision, dump, legal_in

MOUNTAIN = "Strength of the Mountain"


def _green(card, power="The Gods' Favorite", tao=None, **kw):
    """Green's Yang phase at the Pavilion, facing ``card`` on south space 1 (space 7)."""
    d = {"at": "yang", "turn": {"active": "green"},
         "boards": {"green": {"power": power, "taoist": {"tao": tao or {}},
                              "spaces": [None, {"ghost": card}, None]}}, **kw}
    e, s = build(d)
    return e, act(e, s, "MOVE", C.PAVILION)


def green_space_1(e, s):
    return dump(e, s)["boards"]["green"]["spaces"][1]


# -- The Gods' Favorite ----------------------------------------------------------------------------

def test_gods_favorite_rerolls_a_chosen_subset_of_the_exorcism_dice_once__s9():
    # Wicked One: green 3; one green token. Rerolling dice 1 and 3 (not die 2) gives two greens.
    e, s = _green("Wicked One #30", tao={"green": 1},
                  forced={"tao": ["red", "green", "blue", "green", "yellow"]})
    s = act(e, s, "EXORCISE", 7)
    assert decision(e, s) == "EXO_REROLL"
    assert dump(e, s)["dice"] == ["red", "green", "blue"]
    assert legal_in(e, s, "REROLL") == list(range(8))      # every subset of the 3 dice
    s = act(e, s, "REROLL", 0b101)
    assert decision(e, s) == "EXO_CHOOSE"                  # no second reroll
    assert dump(e, s)["dice"] == ["green", "green", "yellow"]


def test_gods_favorite_may_keep_every_die__s9():
    e, s = _green("Wicked One #30", forced={"tao": ["red", "green", "blue", "green", "green"]})
    s = act(e, act(e, s, "EXORCISE", 7), "REROLL", 0)
    assert green_space_1(e, s)["ghost"] == 30              # red, green, blue kept: not enough
    assert dump(e, s)["forced"]["tao"] == ["green", "green"]


def test_gods_favorite_rerolls_the_herbalist_dice__s7_s9():
    e, s = build({"at": "yang", "turn": {"active": "green"},
                  "boards": {"green": {"taoist": {"tao": {}}}},
                  "forced": {"tao": ["red", "red", "blue"]}})
    s = act(e, act(e, s, "MOVE", C.HERBALIST), "HELP")
    assert decision(e, s) == "HERB_REROLL"
    assert legal_in(e, s, "REROLL") == [0, 1, 2, 3]        # subsets of the 2 dice
    s = act(e, s, "REROLL", 0b10)
    assert dump(e, s)["boards"]["green"]["taoist"]["tao"] == {"red": 1, "blue": 1}


@pytest.mark.parametrize("reroll, qi, tao", [
    (0, 2, {"yellow": 1}),                 # keep "lose 1 Qi"
    (1, 3, {}),                            # reroll: "lose Tao tokens" must be kept
])
def test_gods_favorite_may_reroll_the_curse_die_once__s9(reroll, qi, tao):
    # Rotten Soul (green 2) carries a curse; two green faces exorcise it.
    e, s = _green("Rotten Soul #28", tao={"yellow": 1}, forced={
        "tao": ["green", "green", "red"], "curse": ["lose 1 Qi", "lose Tao tokens"]})
    s = act(e, act(e, s, "EXORCISE", 7), "REROLL", 0)
    assert decision(e, s) == "CURSE_REROLL"
    assert legal_in(e, s, "REROLL") == [0, 1]
    s = act(e, s, "REROLL", reroll)
    out = dump(e, s)
    assert out["boards"]["green"]["qi"] == qi and out["boards"]["green"]["taoist"]["tao"] == tao
    assert decision(e, s) == "YANG"


def test_gods_favorite_is_not_offered_a_blank_curse_face__s9():
    # engine choice (harm.py): rerolling a blank face could only make it worse
    e, s = _green("Rotten Soul #28", forced={"tao": ["green", "green", "red"], "curse": ["blank"]})
    s = act(e, act(e, s, "EXORCISE", 7), "REROLL", 0)
    assert decision(e, s) == "YANG" and dump(e, s)["forced"]["curse"] == []


def test_only_the_gods_favorite_rerolls__s9():
    e, s = _green("Wicked One #30", power=MOUNTAIN, tao={"green": 3},
                  forced={"tao": ["red", "blue", "blue", "yellow"]})
    assert decision(e, act(e, s, "EXORCISE", 7)) == "EXO_CHOOSE"


# -- Strength of the Mountain ----------------------------------------------------------------------

@pytest.mark.parametrize("power, exorcised, left", [
    (MOUNTAIN, True, ["yellow"]),                          # the grey die is the fourth face
    ("The Gods' Favorite", False, ["green", "yellow"]),
])
def test_mountain_rolls_the_grey_fourth_die_in_exorcisms__s9(power, exorcised, left):
    e, s = _green("Wicked One #30", power=power,
                  forced={"tao": ["green", "green", "red", "green", "yellow"]})
    s = act(e, s, "EXORCISE", 7)
    if decision(e, s) == "EXO_REROLL":
        s = act(e, s, "REROLL", 0)
    assert (green_space_1(e, s) is None) == exorcised
    assert dump(e, s)["forced"]["tao"] == left


def test_mountain_grey_die_is_not_rolled_at_the_herbalist__s7_s9():
    e, s = build({"at": "yang", "turn": {"active": "green"},
                  "boards": {"green": {"power": MOUNTAIN, "taoist": {"tao": {}}}},
                  "forced": {"tao": ["red", "blue", "yellow"]}})
    out = dump(e, act(e, act(e, s, "MOVE", C.HERBALIST), "HELP"))
    assert out["boards"]["green"]["taoist"]["tao"] == {"red": 1, "blue": 1}
    assert out["forced"]["tao"] == ["yellow"]


def test_mountain_skips_the_curse_of_a_ghost_he_exorcises__s9():
    e, s = _green("Rotten Soul #28", power=MOUNTAIN,
                  forced={"tao": ["green", "green", "red", "red"], "curse": ["lose 1 Qi"]})
    out = dump(e, act(e, s, "EXORCISE", 7))
    assert out["boards"]["green"]["spaces"][1] is None
    assert out["boards"]["green"]["qi"] == 3 and out["forced"]["curse"] == [C.CURSE_QI]


def test_mountain_skips_his_own_tormentor_rolls__s9():
    e, s = build({"turn": {"active": "green"}, "deck": ["Ghoul", "Walking Corpse"],
                  "forced": {"curse": ["lose 1 Qi"]},
                  "boards": {"green": {"power": MOUNTAIN,
                                       "spaces": [{"ghost": "Great Putrid"}, None, None]}}})
    out = dump(e, s)
    assert decision(e, s) == "PLACE"                       # the Yin phase reached its arrival
    assert out["boards"]["green"]["qi"] == 3 and out["forced"]["curse"] == [C.CURSE_QI]


def test_mountain_skips_the_cemetery_curse__s9():
    e, s = build({"at": "yang", "turn": {"active": "green"}, "forced": {"curse": ["haunt"]},
                  "boards": {"green": {"power": MOUNTAIN}, "red": {"qi": 0}}})
    out = dump(e, act(e, act(e, s, "MOVE", C.CEMETERY), "HELP"))
    assert out["boards"]["red"]["qi"] == 2
    assert out["haunted"] == [] and out["forced"]["curse"] == [C.CURSE_HAUNT]


def test_mountain_rolls_the_curse_die_for_a_possessed_board__s9_s11():
    # Red is dead; his board's tormentor rolls in his turn and green volunteers to take it.
    e, s = build({"turn": {"active": "red"}, "forced": {"curse": ["lose 1 Qi"]},
                  "deck": ["Ghoul", "Walking Corpse"],
                  "boards": {"red": {"qi": 0, "spaces": [{"ghost": "Raging One"}, None, None]},
                             "green": {"power": MOUNTAIN}}})
    assert decision(e, s) == "ABSORB"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [0, 2, 3]
    out = dump(e, act(e, s, "CHOOSE_TAOIST", 2))
    assert out["boards"]["green"]["qi"] == 2 and out["forced"]["curse"] == []
