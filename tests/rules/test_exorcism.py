"""RULES.md section 5: exorcism (reach, the roll, Tao tokens, compulsion, resistance modifiers,
multicolour and dice-immune ghosts, failure, success with curses before rewards, the rewards).

Every scene starts the north (yellow) Taoist's Yang phase on a chosen tile; he stays there (a move
to his own tile) and attacks. Default village: position p holds tile p, so the tiles face these
spaces (g = 3 * seat + k; seats north yellow, east red, south green, west blue):
corner 0 Circle -> 2, 9; edge 1 Temple -> 1; corner 2 Cemetery -> 0, 5; edge 3 Altar -> 10;
centre 4 Herbalist -> none; edge 5 Sorcerer -> 4; corner 6 Night Watch -> 6, 11; edge 7 Pavilion
-> 7; corner 8 Tea House -> 3, 8.
"""

from ghoststories_env import cards as C
from helpers import act, build, decision, dump, legal_in

SEAT_COLOURS = ("yellow", "red", "green", "blue")
EDGE, CORNER, CENTRE = 5, 8, 4          # Sorcerer's Hut faces 4; Tea House faces 3 and 8


def scene(pos: int, ghosts: dict, tao: dict | None = None, forced=(), curse=(), **top) -> dict:
    """Yellow active at his Yang phase on position ``pos``; ``ghosts``: {space: card or space dict}."""
    boards = {c: {"spaces": [None, None, None]} for c in SEAT_COLOURS}
    for g, spec in ghosts.items():
        boards[SEAT_COLOURS[g // 3]]["spaces"][g % 3] = spec if isinstance(spec, dict) else {"ghost": spec}
    boards["yellow"]["taoist"] = {"tile": C.TILE_NAME[pos]}
    if tao is not None:
        boards["yellow"]["taoist"]["tao"] = tao
    return {"at": "yang", "boards": boards, "forced": {"tao": list(forced), "curse": list(curse)},
            **top}


def attack(d: dict, target: int | str, **config):
    """Build ``d``, stay on the tile and exorcise space ``target`` (or "both")."""
    e, s = build(d, **config)
    s = act(e, s, "MOVE", C.TILE_NAME.index(d["boards"]["yellow"]["taoist"]["tile"]))
    s = act(e, s, "EXORCISE_BOTH") if target == "both" else act(e, s, "EXORCISE", target)
    return e, s


def ghost_at(e, s, g: int):
    return dump(e, s)["boards"][SEAT_COLOURS[g // 3]]["spaces"][g % 3]


def tao_of(e, s, colour="yellow") -> dict:
    return dump(e, s)["boards"][colour]["taoist"]["tao"]


def forced_left(e, s) -> int:
    return len(dump(e, s)["forced"]["tao"])


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


# -- multicolour and dice-immune ghosts ---------------------------------------------------------------

def test_multicolour_needs_every_colour_with_white_filling_one_requirement__s5():
    tao = {"red": 1, "green": 1, "blue": 2, "yellow": 1}
    d = scene(EDGE, {4: "Hope Killer"}, tao=tao, forced=["red", "green", "white"],
              deck=["Ghoul", "Skinner"])
    e, s = attack(d, 4)
    s = act(e, s, "OUTCOME", 1)                   # the white must fill the missing yellow
    assert ghost_at(e, s, 4) is None and tao_of(e, s) == {}


def test_multicolour_fails_when_one_colour_is_short__s5():
    tao = {"red": 2, "green": 2, "blue": 2}       # yellow needs 2; one white covers only 1
    d = scene(EDGE, {4: "Hope Killer"}, tao=tao, forced=["white", "black", "black"],
              deck=["Ghoul", "Skinner"])
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4)["ghost"] == 58 and tao_of(e, s) == tao


def test_no_die_face_applies_to_a_dice_immune_ghost__s5():
    d = scene(EDGE, {4: "Reaper"}, forced=["red", "white", "red"])
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4)["ghost"] == 35


def test_tokens_circle_and_mantra_still_work_on_dice_immune_ghosts__s5():
    d = scene(EDGE, {4: "Reaper"}, tao={"red": 1}, forced=["red", "white", "red"])
    e, s = attack(d, 4)
    s = act(e, s, "OUTCOME", 1)
    assert ghost_at(e, s, 4) is None and tao_of(e, s) == {}
    for extra in ({"circle": "red"}, {"mantra": {"space": 4, "state": "on_ghost"}}):
        e, s = attack(scene(EDGE, {4: "Reaper"}, forced=["blue"] * 3, **extra), 4)
        assert ghost_at(e, s, 4) is None


def test_tao_lock_forbids_every_token__s5_s6():
    d = scene(EDGE, {4: "Bleeding Eyes", 6: "Black Widow #50"}, tao={"red": 1},
              forced=["red", "blue", "blue"])
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4)["ghost"] == 38 and tao_of(e, s) == {"red": 1}


def test_tao_lock_leaves_the_circle_of_prayer_working__s5_s6():
    d = scene(EDGE, {4: "Bleeding Eyes", 6: "Black Widow #50"}, tao={"red": 1},
              forced=["red", "blue", "blue"], circle="red")
    e, s = attack(d, 4)
    assert ghost_at(e, s, 4) is None and tao_of(e, s) == {"red": 1}


# -- success: discard, then curses, then rewards -------------------------------------------------------

def test_curse_resolves_before_the_reward_and_after_the_discard__s5():
    d = scene(EDGE, {4: "Black Widow #50"}, forced=["black", "black", "red"], curse=["lose 1 Qi"])
    d["boards"]["yellow"]["taoist"]["yinyang"] = False
    e, s = attack(d, 4)
    assert decision(e, s) == "REWARD_QI_YY"       # the reward waits ...
    out = dump(e, s)
    assert out["boards"]["yellow"]["qi"] == 2     # ... the curse has already struck
    assert 50 in out["discard"] and ghost_at(e, s, 4) is None


def test_two_ghosts_from_a_corner_resolve_their_stones_one_ghost_after_the_other__s5():
    # Engine's reading of a double exorcism: both cards are discarded, then the first target's
    # right stone (reward), then the second's (curse).
    d = scene(CORNER, {3: "Gloomy Minion", 8: "Blood Drinker #39"}, forced=["red", "red", "black"],
              curse=["lose 1 Qi"])
    e, s = attack(d, "both")
    out = dump(e, s)
    assert decision(e, s) == "TAKE_TAO" and {45, 39} <= set(out["discard"])
    assert out["boards"]["yellow"]["qi"] == 3
    s = act(e, s, "CHOOSE_COLOUR", C.BLUE)
    assert dump(e, s)["boards"]["yellow"]["qi"] == 2


def test_curse_haunt_face_haunts_from_the_exorcised_ghosts_space__s2_s5():
    d = scene(EDGE, {4: "Blood Drinker #39"}, forced=["red", "red", "blue"], curse=["haunt"])
    e, s = attack(d, 4)
    assert dump(e, s)["haunted"] == [C.TILE_NAME[EDGE]]


def test_reward_tao_1_takes_one_token_of_an_available_colour__s5():
    d = scene(EDGE, {4: "Gloomy Minion"}, tao={}, forced=["black", "red", "red"],
              supply={"qi": 8, "tao": {"yellow": 0, "red": 2, "green": 1, "blue": 0, "black": 4}})
    e, s = attack(d, 4)
    assert decision(e, s) == "TAKE_TAO"
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.RED, C.GREEN, C.BLACK]
    s = act(e, s, "CHOOSE_COLOUR", C.GREEN)
    assert tao_of(e, s) == {"green": 1} and decision(e, s) == "YANG"


def test_reward_tao_2_takes_two_tokens__s5():
    d = scene(EDGE, {4: "Flesh Devourer"}, tao={}, forced=["red"] * 3, circle="red")
    e, s = attack(d, 4)
    s = act(e, s, "CHOOSE_COLOUR", C.BLUE)
    assert decision(e, s) == "TAKE_TAO"
    s = act(e, s, "CHOOSE_COLOUR", C.BLACK)
    assert tao_of(e, s) == {"blue": 1, "black": 1} and decision(e, s) == "YANG"


def test_reward_qi_or_own_yinyang__s5():
    d = scene(EDGE, {4: "Grave Walker"}, forced=["black", "black", "red"])
    d["boards"]["yellow"]["taoist"]["yinyang"] = False
    e, s = attack(d, 4)
    assert legal_in(e, s, "TAKE_QI") == [0] and legal_in(e, s, "TAKE_YINYANG") == [0]
    s_qi = act(e, s, "TAKE_QI")
    assert dump(e, s_qi)["boards"]["yellow"]["qi"] == 4
    s_yy = act(e, s, "TAKE_YINYANG")
    assert dump(e, s_yy)["boards"]["yellow"]["taoist"]["yinyang"] is True
    assert dump(e, s_yy)["boards"]["yellow"]["qi"] == 3


def test_reward_qi_when_the_yinyang_is_held__s5():
    d = scene(EDGE, {4: "Grave Walker"}, forced=["black", "black", "red"])
    e, s = attack(d, 4)                           # only Qi can be taken: applied at once
    assert dump(e, s)["boards"]["yellow"]["qi"] == 4 and decision(e, s) == "YANG"


def test_incarnation_reward_qi_and_yinyang_go_to_living_taoists_the_players_choose__s5():
    d = scene(EDGE, {4: "Forgotten Ones"}, forced=["black"] * 3, deck=["Vampire Lord", "Ghoul"])
    d["boards"]["yellow"]["taoist"]["yinyang"] = False
    d["boards"]["green"]["taoist"] = {"yinyang": False}
    d["boards"]["red"]["qi"] = 0                  # dead: receives nothing
    e, s = attack(d, 4)
    assert decision(e, s) == "INC_QI"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [0, 2, 3]
    s = act(e, s, "CHOOSE_TAOIST", 3)
    assert decision(e, s) == "INC_YY"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [0, 2]   # living and without a Yin-Yang
    s = act(e, s, "CHOOSE_TAOIST", 2)
    out = dump(e, s)
    assert out["boards"]["blue"]["qi"] == 4 and out["boards"]["green"]["taoist"]["yinyang"]
    assert not out["status"]["terminated"]        # Vampire Lord is still to come


def test_ghost_removed_by_the_sorcerers_hut_gives_no_curse_or_reward__s5():
    d = scene(EDGE, {4: "Black Widow #50"}, curse=["lose 1 Qi"])
    e, s = build(d)
    s = act(e, s, "MOVE", EDGE)
    s = act(e, s, "HELP")
    out = dump(e, s)
    assert ghost_at(e, s, 4) is None and 50 in out["discard"]
    assert out["boards"]["yellow"]["qi"] == 2     # the Hut's own cost only
    assert out["forced"]["curse"] == [5]          # no Curse die was rolled
