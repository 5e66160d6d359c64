"""rules §7: the villagers who act on ghosts and figures: Sorcerer's Hut, Night Watchman's
Beat and Pavilion of the Heavenly Wind (with the Buddha trap of section 4 and the Inactive-Power and
Mantra tokens of sections 6 and 9 that travel with a moved ghost).

Default scenario: seats north yellow (Enfeeblement Mantra), east red, south green, west blue; tile
id t at position t; Taoists on the centre, one step from every tile. Space g = 3 * seat + k.
"""

import numpy as np
import pytest

from ghoststories_env import cards as C
from ghoststories_env.geometry import STEP
from ghoststories_env.rules import common
from helpers import act, build, decision, dump, legal_in


def help_at(e, s, pos):
    """The active Taoist steps from the centre to ``pos`` and asks its villager for help."""
    return act(e, act(e, s, "MOVE", pos), "HELP")


def space(out, g):
    return out["boards"][out["seats"][g // 3]]["spaces"][g % 3]


# -- Sorcerer's Hut --------------------------------------------------------------------------------

def test_sorcerer_discards_a_ghost_of_any_board_but_no_incarnation__s7():
    boards = {"yellow": {"spaces": [{"ghost": "Ghoul"}, None, None]},
              "red": {"spaces": [{"ghost": "Skinner"}, None, None]},
              "green": {"spaces": [{"ghost": "Hope Killer"}, None, None]}}
    e, s = build({"at": "yang", "boards": boards})
    s = help_at(e, s, C.SORCERER)
    assert decision(e, s) == "SORCERER_PICK"
    assert legal_in(e, s, "CHOOSE_SPACE") == [0, 3]
    out = dump(e, act(e, s, "CHOOSE_SPACE", 3))
    assert space(out, 3) is None and 34 in out["discard"]
    assert out["boards"]["yellow"]["qi"] == 2             # the acting Taoist pays 1 Qi
    assert space(out, 0)["ghost"] == 1 and space(out, 6)["ghost"] == 58


def test_sorcerer_discard_has_no_curse_and_no_reward__s7():
    # Black Widow carries a curse and a Qi-or-Yin-Yang reward on its right stone; holding his
    # Yin-Yang, the Taoist would get the reward's Qi at once.
    d = {"at": "yang", "forced": {"curse": ["lose 1 Qi"]},
         "boards": {"yellow": {"spaces": [{"ghost": "Black Widow #50"}, None, None]}}}
    e, s = build(d)
    s = help_at(e, s, C.SORCERER)
    out = dump(e, s)
    assert space(out, 0) is None and 50 in out["discard"]
    assert out["forced"]["curse"] == [C.CURSE_QI]         # no Curse die rolled
    assert out["boards"]["yellow"]["qi"] == 2              # -1 for the help, no reward
    assert decision(e, s) == "YANG"


def test_sorcerer_is_allowed_at_1_qi_and_the_taoist_dies__s7():
    e, s = build({"at": "yang", "boards": {"yellow": {"qi": 1},
                                           "red": {"spaces": [{"ghost": "Skinner"}, None, None]}}})
    out = dump(e, help_at(e, s, C.SORCERER))
    assert space(out, 3) is None
    assert out["boards"]["yellow"]["qi"] == 0
    assert out["boards"]["yellow"]["taoist"]["tile"] == "Cemetery"


@pytest.mark.parametrize("ghost", [None, "Hope Killer"])
def test_sorcerer_with_no_ordinary_ghost_is_not_offered__s7(ghost):
    # rules §7: no ghost he may discard (incarnations are out of his reach), nothing to do
    e, s = build({"at": "yang", "boards": {"green": {"spaces": [{"ghost": ghost}, None, None]}}})
    assert legal_in(e, act(e, s, "MOVE", C.SORCERER), "HELP") == []


# -- Night Watchman's Beat -------------------------------------------------------------------------

def _haunters():
    return {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 1},
                                  {"ghost": "Restless Dead", "haunter": 1},
                                  {"ghost": "Hopping Vampire #8", "haunter": 0}]},
            "red": {"spaces": [{"ghost": "Skinner", "haunter": 1}, None, None]},
            "green": {"spaces": [{"ghost": "Creeping One", "haunter": 0}, None, None]}}


def test_night_watch_sends_every_figurine_of_one_chosen_board_back_to_its_card__s7():
    e, s = build({"at": "yang", "boards": _haunters()})
    s = help_at(e, s, C.NIGHT_WATCH)
    assert decision(e, s) == "NIGHT_WATCH_PICK"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [0, 1]      # boards with a figurine on a stone
    out = dump(e, act(e, s, "CHOOSE_TAOIST", 0))
    assert [sp["haunter"] for sp in out["boards"]["yellow"]["spaces"]] == [0, 0, 0]
    assert out["boards"]["red"]["spaces"][0]["haunter"] == 1


def test_night_watch_with_every_figurine_on_its_card_is_not_offered__s7():
    boards = {"green": {"spaces": [{"ghost": "Creeping One", "haunter": 0}, None, None]}}
    e, s = build({"at": "yang", "boards": boards})
    assert legal_in(e, act(e, s, "MOVE", C.NIGHT_WATCH), "HELP") == []


# -- Pavilion of the Heavenly Wind -----------------------------------------------------------------

def _pavilion(boards, **kw):
    e, s = build({"at": "yang", "boards": boards, **kw})
    return e, help_at(e, s, C.PAVILION)


def test_pavilion_moves_a_ghost_of_your_choice_to_any_free_space__s7():
    e, s = _pavilion({"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 1}, None, None]},
                      "red": {"spaces": [{"ghost": "Skinner"}, None, None]}})
    assert decision(e, s) == "PAV_GHOST"
    assert legal_in(e, s, "CHOOSE_SPACE") == [0, 3]
    s = act(e, s, "CHOOSE_SPACE", 0)
    assert decision(e, s) == "PAV_DEST"
    assert legal_in(e, s, "CHOOSE_SPACE") == [1, 2, 4, 5, 6, 7, 8, 9, 10, 11]
    out = dump(e, act(e, s, "CHOOSE_SPACE", 10))
    assert space(out, 0) is None
    assert space(out, 10)["ghost"] == 1 and space(out, 10)["haunter"] == 1   # figurine carried


def test_pavilion_ghost_carries_its_inactive_power_token__s7():
    # Sharp-Nailed Mistresses #36 switches off the power of the board it stands on.
    e, s = _pavilion({"red": {"spaces": [{"ghost": "Sharp-Nailed Mistresses #36"}, None, None]}})
    assert not common.power_on(s, np.array([0]))[0, 1]
    assert decision(e, s) == "PAV_DEST"                    # the only ghost is chosen at once
    s = act(e, s, "CHOOSE_SPACE", 9)
    assert space(dump(e, s), 9)["marker"] is True
    assert common.power_on(s, np.array([0]))[0].tolist() == [True, True, True, False]


def test_pavilion_inactive_power_token_moved_onto_the_yellow_board_removes_the_mantra__s7_s9():
    red = {"spaces": [{"ghost": "Sharp-Nailed Mistresses #36"}, {"ghost": "Skinner"}, None]}
    e, s = _pavilion({"red": red}, mantra={"space": 4, "state": "on_ghost"})
    s = act(e, act(e, s, "CHOOSE_SPACE", 3), "CHOOSE_SPACE", 0)
    assert dump(e, s)["mantra"] == {"space": None, "state": "gone"}


def test_pavilion_ghost_carries_the_mantra__s7():
    e, s = _pavilion({"red": {"spaces": [{"ghost": "Skinner"}, None, None]}},
                     mantra={"space": 3, "state": "on_ghost"})
    s = act(e, s, "CHOOSE_SPACE", 4)
    assert dump(e, s)["mantra"] == {"space": 4, "state": "on_ghost"}


def test_pavilion_ghost_moved_onto_a_buddha_is_destroyed__s7():
    # A Buddha's space counts as free; the ordinary ghost is discarded and the Buddha goes home
    # (rules §4), and the Mantra it carried comes back (rules §9).
    e, s = _pavilion({"red": {"spaces": [{"ghost": "Skinner"}, {"buddha": True}, None]}},
                     mantra={"space": 3, "state": "on_ghost"}, temple_buddhas=1)
    assert 4 in legal_in(e, s, "CHOOSE_SPACE")
    out = dump(e, act(e, s, "CHOOSE_SPACE", 4))
    assert space(out, 3) is None and space(out, 4) is None
    assert 34 in out["discard"] and out["temple_buddhas"] == 2
    assert out["mantra"] == {"space": None, "state": "returning"}


def test_pavilion_incarnation_moved_onto_a_buddha_stays__s7():
    # rules §15: a Buddha does not discard an incarnation; it goes back to the Temple.
    e, s = _pavilion({"red": {"spaces": [{"ghost": "Hope Killer"}, {"buddha": True}, None]}},
                     temple_buddhas=1)
    out = dump(e, act(e, s, "CHOOSE_SPACE", 4))
    assert space(out, 4)["ghost"] == 58 and space(out, 4)["buddha"] is False
    assert out["temple_buddhas"] == 2


def test_pavilion_then_moves_a_different_living_taoist_to_any_tile__s7():
    e, s = _pavilion({"red": {"qi": 0},
                      "green": {"spaces": [{"ghost": "Creeping One"}, None, None]}})
    s = act(e, s, "CHOOSE_SPACE", 0)
    assert decision(e, s) == "PAV_TAOIST"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [2, 3]      # not himself, not the dead red
    s = act(e, s, "CHOOSE_TAOIST", 3)
    assert decision(e, s) == "MOVE_TAOIST"
    assert legal_in(e, s, "CHOOSE_TILE") == list(range(9))  # switch 16.4 default: any tile
    out = dump(e, act(e, s, "CHOOSE_TILE", C.TEA_HOUSE))
    assert out["boards"]["blue"]["taoist"]["tile"] == "Tea House"
    assert out["boards"]["yellow"]["taoist"]["tile"] == "Pavilion of the Heavenly Wind"


def test_pavilion_one_step_switch_moves_the_taoist_one_step__s7():
    e, s = build({"at": "yang", "boards": {"blue": {"taoist": {"tile": "Circle of Prayer"}}}},
                 pavilion_taoist_move="one_step")
    s = act(e, help_at(e, s, C.PAVILION), "CHOOSE_TAOIST", 3)
    assert legal_in(e, s, "CHOOSE_TILE") == np.flatnonzero(STEP[C.CIRCLE]).tolist()


def test_pavilion_without_ghosts_still_moves_a_taoist__s7():
    e, s = _pavilion({})
    assert decision(e, s) == "PAV_TAOIST"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [1, 2, 3]


def test_pavilion_solo_moves_your_own_taoist__s7():
    # rules §13: alone at the table, the Pavilion moves the player's own Taoist.
    e, s = build({"at": "yang"}, num_players=1)
    s = help_at(e, s, C.PAVILION)
    assert decision(e, s) == "MOVE_TAOIST"                 # the only Taoist, chosen at once
    out = dump(e, act(e, s, "CHOOSE_TILE", C.CIRCLE))
    assert out["boards"]["yellow"]["taoist"]["tile"] == "Circle of Prayer"
