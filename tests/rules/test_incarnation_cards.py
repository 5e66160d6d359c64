"""rules §15 and incarnations.csv: each of the 10 incarnations' own abilities and
exorcism conditions (the general rules are in test_incarnations.py).

Default scenario table: seats north yellow, east red, south green, west blue; position p holds
tile p. Most tests put yellow on the Taoist Altar (position 3, an edge tile) facing west space 1
(g = 10); the space across the village from it is east space 1 (g = 4).
"""

import pytest

from helpers import act, build, decision, dump, legal_in

ALTAR, TARGET, ACROSS = 3, 10, 4


def _facing(card, dice=(), tao=None, curse=(), boards=None, **top):
    """Yellow at his Yang phase on the Altar, ``card`` on west space 1."""
    b = {"blue": {"spaces": [None, {"ghost": card}, None]},
         "yellow": {"taoist": {"tile": "Taoist Altar", "tao": tao or {}}}}
    for colour, extra in (boards or {}).items():
        b.setdefault(colour, {}).update(extra)
    d = {"boards": b, "at": "yang", "forced": {"tao": list(dice), "curse": list(curse)}, **top}
    e, s = build(d)
    return e, act(e, s, "MOVE", ALTAR)


def _attempt(e, s, outcome=1):
    """Exorcise the target; take the given outcome when there is a choice, and the rewards."""
    s = act(e, s, "EXORCISE", TARGET)
    if decision(e, s) == "EXO_CHOOSE":
        s = act(e, s, "OUTCOME", outcome)
    while decision(e, s) in ("INC_QI", "INC_YY"):
        s = act(e, s, "CHOOSE_TAOIST", legal_in(e, s, "CHOOSE_TAOIST")[0])
    return s


def _gone(e, s) -> bool:
    return dump(e, s)["boards"]["blue"]["spaces"][1] is None


def _arrives(card, curse=(), active="yellow", **top):
    d = {"deck": [card, "Ghoul", "Skinner"], "turn": {"active": active},
         "forced": {"curse": list(curse)}, **top}
    e, s = build(d)
    return e, s


# -- Howling Nightmare ---------------------------------------------------------------------------
def test_howling_nightmare_summons_a_ghost_on_arrival__s15():
    e, s = _arrives("Howling Nightmare")
    s = act(e, s, "CHOOSE_SPACE", 0)
    assert decision(e, s) == "PLACE"             # the summoned Ghoul waits for its space
    assert dump(e, s)["drawn"] == [56, 1]


@pytest.mark.parametrize("across, offered", [(None, True), ({"ghost": "Skinner"}, False)])
def test_howling_nightmare_only_while_the_space_across_is_empty__s15(across, offered):
    red = {"spaces": [None, across, None]}
    e, s = _facing("Howling Nightmare", boards={"red": red})
    assert (TARGET in legal_in(e, s, "EXORCISE")) == offered


# -- Uncatchable ---------------------------------------------------------------------------------
@pytest.mark.parametrize("face, qi", [("lose 1 Qi", 2), ("blank", 3)])
def test_uncatchable_rolls_the_curse_die_on_arrival__s15(face, qi):
    e, s = _arrives("Uncatchable", curse=[face])
    s = act(e, s, "CHOOSE_SPACE", 0)
    assert dump(e, s)["boards"]["yellow"]["qi"] == qi


@pytest.mark.parametrize("ready", [False, True])
def test_uncatchable_needs_to_have_stood_on_a_buddha__s15(ready):
    e, s = _facing("Uncatchable", uncatchable_ready=ready)
    assert (TARGET in legal_in(e, s, "EXORCISE")) == ready


def test_uncatchable_arriving_on_a_buddha_becomes_catchable__s15():
    # It arrives on north space 2, which the Circle of Prayer faces; the Buddha goes home.
    e, s = _arrives("Uncatchable", curse=["blank"],
                    boards={"yellow": {"spaces": [None, None, {"buddha": True}],
                                       "taoist": {"tile": "Circle of Prayer"}}})
    s = act(e, s, "CHOOSE_SPACE", 2)
    out = dump(e, s)
    assert out["boards"]["yellow"]["spaces"][2]["ghost"] == 57
    assert not out["boards"]["yellow"]["spaces"][2]["buddha"] and out["temple_buddhas"] == 2
    s = act(e, s, "MOVE", 0)
    assert 2 in legal_in(e, s, "EXORCISE")


def test_uncatchable_moved_onto_a_buddha_by_the_pavilion_becomes_catchable__s15():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Uncatchable"}, None, None],
                               "taoist": {"tile": "Pavilion of the Heavenly Wind"}},
                    "red": {"spaces": [None, {"buddha": True}, None]}}, "at": "yang"}
    e, s = build(d)
    s = act(e, s, "MOVE", 7)
    s = act(e, s, "HELP")
    s = act(e, s, "CHOOSE_SPACE", 4)
    out = dump(e, s)
    assert out["uncatchable_ready"] and out["temple_buddhas"] == 2
    assert out["boards"]["red"]["spaces"][1] == {"ghost": 57, "buddha": False, "haunter": 0,
                                                 "marker": True}


# -- Hope Killer ---------------------------------------------------------------------------------
@pytest.mark.parametrize("dice, tao, wins", [
    (["red", "green", "blue"], {"red": 1, "green": 1, "blue": 1, "yellow": 2}, True),
    (["red", "green", "blue"], {"red": 1, "green": 1, "blue": 1, "yellow": 1}, False),
    (["black", "black", "black"], {"red": 2, "green": 2, "blue": 2, "yellow": 1}, False),
    (["white", "white", "white"], {"red": 1, "green": 2, "blue": 2}, True),     # 3 whites: r1 y2
    (["white", "white", "white"], {"red": 1, "green": 1, "blue": 2}, False),    # 4 missing
])
def test_hope_killer_needs_two_of_each_of_four_colours_in_one_attempt__s5_s15(dice, tao, wins):
    e, s = _facing("Hope Killer", dice, tao, curse=["blank"])
    assert (legal_in(e, s, "EXORCISE") == [TARGET])
    s = _attempt(e, s)
    assert _gone(e, s) == wins


def test_hope_killers_curse_resolves_before_the_group_reward__s15():
    e, s = _facing("Hope Killer", ["red", "green", "blue"],
                   {"red": 1, "green": 1, "blue": 1, "yellow": 2}, curse=["lose 1 Qi"])
    s = act(e, s, "EXORCISE", TARGET)
    s = act(e, s, "OUTCOME", 1)
    assert decision(e, s) == "INC_QI"
    assert dump(e, s)["boards"]["yellow"]["qi"] == 2      # the curse already hit


# -- Deaths Army ---------------------------------------------------------------------------------
def test_deaths_army_torments_in_its_boards_yin_phase__s15():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Deaths Army"}, None, None]}},
         "deck": ["Ghoul", "Skinner"], "forced": {"curse": ["lose 1 Qi"]}}
    e, s = build(d)
    assert dump(e, s)["boards"]["yellow"]["qi"] == 2


@pytest.mark.parametrize("tokens, wins", [(2, True), (1, False)])
def test_deaths_army_needs_five_black_and_curses_when_exorcised__s15(tokens, wins):
    e, s = _facing("Deaths Army", ["black"] * 3, {"black": tokens}, curse=["lose 1 Qi"])
    s = _attempt(e, s)
    assert _gone(e, s) == wins
    assert dump(e, s)["boards"]["yellow"]["qi"] == (3 - 1 + 1 if wins else 3)   # curse, then +1 Qi


# -- Forgotten Ones ------------------------------------------------------------------------------
@pytest.mark.parametrize("in_play", [True, False])
def test_forgotten_ones_switch_every_power_off__s15(in_play):
    # Red's Dance of the Twin Winds and yellow's Mantra are offered only without it.
    ghost = {"ghost": "Forgotten Ones"} if in_play else None
    d = {"boards": {"green": {"spaces": [ghost, {"ghost": "Ghoul"}, None]}}, "at": "yang"}
    for active, power in (("red", "TWIN_WINDS"), ("yellow", "MANTRA")):
        e, s = build({**d, "turn": {"active": active}})
        assert bool(legal_in(e, s, power)) != in_play


def test_forgotten_ones_arrival_removes_the_mantra_for_good__s9_s15():
    e, s = _arrives("Forgotten Ones", active="red")
    assert dump(e, s)["mantra"]["state"] == "ready"
    s = act(e, s, "CHOOSE_SPACE", 3)
    assert dump(e, s)["mantra"]["state"] == "gone"


# -- Bone Cracker --------------------------------------------------------------------------------
def test_bone_cracker_arrival_takes_a_tao_token_from_every_taoist__s15():
    e, s = _arrives("Bone Cracker", boards={"red": {"taoist": {"tao": {"red": 1, "black": 1}}},
                                            "green": {"taoist": {"tao": {}}}})
    s = act(e, s, "CHOOSE_SPACE", 3)
    assert decision(e, s) == "DISCARD_ONE" and e.current_player(s)[0] == 1
    assert legal_in(e, s, "CHOOSE_COLOUR") == [1, 4]      # red chooses which of his tokens
    s = act(e, s, "CHOOSE_COLOUR", 4)
    tao = {c: b["taoist"]["tao"] for c, b in dump(e, s)["boards"].items()}
    assert tao == {"yellow": {}, "red": {"red": 1}, "green": {}, "blue": {}}


@pytest.mark.parametrize("active, loses", [("red", True), ("yellow", False)])
def test_bone_cracker_takes_a_tao_token_in_its_own_boards_yin_phase__s15(active, loses):
    d = {"boards": {"red": {"spaces": [{"ghost": "Bone Cracker"}, None, None]}},
         "turn": {"active": active}, "deck": ["Ghoul", "Skinner"]}
    e, s = build(d)
    tao = {c: b["taoist"]["tao"] for c, b in dump(e, s)["boards"].items()}
    assert tao == ({c: {} for c in tao} if loses else {c: {c: 1} for c in tao})


# -- Dark Mistress -------------------------------------------------------------------------------
@pytest.mark.parametrize("marker, wins", [(True, False), (False, True)])
def test_dark_mistress_locks_tao_tokens_even_against_herself__s15(marker, wins):
    e, s = _facing("Dark Mistress", ["blue", "blue", "red"], {"blue": 2},
                   boards={"blue": {"spaces": [None, {"ghost": "Dark Mistress", "marker": marker}, None]}})
    s = _attempt(e, s)
    assert _gone(e, s) == wins


def test_dark_mistress_locks_tao_tokens_against_other_ghosts__s15():
    e, s = _facing("Ghoul", ["red", "red", "red"], {"yellow": 1},
                   boards={"red": {"spaces": [{"ghost": "Dark Mistress"}, None, None]}})
    s = _attempt(e, s)
    assert not _gone(e, s)


@pytest.mark.parametrize("modifier", ["circle", "mantra"])
def test_circle_of_prayer_and_mantra_still_lower_the_dark_mistress__s15(modifier):
    top = {"circle": "blue"} if modifier == "circle" else {"mantra": {"space": TARGET, "state": "on_ghost"}}
    e, s = _facing("Dark Mistress", ["blue", "blue", "red"], {"blue": 2}, **top)
    s = _attempt(e, s)
    assert _gone(e, s)


# -- Creeping Horror -----------------------------------------------------------------------------
@pytest.mark.parametrize("captor, dice_rolled", [(True, 2), (False, 3)])
def test_creeping_horror_holds_one_tao_die__s15(captor, dice_rolled):
    red = {"spaces": [{"ghost": "Creeping Horror"} if captor else None, None, None]}
    e, s = _facing("Skinner", ["yellow"] * 4, boards={"red": red})
    s = act(e, s, "EXORCISE", TARGET)
    assert len(dump(e, s)["forced"]["tao"]) == 4 - dice_rolled


# -- Vampire Lord --------------------------------------------------------------------------------
def test_vampire_lord_is_a_haunter_starting_on_its_card__s15():
    e, s = _arrives("Vampire Lord")
    s = act(e, s, "CHOOSE_SPACE", 0)
    assert dump(e, s)["boards"]["yellow"]["spaces"][0]["haunter"] == 0
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Vampire Lord", "haunter": 1}, None, None]}},
         "deck": ["Ghoul", "Skinner"]}
    e, s = build(d)
    assert dump(e, s)["haunted"] == ["Cemetery"]


# -- Nameless ------------------------------------------------------------------------------------
def test_nameless_arrival_clears_the_circle_of_prayer__s15():
    e, s = _arrives("Nameless", circle="green")
    green = dump(e, s)["supply"]["tao"]["green"]
    s = act(e, s, "CHOOSE_SPACE", 0)
    out = dump(e, s)
    assert out["circle"] is None and out["supply"]["tao"]["green"] == green + 1


@pytest.mark.parametrize("nameless, wins", [(True, False), (False, True)])
def test_nameless_makes_white_faces_count_for_nothing__s15(nameless, wins):
    red = {"spaces": [{"ghost": "Nameless"} if nameless else None, None, None]}
    e, s = _facing("Ghoul", ["white", "red", "red"], boards={"red": red})
    s = _attempt(e, s)
    assert _gone(e, s) == wins


@pytest.mark.parametrize("tao, wins", [({"blue": 1, "black": 1}, True), ({"blue": 1}, False),
                                       ({"blue": 1, "yellow": 1}, False)])
def test_nameless_needs_one_of_each_of_the_five_colours__s15(tao, wins):
    e, s = _facing("Nameless", ["yellow", "red", "green"], tao)
    s = _attempt(e, s)
    assert _gone(e, s) == wins
