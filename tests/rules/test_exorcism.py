"""rules §5: exorcism (reach, the roll, Tao tokens, compulsion, resistance modifiers).
Multicolour and dice-immune ghosts, and what follows a success (discard, curses, rewards), are in
test_exorcism_outcomes.py. The scenes and the spaces each tile faces: tests/exorcism_scenes.py.
"""

from exorcism_scenes import CENTRE, CORNER, EDGE, attack, forced_left, ghost_at, scene, tao_of
from ghoststories_env import cards as C
from helpers import act, build, decision, dump, legal_in


# -- reach -----------------------------------------------------------------------------------------

# A plain ghost on every space (printed numbers): the ghosts ``pos`` may attack.
PLAIN = (5, 6, 7, 16, 17, 18, 27, 28, 29, 38, 39, 40)


def _reach(pos):
    d = scene(pos, dict(enumerate(PLAIN)))
    e, s = build(d)
    s = act(e, s, "MOVE", pos)
    return legal_in(e, s, "EXORCISE"), legal_in(e, s, "EXORCISE_BOTH")


def test_edge_tile_reaches_the_one_space_it_faces__s5():
    assert _reach(EDGE) == ([4], [])
    assert _reach(1) == ([1], [])


def test_corner_tile_reaches_a_space_on_each_of_two_boards__s5():
    assert _reach(CORNER) == ([3, 8], [0])
    assert _reach(0) == ([2, 9], [0])


def test_centre_tile_reaches_no_ghost__s5():
    assert _reach(CENTRE) == ([], [])


def test_one_corner_roll_is_split_between_both_ghosts__s5():
    d = scene(CORNER, {3: "Skinner", 8: "Creeping One"}, forced=["red", "green", "blue"])
    e, s = attack(d, "both")
    assert ghost_at(e, s, 3) is None and ghost_at(e, s, 8) is None
    assert {34, 23} <= set(dump(e, s)["discard"])


# -- the roll ----------------------------------------------------------------------------------------

def test_an_exorcism_rolls_three_tao_dice__s5():
    d = scene(EDGE, {4: "Scarlet Evildoer #41"}, forced=["blue", "green", "yellow", "red"])
    e, s = attack(d, 4)
    assert forced_left(e, s) == 1                 # three faces used, the fourth still queued
    assert ghost_at(e, s, 4)["ghost"] == 41       # blue, green, yellow: no red


def test_each_captured_die_in_play_removes_one_die__s5():
    d = scene(EDGE, {4: "Skinner", 6: "Repellent Beauty"}, forced=["blue", "green", "red", "red"])
    e, s = attack(d, 4)
    assert forced_left(e, s) == 2                 # two dice rolled: blue, green
    assert ghost_at(e, s, 4)["ghost"] == 34


def test_a_face_of_the_ghosts_colour_counts_one__s5():
    d = scene(EDGE, {4: "Bleeding Eyes"}, forced=["red", "red", "blue"])
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4) is None
    d = scene(EDGE, {4: "Bleeding Eyes"}, forced=["red", "blue", "blue"])
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4)["ghost"] == 38       # one red face short of resistance 2


def test_white_face_counts_for_the_needed_colour__s2_s5():
    d = scene(EDGE, {4: "Bleeding Eyes"}, forced=["white", "white", "blue"])
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4) is None


def test_black_faces_count_only_against_black_ghosts__s2_s5():
    d = scene(EDGE, {4: "Skinner"}, forced=["black"] * 3)
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4)["ghost"] == 34
    d = scene(EDGE, {4: "Gloomy Minion"}, forced=["black", "red", "red"])
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4) is None


# -- Tao tokens --------------------------------------------------------------------------------------

def test_own_tokens_complete_the_roll_and_go_to_the_supply__s5():
    d = scene(EDGE, {4: "Bleeding Eyes"}, tao={"red": 1}, forced=["red", "blue", "blue"])
    e, s = attack(d, 4)
    assert decision(e, s) == "EXO_CHOOSE"
    assert legal_in(e, s, "OUTCOME") == [0, 1]    # never forced to spend tokens
    before = dump(e, s)["supply"]["tao"]["red"]
    s = act(e, s, "OUTCOME", 1)
    assert ghost_at(e, s, 4) is None
    assert tao_of(e, s) == {}
    assert dump(e, s)["supply"]["tao"]["red"] == before + 1


def test_declining_to_spend_tokens_keeps_them_and_the_ghost__s5():
    d = scene(EDGE, {4: "Bleeding Eyes"}, tao={"red": 1}, forced=["red", "blue", "blue"])
    e, s = attack(d, 4)
    s = act(e, s, "OUTCOME", 0)
    assert ghost_at(e, s, 4)["ghost"] == 38 and tao_of(e, s) == {"red": 1}


def test_tokens_of_taoists_on_the_same_tile_may_be_spent__s5():
    d = scene(EDGE, {4: "Bleeding Eyes"}, tao={"red": 1}, forced=["red", "blue", "blue"])
    d["boards"]["red"]["taoist"] = {"tile": C.TILE_NAME[EDGE], "tao": {"red": 1}}
    e, s = attack(d, 4)
    s = act(e, s, "OUTCOME", 1)
    assert decision(e, s) == "EXO_PAY_CHOOSE"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [0, 1]   # either holder on the tile may pay
    s = act(e, s, "CHOOSE_TAOIST", 1)
    assert tao_of(e, s, "red") == {} and tao_of(e, s) == {"red": 1}
    assert ghost_at(e, s, 4) is None


def test_tokens_of_taoists_on_other_tiles_cannot_be_spent__s5():
    d = scene(EDGE, {4: "Bleeding Eyes"}, tao={}, forced=["red", "blue", "blue"])
    d["boards"]["red"]["taoist"] = {"tile": C.TILE_NAME[CENTRE], "tao": {"red": 2}}
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4)["ghost"] == 38 and tao_of(e, s, "red") == {"red": 2}


def test_tokens_are_spent_only_when_they_complete_the_exorcism__s5():
    d = scene(EDGE, {4: "Scarlet Evildoer #41"}, tao={"red": 1}, forced=["red", "blue", "blue"])
    e, s = attack(d, 4)                           # 1 face + 1 token < 3: failure costs nothing
    assert decision(e, s) == "YANG"
    assert ghost_at(e, s, 4)["ghost"] == 41 and tao_of(e, s) == {"red": 1}
    assert dump(e, s)["boards"]["yellow"]["qi"] == 3


def test_white_face_saves_a_token__s5():
    d = scene(EDGE, {4: "Scarlet Evildoer #41"}, tao={"red": 2}, forced=["red", "white", "blue"])
    e, s = attack(d, 4)
    s = act(e, s, "OUTCOME", 1)
    assert ghost_at(e, s, 4) is None
    assert tao_of(e, s) == {"red": 1}             # red + white + one token = 3


def test_the_player_chooses_the_colour_a_white_face_fills__s5():
    tao = {"red": 1, "green": 1, "blue": 2, "yellow": 2}     # Hope Killer: 2 of each but black
    d = scene(EDGE, {4: "Hope Killer"}, tao=tao, forced=["red", "green", "white"],
              deck=["Ghoul", "Skinner"])
    e, s = attack(d, 4)
    s = act(e, s, "OUTCOME", 1)
    assert decision(e, s) == "EXO_WHITE"
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.YELLOW, C.RED, C.GREEN, C.BLUE]
    s = act(e, s, "CHOOSE_COLOUR", C.GREEN)
    assert ghost_at(e, s, 4) is None and tao_of(e, s) == {"green": 1}


# -- compulsion --------------------------------------------------------------------------------------

def test_dice_that_beat_the_ghost_exorcise_it_even_with_a_curse__s5():
    d = scene(EDGE, {4: "Blood Drinker #39"}, forced=["red", "red", "blue"], curse=["lose 1 Qi"])
    e, s = attack(d, 4)
    out = dump(e, s)
    assert ghost_at(e, s, 4) is None and 39 in out["discard"]
    assert out["boards"]["yellow"]["qi"] == 2     # its curse came with it


def test_corner_roll_beating_both_named_ghosts_removes_both__s5():
    d = scene(CORNER, {3: "Skinner", 8: "Creeping One"}, tao={"red": 1},
              forced=["red", "green", "red"])
    e, s = attack(d, "both")
    assert ghost_at(e, s, 3) is None and ghost_at(e, s, 8) is None
    assert tao_of(e, s) == {"red": 1}


def test_corner_tokens_may_add_the_second_ghost_to_the_one_the_dice_beat__s5():
    d = scene(CORNER, {3: "Skinner", 8: "Restless Spirit"}, tao={"green": 1},
              forced=["red", "green", "blue"])
    e, s = attack(d, "both")
    assert legal_in(e, s, "OUTCOME") == [1, 3]    # the first must go; tokens may add the second
    s = act(e, s, "OUTCOME", 3)
    assert ghost_at(e, s, 3) is None and ghost_at(e, s, 8) is None and tao_of(e, s) == {}


def test_corner_taoist_naming_one_ghost_leaves_the_other__s5_s16():
    d = scene(CORNER, {3: "Skinner", 8: "Creeping One"}, forced=["red", "green", "blue"])
    e, s = attack(d, 3)                           # switch 16.19 default: named targets only
    assert ghost_at(e, s, 3) is None and ghost_at(e, s, 8)["ghost"] == 23


def test_corner_targets_both_switch_offers_only_the_pair__s16():
    d = scene(CORNER, {3: "Skinner", 8: "Creeping One"})
    e, s = build(d, corner_targets="both")
    s = act(e, s, "MOVE", CORNER)
    assert legal_in(e, s, "EXORCISE") == [] and legal_in(e, s, "EXORCISE_BOTH") == [0]


# -- resistance modifiers ---------------------------------------------------------------------------

def test_circle_of_prayer_lowers_its_colour_by_one__s5():
    d = scene(EDGE, {4: "Bleeding Eyes"}, forced=["red", "blue", "blue"], circle="red")
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4) is None
    d = scene(EDGE, {4: "Bleeding Eyes"}, forced=["red", "blue", "blue"], circle="blue")
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4)["ghost"] == 38


def test_mantra_lowers_the_ghost_it_sits_on_by_one__s5():
    d = scene(EDGE, {4: "Bleeding Eyes"}, forced=["red", "blue", "blue"],
              mantra={"space": 4, "state": "on_ghost"})
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4) is None


def test_resistance_brought_to_zero_needs_the_action_and_then_succeeds__s5_s16():
    d = scene(EDGE, {4: "Bleeding Eyes"}, forced=["black"] * 3, circle="red",
              mantra={"space": 4, "state": "on_ghost"})
    e, s = build(d)
    s = act(e, s, "MOVE", EDGE)
    assert ghost_at(e, s, 4)["ghost"] == 38       # nothing happens before the exorcism action
    s = act(e, s, "EXORCISE", 4)
    assert ghost_at(e, s, 4) is None


def test_circle_lowers_only_its_colour_of_a_multicolour_incarnation__s5():
    # Hope Killer 2R 2G 2B 2Y; Circle on red: red needs 1. Tokens cover all but red.
    tao = {"green": 2, "blue": 2, "yellow": 2}
    d = scene(EDGE, {4: "Hope Killer"}, tao=tao, forced=["red", "black", "black"], circle="red",
              deck=["Ghoul", "Skinner"])
    e, s = attack(d, 4)
    s = act(e, s, "OUTCOME", 1)
    assert ghost_at(e, s, 4) is None and tao_of(e, s) == {}


MANTRA_TAO = {"red": 1, "green": 2, "blue": 2, "yellow": 2}


def attack_hope_killer_under_the_mantra():
    """Hope Killer (2 of each colour but black) with the Mantra on it, three black faces and
    tokens that cover everything but one red: attacked, waiting on the Mantra's colour."""
    d = scene(EDGE, {4: "Hope Killer"}, tao=MANTRA_TAO, forced=["black", "black", "black"],
              mantra={"space": 4, "state": "on_ghost"}, deck=["Ghoul", "Skinner"])
    return attack(d, 4)


def test_mantra_colour_on_a_multicolour_incarnation_is_chosen_after_the_roll__s5():
    e, s = attack_hope_killer_under_the_mantra()
    assert decision(e, s) == "EXO_MANTRA"
    assert legal_in(e, s, "CHOOSE_COLOUR") == [0, 1, 2, 3]   # the colours Hope Killer needs
    s = act(e, s, "CHOOSE_COLOUR", C.RED)         # red needs 1: the one red token completes it
    s = act(e, s, "OUTCOME", 1)
    assert ghost_at(e, s, 4) is None and tao_of(e, s) == {}


def test_mantra_colour_choice_decides_success__s5():
    e, s = attack_hope_killer_under_the_mantra()
    s = act(e, s, "CHOOSE_COLOUR", C.GREEN)       # red still needs 2 with 1 token: impossible
    assert ghost_at(e, s, 4)["ghost"] == 58 and tao_of(e, s) == MANTRA_TAO
