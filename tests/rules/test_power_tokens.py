"""rules §13: Power tokens (1-3 players): how many each Taoist gets, spending one in the
Yang phase on a non-possessed neutral board's power for that turn (never twice on the same board),
the central tile, and the Forgotten Ones (section 15) switching them off.

With 2 players north yellow and east red play; south green and west blue are neutral. Position p
holds tile p (1 Buddhist Temple, 4 Herbalist's Shop = the central tile).
"""

import numpy as np
import pytest

from ghoststories_env import GameConfig
from ghoststories_env.rules import new_games
from helpers import act, build, decision, dump, legal_in

SEAT = {"yellow": 0, "red": 1, "green": 2, "blue": 3}
STEPS_FROM_CORNER_0 = [0, 1, 3, 4]


@pytest.mark.parametrize("players, each", [(1, 3), (2, 1), (3, 1), (4, 0)])
def test_power_tokens_dealt_per_player_count__s13(players, each):
    s = new_games(GameConfig(num_players=players), np.arange(8))
    assert (s.power_tokens[s.is_player] == each).all()
    assert (s.power_tokens[~s.is_player] == 0).all()
    assert (s.centre_power_tokens == 0).all()


def _yang(boards=None, players=2, **top):
    d = {"boards": boards or {}, "at": "yang", **top}
    return build(d, num_players=players)


def test_power_token_offers_exactly_the_non_possessed_neutral_boards__s13():
    e, s = _yang()
    assert legal_in(e, s, "POWER_TOKEN") == [SEAT["green"], SEAT["blue"]]
    e, s = _yang({"green": {"qi": 0}})           # a possessed neutral board lends nothing
    assert legal_in(e, s, "POWER_TOKEN") == [SEAT["blue"]]


def test_power_token_not_offered_while_a_ghost_switches_that_power_off__s6_s13():
    # Fallen Monks' Inactive-Power marker on the green neutral board.
    e, s = _yang({"green": {"spaces": [{"ghost": "Fallen Monks"}, None, None]}})
    assert legal_in(e, s, "POWER_TOKEN") == [SEAT["blue"]]


def test_no_power_token_no_offer__s13():
    e, s = _yang({"yellow": {"taoist": {"power_tokens": 0}}})
    assert legal_in(e, s, "POWER_TOKEN") == []


def test_spent_power_token_goes_to_the_central_tile__s13():
    e, s = _yang()
    s = act(e, s, "POWER_TOKEN", SEAT["blue"])
    out = dump(e, s)
    assert out["boards"]["yellow"]["taoist"]["power_tokens"] == 0
    assert out["centre_power_tokens"] == 1
    assert out["turn"]["borrowed"] == ["blue"]


def _peaks_neutral():
    """Red is a neutral board showing the Dance of the Peaks; yellow and green play."""
    return {"red": {"player": False, "power": "Dance of the Peaks"}, "green": {"player": True},
            "yellow": {"taoist": {"tile": "Circle of Prayer"}}}


def test_borrowed_power_works_for_the_spender__s13():
    e, s = _yang(_peaks_neutral())
    assert legal_in(e, s, "MOVE") == STEPS_FROM_CORNER_0
    s = act(e, s, "POWER_TOKEN", SEAT["red"])
    assert legal_in(e, s, "MOVE") == list(range(9))        # any tile this turn


def test_power_token_may_be_spent_after_the_action__s13():
    # Second Wind (blue neutral) borrowed after a first help: the Temple helps a second time.
    e, s = _yang({"yellow": {"taoist": {"tile": "Buddhist Temple"}}})
    s = act(e, s, "MOVE", 1)
    s = act(e, s, "HELP")
    assert not legal_in(e, s, "HELP")
    s = act(e, s, "POWER_TOKEN", SEAT["blue"])
    s = act(e, s, "HELP")
    out = dump(e, s)
    assert out["boards"]["yellow"]["taoist"]["buddhas"] == 2 and out["temple_buddhas"] == 0


def test_borrowed_power_lasts_only_that_turn__s13():
    boards = _peaks_neutral()
    boards["green"]["taoist"] = {"tile": "Circle of Prayer"}
    e, s = _yang(boards, deck=["Ghoul", "Skinner"])
    s = act(e, s, "POWER_TOKEN", SEAT["red"])
    s = act(e, s, "MOVE", 8)
    s = act(e, s, "PASS")
    s = act(e, s, "PASS")                        # yellow ends; red (neutral) plays; green's turn
    while decision(e, s) != "YANG":              # green's arrival: any legal space
        s = act(e, s, "CHOOSE_SPACE", legal_in(e, s, "CHOOSE_SPACE")[0])
    out = dump(e, s)
    assert out["turn"]["active"] == "green" and out["turn"]["borrowed"] == []
    assert legal_in(e, s, "MOVE") == STEPS_FROM_CORNER_0
    assert legal_in(e, s, "POWER_TOKEN") == [SEAT["red"], SEAT["blue"]]


def test_never_two_tokens_on_the_same_neutral_board_in_a_turn__s13():
    e, s = _yang(players=1)                      # solo: 3 tokens, three neutral boards
    assert legal_in(e, s, "POWER_TOKEN") == [1, 2, 3]
    s = act(e, s, "POWER_TOKEN", 2)
    assert legal_in(e, s, "POWER_TOKEN") == [1, 3]
    s = act(e, s, "POWER_TOKEN", 1)
    assert legal_in(e, s, "POWER_TOKEN") == [3]
    s = act(e, s, "POWER_TOKEN", 3)
    out = dump(e, s)
    assert out["boards"]["yellow"]["taoist"]["power_tokens"] == 0
    assert out["centre_power_tokens"] == 3 and out["turn"]["borrowed"] == ["red", "green", "blue"]


def _end_turn_on(tile_position, centre_tokens=2):
    e, s = _yang({"yellow": {"taoist": {"power_tokens": 0}}}, centre_power_tokens=centre_tokens,
                 deck=["Ghoul", "Skinner"])
    s = act(e, s, "MOVE", tile_position)
    s = act(e, s, "PASS")
    return e, act(e, s, "PASS")


@pytest.mark.parametrize("k", [0, 1, 2])
def test_taoist_ending_his_turn_on_the_central_tile_picks_up_any_number__s13(k):
    e, s = _end_turn_on(4)
    assert decision(e, s) == "POWER_PICKUP"
    assert legal_in(e, s, "TAKE_POWER_TOKENS") == [0, 1, 2]
    s = act(e, s, "TAKE_POWER_TOKENS", k)
    out = dump(e, s)
    assert out["boards"]["yellow"]["taoist"]["power_tokens"] == k
    assert out["centre_power_tokens"] == 2 - k


def test_no_pick_up_when_the_turn_ends_elsewhere__s13():
    e, s = _end_turn_on(1)
    assert decision(e, s) != "POWER_PICKUP"
    out = dump(e, s)
    assert out["centre_power_tokens"] == 2 and out["turn"]["active"] == "red"


def test_forgotten_ones_switch_power_tokens_off__s13_s15():
    e, s = _yang({"red": {"spaces": [{"ghost": "Forgotten Ones"}, None, None]}})
    assert legal_in(e, s, "POWER_TOKEN") == []
    e, s = _yang({"red": {"spaces": [{"ghost": "Forgotten Ones", "marker": False}, None, None]}})
    assert legal_in(e, s, "POWER_TOKEN") == [SEAT["green"], SEAT["blue"]]
