"""rules §12: the difficulty levels (starting Qi, Tao tokens, Yin-Yang, incarnations and
their place in the deck, victory points), with section 3's setup where the levels share it.
The haunted-tile threshold per level is played out in test_end_of_game.py (sections 10 and 12).

Fresh games come from the setup (``rules.new_games``, before the first Yin phase can change
anything); the expected values are the table of rules §12 written out below, not read from the
engine's own level file.
"""

import numpy as np
import pytest

from ghoststories_env import GameConfig
from ghoststories_env import cards as C
from ghoststories_env.rules import new_games
from helpers import build

SEEDS = np.arange(6)
LEVELS = ("initiation", "normal", "nightmare", "hell")
# rules §12, column by column.
START_QI = {"initiation": 4, "normal": 3, "nightmare": 3, "hell": 3}
BLACK_TOKEN = {"initiation": True, "normal": False, "nightmare": False, "hell": False}
YINYANG = {"initiation": True, "normal": True, "nightmare": True, "hell": False}
INCARNATIONS = {"initiation": (1, 1), "normal": (1, 1), "nightmare": (3, 4), "hell": (3, 4)}  # 1-2p, 3-4p
VICTORY_POINTS = {"initiation": 10, "normal": 10, "nightmare": 10, "hell": 20}


def _reset(level, players=4, **config):
    return new_games(GameConfig(num_players=players, difficulty=level, **config), SEEDS)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_starting_qi_per_level__s12(level, players):
    s = _reset(level, players)
    assert (s.qi[s.is_player] == START_QI[level]).all()
    assert (s.qi_supply == C.QI_TOKENS - s.qi.sum(1)).all()


def test_initiation_5_qi_variant__s12():
    s = _reset("initiation", start_qi=5)
    assert (s.qi == 5).all()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_starting_tao_tokens_per_level__s3_s12(level, players):
    s = _reset(level, players)
    for i in range(len(SEEDS)):
        for seat in range(4):
            expected = np.zeros(5, int)
            if s.is_player[i, seat]:
                expected[s.seat_colour[i, seat]] = 1
                expected[C.BLACK] = BLACK_TOKEN[level]
            assert s.tao[i, seat].tolist() == expected.tolist()


def test_initiation_four_players_leave_no_black_token_in_the_supply__s12():
    s = _reset("initiation", 4)
    assert (s.tao_supply[:, C.BLACK] == 0).all()
    assert (s.tao_supply[:, :4] == C.TAO_PER_COLOUR - 1).all()


@pytest.mark.parametrize("level", LEVELS)
def test_starting_yinyang_per_level__s12(level):
    s = _reset(level)
    assert (s.yinyang == YINYANG[level]).all()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_incarnation_count_per_level_and_player_count__s12(level, players):
    s = _reset(level, players)
    k = INCARNATIONS[level][players >= 3]
    for i in range(len(SEEDS)):
        deck = s.deck[i, :s.deck_len[i]]
        assert C.IS_INCARNATION[deck].sum() == k
        assert s.removed[i, C.NUM_GHOSTS:].sum() == C.NUM_INCARNATIONS - k   # the rest unseen
    assert (s.inc_total == k).all()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_incarnations_lie_every_11th_card_from_the_bottom__s3_s12(level, players):
    """From the bottom: 10 ghosts, an incarnation, 10 ghosts, an incarnation, ..., the rest on top."""
    s = _reset(level, players)
    k = INCARNATIONS[level][players >= 3]
    expected = {11 * j + 10 for j in range(k)}          # 0-based places counted from the bottom
    for i in range(len(SEEDS)):
        bottom_up = s.deck[i, :s.deck_len[i]][::-1]
        assert set(np.flatnonzero(C.IS_INCARNATION[bottom_up]).tolist()) == expected


@pytest.mark.parametrize("level", LEVELS)
def test_no_tile_starts_haunted_at_any_level__s12(level):
    s = _reset(level)
    assert not s.haunted.any()
    assert (s.temple_buddhas == C.BUDDHAS).all()        # rules §3.4


@pytest.mark.parametrize("level", LEVELS)
def test_victory_points_per_level__s12_s14(level):
    # Same table, won or lost, empty deck, no incarnation bonus: the difference is the victory.
    def score(won):
        e, s = build({"deck": [], "status": {"terminated": True, "won": won,
                                               "loss_reason": "" if won else "deck exhausted"}},
                     difficulty=level)
        return int(e.score(s)[0])
    assert score(True) - score(False) == VICTORY_POINTS[level]


def test_first_player_and_figures_start_on_the_central_tile__s3():
    s = _reset("normal", 2)
    centre = 4
    assert (s.pos[s.is_player] == centre).all() and (s.pos[~s.is_player] == -1).all()
    assert s.is_player[np.arange(len(SEEDS)), s.active].all()   # a player begins
