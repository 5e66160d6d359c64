"""rules §1 and 2: the components and their hard supply limits (spaces, stones, tiles,
Tao and Qi tokens, Buddhas, Power tokens, haunting figurines), the Tao die and the Curse die.

Default scenario: seats north yellow, east red, south green, west blue; position p holds tile p
(0 Circle, 1 Temple, 2 Cemetery, 3 Altar, 4 Herbalist (centre), 5 Sorcerer, 6 Night Watch,
7 Pavilion, 8 Tea House). North space 0 faces the Cemetery (line 2, 5, 8).
"""

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig
from ghoststories_env import cards as C
from ghoststories_env.rules.rolls import roll_curse, roll_tao
from ghoststories_env.scenario import ScenarioError
from helpers import act, build, decision, dump, legal_in, short_supply

SEAT_COLOURS = ("yellow", "red", "green", "blue")


def yang(pos: int, taoist: dict | None = None, **top) -> dict:
    boards = top.pop("boards", {})
    boards.setdefault("yellow", {})["taoist"] = {"tile": C.TILE_NAME[pos], **(taoist or {})}
    return {"at": "yang", "boards": boards, **top}


def help_at(d: dict, **config):
    """Build ``d`` (north at his Yang phase), stay on the tile and ask its villager for help."""
    e, s = build(d, **config)
    s = act(e, s, "MOVE", C.TILE_NAME.index(d["boards"]["yellow"]["taoist"]["tile"]))
    return e, act(e, s, "HELP")


def yellow(e, s) -> dict:
    return dump(e, s)["boards"]["yellow"]


# -- section 1: boards, stones, tiles -------------------------------------------------------------------

def test_twelve_ghost_spaces_three_per_board_each_with_a_buddha_symbol__s1():
    reached = []
    for pos in range(9):
        e, s = build(yang(pos, {"buddhas": 2}, temple_buddhas=0))
        s = act(e, s, "MOVE", pos)
        s = act(e, s, "PASS")
        reached += legal_in(e, s, "BUDDHA")
    assert sorted(reached) == list(range(12))     # every space is faced by exactly one tile


def test_a_haunting_figurine_rests_only_on_its_card_or_stone_1__s1():
    with pytest.raises(ScenarioError, match="haunter"):
        build({"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 2}, None, None]}}})


def test_nine_base_game_village_tiles_without_the_guard_tower__s1():
    assert set(C.TILE_NAME) == {
        "Circle of Prayer", "Buddhist Temple", "Cemetery", "Taoist Altar", "Herbalist's Shop",
        "Sorcerer's Hut", "Night Watchman's Beat", "Pavilion of the Heavenly Wind", "Tea House"}


# -- section 1: dice -----------------------------------------------------------------------------------

def _green_exorcism_dice(power: str) -> int:
    d = {"at": "yang", "turn": {"active": "green"}, "forced": {"tao": ["blue"] * 5},
         "boards": {"green": {"power": power, "taoist": {"tile": "Pavilion of the Heavenly Wind"},
                              "spaces": [None, {"ghost": "Rotten Soul #28"}, None]}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 7)
    s = act(e, s, "EXORCISE", 7)
    if decision(e, s) == "EXO_REROLL":
        s = act(e, s, "REROLL", 0)
    return 5 - len(dump(e, s)["forced"]["tao"])


def test_three_tao_dice_and_the_grey_die_only_for_strength_of_the_mountain__s1():
    assert _green_exorcism_dice("The Gods' Favorite") == 3
    assert _green_exorcism_dice("Strength of the Mountain") == 4


def test_the_herbalist_rolls_two_dice_even_with_the_grey_die__s1_s7():
    d = yang(4, forced={"tao": ["blue"] * 4}, turn={"active": "green"})
    d["boards"]["green"] = {"power": "Strength of the Mountain", "taoist": {"tile": "Herbalist's Shop"}}
    d["boards"].pop("yellow")
    e, s = build(d)
    s = act(e, s, "MOVE", 4)
    s = act(e, s, "HELP")
    out = dump(e, s)
    assert out["forced"]["tao"] == ["blue", "blue"]
    assert out["boards"]["green"]["taoist"]["tao"] == {"green": 1, "blue": 2}


# -- section 1: Tao tokens, 4 per colour, supply-limited ------------------------------------------------

def test_no_more_than_four_tao_tokens_of_a_colour__s1():
    d = {"boards": {"yellow": {"taoist": {"tao": {"red": 4}}}}}    # the red Taoist holds a 5th
    with pytest.raises(ScenarioError, match="at most 4"):
        build(d)


def test_herbalist_takes_only_what_the_supply_has_left__s1():
    supply = {"qi": 8, "tao": {"yellow": 3, "red": 0, "green": 3, "blue": 3, "black": 4}}
    d = short_supply(yang(4, {"tao": {}}, forced={"tao": ["red", "blue"]}, supply=supply))
    e, s = help_at(d)
    assert yellow(e, s)["taoist"]["tao"] == {"blue": 1}
    assert dump(e, s)["supply"]["tao"]["red"] == 0


def test_bottomless_pockets_and_the_circle_offer_only_colours_in_the_supply__s1():
    supply = {"qi": 8, "tao": {"yellow": 0, "red": 2, "green": 0, "blue": 1, "black": 0}}
    d = yang(0, supply=supply)
    d["boards"]["yellow"]["power"] = "Bottomless Pockets"
    d = short_supply(d)
    e, s = build(d)
    assert legal_in(e, s, "POCKETS") == [C.RED, C.BLUE]
    e, s = help_at(d)
    assert decision(e, s) == "CIRCLE_COLOUR"
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.RED, C.BLUE]


def test_tao_tokens_in_play_always_total_four_per_colour__s1():
    S = Engine(GameConfig(difficulty="initiation")).reset(np.arange(50))
    circle = np.eye(6, dtype=np.int64)[S.circle][:, :5]
    assert (S.tao.sum(1) + S.tao_supply + circle == C.TAO_PER_COLOUR).all()


# -- section 1: Qi tokens, 20 shared, gains limited ----------------------------------------------------

def test_tea_house_gives_no_qi_from_an_empty_supply__s1():
    d = short_supply(yang(8, {"tao": {}}, supply={"qi": 0}, deck=["Zombie #6", "Zombie #7"]))
    e, s = help_at(d)
    s = act(e, s, "CHOOSE_COLOUR", C.RED)
    if decision(e, s) == "PLACE":
        s = act(e, s, "CHOOSE_SPACE", 0)
    assert yellow(e, s)["qi"] == 3 and yellow(e, s)["taoist"]["tao"] == {"red": 1}


def test_cemetery_revives_with_what_is_left_of_the_qi_supply__s1():
    d = short_supply(yang(2, supply={"qi": 1}, forced={"curse": ["blank"]}, boards={"red": {"qi": 0}}))
    e, s = help_at(d)
    assert dump(e, s)["boards"]["red"]["qi"] == 1 and dump(e, s)["supply"]["qi"] == 0


def test_qi_in_play_always_totals_twenty__s1():
    S = Engine(GameConfig()).reset(np.arange(50))
    assert (S.qi.sum(1) + S.qi_supply == C.QI_TOKENS).all()


# -- section 1: Buddhas, Power tokens, haunting figurines -----------------------------------------------

def test_the_temple_is_not_offered_once_both_buddhas_are_taken__s1():
    d = yang(1, {"buddhas": 1}, temple_buddhas=0,
             boards={"red": {"spaces": [None, None, {"buddha": True}]}})
    e, s = build(d)
    assert legal_in(e, act(e, s, "MOVE", 1), "HELP") == []


@pytest.mark.parametrize("players, held", [(1, [3]), (2, [1, 1]), (3, [1, 1, 1]), (4, [])])
def test_at_most_three_power_tokens__s1_s13(players, held):
    S = Engine(GameConfig(num_players=players)).reset(np.arange(20))
    for i in range(20):
        assert S.power_tokens[i][S.is_player[i]].tolist() == (held or [0] * 4)


def _ninth_haunter(**config) -> dict:
    haunters = ["Skinner", "Bleeding Eyes", "Scarlet Evildoer #41", "Scarlet Evildoer #42",
                "Creeping One", "Restless Spirit", "Wicked One #30", "Wicked One #31"]
    spaces = [{"ghost": h} for h in haunters] + [None]
    boards = {c: {"spaces": spaces[3 * i:3 * i + 3]} for i, c in enumerate(("red", "green", "blue"))}
    e, s = build({"boards": boards, "deck": ["Ghoul", "Zombie #6"]}, **config)
    s = act(e, s, "CHOOSE_SPACE", 0)
    return dump(e, s)["boards"]["yellow"]["spaces"][0]


def test_a_ninth_haunter_gets_a_figurine_unless_the_cap_switch_is_set__s1():
    assert _ninth_haunter()["haunter"] == 0
    assert _ninth_haunter(haunter_figurines=8)["haunter"] is None


# -- section 2: the Tao die ---------------------------------------------------------------------------

def test_tao_die_has_one_face_of_each_colour_and_a_white_face__s2():
    S = Engine(GameConfig()).reset(np.arange(3000))
    faces = roll_tao(S, np.arange(3000), np.full(3000, 4))
    counts = np.bincount(faces.ravel(), minlength=6)
    assert counts.size == 6 and (np.abs(counts / faces.size - 1 / 6) < 0.02).all()


# -- section 2: the Curse die --------------------------------------------------------------------------

def test_curse_die_has_two_blank_faces_and_four_effects__s2():
    S = Engine(GameConfig()).reset(np.arange(6000))
    faces = np.concatenate([roll_curse(S, np.arange(6000)) for _ in range(2)])
    share = np.bincount(faces, minlength=6) / faces.size
    assert share.size == 6 and (np.abs(share - 1 / 6) < 0.015).all()
    assert C.CURSE_FACES == ("blank", "blank", "haunt", "ghost", "lose Tao tokens", "lose 1 Qi")


def _tormented(face, **top):
    """North's Yin phase with the Lich (a tormentor) on north space 0, facing the Cemetery."""
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Lich"}, None, None],
                               "taoist": {"tao": {"yellow": 1, "red": 1, "black": 2}}}},
         "forced": {"curse": [face]}, "deck": ["Zombie #6", "Zombie #7", "Abysmal #17"], **top}
    return build(d)


def test_blank_face_does_nothing__s2():
    e, s = _tormented("blank")
    s = act(e, s, "CHOOSE_SPACE", 1)
    out = yellow(e, s)
    assert out["qi"] == 3 and out["taoist"]["tao"] == {"yellow": 1, "red": 1, "black": 2}
    assert dump(e, s)["haunted"] == [] and dump(e, s)["drawn"] == [6]


def test_haunt_face_haunts_the_first_active_tile_in_front_of_the_ghost__s2():
    e, s = _tormented("haunt", haunted=["Cemetery"])
    assert sorted(dump(e, s)["haunted"]) == ["Cemetery", "Sorcerer's Hut"]


def test_ghost_face_brings_a_ghost_into_play_by_the_placement_rules__s2():
    e, s = _tormented("ghost", deck=["Skinner", "Zombie #6", "Zombie #7"])
    assert decision(e, s) == "PLACE" and legal_in(e, s, "CHOOSE_SPACE") == [3, 4, 5]
    s = act(e, s, "CHOOSE_SPACE", 3)
    assert decision(e, s) == "PLACE" and legal_in(e, s, "CHOOSE_SPACE") == [1, 2]   # the arrival
    assert dump(e, s)["drawn"] == [34, 6]


def test_tokens_face_discards_all_the_taoists_tao_tokens__s2():
    e, s = _tormented("lose Tao tokens")
    out = dump(e, s)
    assert out["boards"]["yellow"]["taoist"]["tao"] == {}
    assert out["supply"]["tao"] == {"yellow": 4, "red": 3, "green": 3, "blue": 3, "black": 4}


def test_qi_face_costs_the_taoist_one_qi__s2():
    e, s = _tormented("lose 1 Qi")
    assert yellow(e, s)["qi"] == 2 and dump(e, s)["supply"]["qi"] == 9


def test_cemetery_curse_haunt_face_haunts_the_cemetery_itself__s2():
    village = [["Tea House", "Buddhist Temple", "Circle of Prayer"],
               ["Taoist Altar", "Herbalist's Shop", "Sorcerer's Hut"],
               ["Night Watchman's Beat", "Pavilion of the Heavenly Wind", "Cemetery"]]
    d = {"at": "yang", "village": village, "forced": {"curse": ["haunt"]},
         "boards": {"red": {"qi": 0}, "yellow": {"taoist": {"tile": "Cemetery"}}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 8)                      # the Cemetery now lies in the south-east corner
    s = act(e, s, "HELP")
    out = dump(e, s)
    assert out["haunted"] == ["Cemetery"] and out["boards"]["red"]["qi"] == 2
