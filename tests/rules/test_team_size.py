"""rules §13: games of 1, 2 or 3 players (neutral boards, their turns and possession, the
smaller deck, the solo extras). Power tokens are in test_power_tokens.py.

In a scenario the first ``num_players`` seats play: with 2 players north yellow and east red are
Taoists, south green and west blue are neutral boards. Position p holds tile p (4 Herbalist,
7 Pavilion); ghost space g = 3 * seat + k.
"""

import numpy as np
import pytest

from ghoststories_env import GameConfig
from ghoststories_env import cards as C
from ghoststories_env.rules import common, new_games
from helpers import act, build, decision, dump, legal_in

SEEDS = np.arange(40)
SEAT = {"yellow": 0, "red": 1, "green": 2, "blue": 3}
FULL_GREEN = [{"ghost": n} for n in ("Fungus Thing", "Fallen Monk", "Rotten Soul #28")]


def _setup(players, level="normal"):
    return new_games(GameConfig(num_players=players, difficulty=level), SEEDS)


@pytest.mark.parametrize("players", [1, 2, 3])
def test_unplayed_boards_stay_neutral_with_a_random_power_side__s13(players):
    s = _setup(players)
    assert (s.is_player.sum(1) == players).all()
    neutral = ~s.is_player
    assert (s.pos[neutral] == -1).all() and (s.tao[neutral] == 0).all()
    for colour in range(4):
        sides = {int(p) for p in s.seat_power[neutral & (s.seat_colour == colour)]}
        assert sides <= set(np.flatnonzero(C.POWER_COLOUR == colour))
        if players > 1 or colour != C.RED:       # solo: red is always the Dance of the Peaks
            assert len(sides) == 2               # both sides turn up over 40 seeds


@pytest.mark.parametrize("level, qi", [("initiation", 4), ("normal", 3), ("hell", 3)])
def test_neutral_boards_start_with_the_taoists_qi__s13(level, qi):
    s = _setup(2, level)
    assert (s.qi[~s.is_player] == qi).all()


def test_ghosts_of_a_neutral_boards_colour_arrive_there__s13():
    e, s = build({"deck": ["Fungus Thing", "Ghoul"]}, num_players=2)      # a green ghost
    assert decision(e, s) == "PLACE"
    assert legal_in(e, s, "CHOOSE_SPACE") == [6, 7, 8]


def test_neutral_turn_plays_yin_step_1_without_arrival_or_yang__s13():
    d = {"boards": {"green": {"spaces": [{"ghost": "Creeping One", "haunter": 0}, None, None]}},
         "turn": {"active": "green", "number": 2}, "deck": ["Ghoul", "Skinner"]}
    e, s = build(d, num_players=2)
    out = dump(e, s)
    assert out["boards"]["green"]["spaces"][0]["haunter"] == 1     # its haunter advanced
    # Green's and blue's (neutral) turns passed without a card; yellow's turn drew the first one.
    assert out["turn"]["active"] == "yellow" and out["turn"]["number"] == 5
    assert out["drawn"] == [1]
    assert e.current_player(s)[0] == SEAT["yellow"]


@pytest.mark.parametrize("taker", ["yellow", "red"])
def test_neutral_tormentor_roll_is_taken_by_a_chosen_taoist__s13(taker):
    d = {"boards": {"green": {"spaces": [{"ghost": "Great Putrid"}, None, None]}},
         "turn": {"active": "green"}, "deck": ["Ghoul", "Skinner"],
         "forced": {"curse": ["lose Tao tokens"]}}
    e, s = build(d, num_players=2)
    assert decision(e, s) == "ABSORB"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [SEAT["yellow"], SEAT["red"]]
    s = act(e, s, "CHOOSE_TAOIST", SEAT[taker])
    boards = dump(e, s)["boards"]
    other = "red" if taker == "yellow" else "yellow"
    assert boards[taker]["taoist"]["tao"] == {}
    assert boards[other]["taoist"]["tao"] == {other: 1}
    assert boards["green"]["qi"] == 3


def test_strength_of_the_mountain_takes_a_neutral_boards_roll_too__s13():
    # Engine choice (rules §9 and 11 name only possessed boards): a roll taken on behalf of any
    # other board, neutral included, is not the Mountain's own roll, so it is never skipped.
    d = {"boards": {"red": {"player": False, "spaces": [{"ghost": "Raging One"}, None, None]},
                    "green": {"player": True, "power": "Strength of the Mountain"}},
         "turn": {"active": "red"}, "deck": ["Ghoul", "Skinner"], "forced": {"curse": ["lose 1 Qi"]}}
    e, s = build(d, num_players=2)
    assert legal_in(e, s, "CHOOSE_TAOIST") == [SEAT["yellow"], SEAT["green"]]
    s = act(e, s, "CHOOSE_TAOIST", SEAT["green"])
    assert dump(e, s)["boards"]["green"]["qi"] == 2


def test_neutral_overrun_costs_the_neutral_boards_qi__s13():
    d = {"boards": {"green": {"spaces": FULL_GREEN}}, "turn": {"active": "green"},
         "deck": ["Ghoul", "Skinner"]}
    e, s = build(d, num_players=2)
    qi = {c: b["qi"] for c, b in dump(e, s)["boards"].items()}
    assert qi == {"yellow": 3, "red": 3, "green": 2, "blue": 3}


def test_neutral_board_at_0_qi_is_possessed__s11_s13():
    d = {"boards": {"green": {"qi": 1, "spaces": FULL_GREEN}}, "turn": {"active": "green"},
         "deck": ["Ghoul", "Skinner"]}
    e, s = build(d, num_players=2)
    assert dump(e, s)["boards"]["green"]["qi"] == 0
    on = common.power_on(s, np.array([0]))[0]
    assert not on[SEAT["green"]] and on[SEAT["blue"]]


@pytest.mark.parametrize("taker", ["yellow", "red"])
def test_possessed_neutral_boards_qi_loss_falls_on_a_chosen_taoist__s13(taker):
    d = {"boards": {"green": {"qi": 0, "spaces": FULL_GREEN}}, "turn": {"active": "green"},
         "deck": ["Ghoul", "Skinner"]}
    e, s = build(d, num_players=2)
    assert decision(e, s) == "ABSORB"
    assert legal_in(e, s, "CHOOSE_TAOIST") == [SEAT["yellow"], SEAT["red"]]
    s = act(e, s, "CHOOSE_TAOIST", SEAT[taker])
    qi = {c: b["qi"] for c, b in dump(e, s)["boards"].items()}
    assert qi[taker] == 2 and qi["green"] == 0


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_deck_loses_5_unseen_ghosts_per_missing_player__s13(players):
    s = _setup(players)
    for i in range(len(SEEDS)):
        deck = s.deck[i, :s.deck_len[i]]
        ghosts = deck[~C.IS_INCARNATION[deck]]
        assert ghosts.size == 55 - 5 * (4 - players)
        assert s.removed[i, :C.NUM_GHOSTS].sum() == 5 * (4 - players)
        assert not np.isin(np.flatnonzero(s.removed[i, :C.NUM_GHOSTS]), ghosts).any()


@pytest.mark.parametrize("level, black", [("normal", 0), ("initiation", 1)])
def test_solo_taoist_starts_with_a_tao_token_of_each_board_colour__s13(level, black):
    s = _setup(1, level)
    assert (s.tao[s.is_player] == [1, 1, 1, 1, black]).all()


def test_solo_red_neutral_board_shows_the_dance_of_the_peaks__s13():
    s = _setup(1)
    red_neutral = (s.seat_colour == C.RED) & ~s.is_player
    assert red_neutral.any()
    assert (s.seat_power[red_neutral] == C.PEAKS).all()


def _pavilion(players):
    d = {"boards": {"yellow": {"taoist": {"tile": "Pavilion of the Heavenly Wind"},
                               "spaces": [{"ghost": "Ghoul"}, None, None]}}, "at": "yang"}
    e, s = build(d, num_players=players)
    s = act(e, s, "MOVE", 7)
    s = act(e, s, "HELP")
    return e, act(e, s, "CHOOSE_SPACE", 1)        # the Ghoul moves to north space 2


@pytest.mark.parametrize("players, moved", [(1, "yellow"), (2, "red")])
def test_pavilion_moves_your_own_taoist_only_when_alone__s13(players, moved):
    e, s = _pavilion(players)
    assert decision(e, s) == "MOVE_TAOIST"
    s = act(e, s, "CHOOSE_TILE", 0)
    boards = dump(e, s)["boards"]
    assert boards[moved]["taoist"]["tile"] == "Circle of Prayer"


def test_solo_death_ends_the_game__s13():
    full = [{"ghost": n} for n in ("Walking Corpse", "Yellow Plague", "Zombie #6")]
    e, s = build({"boards": {"yellow": {"qi": 1, "spaces": full}}}, num_players=1)
    assert dump(e, s)["status"]["loss_reason"] == "all Taoists dead"
