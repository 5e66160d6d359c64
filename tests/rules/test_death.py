"""rules §11: death at 0 Qi, possessed boards, resurrection (with sections 5 and 10 where
a dead Taoist meets the rewards and the victory).

Default scenario table: seats north yellow (Enfeeblement Mantra), east red (Dance of the Twin
Winds), south green (The Gods' Favorite), west blue (Second Wind); position p holds tile p
(2 Cemetery, 5 Sorcerer's Hut, 8 Tea House). Ghost space g = 3 * seat + k.
"""

import numpy as np
import pytest

from ghoststories_env.rules import common
from helpers import act, build, decision, dump, legal_in

FULL_YELLOW = [{"ghost": n} for n in ("Walking Corpse", "Yellow Plague", "Zombie #6")]
SEAT = {"yellow": 0, "red": 1, "green": 2, "blue": 3}


def _sorcerer_suicide(village=None):
    """Yellow at 1 Qi, holding Tao tokens, his Yin-Yang, a Buddha and a Power token, with the
    Mantra on the ghost of his own board, asks the Sorcerer to discard red's ghost (3 players)."""
    d = {"boards": {"yellow": {"qi": 1, "spaces": [{"ghost": "Ghoul"}, None, None],
                               "taoist": {"tile": "Sorcerer's Hut", "tao": {"yellow": 1, "black": 1},
                                          "buddhas": 1, "power_tokens": 1}},
                    "red": {"spaces": [{"ghost": "Skinner"}, None, None]}},
         "at": "yang", "mantra": {"space": 0, "state": "on_ghost"}, "deck": ["Reaper", "Fungus Thing"]}
    if village:
        d["village"] = village
    e, s = build(d, num_players=3)
    before = dump(e, s)
    sorcerer = [t for row in before["village"] for t in row].index("Sorcerer's Hut")
    s = act(e, s, "MOVE", sorcerer)
    s = act(e, s, "HELP")
    s = act(e, s, "CHOOSE_SPACE", 3)
    return e, s, before


def test_death_at_0_qi_loses_tokens_yinyang_buddhas_and_power_tokens__s11():
    e, s, before = _sorcerer_suicide()
    out = dump(e, s)
    t = out["boards"]["yellow"]["taoist"]
    assert out["boards"]["yellow"]["qi"] == 0
    assert t["tao"] == {} and not t["yinyang"] and t["buddhas"] == 0 and t["power_tokens"] == 0
    for colour in ("yellow", "black"):           # Tao tokens back to the supply
        assert out["supply"]["tao"][colour] == before["supply"]["tao"][colour] + 1
    assert out["temple_buddhas"] == before["temple_buddhas"] + 1        # Buddhas to the Temple
    assert out["centre_power_tokens"] == before["centre_power_tokens"] + 1   # to the central tile


def test_dead_figure_lies_on_the_cemetery_tile__s11():
    village = [["Tea House", "Sorcerer's Hut", "Circle of Prayer"],
               ["Buddhist Temple", "Herbalist's Shop", "Taoist Altar"],
               ["Cemetery", "Night Watchman's Beat", "Pavilion of the Heavenly Wind"]]
    e, s, _ = _sorcerer_suicide(village)
    assert dump(e, s)["boards"]["yellow"]["taoist"]["tile"] == "Cemetery"


def test_the_ghosts_on_a_dead_taoists_board_stay__s11():
    e, s, _ = _sorcerer_suicide()
    assert dump(e, s)["boards"]["yellow"]["spaces"][0]["ghost"] == 1


def test_dead_taoists_board_is_possessed_power_off__s11():
    e, s, _ = _sorcerer_suicide()
    out = dump(e, s)
    assert not common.power_on(s, np.array([0]))[0, SEAT["yellow"]]
    assert common.power_on(s, np.array([0]))[0, SEAT["red"]]
    # The yellow power was the Mantra: its token leaves the game for good (rules §9).
    assert out["mantra"] == {"space": None, "state": "gone"}


def test_death_ends_the_dead_taoists_yang_phase_at_once__s11():
    e, s, _ = _sorcerer_suicide()
    out = dump(e, s)
    assert out["turn"]["active"] == "red"        # red's turn began: his ghost arrives
    assert decision(e, s) == "PLACE" and e.current_player(s)[0] == SEAT["red"]


def _possessed_turn(spaces, others=None, forced=None, **config):
    """Yellow is dead; his board's turn starts."""
    d = {"boards": {"yellow": {"qi": 0, "spaces": spaces}, **(others or {})},
         "deck": ["Skinner", "Reaper"], "turn": {"number": 4}}
    if forced:
        d["forced"] = {"curse": forced}
    return build(d, **config)


def test_possessed_board_plays_yin_steps_1_and_2_but_no_arrival_or_yang__s11():
    e, s = _possessed_turn([{"ghost": "Ghoul", "haunter": 0}, None, None])
    out = dump(e, s)
    assert out["boards"]["yellow"]["spaces"][0]["haunter"] == 1   # step 1: the haunter advanced
    assert out["turn"]["active"] == "red" and out["turn"]["number"] == 6
    assert out["drawn"] == [34]                  # one card only: red's arrival, not yellow's
    assert e.current_player(s)[0] == SEAT["red"]


@pytest.mark.parametrize("taker", ["red", "blue"])
def test_possessed_board_overrun_costs_a_chosen_living_taoist_1_qi__s11(taker):
    e, s = _possessed_turn(FULL_YELLOW, {"green": {"qi": 0}})
    assert decision(e, s) == "ABSORB"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [SEAT["red"], SEAT["blue"]]   # living only
    s = act(e, s, "CHOOSE_TAOIST", SEAT[taker])
    qi = {c: b["qi"] for c, b in dump(e, s)["boards"].items()}
    assert qi == {"yellow": 0, "red": 3 - (taker == "red"), "green": 0, "blue": 3 - (taker == "blue")}


@pytest.mark.parametrize("taker", ["red", "blue"])
def test_possessed_board_tormentor_roll_is_taken_by_a_chosen_taoist__s11(taker):
    e, s = _possessed_turn([{"ghost": "Lich"}, None, None], {"green": {"qi": 0}},
                           forced=["lose Tao tokens"])
    assert legal_in(e, s, "CHOOSE_TAOIST") == [SEAT["red"], SEAT["blue"]]
    s = act(e, s, "CHOOSE_TAOIST", SEAT[taker])
    boards = dump(e, s)["boards"]
    assert boards[taker]["taoist"]["tao"] == {}
    other = "blue" if taker == "red" else "red"
    assert boards[other]["taoist"]["tao"] == {other: 1}


def test_strength_of_the_mountain_cannot_skip_a_possessed_boards_roll__s11():
    e, s = _possessed_turn([{"ghost": "Lich"}, None, None], {"green": {"power": "Strength of the Mountain"}},
                           forced=["lose 1 Qi"])
    s = act(e, s, "CHOOSE_TAOIST", SEAT["green"])
    assert dump(e, s)["boards"]["green"]["qi"] == 2


def test_strength_of_the_mountain_skips_his_own_roll__s9():
    # The contrast to the test above: on his own board the Mountain never rolls.
    d = {"boards": {"green": {"power": "Strength of the Mountain",
                              "spaces": [{"ghost": "Lich"}, None, None]}},
         "turn": {"active": "green"}, "deck": ["Skinner", "Reaper"], "forced": {"curse": ["lose 1 Qi"]}}
    e, s = build(d)
    out = dump(e, s)
    assert out["boards"]["green"]["qi"] == 3 and out["forced"]["curse"] == [5]


def test_dead_taoist_gets_no_incarnation_reward_but_shares_the_win__s11():
    d = {"boards": {"blue": {"spaces": [{"ghost": "Forgotten Ones"}, None, None]},
                    "yellow": {"taoist": {"tile": "Circle of Prayer"}}, "red": {"qi": 0}},
         "at": "yang", "forced": {"tao": ["black"] * 3}}
    e, s = build(d)
    s = act(e, s, "MOVE", 0)
    s = act(e, s, "EXORCISE", 9)
    assert decision(e, s) == "INC_QI"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [0, 2, 3]      # rules §5: never a dead Taoist
    s = act(e, s, "CHOOSE_TAOIST", 2)
    assert dump(e, s)["status"]["won"]


def _at_cemetery(forced_curse, dead=("red", "blue")):
    boards = {c: {"qi": 0} for c in dead}
    boards["yellow"] = {"taoist": {"tile": "Cemetery"}}
    d = {"boards": boards, "at": "yang", "forced": {"curse": [forced_curse]}}
    e, s = build(d)
    s = act(e, s, "MOVE", 2)
    return e, act(e, s, "HELP")


def test_cemetery_offers_exactly_the_dead_taoists__s11():
    e, s = _at_cemetery("blank")
    assert decision(e, s) == "CEMETERY_PICK"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [SEAT["red"], SEAT["blue"]]


@pytest.mark.parametrize("revived", ["red", "blue"])
def test_resurrection_gives_2_qi_on_the_cemetery_without_tokens__s11(revived):
    e, s = _at_cemetery("blank")
    qi_supply = dump(e, s)["supply"]["qi"]
    s = act(e, s, "CHOOSE_TAOIST", SEAT[revived])
    out = dump(e, s)
    board = out["boards"][revived]
    assert board["qi"] == 2 and out["supply"]["qi"] == qi_supply - 2
    assert board["taoist"]["tile"] == "Cemetery"
    assert board["taoist"]["tao"] == {} and not board["taoist"]["yinyang"]
    assert common.power_on(s, np.array([0]))[0, SEAT[revived]]   # no longer possessed
    other = "blue" if revived == "red" else "red"
    assert out["boards"][other]["qi"] == 0


@pytest.mark.parametrize("face, haunted, yellow_qi", [
    ("haunt", ["Cemetery"], 3), ("lose 1 Qi", [], 2), ("blank", [], 3)])
def test_resurrection_then_the_acting_taoist_rolls_the_curse_die__s7_s11(face, haunted, yellow_qi):
    e, s = _at_cemetery(face)
    s = act(e, s, "CHOOSE_TAOIST", SEAT["red"])
    out = dump(e, s)
    assert out["haunted"] == haunted             # a haunt face haunts the Cemetery itself
    assert out["boards"]["yellow"]["qi"] == yellow_qi


def test_turn_order_never_skips_the_dead_board__s11():
    d = {"boards": {"yellow": {"qi": 0, "spaces": [{"ghost": "Ghoul", "haunter": 0}, None, None]}},
         "turn": {"active": "blue", "number": 5}, "at": "yang", "deck": ["Skinner", "Reaper"]}
    e, s = build(d)
    s = act(e, s, "MOVE", 4)
    s = act(e, s, "PASS")
    s = act(e, s, "PASS")                        # blue ends his turn
    out = dump(e, s)
    assert out["turn"]["number"] == 7            # yellow's turn was played, then red's began
    assert out["boards"]["yellow"]["spaces"][0]["haunter"] == 1
    assert out["turn"]["active"] == "red"
