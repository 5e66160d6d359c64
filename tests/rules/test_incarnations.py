"""rules §15, general rules of the incarnations: placement like ghosts of their colour,
the Sorcerer's Hut cannot touch them, a Buddha does not discard them, several in play at once, the
Mantra and the Pavilion work on them. Each card's own abilities are in test_incarnation_cards.py.

Default scenario table: seats north yellow (Enfeeblement Mantra), east red, south green, west blue;
position p holds tile p (0 Circle of Prayer, a corner facing north space 2 = g2 and west space 0
= g9; 5 Sorcerer's Hut; 7 Pavilion). Ghost space g = 3 * seat + k.
"""

import pytest

from helpers import act, build, decision, dump, legal_in

# Placement colour of each incarnation (incarnations.csv), as the board it goes to when red
# (east, spaces 3-5) is the active board: black ghosts go to the active player's board.
PLACED_ON = {
    "Howling Nightmare": [3, 4, 5], "Uncatchable": [3, 4, 5], "Hope Killer": [3, 4, 5],
    "Deaths Army": [3, 4, 5], "Forgotten Ones": [3, 4, 5], "Nameless": [3, 4, 5],
    "Bone Cracker": [3, 4, 5], "Dark Mistress": [9, 10, 11], "Creeping Horror": [6, 7, 8],
    "Vampire Lord": [0, 1, 2],
}
CARD_NO = {"Howling Nightmare": 56, "Uncatchable": 57, "Hope Killer": 58, "Deaths Army": 59,
           "Forgotten Ones": 60, "Bone Cracker": 61, "Dark Mistress": 62, "Creeping Horror": 63,
           "Vampire Lord": 64, "Nameless": 65}


@pytest.mark.parametrize("name", list(PLACED_ON))
def test_incarnation_is_placed_like_a_ghost_of_its_colour__s15(name):
    e, s = build({"deck": [name, "Ghoul", "Skinner"], "turn": {"active": "red"}})
    assert decision(e, s) == "PLACE"
    assert legal_in(e, s, "CHOOSE_SPACE") == PLACED_ON[name]


def test_incarnation_goes_to_any_free_space_when_its_board_is_full__s4_s15():
    full_blue = [{"ghost": n} for n in ("Drowned Maiden", "Hound of Depth", "Perfidious Nymph #15")]
    e, s = build({"deck": ["Dark Mistress", "Ghoul"], "boards": {"blue": {"spaces": full_blue}}})
    assert legal_in(e, s, "CHOOSE_SPACE") == list(range(9))


def test_sorcerer_cannot_discard_an_incarnation__s7_s15():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul"}, {"ghost": "Vampire Lord"},
                                          {"ghost": "Nameless"}],
                               "taoist": {"tile": "Sorcerer's Hut"}},
                    "red": {"spaces": [{"ghost": "Skinner"}, {"ghost": "Bone Cracker"}, None]}},
         "at": "yang"}
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    s = act(e, s, "HELP")
    assert decision(e, s) == "SORCERER_PICK"
    assert legal_in(e, s, "CHOOSE_SPACE") == [0, 3]


def test_sorcerer_with_only_incarnations_in_play_is_not_offered__s7_s15():
    # the Sorcerer cannot discard an incarnation, so with only one in play his help cannot act
    d = {"boards": {"yellow": {"spaces": [None, {"ghost": "Vampire Lord"}, None],
                               "taoist": {"tile": "Sorcerer's Hut"}}}, "at": "yang"}
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    assert legal_in(e, s, "HELP") == []


@pytest.mark.parametrize("name", ["Forgotten Ones", "Deaths Army", "Hope Killer"])
def test_a_buddha_does_not_discard_an_arriving_incarnation__s15(name):
    d = {"deck": [name, "Ghoul"], "turn": {"active": "red"},
         "boards": {"red": {"spaces": [None, {"buddha": True}, None]}}}
    e, s = build(d)
    temple = dump(e, s)["temple_buddhas"]
    s = act(e, s, "CHOOSE_SPACE", 4)
    out = dump(e, s)
    space = out["boards"]["red"]["spaces"][1]
    assert (space["ghost"], space["buddha"]) == (CARD_NO[name], False)
    assert out["temple_buddhas"] == temple + 1    # the Buddha went home
    assert CARD_NO[name] not in out["discard"]


def test_an_ordinary_ghost_arriving_on_a_buddha_is_discarded__s4_s15():
    # The contrast: the Buddha trap works on ordinary ghosts.
    d = {"deck": ["Skinner", "Ghoul"], "boards": {"red": {"spaces": [None, {"buddha": True}, None]}}}
    e, s = build(d)
    s = act(e, s, "CHOOSE_SPACE", 4)
    out = dump(e, s)
    assert out["boards"]["red"]["spaces"][1] is None and 34 in out["discard"]


def _two_incarnations_facing_circle():
    """Forgotten Ones (north space 2) and Howling Nightmare (west space 0), 3 black each, face
    the Circle of Prayer, which holds a black token (-1 each): 4 black beat both."""
    d = {"boards": {"yellow": {"spaces": [None, None, {"ghost": "Forgotten Ones"}],
                               "taoist": {"tile": "Circle of Prayer", "tao": {"black": 1}}},
                    "blue": {"spaces": [{"ghost": "Howling Nightmare"}, None, None]}},
         "circle": "black", "at": "yang", "forced": {"tao": ["black", "black", "black"]}}
    e, s = build(d)
    return e, act(e, s, "MOVE", 0)


def _take_rewards(e, s):
    while decision(e, s) in ("INC_QI", "INC_YY"):
        s = act(e, s, "CHOOSE_TAOIST", legal_in(e, s, "CHOOSE_TAOIST")[0])
    return s


def test_several_incarnations_in_play_one_exorcised_is_no_win__s15():
    e, s = _two_incarnations_facing_circle()
    s = _take_rewards(e, act(e, s, "EXORCISE", 2))
    out = dump(e, s)
    assert not out["status"]["terminated"]
    assert out["boards"]["blue"]["spaces"][0]["ghost"] == 56


def test_several_incarnations_in_play_all_exorcised_wins__s15():
    e, s = _two_incarnations_facing_circle()
    s = act(e, s, "EXORCISE_BOTH")
    assert legal_in(e, s, "OUTCOME") == [1, 2, 3]   # the dice beat either; the token adds the other
    s = _take_rewards(e, act(e, s, "OUTCOME", 3))
    assert dump(e, s)["status"] == {"terminated": True, "won": True, "loss_reason": ""}


def _mantra_on(target, dice):
    """Yellow (Enfeeblement Mantra) stands on the Circle of Prayer facing ``target`` on g9."""
    d = {"boards": {"blue": {"spaces": [{"ghost": target}, None, None]},
                    "yellow": {"taoist": {"tile": "Circle of Prayer", "tao": {}}}},
         "at": "yang", "forced": {"tao": dice}}
    e, s = build(d)
    return e, act(e, s, "MANTRA", 9)


@pytest.mark.parametrize("mantra", [True, False])
def test_the_mantra_lowers_an_incarnations_resistance__s9_s15(mantra):
    dice = ["black", "black", "red"]
    if mantra:
        e, s = _mantra_on("Howling Nightmare", dice)
    else:
        d = {"boards": {"blue": {"spaces": [{"ghost": "Howling Nightmare"}, None, None]},
                        "yellow": {"taoist": {"tile": "Circle of Prayer", "tao": {}}}},
             "at": "yang", "forced": {"tao": dice}}
        e, s = build(d)
    s = act(e, s, "MOVE", 0)
    s = act(e, s, "EXORCISE", 9)
    s = _take_rewards(e, s)
    assert (dump(e, s)["boards"]["blue"]["spaces"][0] is None) == mantra


@pytest.mark.parametrize("colour, wins", [(0, True), (1, False)])
def test_the_mantras_colour_on_a_multicolour_incarnation_is_chosen_after_the_roll__s9_s15(colour, wins):
    # Hope Killer (2 each of yellow, red, green, blue): the roll and yellow's four tokens leave
    # one yellow missing, so only a Mantra put on yellow completes it.
    e, s = _mantra_on("Hope Killer", ["red", "green", "blue"])
    d = dump(e, s)
    d["boards"]["yellow"]["taoist"]["tao"] = {"yellow": 1, "red": 1, "green": 1, "blue": 1}
    del d["supply"]                   # the tokens given come out of it (default: what no one holds)
    d["forced"]["curse"] = ["blank"]
    e, s = build(d)
    s = act(e, s, "MOVE", 0)
    s = act(e, s, "EXORCISE", 9)
    assert decision(e, s) == "EXO_MANTRA"
    assert legal_in(e, s, "CHOOSE_COLOUR") == [0, 1, 2, 3]      # any colour it needs; not black
    s = act(e, s, "CHOOSE_COLOUR", colour)
    assert legal_in(e, s, "OUTCOME") == ([0, 1] if wins else [])
    if wins:
        s = _take_rewards(e, act(e, s, "OUTCOME", 1))
        assert dump(e, s)["boards"]["blue"]["spaces"][0] is None


def test_the_pavilion_may_move_an_incarnation__s7_s15():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul"}, {"ghost": "Deaths Army"}, None],
                               "taoist": {"tile": "Pavilion of the Heavenly Wind"}}}, "at": "yang"}
    e, s = build(d)
    s = act(e, s, "MOVE", 7)
    s = act(e, s, "HELP")
    assert legal_in(e, s, "CHOOSE_SPACE") == [0, 1]
    s = act(e, s, "CHOOSE_SPACE", 1)
    s = act(e, s, "CHOOSE_SPACE", 5)
    out = dump(e, s)
    assert out["boards"]["red"]["spaces"][2]["ghost"] == 59
    assert out["boards"]["yellow"]["spaces"][1] is None
