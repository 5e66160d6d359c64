"""rules §5 (continued from test_exorcism.py): multicolour and dice-immune ghosts, and
success with curses before rewards, then the rewards. The scenes and the spaces each tile faces:
tests/exorcism_scenes.py.
"""

from exorcism_scenes import CORNER, EDGE, attack, ghost_at, scene, tao_of
from ghoststories_env import cards as C
from helpers import act, build, decision, dump, legal_in, short_supply


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
    d = short_supply(scene(EDGE, {4: "Gloomy Minion"}, tao={}, forced=["black", "red", "red"],
                           supply={"tao": {"yellow": 0, "red": 2, "green": 1, "blue": 0, "black": 4}}))
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
