"""rules §7, 8 and 9: a legal action must do something. A villager is asked (standing on
his tile, or with the Yin-Yang) only when his help can act; the Dance of the Twin Winds offers only
tiles that move the Taoist. The Temple, Cemetery, Altar, Sorcerer and Night Watchman cases are in
test_village_tiles*.py and test_yinyang.py; here the supply-bound ones and the Pavilion.

Default scenario: seats north yellow, east red, south green, west blue; tile t at position t;
yellow active at his Yang phase on the central tile (the Herbalist's Shop).
"""

import pytest

from ghoststories_env import cards as C
from helpers import act, build, legal_in, short_supply

NO_TAO = {"yellow": 0, "red": 0, "green": 0, "blue": 0, "black": 0}


def offered(e, s, pos) -> bool:
    """Yellow moves to ``pos``: may he ask its villager for help? (and with the Yin-Yang?)"""
    by_yinyang = pos in legal_in(e, s, "YINYANG_HELP")
    by_step = legal_in(e, act(e, s, "MOVE", pos), "HELP") == [0]
    assert by_yinyang == by_step
    return by_step


@pytest.mark.parametrize("left, can", [("black", False), ("red", True)])
def test_circle_needs_a_colour_it_does_not_hold_yet__s7(left, can):
    # the black token lies on the Circle; the supply holds only ``left`` tokens
    supply = {**NO_TAO, left: 1 if left != "black" else 0}
    e, s = build(short_supply({"at": "yang", "circle": "black", "supply": {"tao": supply}}))
    assert offered(e, s, C.CIRCLE) == can


@pytest.mark.parametrize("tao, can", [(NO_TAO, False), ({**NO_TAO, "green": 1}, True)])
def test_herbalist_needs_a_token_in_the_supply__s1_s7(tao, can):
    e, s = build(short_supply({"at": "yang", "supply": {"tao": tao}}))
    assert offered(e, s, C.HERBALIST) == can


def test_herbalist_needs_a_die_to_roll__s7_s16_8():
    # two captors in play and switch 16.8 on: the Herbalist has no die left
    ghosts = [{"ghost": "Repellent Beauty"}, {"ghost": "Severed Heads #47"}, None]
    d = {"at": "yang", "boards": {"green": {"spaces": ghosts}}}
    e, s = build(d, captured_dice_affect_herbalist=True)
    assert not offered(e, s, C.HERBALIST)
    e, s = build(d)
    assert offered(e, s, C.HERBALIST)


@pytest.mark.parametrize("qi, tao, can", [(0, NO_TAO, False), (1, NO_TAO, True),
                                          (0, {**NO_TAO, "red": 1}, True)])
def test_tea_house_needs_a_token_or_a_qi_in_the_supply__s7(qi, tao, can):
    # with neither, the help would only bring a ghost
    e, s = build(short_supply({"at": "yang", "supply": {"qi": qi, "tao": tao}}))
    assert offered(e, s, C.TEA_HOUSE) == can


@pytest.mark.parametrize("ghost, can", [(None, False), ("Ghoul", True)])
def test_pavilion_needs_a_ghost_to_move_or_another_taoist__s7(ghost, can):
    # red, the other Taoist, is dead: only a ghost can be moved
    d = {"at": "yang", "boards": {"red": {"qi": 0}, "green": {"spaces": [{"ghost": ghost}, None, None]}}}
    e, s = build(d, num_players=2)
    assert offered(e, s, C.PAVILION) == can


def test_twin_winds_offer_only_tiles_that_move_the_taoist__s9():
    e, s = build({"at": "yang", "turn": {"active": "red"},
                  "boards": {"red": {"power": "Dance of the Twin Winds"},
                             "yellow": {"taoist": {"tile": "Cemetery"}}}})
    s = act(e, s, "TWIN_WINDS", 0)
    assert legal_in(e, s, "CHOOSE_TILE") == [1, 4, 5]        # the Cemetery's neighbours, not it
