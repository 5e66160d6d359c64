"""rules §9: the yellow, red and blue Taoist powers (Enfeeblement Mantra, Bottomless
Pockets, Dance of the Twin Winds, Dance of the Peaks, Second Wind, Heavenly Gust) and the return
of a power lost to a ghost. The green powers are in test_powers_green.py.

Default scenario: seats north yellow (Mantra), east red (Twin Winds), south green (Gods' Favorite),
west blue (Second Wind); tile id t at position t; Taoists on the centre. Space g = 3 * seat + k;
north space 1 faces the Buddhist Temple, north space 2 the Circle of Prayer, east space 1 the
Sorcerer's Hut.
"""

import numpy as np
import pytest

from ghoststories_env import cards as C
from ghoststories_env.geometry import STEP
from helpers import act, build, decision, dump, legal_in, short_supply

ALL_TILES = list(range(9))


def one_ghost(k, card, **board):
    """A scenario board holding ``card`` on its space ``k`` (other board keys as given)."""
    return {"spaces": [{"ghost": card} if j == k else None for j in range(3)], **board}


# -- Enfeeblement Mantra ---------------------------------------------------------------------------

def test_mantra_goes_on_any_ghost_in_play_before_moving__s9():
    e, s = build({"at": "yang", "boards": {"yellow": one_ghost(0, "Ghoul"),
                                          "red": one_ghost(1, "Skinner"),
                                          "green": one_ghost(2, "Hope Killer")}})
    assert legal_in(e, s, "MANTRA") == [0, 4, 8]           # any board, incarnations included
    assert legal_in(e, act(e, s, "MOVE", C.HERBALIST), "MANTRA") == []
    s = act(e, s, "MANTRA", 4)
    assert dump(e, s)["mantra"] == {"space": 4, "state": "on_ghost"}
    assert legal_in(e, s, "MANTRA") == [] and legal_in(e, s, "MOVE") == ALL_TILES   # once a turn


def test_mantra_moves_from_its_ghost_to_another__s9():
    e, s = build({"at": "yang", "mantra": {"space": 0, "state": "on_ghost"},
                  "boards": {"yellow": one_ghost(0, "Ghoul"), "red": one_ghost(1, "Skinner")}})
    assert legal_in(e, s, "MANTRA") == [4]
    assert dump(e, act(e, s, "MANTRA", 4))["mantra"] == {"space": 4, "state": "on_ghost"}


@pytest.mark.parametrize("mantra, exorcised", [(None, False), (4, True)])
def test_mantra_ghost_has_resistance_minus_1_whoever_exorcises_it__s9(mantra, exorcised):
    # Red, not the yellow Taoist, attacks Bleeding Eyes (red 2) with one red face and no tokens.
    state = "ready" if mantra is None else "on_ghost"
    e, s = build({"at": "yang", "turn": {"active": "red"},
                  "mantra": {"space": mantra, "state": state},
                  "boards": {"red": one_ghost(1, "Bleeding Eyes", taoist={"tao": {}})},
                  "forced": {"tao": ["red", "green", "green"]}})
    out = dump(e, act(e, act(e, s, "MOVE", C.SORCERER), "EXORCISE", 4))
    assert (out["boards"]["red"]["spaces"][1] is None) == exorcised
    assert out["mantra"]["state"] == ("returning" if exorcised else "ready")   # back when it leaves


def test_mantra_returns_when_its_ghost_leaves_and_works_from_the_next_turn__s9():
    # Solo, so the next turn is the same Taoist's (rules §13). The Yin-Yang lets the Sorcerer
    # discard the Mantra's ghost before the move, while the Mantra could still be used this turn.
    e, s = build({"at": "yang", "mantra": {"space": 0, "state": "on_ghost"},
                  "boards": {"yellow": one_ghost(0, "Ghoul"), "red": one_ghost(0, "Skinner")},
                  "deck": ["Walking Corpse", "Zombie #6", "Zombie #7"]}, num_players=1)
    s = act(e, act(e, s, "YINYANG_HELP", C.SORCERER), "CHOOSE_SPACE", 0)
    assert dump(e, s)["mantra"] == {"space": None, "state": "returning"}
    assert decision(e, s) == "YANG" and legal_in(e, s, "MANTRA") == []
    s = act(e, act(e, act(e, s, "MOVE", C.HERBALIST), "PASS"), "PASS")   # the turn ends
    assert decision(e, s) == "PLACE"                       # next turn: the Walking Corpse arrives
    s = act(e, s, "CHOOSE_SPACE", 1)
    assert dump(e, s)["mantra"]["state"] == "ready"
    assert legal_in(e, s, "MANTRA") == [1, 3]


def test_mantra_is_gone_for_good_once_a_ghost_takes_the_yellow_power__s9():
    # Coffin Breakers #3 arrives on the yellow board: it summons, then switches the power off.
    e, s = build({"mantra": {"space": 3, "state": "on_ghost"},
                  "boards": {"red": one_ghost(0, "Skinner")},
                  "deck": ["Coffin Breakers #3", "Walking Corpse", "Zombie #6", "Zombie #7"]})
    s = act(e, s, "CHOOSE_SPACE", 0)                        # Coffin Breakers
    s = act(e, s, "CHOOSE_SPACE", 1)                        # the Walking Corpse it summons
    assert decision(e, s) == "YANG"
    assert dump(e, s)["mantra"] == {"space": None, "state": "gone"}
    # the ghost leaves and the power is back (Sorcerer by Yin-Yang), but not the token
    s = act(e, act(e, s, "YINYANG_HELP", C.SORCERER), "CHOOSE_SPACE", 0)
    assert dump(e, s)["mantra"]["state"] == "gone"
    assert legal_in(e, s, "MANTRA") == []


def test_mantra_is_gone_for_good_when_forgotten_ones_arrive__s9():
    e, s = build({"mantra": {"space": 3, "state": "on_ghost"},
                  "boards": {"red": one_ghost(0, "Skinner")},
                  "deck": ["Forgotten Ones", "Ghoul", "Walking Corpse"]})
    s = act(e, s, "CHOOSE_SPACE", 0)
    assert dump(e, s)["mantra"] == {"space": None, "state": "gone"}
    assert decision(e, s) == "YANG" and legal_in(e, s, "MANTRA") == []


def test_mantra_is_gone_for_good_when_the_yellow_taoist_dies__s9():
    e, s = build({"at": "yang", "mantra": {"space": 3, "state": "on_ghost"},
                  "boards": {"yellow": one_ghost(0, "Ghoul", qi=1), "red": one_ghost(0, "Skinner")},
                  "deck": ["Walking Corpse", "Zombie #6", "Zombie #7"],
                  "forced": {"curse": ["blank"]}})
    # the Sorcerer discards the Ghoul and costs him his last Qi
    s = act(e, act(e, act(e, s, "MOVE", C.SORCERER), "HELP"), "CHOOSE_SPACE", 0)
    assert dump(e, s)["mantra"] == {"space": None, "state": "gone"}
    # red's turn: the Walking Corpse arrives, then red revives him with the Cemetery's help
    s = act(e, act(e, s, "CHOOSE_SPACE", 1), "YINYANG_HELP", C.CEMETERY)
    out = dump(e, s)
    assert out["boards"]["yellow"]["qi"] == 2 and out["mantra"]["state"] == "gone"


def test_mantra_colour_on_a_multicolour_incarnation_is_chosen_after_the_roll__s9():
    e, s = build({"at": "yang", "mantra": {"space": 1, "state": "on_ghost"},
                  "boards": {"yellow": one_ghost(1, "Hope Killer")},
                  "forced": {"tao": ["red", "green", "blue"]}})
    s = act(e, act(e, s, "MOVE", C.TEMPLE), "EXORCISE", 1)
    assert decision(e, s) == "EXO_MANTRA"
    out = dump(e, s)
    assert out["dice"] == ["red", "green", "blue"]        # rolled already
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.YELLOW, C.RED, C.GREEN, C.BLUE]
    out = dump(e, act(e, s, "CHOOSE_COLOUR", C.YELLOW))
    assert out["exorcism"]["need_per_target"][0] == [1, 2, 2, 2, 0]


# -- Bottomless Pockets ----------------------------------------------------------------------------

def test_pockets_takes_a_token_still_in_the_supply_before_moving__s9():
    supply = {"yellow": 3, "red": 3, "green": 3, "blue": 3, "black": 0}
    e, s = build(short_supply({"at": "yang", "supply": {"tao": supply}, "boards": {
        "yellow": {"power": "Bottomless Pockets", "taoist": {"tao": {}}}}}))
    assert legal_in(e, s, "POCKETS") == [C.YELLOW, C.RED, C.GREEN, C.BLUE]
    assert legal_in(e, act(e, s, "MOVE", C.HERBALIST), "POCKETS") == []
    s = act(e, s, "POCKETS", C.RED)
    out = dump(e, s)
    assert out["boards"]["yellow"]["taoist"]["tao"] == {"red": 1}
    assert out["supply"]["tao"]["red"] == 2
    assert legal_in(e, s, "POCKETS") == []                 # once a turn


# -- Dance of the Twin Winds -----------------------------------------------------------------------

def test_twin_winds_moves_another_taoist_one_step_before_his_own_move__s9():
    e, s = build({"at": "yang", "turn": {"active": "red"},
                  "boards": {"blue": {"qi": 0},
                             "yellow": {"taoist": {"tile": "Circle of Prayer"}}}})
    assert legal_in(e, s, "TWIN_WINDS") == [0, 2]          # not himself, not the dead blue
    assert legal_in(e, act(e, s, "MOVE", C.HERBALIST), "TWIN_WINDS") == []
    s = act(e, s, "TWIN_WINDS", 0)
    assert decision(e, s) == "MOVE_TAOIST"
    # one normal step; his own tile is not offered: the power is used to move him
    assert legal_in(e, s, "CHOOSE_TILE") == [t for t in np.flatnonzero(STEP[C.CIRCLE]) if t != C.CIRCLE]
    s = act(e, s, "CHOOSE_TILE", C.TEMPLE)
    assert dump(e, s)["boards"]["yellow"]["taoist"]["tile"] == "Buddhist Temple"
    assert legal_in(e, s, "TWIN_WINDS") == [] and legal_in(e, s, "MOVE") == ALL_TILES


# -- Dance of the Peaks ----------------------------------------------------------------------------

@pytest.mark.parametrize("power, reach", [
    ("Dance of the Peaks", ALL_TILES),
    ("Dance of the Twin Winds", np.flatnonzero(STEP[C.CIRCLE]).tolist()),
])
def test_peaks_moves_to_any_tile__s9(power, reach):
    e, s = build({"at": "yang", "turn": {"active": "red"},
                  "boards": {"red": {"power": power, "taoist": {"tile": "Circle of Prayer"}}}})
    assert legal_in(e, s, "MOVE") == reach


# -- Second Wind -----------------------------------------------------------------------------------

def _blue(power, **kw):
    """Blue at the Temple, facing north space 1, which holds Bleeding Eyes (red 2)."""
    d = {"at": "yang", "turn": {"active": "blue"},
         "boards": {"yellow": one_ghost(1, "Bleeding Eyes"),
                    "blue": {"power": power, "taoist": {"tao": {}}}},
         **kw}
    e, s = build(d)
    return e, act(e, s, "MOVE", C.TEMPLE)


def test_second_wind_asks_the_same_villager_twice__s9():
    e, s = _blue("Second Wind")
    s = act(e, s, "HELP")
    assert legal_in(e, s, "HELP") == [0] and legal_in(e, s, "EXORCISE") == []
    s = act(e, s, "HELP")
    out = dump(e, s)
    assert out["boards"]["blue"]["taoist"]["buddhas"] == 2
    assert decision(e, s) == "YANG"
    assert legal_in(e, s, "HELP") == [] and legal_in(e, s, "EXORCISE") == []


@pytest.mark.parametrize("second_roll, exorcised", [
    (["red", "green", "green"], False),        # one red face again: the first does not carry over
    (["red", "red", "green"], True),
])
def test_second_wind_makes_two_independent_exorcism_attempts__s9(second_roll, exorcised):
    e, s = _blue("Second Wind", forced={"tao": ["red", "green", "green"] + second_roll})
    s = act(e, s, "EXORCISE", 1)
    assert dump(e, s)["boards"]["yellow"]["spaces"][1] is not None
    assert legal_in(e, s, "EXORCISE") == [1] and legal_in(e, s, "HELP") == []
    s = act(e, s, "EXORCISE", 1)
    assert (dump(e, s)["boards"]["yellow"]["spaces"][1] is None) == exorcised
    assert decision(e, s) == "YANG"
    assert legal_in(e, s, "EXORCISE") == [] and legal_in(e, s, "HELP") == []


def test_without_a_blue_power_one_action_only__s4_s9():
    e, s = build({"at": "yang", "boards": {"yellow": one_ghost(1, "Bleeding Eyes")}})
    s = act(e, act(e, s, "MOVE", C.TEMPLE), "HELP")
    assert decision(e, s) == "YANG"
    assert legal_in(e, s, "HELP") == [] and legal_in(e, s, "EXORCISE") == []


def test_second_wind_second_help_comes_before_a_buddha__s9():
    # yang.py: placing a Buddha is step 3, so it ends the step-2 actions
    # (at the Circle of Prayer: after a first help there is still a colour to put on it)
    e, s = build({"at": "yang", "turn": {"active": "blue"},
                  "boards": {"blue": {"taoist": {"buddhas": 1}}}})
    s = act(e, act(e, act(e, s, "MOVE", C.CIRCLE), "HELP"), "CHOOSE_COLOUR", C.RED)
    assert legal_in(e, s, "HELP") == [0] and legal_in(e, s, "BUDDHA") == [2, 9]
    s = act(e, s, "BUDDHA", 2)
    assert decision(e, s) == "YANG" and legal_in(e, s, "HELP") == []


# -- Heavenly Gust ---------------------------------------------------------------------------------

@pytest.mark.parametrize("first, second", [("HELP", "EXORCISE"), ("EXORCISE", "HELP")])
def test_heavenly_gust_helps_and_exorcises_in_either_order__s9(first, second):
    e, s = _blue("Heavenly Gust", forced={"tao": ["green"] * 3})
    s = act(e, s, first, 1 if first == "EXORCISE" else 0)
    assert legal_in(e, s, first) == []
    assert legal_in(e, s, second) == ([1] if second == "EXORCISE" else [0])
    s = act(e, s, second, 1 if second == "EXORCISE" else 0)
    assert decision(e, s) == "YANG"
    assert legal_in(e, s, "HELP") == [] and legal_in(e, s, "EXORCISE") == []


def test_heavenly_gust_help_first_can_set_up_the_exorcism__s9():
    # From the Circle of Prayer (facing north space 2): a red token there, then one red face is
    # enough.
    e, s = build({"at": "yang", "turn": {"active": "blue"},
                  "forced": {"tao": ["red", "green", "green"]},
                  "boards": {"yellow": one_ghost(2, "Bleeding Eyes"),
                             "blue": {"power": "Heavenly Gust", "taoist": {"tao": {}}}}})
    s = act(e, act(e, act(e, s, "MOVE", C.CIRCLE), "HELP"), "CHOOSE_COLOUR", C.RED)
    assert dump(e, act(e, s, "EXORCISE", 2))["boards"]["yellow"]["spaces"][2] is None


# -- a power lost to a ghost -----------------------------------------------------------------------

def test_power_lost_to_a_ghost_returns_as_soon_as_it_leaves__s9():
    e, s = build({"at": "yang", "turn": {"active": "red"},
                  "boards": {"red": one_ghost(0, "Sharp-Nailed Mistresses #36")}})
    assert legal_in(e, s, "TWIN_WINDS") == []
    s = act(e, s, "YINYANG_HELP", C.SORCERER)              # the Sorcerer discards it, before moving
    assert dump(e, s)["boards"]["red"]["spaces"][0] is None
    assert legal_in(e, s, "TWIN_WINDS") == [0, 2, 3]
