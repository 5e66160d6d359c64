"""rules §7: the villagers' help (Circle of Prayer, Buddhist Temple, Cemetery, Taoist
Altar, Herbalist's Shop, Tea House; the tiles that move things are in
test_village_tiles_movers.py), and the section 4 condition that only an active tile helps.

Default scenario: seats north yellow, east red, south green, west blue; the village tiles in id
order, so the tile with id t stands at position t (cards.CIRCLE == 0 ... cards.TEA_HOUSE == 8, the
Herbalist in the centre). Every tile is one step from the centre, where the Taoists start. North
space k faces column 2 - k: space 1 faces the Buddhist Temple.
"""

import pytest

from ghoststories_env import cards as C
from helpers import act, build, decision, dump, legal_in, short_supply


def help_at(e, s, pos):
    """The active Taoist steps from the centre to ``pos`` and asks its villager for help."""
    return act(e, act(e, s, "MOVE", pos), "HELP")


def help_offered(e, s, pos) -> bool:
    """The active Taoist steps from the centre to ``pos``: may he ask its villager for help?"""
    return legal_in(e, act(e, s, "MOVE", pos), "HELP") == [0]


def taoist(out, colour="yellow"):
    return out["boards"][colour]["taoist"]


# -- any tile: it must be active (rules §4, step 2) ----------------------------------------------

def test_only_an_active_tile_helps__s7():
    e, s = build({"at": "yang", "haunted": ["Buddhist Temple"]})
    assert legal_in(e, act(e, s, "MOVE", C.TEMPLE), "HELP") == []
    assert legal_in(e, act(e, s, "MOVE", C.TEA_HOUSE), "HELP") == [0]


# -- Circle of Prayer ------------------------------------------------------------------------------

def test_circle_takes_a_token_of_any_colour_left_in_the_supply__s7():
    supply = {"yellow": 1, "red": 0, "green": 2, "blue": 1, "black": 4}
    e, s = build(short_supply({"at": "yang", "supply": {"tao": supply}}))
    s = help_at(e, s, C.CIRCLE)
    assert decision(e, s) == "CIRCLE_COLOUR"
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.YELLOW, C.GREEN, C.BLUE, C.BLACK]
    out = dump(e, act(e, s, "CHOOSE_COLOUR", C.BLACK))
    assert out["circle"] == "black"
    assert out["supply"]["tao"]["black"] == 3


def test_circle_swaps_the_token_there_back_to_the_supply__s7():
    e, s = build({"at": "yang", "circle": "red"})
    s = help_at(e, s, C.CIRCLE)
    before = dump(e, s)["supply"]["tao"]
    # the token already there is no option: swapping it for itself changes nothing
    assert C.RED not in legal_in(e, s, "CHOOSE_COLOUR")
    out = dump(e, act(e, s, "CHOOSE_COLOUR", C.BLUE))
    assert out["circle"] == "blue"
    assert out["supply"]["tao"]["red"] == before["red"] + 1
    assert out["supply"]["tao"]["blue"] == before["blue"] - 1


def _red_attacks_restless_dead(circle, haunted=()):
    """Red (not the Taoist who put the token) attacks a yellow ghost of resistance 2 from the
    Temple with one yellow face and no tokens; returns the state after the attempt."""
    return {"at": "yang", "turn": {"active": "red"}, "circle": circle, "haunted": list(haunted),
            "boards": {"yellow": {"spaces": [None, {"ghost": "Restless Dead"}, None]},
                       "red": {"taoist": {"tao": {}}}},
            "forced": {"tao": ["yellow", "green", "green"]}}


@pytest.mark.parametrize("circle, exorcised", [(None, False), ("red", False), ("yellow", True)])
def test_circle_colour_has_resistance_minus_1_for_every_taoist__s7(circle, exorcised):
    e, s = build(_red_attacks_restless_dead(circle))
    s = act(e, act(e, s, "MOVE", C.TEMPLE), "EXORCISE", 1)
    assert (dump(e, s)["boards"]["yellow"]["spaces"][1] is None) == exorcised


@pytest.mark.parametrize("switch, exorcised", [("keeps_bonus", True), ("suspended", False)])
def test_circle_bonus_while_its_tile_is_haunted_follows_switch_16_13__s7(switch, exorcised):
    e, s = build(_red_attacks_restless_dead("yellow", ["Circle of Prayer"]),
                 circle_when_haunted=switch)
    s = act(e, act(e, s, "MOVE", C.TEMPLE), "EXORCISE", 1)
    assert (dump(e, s)["boards"]["yellow"]["spaces"][1] is None) == exorcised


# -- Buddhist Temple -------------------------------------------------------------------------------

def test_temple_gives_one_of_its_buddhas__s7():
    e, s = build({"at": "yang"})
    out = dump(e, help_at(e, s, C.TEMPLE))
    assert out["temple_buddhas"] == 1
    assert taoist(out)["buddhas"] == 1


def test_temple_without_buddhas_is_not_offered__s7():
    # rules §7 "take one of the Buddhas lying on the Temple (if any)": with none, nothing to do
    e, s = build({"at": "yang", "boards": {"red": {"taoist": {"buddhas": 2}}}})
    assert not help_offered(e, s, C.TEMPLE)
    e, s = build({"at": "yang", "boards": {"red": {"taoist": {"buddhas": 1}}}})
    assert help_offered(e, s, C.TEMPLE)


def test_a_taoist_may_hold_both_buddhas__s7():
    e, s = build({"at": "yang", "boards": {"yellow": {"taoist": {"buddhas": 1}}}})
    out = dump(e, help_at(e, s, C.TEMPLE))
    assert taoist(out)["buddhas"] == 2 and out["temple_buddhas"] == 0


def test_temple_buddha_is_placed_from_the_next_turn_at_step_3__s7():
    # Solo, so the Taoist's next turn follows the three neutral boards' (rules §13).
    e, s = build({"at": "yang", "deck": ["Ghoul", "Walking Corpse", "Zombie #6"]}, num_players=1)
    s = help_at(e, s, C.TEMPLE)
    assert decision(e, s) == "YANG"
    assert legal_in(e, s, "BUDDHA") == []                 # taken this turn: not yet
    s = act(e, s, "PASS")                                 # end of the turn
    assert decision(e, s) == "PLACE"                      # the next turn's arrival: the Ghoul
    s = act(e, s, "CHOOSE_SPACE", 0)
    s = act(e, s, "MOVE", C.TEMPLE)
    assert legal_in(e, s, "BUDDHA") == []                 # step 1 done, step 2 not yet
    s = act(e, s, "PASS")
    assert legal_in(e, s, "BUDDHA") == [1]                # step 3: the empty space the Temple faces
    out = dump(e, act(e, s, "BUDDHA", 1))
    assert out["boards"]["yellow"]["spaces"][1] == {"ghost": None, "buddha": True}
    assert taoist(out)["buddhas"] == 0


# -- Cemetery --------------------------------------------------------------------------------------

def test_cemetery_revives_a_dead_taoist_on_the_cemetery_with_2_qi_only__s7():
    e, s = build({"at": "yang", "boards": {"red": {"qi": 0}}, "forced": {"curse": ["blank"]}})
    qi_supply = dump(e, s)["supply"]["qi"]
    out = dump(e, help_at(e, s, C.CEMETERY))
    red = out["boards"]["red"]
    assert red["qi"] == 2 and out["supply"]["qi"] == qi_supply - 2
    assert red["taoist"]["tile"] == "Cemetery"
    assert red["taoist"]["tao"] == {} and red["taoist"]["yinyang"] is False
    assert out["forced"]["curse"] == []                   # then the Curse die was rolled


def test_cemetery_offers_every_dead_taoist__s7():
    e, s = build({"at": "yang", "boards": {"red": {"qi": 0}, "green": {"qi": 0}},
                  "forced": {"curse": ["blank"]}})
    s = help_at(e, s, C.CEMETERY)
    assert decision(e, s) == "CEMETERY_PICK"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [1, 2]
    out = dump(e, act(e, s, "CHOOSE_TAOIST", 2))
    assert out["boards"]["green"]["qi"] == 2 and out["boards"]["red"]["qi"] == 0


def test_cemetery_revival_is_limited_by_the_qi_supply__s7():
    e, s = build(short_supply({"at": "yang", "boards": {"red": {"qi": 0}}, "supply": {"qi": 1},
                               "forced": {"curse": ["blank"]}}))
    out = dump(e, help_at(e, s, C.CEMETERY))
    assert out["boards"]["red"]["qi"] == 1 and out["supply"]["qi"] == 0


def test_cemetery_curse_is_suffered_by_the_acting_taoist__s7():
    e, s = build({"at": "yang", "boards": {"red": {"qi": 0}}, "forced": {"curse": ["lose 1 Qi"]}})
    out = dump(e, help_at(e, s, C.CEMETERY))
    assert out["boards"]["yellow"]["qi"] == 2
    assert out["boards"]["red"]["qi"] == 2


def test_cemetery_haunt_face_haunts_the_cemetery_itself__s7():
    e, s = build({"at": "yang", "boards": {"red": {"qi": 0}}, "forced": {"curse": ["haunt"]}})
    assert dump(e, help_at(e, s, C.CEMETERY))["haunted"] == ["Cemetery"]


def test_cemetery_with_no_dead_taoist_is_not_offered__s7():
    # rules §7 "bring one dead Taoist back": nobody to revive, nothing to do
    e, s = build({"at": "yang"})
    assert not help_offered(e, s, C.CEMETERY)
    e, s = build({"at": "yang", "boards": {"red": {"qi": 0}}})
    assert help_offered(e, s, C.CEMETERY)


# -- Taoist Altar ----------------------------------------------------------------------------------

def test_altar_frees_the_haunted_tile_of_your_choice__s7():
    e, s = build({"at": "yang", "haunted": ["Circle of Prayer", "Tea House"],
                  "deck": ["Walking Corpse", "Ghoul"]})
    s = help_at(e, s, C.ALTAR)
    assert decision(e, s) == "ALTAR_PICK"
    assert legal_in(e, s, "CHOOSE_TILE") == [C.CIRCLE, C.TEA_HOUSE]
    assert dump(e, act(e, s, "CHOOSE_TILE", C.TEA_HOUSE))["haunted"] == ["Circle of Prayer"]


def test_altar_frees_the_tile_before_the_ghost_arrives__s7():
    # Normal loses on the 3rd haunted tile; Shapeless Evil haunts on arrival (north space 0: the
    # Cemetery first). Freed first, the village holds 2 haunted tiles, not 3.
    e, s = build({"at": "yang", "haunted": ["Circle of Prayer", "Tea House"],
                  "deck": ["Shapeless Evil", "Ghoul", "Walking Corpse"]})
    s = act(e, help_at(e, s, C.ALTAR), "CHOOSE_TILE", C.TEA_HOUSE)
    assert decision(e, s) == "PLACE"
    out = dump(e, act(e, s, "CHOOSE_SPACE", 0))
    assert out["boards"]["yellow"]["spaces"][0]["ghost"] == 54
    assert sorted(out["haunted"]) == ["Cemetery", "Circle of Prayer"]
    assert not out["status"]["terminated"]


def test_altar_with_no_haunted_tile_is_not_offered__s7():
    # rules §7: with no tile to free, the help would only bring a ghost, a move no player makes
    e, s = build({"at": "yang", "deck": ["Ghoul", "Walking Corpse"]})
    assert not help_offered(e, s, C.ALTAR)
    e, s = build({"at": "yang", "haunted": ["Tea House"], "deck": ["Ghoul", "Walking Corpse"]})
    assert help_offered(e, s, C.ALTAR)


# -- Herbalist's Shop ------------------------------------------------------------------------------

def _herbalist(faces, supply=None, **config):
    d = {"at": "yang", "boards": {"yellow": {"taoist": {"tao": {}}}}, "forced": {"tao": faces}}
    if supply is not None:
        d["supply"] = {"tao": supply}
    e, s = build(d if supply is None else short_supply(d, **config), **config)
    return e, help_at(e, s, C.HERBALIST)


@pytest.mark.parametrize("faces, gained", [
    (["red", "blue"], {"red": 1, "blue": 1}),
    (["green", "green"], {"green": 2}),
    (["black", "yellow"], {"yellow": 1, "black": 1}),
])
def test_herbalist_gives_one_token_per_colour_rolled_on_2_dice__s7(faces, gained):
    e, s = build({"at": "yang", "boards": {"yellow": {"taoist": {"tao": {}}}},
                  "forced": {"tao": faces + ["red"]}})
    before = dump(e, s)["supply"]["tao"]
    out = dump(e, help_at(e, s, C.HERBALIST))
    assert taoist(out)["tao"] == gained
    assert out["forced"]["tao"] == ["red"]                # two dice, not three
    for colour, n in gained.items():
        assert out["supply"]["tao"][colour] == before[colour] - n


def test_herbalist_is_limited_by_the_supply__s7():
    e, s = _herbalist(["red", "red"], {"yellow": 4, "red": 1, "green": 3, "blue": 0, "black": 4})
    out = dump(e, s)
    assert taoist(out)["tao"] == {"red": 1} and out["supply"]["tao"]["red"] == 0
    e, s = _herbalist(["blue", "green"], {"yellow": 4, "red": 1, "green": 3, "blue": 0, "black": 4})
    assert taoist(dump(e, s))["tao"] == {"green": 1}


def test_herbalist_white_face_is_a_colour_of_your_choice__s7():
    no_black = {"yellow": 4, "red": 3, "green": 3, "blue": 3, "black": 0}
    e, s = _herbalist(["white", "white"], no_black)
    assert decision(e, s) == "TAKE_TAO"
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.YELLOW, C.RED, C.GREEN, C.BLUE]
    s = act(e, s, "CHOOSE_COLOUR", C.GREEN)
    assert decision(e, s) == "TAKE_TAO"                   # one choice per white face
    s = act(e, s, "CHOOSE_COLOUR", C.BLUE)
    assert taoist(dump(e, s))["tao"] == {"green": 1, "blue": 1}


@pytest.mark.parametrize("switch, gained", [(False, {"red": 1, "blue": 1}), (True, {"red": 1})])
def test_herbalist_rolls_2_dice_despite_a_captured_die_by_default__s7(switch, gained):
    # switch 16.8: captured dice reduce exorcism rolls only, unless captured_dice_affect_herbalist
    e, s = build({"at": "yang", "forced": {"tao": ["red", "blue"]},
                  "boards": {"yellow": {"spaces": [None, {"ghost": "Repellent Beauty"}, None],
                                        "taoist": {"tao": {}}}}},
                 captured_dice_affect_herbalist=switch)
    assert taoist(dump(e, help_at(e, s, C.HERBALIST)))["tao"] == gained


# -- Tea House -------------------------------------------------------------------------------------

def test_tea_house_gives_a_token_of_any_colour_and_1_qi_then_a_ghost__s7():
    e, s = build(short_supply({"at": "yang", "boards": {"yellow": {"taoist": {"tao": {}}}},
                               "supply": {"qi": 8, "tao": {"yellow": 4, "red": 0, "green": 3,
                                                           "blue": 3, "black": 4}},
                               "deck": ["Ghoul", "Walking Corpse"]}))
    s = help_at(e, s, C.TEA_HOUSE)
    assert decision(e, s) == "TAKE_TAO"
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.YELLOW, C.GREEN, C.BLUE, C.BLACK]
    s = act(e, s, "CHOOSE_COLOUR", C.BLACK)
    out = dump(e, s)
    assert taoist(out)["tao"] == {"black": 1} and out["supply"]["tao"]["black"] == 3
    assert out["boards"]["yellow"]["qi"] == 4 and out["supply"]["qi"] == 7
    assert decision(e, s) == "PLACE" and out["drawn"] == [1]


def test_tea_house_qi_is_limited_by_the_supply__s7():
    e, s = build(short_supply({"at": "yang", "supply": {"qi": 0}, "deck": ["Ghoul", "Walking Corpse"]}))
    s = act(e, help_at(e, s, C.TEA_HOUSE), "CHOOSE_COLOUR", C.RED)
    assert dump(e, s)["boards"]["yellow"]["qi"] == 3


def test_tea_house_gains_come_before_the_ghost__s7():
    # Grave Walker drains 1 Qi from the board it lands on (black: the active board). At 1 Qi the
    # Taoist survives only because the Tea House's Qi came first.
    e, s = build({"at": "yang", "boards": {"yellow": {"qi": 1}},
                  "deck": ["Grave Walker", "Ghoul", "Walking Corpse"]})
    s = act(e, help_at(e, s, C.TEA_HOUSE), "CHOOSE_COLOUR", C.RED)
    out = dump(e, act(e, s, "CHOOSE_SPACE", 0))
    assert out["boards"]["yellow"]["spaces"][0]["ghost"] == 49
    assert out["boards"]["yellow"]["qi"] == 1


def test_tea_house_with_a_full_table_gains_then_loses_1_qi__s4_s7():
    # rules §4: with all 12 spaces full no ghost arrives and the Taoist loses 1 Qi instead.
    cards = iter(range(1, 13))
    boards = {c: {"spaces": [{"ghost": next(cards)} for _ in range(3)]} for c in C.COLOURS[:4]}
    e, s = build({"at": "yang", "boards": boards, "deck": [13, 14]})
    s = act(e, help_at(e, s, C.TEA_HOUSE), "CHOOSE_COLOUR", C.RED)
    out = dump(e, s)
    assert out["boards"]["yellow"]["qi"] == 3 and out["drawn"] == []
    assert taoist(out)["tao"] == {"yellow": 1, "red": 1}
