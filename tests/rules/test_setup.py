"""rules §3: setup, checked on batches of ``engine.reset`` (with the level differences of
section 12 that setup reads: starting Qi and the Initiation black token).

Randomness is checked over many seeds: every random choice must show each of its outcomes, and the
two-way choices (power sides) must be near even.
"""

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig
from ghoststories_env import cards as C
from ghoststories_env.geometry import CENTRE
from ghoststories_env.rules.setup import POWERS_OF_COLOUR

SEEDS = np.arange(1000)


@pytest.fixture(scope="module")
def initiation():
    return Engine(GameConfig(difficulty="initiation")).reset(SEEDS)


@pytest.fixture(scope="module")
def normal():
    return Engine(GameConfig(difficulty="normal")).reset(SEEDS)


def _every_row_is_a_permutation(a: np.ndarray, n: int) -> bool:
    return bool((np.sort(a, axis=1) == np.arange(n)).all())


# -- 1. village ------------------------------------------------------------------------------------------

def test_village_is_the_nine_tiles_in_a_random_square_all_active__s3(normal):
    assert _every_row_is_a_permutation(normal.tile_at, C.NUM_TILES)
    assert not normal.haunted.any()
    assert (np.bincount(normal.tile_at[:, CENTRE], minlength=9) > 0).all()
    assert len({row.tobytes() for row in normal.tile_at}) > 990


# -- 2. boards, colours and power sides --------------------------------------------------------------------

def test_board_colours_go_to_seats_at_random__s3(normal):
    assert _every_row_is_a_permutation(normal.seat_colour, 4)
    for seat in range(4):
        assert (np.bincount(normal.seat_colour[:, seat], minlength=4) > 150).all()


def test_each_board_shows_a_random_side_of_its_own_colour__s3(normal):
    sides = POWERS_OF_COLOUR[normal.seat_colour]                       # (B, 4, 2)
    first = normal.seat_power == sides[..., 0]
    assert (first | (normal.seat_power == sides[..., 1])).all()
    share = first.mean(0)                                              # per seat
    assert ((share > 0.42) & (share < 0.58)).all()


def test_power_seat_table_matches_the_boards__s3(normal):
    for p in range(C.NUM_POWERS):
        shown = (normal.seat_power == p).any(1)
        seat = normal.power_seat[:, p]
        assert ((seat >= 0) == shown).all()
        rows = np.flatnonzero(shown)
        assert (normal.seat_power[rows, seat[rows]] == p).all()


# -- 3. the Taoists ----------------------------------------------------------------------------------------

def test_initiation_taoists_start_with_4_qi_yinyang_own_and_black_token_on_the_centre__s3(initiation):
    S = initiation
    assert (S.qi == 4).all() and S.yinyang.all() and (S.pos == CENTRE).all()
    own = np.eye(5, dtype=np.int8)[S.seat_colour]
    own[..., C.BLACK] = 1
    assert (S.tao == own).all()


def test_initiation_four_players_leave_no_black_token_in_the_supply__s3_s16(initiation):
    assert (initiation.tao_supply == [3, 3, 3, 3, 0]).all()


def test_normal_taoists_start_with_3_qi_and_their_own_token__s3_s12(normal):
    S = normal
    assert (S.qi == 3).all() and S.yinyang.all() and (S.pos == CENTRE).all()
    assert (S.tao == np.eye(5, dtype=np.int8)[S.seat_colour]).all()
    assert (S.tao_supply == [3, 3, 3, 3, 4]).all()


def test_qi_supply_holds_what_the_taoists_do_not__s1_s3(initiation, normal):
    assert (initiation.qi_supply == C.QI_TOKENS - 16).all()
    assert (normal.qi_supply == C.QI_TOKENS - 12).all()


def test_four_player_game_hands_out_no_power_tokens__s3_s13(normal):
    assert (normal.power_tokens == 0).all() and (normal.centre_power_tokens == 0).all()


# -- 4. Buddhas --------------------------------------------------------------------------------------------

def test_both_buddhas_start_on_the_temple__s3(normal):
    assert (normal.temple_buddhas == 2).all()
    assert not normal.buddha.any() and (normal.buddhas == 0).all()


# -- 5. the ghost deck -------------------------------------------------------------------------------------

def test_deck_is_55_ghosts_and_one_incarnation_eleventh_from_the_bottom__s3(normal):
    S = normal
    assert (S.deck_len == 56).all()
    deck = S.deck[:, :56].astype(np.int64)
    inc = C.IS_INCARNATION[deck]
    assert (inc.sum(1) == 1).all() and inc[:, 56 - 11].all()
    ghosts = np.sort(np.where(inc, -1, deck), axis=1)[:, 1:]
    assert (ghosts == np.arange(C.NUM_GHOSTS)).all()                  # every ghost once


def test_the_incarnation_is_picked_at_random_the_others_left_out__s3(normal):
    S = normal
    picked = S.deck[:, 45].astype(np.int64)
    assert (np.bincount(picked - C.NUM_GHOSTS, minlength=10) > 50).all()
    assert (S.removed.sum(1) == 9).all() and not S.removed[:, :C.NUM_GHOSTS].any()
    assert not S.removed[np.arange(S.batch_size), picked].any()
    assert (S.inc_total == 1).all()


def test_ghosts_are_shuffled__s3(normal):
    deck = normal.deck[:, :56]
    assert len({row.tobytes() for row in deck}) == deck.shape[0]
    assert (np.bincount(deck[:, 0], minlength=C.NUM_GHOSTS)[:C.NUM_GHOSTS] > 0).all()


# -- 6. the first player --------------------------------------------------------------------------------

def test_first_player_is_random_and_his_yin_phase_brings_the_first_ghost__s3_s4(normal):
    S = normal
    assert (np.bincount(S.active, minlength=4) > 200).all()
    assert (Engine.current_player(S) == S.active).all()
    assert (S.deck_pos == 1).all() and (S.turn == 1).all()
    names = {Engine.decision_name(S, i) for i in range(S.batch_size)}
    assert names == {"PLACE"}                     # the first ghost waits for its space
    assert (S.ghost < 0).all()


@pytest.mark.parametrize("players", [1, 2, 3])
def test_first_player_is_one_of_the_playing_seats__s3_s13(players):
    S = Engine(GameConfig(num_players=players)).reset(np.arange(300))
    assert S.is_player[np.arange(300), S.active].all()
    assert (S.is_player.sum(1) == players).all()
