"""rules §4, Yang phase: the move (diagonals, staying, shared tiles), help or exorcism
never both, Buddha placement (from the next turn, up to two from a corner), and when the Yin-Yang
may be spent (between steps, never inside one; section 8).

Default village: position p holds tile p (0 Circle, 1 Temple, 2 Cemetery, 3 Altar, 4 Herbalist
(centre), 5 Sorcerer, 6 Night Watch, 7 Pavilion, 8 Tea House). North (yellow) is active. Tiles face
spaces: corner 0 -> 2, 9; edge 1 -> 1; corner 8 -> 3, 8; edge 5 -> 4; the centre faces none.
"""

from ghoststories_env import cards as C
from helpers import act, build, decision, dump, legal_in

TEMPLE, CENTRE, CORNER, EDGE = 1, 4, 8, 5


def yang(pos: int = CENTRE, taoist: dict | None = None, **top) -> dict:
    """North's Yang phase, before moving, with his figure on position ``pos``."""
    boards = top.pop("boards", {})
    boards.setdefault("yellow", {})["taoist"] = {"tile": C.TILE_NAME[pos], **(taoist or {})}
    return {"at": "yang", "boards": boards, **top}


def stage(e, s) -> int:
    """The YANG decision's stage: 0 before moving, 1 the action, 2 after it."""
    top = dump(e, s)["stack"][-1]
    assert top["effect"] == "YANG"
    return top["a"]


# -- the move -------------------------------------------------------------------------------------------

def test_move_to_any_adjacent_tile_diagonals_included_or_stay__s4():
    for pos, reach in ((CENTRE, list(range(9))), (0, [0, 1, 3, 4]), (TEMPLE, [0, 1, 2, 3, 4, 5]),
                       (CORNER, [4, 5, 7, 8])):
        e, s = build(yang(pos))
        assert legal_in(e, s, "MOVE") == reach, pos


def test_the_move_can_be_skipped_by_staying_and_ends_the_first_step__s4():
    e, s = build(yang(CENTRE))
    assert legal_in(e, s, "PASS") == []           # before moving, staying is the move to one's tile
    s = act(e, s, "MOVE", CENTRE)
    assert stage(e, s) == 1 and legal_in(e, s, "MOVE") == []
    assert dump(e, s)["boards"]["yellow"]["taoist"]["tile"] == C.TILE_NAME[CENTRE]


def test_any_number_of_taoists_may_share_a_tile__s4():
    d = yang(CENTRE, boards={c: {"taoist": {"tile": C.TILE_NAME[TEMPLE]}} for c in ("red", "green")})
    e, s = build(d)
    s = act(e, s, "MOVE", TEMPLE)
    tiles = {c: b["taoist"]["tile"] for c, b in dump(e, s)["boards"].items()}
    assert tiles == {"yellow": "Buddhist Temple", "red": "Buddhist Temple",
                     "green": "Buddhist Temple", "blue": "Herbalist's Shop"}


# -- help or exorcism, never both ----------------------------------------------------------------------

def _facing_ghost(**extra):
    return yang(EDGE, boards={"red": {"spaces": [None, {"ghost": "Zombie #6"}, None]}}, **extra)


def test_after_moving_the_taoist_may_help_exorcise_or_pass__s4():
    e, s = build(_facing_ghost())
    s = act(e, s, "MOVE", EDGE)
    assert legal_in(e, s, "HELP") == [0] and legal_in(e, s, "EXORCISE") == [4]
    assert legal_in(e, s, "PASS") == [0]


def test_help_then_no_exorcism__s4():
    e, s = build(_facing_ghost())
    s = act(e, s, "MOVE", EDGE)
    s = act(e, s, "HELP")                          # Sorcerer's Hut: the only ghost goes, 1 Qi
    assert stage(e, s) == 2
    assert legal_in(e, s, "HELP") == [] and legal_in(e, s, "EXORCISE") == []
    assert dump(e, s)["boards"]["yellow"]["qi"] == 2


def test_exorcism_then_no_help__s4():
    d = _facing_ghost(forced={"tao": ["blue", "blue", "green"]})
    d["boards"]["red"]["spaces"][0] = {"ghost": "Zombie #7"}   # a second ghost to be sure
    e, s = build(d)
    s = act(e, s, "MOVE", EDGE)
    s = act(e, s, "EXORCISE", 4)                   # fails: the ghost stays
    assert stage(e, s) == 2 and dump(e, s)["boards"]["red"]["spaces"][1]["ghost"] == 6
    assert legal_in(e, s, "HELP") == [] and legal_in(e, s, "EXORCISE") == []


def test_passing_the_action_step_allows_no_later_action__s4():
    e, s = build(_facing_ghost())
    s = act(e, s, "MOVE", EDGE)
    s = act(e, s, "PASS")
    assert stage(e, s) == 2
    assert legal_in(e, s, "HELP") == [] and legal_in(e, s, "EXORCISE") == []


def test_help_needs_an_active_tile_an_exorcism_does_not__s4():
    e, s = build(_facing_ghost(haunted=["Sorcerer's Hut"]))
    s = act(e, s, "MOVE", EDGE)
    assert legal_in(e, s, "HELP") == [] and legal_in(e, s, "EXORCISE") == [4]


def test_passing_after_the_action_ends_the_turn_and_play_goes_clockwise__s3_s4():
    e, s = build(yang(CENTRE, deck=["Zombie #6", "Zombie #7", "Abysmal #17"]))
    s = act(e, s, "MOVE", CENTRE)
    s = act(e, s, "PASS")
    s = act(e, s, "PASS")
    out = dump(e, s)
    assert out["turn"]["active"] == "red" and decision(e, s) == "PLACE"
    assert out["drawn"] == [6]                     # east's Yin phase brought a ghost


# -- Buddhas ---------------------------------------------------------------------------------------------

def test_buddha_taken_this_turn_cannot_be_placed_before_the_next__s4_s7():
    e, s = build(yang(TEMPLE))
    s = act(e, s, "MOVE", TEMPLE)
    s = act(e, s, "HELP")
    taoist = dump(e, s)["boards"]["yellow"]["taoist"]
    assert (taoist["buddhas"], taoist["buddhas_fresh"]) == (1, 1)
    assert legal_in(e, s, "BUDDHA") == []          # space 1 faces the Temple and is empty
    s = act(e, s, "PASS")                          # end of turn: the Buddha is no longer fresh
    assert dump(e, s)["boards"]["yellow"]["taoist"]["buddhas_fresh"] == 0


def test_buddha_goes_on_an_empty_space_the_taoist_faces_after_the_action__s4():
    e, s = build(yang(TEMPLE, {"buddhas": 1}))
    assert legal_in(e, s, "BUDDHA") == []          # not before moving
    s = act(e, s, "MOVE", TEMPLE)
    assert legal_in(e, s, "BUDDHA") == []          # not instead of the action
    s = act(e, s, "PASS")
    assert legal_in(e, s, "BUDDHA") == [1]
    s = act(e, s, "BUDDHA", 1)
    out = dump(e, s)
    assert out["boards"]["yellow"]["spaces"][1] == {"ghost": None, "buddha": True}
    assert out["boards"]["yellow"]["taoist"]["buddhas"] == 0


def test_from_a_corner_two_buddhas_go_on_the_two_facing_spaces__s4():
    e, s = build(yang(CORNER, {"buddhas": 2}, temple_buddhas=0))
    s = act(e, s, "MOVE", CORNER)
    s = act(e, s, "PASS")
    assert legal_in(e, s, "BUDDHA") == [3, 8]
    s = act(e, s, "BUDDHA", 8)
    assert legal_in(e, s, "BUDDHA") == [3] and legal_in(e, s, "HELP") == []
    s = act(e, s, "BUDDHA", 3)
    out = dump(e, s)
    assert out["boards"]["red"]["spaces"][0]["buddha"] and out["boards"]["green"]["spaces"][2]["buddha"]


def test_no_buddha_on_a_space_holding_a_ghost_or_a_buddha__s4():
    d = yang(CORNER, {"buddhas": 1}, temple_buddhas=0,
             boards={"red": {"spaces": [{"ghost": "Zombie #6"}, None, None]},
                     "green": {"spaces": [None, None, {"buddha": True}]}})
    e, s = build(d)
    s = act(e, s, "MOVE", CORNER)
    s = act(e, s, "PASS")
    assert legal_in(e, s, "BUDDHA") == [] and decision(e, s) == "YANG"


def test_the_centre_faces_no_space_for_a_buddha__s4():
    e, s = build(yang(CENTRE, {"buddhas": 2}, temple_buddhas=0))
    s = act(e, s, "MOVE", CENTRE)
    s = act(e, s, "PASS")
    assert legal_in(e, s, "BUDDHA") == []


# -- the Yin-Yang between the steps --------------------------------------------------------------------

def _yin_yang_offered(e, s) -> bool:
    return legal_in(e, s, "YINYANG_HELP") != []


def test_yinyang_may_be_spent_before_moving_after_moving_and_after_the_action__s4_s8():
    e, s = build(_facing_ghost())
    assert _yin_yang_offered(e, s)
    s = act(e, s, "MOVE", EDGE)
    assert _yin_yang_offered(e, s)
    s = act(e, s, "PASS")
    assert _yin_yang_offered(e, s)


def test_yinyang_is_never_offered_inside_a_step__s4_s8():
    d = _facing_ghost(forced={"tao": ["yellow", "blue", "blue"]})
    d["boards"]["yellow"]["taoist"]["tao"] = {"yellow": 1}
    e, s = build(d)
    s = act(e, s, "MOVE", EDGE)
    s = act(e, s, "EXORCISE", 4)                   # Zombie (yellow 2): a face + a token would do
    assert decision(e, s) == "EXO_CHOOSE" and not _yin_yang_offered(e, s)
    e, s = build(yang(0))
    s = act(e, s, "MOVE", 0)
    s = act(e, s, "HELP")                          # Circle of Prayer: choose a colour
    assert decision(e, s) == "CIRCLE_COLOUR" and not _yin_yang_offered(e, s)


def test_yinyang_help_comes_on_top_of_the_normal_action__s4_s8():
    e, s = build(_facing_ghost())
    s = act(e, s, "MOVE", EDGE)
    s = act(e, s, "YINYANG_HELP", TEMPLE)          # the Temple's help from afar
    out = dump(e, s)
    assert out["boards"]["yellow"]["taoist"]["buddhas"] == 1 and not out["boards"]["yellow"]["taoist"]["yinyang"]
    assert stage(e, s) == 1 and legal_in(e, s, "HELP") == [0] and legal_in(e, s, "EXORCISE") == [4]
