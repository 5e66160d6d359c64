"""rules §10: the end of the game (the win, and the three ways to lose).

Default scenario table (see ghoststories_env/scenario.py): seats north yellow, east red, south
green, west blue; village position p holds tile p (0 Circle, 1 Temple, 2 Cemetery, 3 Altar,
4 Herbalist, 5 Sorcerer, 6 Night Watch, 7 Pavilion, 8 Tea House). Ghost space g = 3 * seat + k;
the Circle of Prayer (corner, position 0) faces north space 2 and west space 0 (g = 9).
"""

import pytest

from helpers import act, build, decision, dump

HAUNTED_LIMIT = {"initiation": 4, "normal": 3, "nightmare": 3, "hell": 3}


def _at_circle_facing(incarnation, curse_face, **extra):
    """Yellow stands on the Circle of Prayer (black token on it) at his Yang phase, facing
    ``incarnation`` on the west board's space 0; three black faces and his black token beat
    five black (Deaths Army) after the Circle's -1."""
    d = {"boards": {"blue": {"spaces": [{"ghost": incarnation}, None, None]},
                    "yellow": {"taoist": {"tile": "Circle of Prayer", "tao": {"black": 1}}}},
         "circle": "black", "at": "yang",
         "forced": {"tao": ["black"] * 3, "curse": [curse_face]}}
    d.update(extra)
    return d


def _exorcise_west_space_0(e, s):
    s = act(e, s, "MOVE", 0)                     # stay on the Circle of Prayer
    s = act(e, s, "EXORCISE", 9)
    if decision(e, s) == "EXO_CHOOSE":           # Deaths Army: the black token must be added
        s = act(e, s, "OUTCOME", 1)
    return s


def test_exorcising_the_last_incarnation_wins__s10():
    e, s = build(_at_circle_facing("Forgotten Ones", "blank"))
    s = _exorcise_west_space_0(e, s)
    assert decision(e, s) == "INC_QI"            # the group reward comes first
    s = act(e, s, "CHOOSE_TAOIST", 1)
    status = dump(e, s)["status"]
    assert status == {"terminated": True, "won": True, "loss_reason": ""}
    assert decision(e, s) == ""


def _two_haunted(d):
    d["haunted"] = ["Tea House", "Pavilion of the Heavenly Wind"]


def _one_card_left(d):
    d["deck"] = ["Ghoul"]


def _last_living_at_1_qi(d):
    d["boards"]["yellow"]["qi"] = 1
    for c in ("red", "green", "blue"):
        d["boards"].setdefault(c, {})["qi"] = 0


@pytest.mark.parametrize("face, setup, reason", [
    ("blank", None, ""),
    ("haunt", _two_haunted, "haunted tiles"),
    ("ghost", _one_card_left, "deck exhausted"),
    ("lose 1 Qi", _last_living_at_1_qi, "all Taoists dead"),
])
def test_win_only_if_the_last_incarnations_curse_does_not_lose__s10(face, setup, reason):
    d = _at_circle_facing("Deaths Army", face)
    if setup:
        setup(d)
    e, s = build(d)
    s = _exorcise_west_space_0(e, s)
    while decision(e, s) in ("INC_QI", "INC_YY"):
        s = act(e, s, "CHOOSE_TAOIST", 0)
    out = dump(e, s)
    assert out["status"]["terminated"]
    assert out["status"]["won"] == (reason == "")
    assert out["status"]["loss_reason"] == reason


def test_no_win_while_another_incarnation_is_undefeated__s10():
    d = _at_circle_facing("Forgotten Ones", "blank", deck=["Ghoul", "Deaths Army", "Skinner"])
    e, s = build(d)
    s = _exorcise_west_space_0(e, s)
    s = act(e, s, "CHOOSE_TAOIST", 1)
    out = dump(e, s)
    assert not out["status"]["terminated"]
    assert out["discard"] == [60]
    assert decision(e, s) == "YANG"              # the turn goes on


def test_all_taoists_dead_loses_and_neutral_boards_do_not_count__s10():
    full = [{"ghost": n} for n in ("Walking Corpse", "Yellow Plague", "Zombie #6")]
    d = {"boards": {"yellow": {"qi": 1, "spaces": full}, "red": {"qi": 0}}}
    e, s = build(d, num_players=2)               # green and blue are neutral boards with Qi
    out = dump(e, s)
    assert out["boards"]["green"]["qi"] > 0 and out["boards"]["blue"]["qi"] > 0
    assert out["status"] == {"terminated": True, "won": False, "loss_reason": "all Taoists dead"}


def test_a_death_while_another_taoist_lives_does_not_lose__s10():
    full = [{"ghost": n} for n in ("Walking Corpse", "Yellow Plague", "Zombie #6")]
    d = {"boards": {"yellow": {"qi": 1, "spaces": full}, "red": {"qi": 0}, "green": {"qi": 0}}}
    e, s = build(d)                              # blue still lives
    out = dump(e, s)
    assert out["boards"]["yellow"]["qi"] == 0
    assert not out["status"]["terminated"]


def _haunter_game(level, haunted):
    """A haunter on stone 1 on north space 0 haunts the first active tile of its line (2, 5, 8)."""
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 1}, None, None]}},
         "haunted": haunted, "deck": ["Skinner", "Reaper"]}
    return build(d, difficulty=level)


# Tiles in three different lines, none in the haunter's line.
OTHER_TILES = ["Circle of Prayer", "Night Watchman's Beat", "Pavilion of the Heavenly Wind"]


@pytest.mark.parametrize("level", list(HAUNTED_LIMIT))
def test_the_levels_haunted_tile_makes_the_village_lost__s10_s12(level):
    limit = HAUNTED_LIMIT[level]
    e, s = _haunter_game(level, OTHER_TILES[:limit - 1])
    out = dump(e, s)
    assert len(out["haunted"]) == limit
    assert out["status"] == {"terminated": True, "won": False, "loss_reason": "haunted tiles"}


@pytest.mark.parametrize("level", list(HAUNTED_LIMIT))
def test_one_haunted_tile_below_the_limit_plays_on__s10_s12(level):
    limit = HAUNTED_LIMIT[level]
    e, s = _haunter_game(level, OTHER_TILES[:limit - 2])
    out = dump(e, s)
    assert len(out["haunted"]) == limit - 1
    assert not out["status"]["terminated"]


def test_haunter_with_no_active_tile_in_its_line_loses__s10():
    e, s = _haunter_game("initiation", ["Cemetery", "Sorcerer's Hut", "Tea House"])
    out = dump(e, s)
    assert out["status"] == {"terminated": True, "won": False,
                             "loss_reason": "haunter with no tile left in its line"}


def test_curse_haunt_with_no_active_tile_in_the_line_loses__s10():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Lich"}, None, None]}},
         "haunted": ["Cemetery", "Sorcerer's Hut", "Tea House"], "forced": {"curse": ["haunt"]}}
    e, s = build(d, difficulty="initiation")
    assert dump(e, s)["status"]["loss_reason"] == "haunter with no tile left in its line"


def test_a_loss_ends_the_yin_phase_at_once__s10():
    # The haunter makes the 3rd haunted tile: the tormentor after it never rolls.
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 1}, {"ghost": "Lich"}, None]}},
         "haunted": OTHER_TILES[:2], "forced": {"curse": ["lose 1 Qi"]}}
    e, s = build(d)
    out = dump(e, s)
    assert out["status"]["loss_reason"] == "haunted tiles"
    assert out["forced"]["curse"] == [5]         # the queued curse face is still unused
    assert out["boards"]["yellow"]["qi"] == 3


@pytest.mark.parametrize("last_card", ["Ghoul", "Forgotten Ones"])
def test_drawing_the_last_card_loses_with_no_yang_phase__s10(last_card):
    # An undefeated incarnation in play (Deaths Army) or still in the deck (the last card itself).
    d = {"boards": {"red": {"spaces": [{"ghost": "Deaths Army"}, None, None]}}, "deck": [last_card]}
    e, s = build(d)
    out = dump(e, s)
    assert out["status"] == {"terminated": True, "won": False, "loss_reason": "deck exhausted"}
    assert out["deck"] == [] and out["drawn"] == [{"Ghoul": 1, "Forgotten Ones": 60}[last_card]]
    assert out["boards"]["yellow"]["spaces"] == [None, None, None]   # the card never arrives
    assert decision(e, s) == "" and e.current_player(s)[0] == -1


def test_drawing_a_card_that_is_not_the_last_plays_on__s10():
    e, s = build({"deck": ["Ghoul", "Skinner"]})
    out = dump(e, s)
    assert not out["status"]["terminated"]
    assert out["deck"] == [34]
    assert decision(e, s) == "PLACE"


def test_last_card_drawn_by_a_summon_in_the_yang_phase_loses__s10():
    # Tea House: a Tao token, 1 Qi, then a ghost comes into play: the deck's last card.
    d = {"boards": {"yellow": {"taoist": {"tile": "Tea House"}}}, "at": "yang", "deck": ["Skinner"]}
    e, s = build(d)
    s = act(e, s, "MOVE", 8)
    s = act(e, s, "HELP")
    s = act(e, s, "CHOOSE_COLOUR", 0)
    out = dump(e, s)
    assert out["status"]["loss_reason"] == "deck exhausted"
    assert out["boards"]["yellow"]["qi"] == 4    # the Tea House's Qi came before the draw
