"""Ghooost!'s rules on hand-built positions (``companions/positions.py``), each test citing the
section of docs/companions/ghooost.md it checks ("ghooost §N"). Random rounds, reproducibility
and bad input: test_ghooost_rounds.py."""

from __future__ import annotations

import json
from collections import Counter

import numpy as np

from companions.positions import A, B, C, DECK, act, game, legal, play, view
from ghoststories_env.companions.ghooost import Ghooost, GhooostConfig
from ghoststories_env.companions.ghooost_cards import (CASTLE_SIZE, EXORCISE, LUCK, PASS,
                                                       SKIP_ACTION, TAKE)
from ghoststories_env.companions.ghooost_positions import violations


# -- §3 setup ----------------------------------------------------------------------------------------
def test_setup_deals_hands_castles_and_the_crypt():
    """ghooost §3: 4 cards to each hand, castles of 12/10/8/6/4 cards by player count, the rest is
    the crypt; all 62 cards somewhere; a shuffle per seed, the same deal for the same seed."""
    for players, castle in zip(range(2, 7), (12, 10, 8, 6, 4)):
        e = Ghooost(GhooostConfig(num_players=players))
        S = e.reset(np.arange(30))
        assert CASTLE_SIZE[players] == castle
        assert (S.hand[:, :players].sum(2) == 4).all() and (S.hand[:, players:] == 0).all()
        assert (S.castle_n[:, :players] == castle).all() and (S.castle_n[:, players:] == 0).all()
        assert (S.crypt_n == 62 - players * (4 + castle)).all()
        deals = set()
        for i in range(30):
            d = e.to_dict(S, i)
            assert d["graveyard"] == d["discard"] == [] and d["top"] == 0
            assert Counter(sum(d["hands"] + d["castles"], []) + d["crypt"]) == DECK
            deals.add(json.dumps([d["hands"], d["castles"], d["crypt"]]))
        assert len(deals) == 30                                       # shuffled per seed
        assert e.to_dict(e.reset(np.array([7])), 0) == e.to_dict(S, 7) == e.to_dict(e.reset([7]), 0)
        assert (S.active == 0).all() and S.mask[:, LUCK].all() and not S.mask[:, EXORCISE].any()
    S = Ghooost(GhooostConfig(num_players=4, first_player=2)).reset(np.arange(5))
    assert (S.active == 2).all()


# -- §4 a valid play ---------------------------------------------------------------------------------
def test_a_play_must_equal_or_beat_the_top():
    """ghooost §4: one or more 5s go on a 5 or a 4, not on a 7; an empty graveyard takes anything."""
    e, S = game([["4", "5", "5", "7"], ["2"]], graveyard=["2", "5"])
    assert {play(5), play(5, 2), play(7), TAKE} == legal(S)
    e, S = game([["4", "5", "5", "7"], ["2"]], graveyard=["4"])
    assert {play(4), play(5), play(5, 2), play(7)} < legal(S)
    e, S = game([["4", "5", "5", "7"], ["2"]], graveyard=["7"])
    assert legal(S) == {play(7), TAKE}
    e, S = game([["4", "5", "5", "7"], ["2"]])
    assert legal(S) == {play(4), play(5), play(5, 2), play(7)}


# -- §5 before midnight --------------------------------------------------------------------------------
def test_before_midnight_the_castle_waits_and_luck_plays_the_crypts_top_card():
    """ghooost §5: castle cards cannot be used while the crypt holds cards; trying one's luck plays
    the crypt's top card: valid, the turn ends; not valid, the player takes the graveyard
    (Reading: the turned card with it)."""
    e, S = game([A, B], castles=[["13"], ["14"]], crypt=["14", "7"], graveyard=["5"])
    assert legal(S) == {play(6), play(9), LUCK, TAKE}
    d = view(e, act(e, S, LUCK))
    assert d["top"] == 7 and d["graveyard"] == Counter(["5", "7"]) and d["crypt"] == ["14"]
    assert d["hands"][0] == Counter(A) and d["active"] == 1
    e, S = game([A, B], crypt=["14", "2"], graveyard=["5"])
    d = view(e, act(e, S, LUCK))
    assert d["hands"][0] == Counter(A + ["5", "2"]) and d["graveyard"] == Counter()
    assert d["top"] == 0 and d["crypt"] == ["14"] and d["active"] == 1


def test_taking_the_graveyard_refilling_to_four_and_midnight():
    """ghooost §5: take the graveyard; after the action, draw from the crypt up to 4; drawing the
    crypt's last card strikes midnight: no more luck."""
    e, S = game([A, B], crypt=["14", "7"], graveyard=["3", "5"])
    d = view(e, act(e, S, TAKE))
    assert d["hands"][0] == Counter(A + ["3", "5"]) and d["crypt"] == ["14", "7"] and d["active"] == 1
    d = view(e, act(e, S, play(6)))
    assert d["hands"][0] == Counter(["2", "4", "9", "7"]) and d["crypt"] == ["14"] and d["active"] == 1
    e, S = game([A, B], crypt=["7"], graveyard=["5"])              # the last card: midnight
    S = act(e, S, play(6))
    assert S.crypt_n[0] == 0 and view(e, S)["hands"][0] == Counter(["2", "4", "9", "7"])
    assert legal(S) == {play(6), play(10), TAKE}


# -- §6 after midnight --------------------------------------------------------------------------------
def test_after_midnight_take_is_forced_when_nothing_can_be_played():
    """ghooost §6: taking the graveyard is forced when nothing in the hand can be played."""
    e, S = game([["2", "4"], ["5"]], castles=[["13"], []], graveyard=["9"])
    assert legal(S) == {TAKE}
    d = view(e, act(e, S, TAKE))
    assert d["hands"][0] == Counter(["2", "4", "9"]) and d["active"] == 1 and d["top"] == 0


def test_exorcism_only_with_an_empty_hand_valid_or_not():
    """ghooost §6: only a player with no card in hand may turn up their castle's top card; valid,
    the turn ends; not valid, the graveyard goes to the hand (Reading: with the turned card)."""
    e, S = game([["2"], ["5"]], castles=[["10"], []], graveyard=["9"])
    assert legal(S) == {TAKE}
    e, S = game([[], ["5"]], castles=[["10"], []])
    assert legal(S) == {EXORCISE}
    e, S = game([[], ["5", "6"]], castles=[["4", "10"], []], graveyard=["9"])
    assert legal(S) == {EXORCISE, TAKE}
    d = view(e, act(e, S, EXORCISE))
    assert d["top"] == 10 and d["castles"][0] == ["4"] and d["hands"][0] == Counter() and d["active"] == 1
    e, S = game([[], ["5", "6"]], castles=[["10", "4"], []], graveyard=["9"])
    d = view(e, act(e, S, EXORCISE))
    assert d["hands"][0] == Counter(["9", "4"]) and d["castles"][0] == ["10"]
    assert d["graveyard"] == Counter() and d["top"] == 0 and d["active"] == 1


# -- §7 combinations ------------------------------------------------------------------------------------
def test_duo_and_trio_play_again_a_single_passes_the_turn():
    """ghooost §7: two or three identical ghosts give another turn at once."""
    e, S = game([["5", "5", "6", "6", "6", "9", "13"], ["2"], ["2"]])
    S = act(e, S, play(5, 2))
    assert S.active[0] == 0
    S = act(e, S, play(6, 3))
    assert S.active[0] == 0 and S.top[0] == 6 and S.run[0] == 3
    assert act(e, S, play(9)).active[0] == 1


def test_a_quartet_from_the_hand_is_always_valid_and_clears_the_graveyard():
    """ghooost §7: four identical ghosts go on anything (a 13, a scary 3 or 12); the graveyard goes
    to the discard pile and the same player plays again."""
    for top in ("3", "12", "13", "14"):
        e, S = game([["5", "5", "5", "5", "2"], ["2"]], graveyard=["9", top])
        assert play(5, 4) in legal(S) and play(5, 3) not in legal(S)
    before = view(e, S)
    d = view(e, act(e, S, play(5, 4)))
    assert d["graveyard"] == Counter() and d["top"] == d["run"] == 0 and d["active"] == 0
    assert d["discard"] - before["discard"] == Counter({"5": 4, "9": 1, "14": 1})


def test_a_quartet_completed_on_the_graveyard_counts_the_run_and_copy_cards():
    """ghooost §7 (Reading: the run of the top value, copy cards counting at the value they took)."""
    e, S = game([["10", "10", "10", "2"], ["2"]], graveyard=["9", "10"])
    d = view(e, act(e, S, play(10, 3)))
    assert d["graveyard"] == Counter() and d["active"] == 0
    e, S = game([["7", "7", "2"], ["2"]], graveyard=["6", "7", "copy"], run=2)
    assert view(e, act(e, S, play(7, 2)))["graveyard"] == Counter()
    e, S = game([["7", "copy", "2"], ["2"]], graveyard=["7", "7"], run=2)
    assert view(e, act(e, S, play(7, 1, 1)))["graveyard"] == Counter()
    e, S = game([["7", "7", "2"], ["2"]], graveyard=["6", "copy", "7"], run=1)   # the copy took 6
    S = act(e, S, play(7, 2))
    assert S.top[0] == 7 and S.run[0] == 3 and view(e, S)["graveyard"]["7"] == 3


def test_before_midnight_a_player_refills_before_playing_again():
    """ghooost §7: before midnight, a player about to act again first draws up to 4."""
    e, S = game([["5", "5", "5", "5", "9"], B], crypt=["13", "14", "11", "12"], graveyard=["13"])
    d = view(e, act(e, S, play(5, 4)))
    assert d["hands"][0] == Counter(["9", "12", "11", "14"]) and d["crypt"] == ["13"]
    assert d["active"] == 0 and d["graveyard"] == Counter()
    e, S = game([["6", "6", "9", "10"], B], crypt=["13", "14", "7"])
    d = view(e, act(e, S, play(6, 2)))
    assert d["hands"][0] == Counter(["9", "10", "7", "14"]) and d["active"] == 0


# -- §8 families and abilities ---------------------------------------------------------------------------
def test_the_fearless_1_goes_on_anything():
    """ghooost §8: the 1 may be played even onto scary or higher ghosts; anything may follow it."""
    for top in ("3", "12", "13", "14"):
        e, S = game([["1", "2"], ["2"]], graveyard=[top])
        assert play(1) in legal(S)
        S = act(e, S, play(1))
        assert S.top[0] == 1 and play(2) in legal(S)


def test_the_skip_card_skips_the_next_player_and_belongs_to_the_graveyard():
    """ghooost §8: laid beside the graveyard, the top unchanged; the next player is skipped and the
    one after must beat the same top; it leaves with the graveyard, taken or discarded."""
    e, S = game([["skip", "2"], ["14"], ["4"]], graveyard=["9"])
    assert SKIP_ACTION in legal(S)
    S = act(e, S, SKIP_ACTION)
    d = view(e, S)
    assert d["top"] == 9 and d["graveyard"] == Counter(["9", "skip"]) and d["active"] == 2
    assert legal(S) == {TAKE}
    d = view(e, act(e, S, TAKE))
    assert d["hands"][2] == Counter(["4", "9", "skip"]) and d["graveyard"] == Counter()
    e, S = game([["skip", "2"], ["14"], ["4"]], graveyard=["12"])
    assert SKIP_ACTION in legal(S)
    e, S = game([["10", "10", "10", "2"], ["2"]], graveyard=["skip", "10"])
    d = view(e, act(e, S, play(10, 3)))
    assert d["graveyard"] == Counter() and d["discard"]["skip"] == 3


def test_scary_ghosts_take_only_scary_fearless_or_a_quartet():
    """ghooost §8: on a 3, only a 3, a 12, a 1, the skip card or a quartet; on a 12, only a 12, a 1,
    the skip card or a quartet (not a 3, nor a higher 13 or 14)."""
    hand = ["1", "2", "2", "2", "2", "3", "4", "11", "12", "13", "14", "skip", "copy"]
    e, S = game([hand, ["5"]], graveyard=["3"])
    assert legal(S) == {play(3), play(3, 1, 1), play(12), play(12, 1, 1), play(1), play(1, 1, 1),
                        play(2, 4), play(2, 3, 1), play(2, 4, 1), SKIP_ACTION, TAKE}
    e, S = game([hand, ["5"]], graveyard=["12"])
    assert legal(S) == {play(12), play(12, 1, 1), play(1), play(1, 1, 1),
                        play(2, 4), play(2, 3, 1), play(2, 4, 1), SKIP_ACTION, TAKE}


def test_the_copy_card_takes_the_value_of_the_ghosts_it_joins_and_never_goes_alone():
    """ghooost §8: only with one or more other ghosts, at their value, so part of a duo, trio or
    quartet; a hand of copy cards only takes the graveyard, or passes when it is empty."""
    e, S = game([["copy", "copy", "5", "9"], ["2"]])
    assert legal(S) == {play(5), play(5, 1, 1), play(5, 1, 2), play(9), play(9, 1, 1), play(9, 1, 2)}
    S = act(e, S, play(5, 1, 2))
    assert S.top[0] == 5 and S.run[0] == 3 and S.active[0] == 0            # a trio
    e, S = game([["copy", "copy", "5", "9"], ["2"]], graveyard=["6"])
    assert legal(S) == {play(9), play(9, 1, 1), play(9, 1, 2), TAKE}       # a copy + 5 is a 5
    e, S = game([["copy", "copy"], ["2"]])
    assert legal(S) == {PASS}
    d = view(e, act(e, S, PASS))
    assert d["active"] == 1 and d["hands"][0] == Counter(["copy", "copy"]) and d["passes"] == 1
    e, S = game([["copy", "copy"], ["2"]], graveyard=["6"])
    assert legal(S) == {TAKE}


def test_the_8_reverses_the_direction_once_per_play():
    """ghooost §8 (Reading: once per play, however many 8s it holds)."""
    e, S = game([["8", "2", "13"], ["14"], ["14"], ["8", "13"]])
    S = act(e, S, play(8))
    assert S.active[0] == 3 and S.direction[0] == -1
    S = act(e, S, play(8))
    assert S.active[0] == 0 and S.direction[0] == 1
    e, S = game([["8", "8", "9", "13"], ["14"], ["14"], ["14"]])
    S = act(e, S, play(8, 2))
    assert S.active[0] == 0 and S.direction[0] == -1                        # a duo: again
    assert act(e, S, play(9)).active[0] == 3


def test_the_11_clears_the_graveyard_and_its_player_plays_again():
    """ghooost §8: the whole graveyard, the 11 included, to the discard pile; it needs a valid play,
    so not onto a 12, 13, 14 or a scary 3."""
    e, S = game([["11", "2", "13"], ["14"]], graveyard=["5", "9"])
    before = view(e, S)
    d = view(e, act(e, S, play(11)))
    assert d["graveyard"] == Counter() and d["top"] == 0 and d["active"] == 0
    assert d["discard"] - before["discard"] == Counter(["5", "9", "11"])
    for top in ("3", "12", "13", "14"):
        e, S = game([["11", "1"], ["2"]], graveyard=[top])
        assert play(11) not in legal(S)


def test_turned_up_cards_keep_their_abilities():
    """ghooost §5 Reading: a card turned up is played as from the hand: an 11 clears and its player
    goes again, an 8 reverses, a skip card skips; a copy card alone is never valid."""
    hands = [A, B, C]
    e, S = game(hands, crypt=["14", "11"], graveyard=["5"])
    d = view(e, act(e, S, LUCK))
    assert d["graveyard"] == Counter() and d["active"] == 0 and d["discard"]["11"] == 4
    e, S = game(hands, crypt=["14", "8"], graveyard=["5"])
    d = view(e, act(e, S, LUCK))
    assert d["top"] == 8 and d["direction"] == -1 and d["active"] == 2
    e, S = game(hands, crypt=["14", "skip"], graveyard=["5"])
    d = view(e, act(e, S, LUCK))
    assert d["top"] == 5 and d["graveyard"] == Counter(["5", "skip"]) and d["active"] == 2
    e, S = game(hands, crypt=["14", "copy"], graveyard=["5"])
    d = view(e, act(e, S, LUCK))
    assert d["hands"][0] == Counter(A + ["5", "copy"]) and d["graveyard"] == Counter() and d["active"] == 1
    e, S = game([[], ["2"], ["2"]], castles=[["9", "11"], [], []], graveyard=["5"])
    S = act(e, S, EXORCISE)
    assert S.active[0] == 0 and S.top[0] == 0 and legal(S) == {EXORCISE}


# -- §9 end of a round ----------------------------------------------------------------------------------
def test_a_player_with_empty_hand_and_castle_is_out_and_the_turn_passes():
    """ghooost §9: out, with a finishing place; play passes on even after a duo or a quartet."""
    e, S = game([["5", "5"], ["2"], ["2"]])
    S = act(e, S, play(5, 2))
    assert S.finish[0, :3].tolist() == [0, -1, -1] and S.active[0] == 1 and not S.terminated[0]
    e, S = game([["6", "6", "6", "6"], ["2"], ["2"]], graveyard=["13"], direction=-1)
    S = act(e, S, play(6, 4))
    assert S.finish[0, :3].tolist() == [0, -1, -1] and S.active[0] == 2
    e, S = game([["5", "5"], ["2"], ["2"]], castles=[["9"], [], []])        # a castle left: again
    S = act(e, S, play(5, 2))
    assert S.finish[0, 0] == -1 and S.active[0] == 0 and legal(S) == {EXORCISE, TAKE}


def test_the_last_player_left_loses_and_the_round_ends():
    """ghooost §9: when one player is left, that player has lost (the last place)."""
    e, S = game([[], ["9"], ["2", "3"]], finish=[0, -1, -1], active=1)
    S = act(e, S, play(9))
    assert S.finish[0, :3].tolist() == [0, 1, 2] and S.terminated[0] and not S.blocked[0]
    assert not S.mask[0].any()
    assert act(e, S, 0).decisions[0] == S.decisions[0]                  # finished: ignored


def test_a_blocked_round_ends_when_every_player_still_in_passes():
    """ghooost §9 Reading: nobody still in can act (copy cards only, an empty graveyard): after
    every player still in has passed in a row, they take the last places, fewest cards first."""
    e, S = game([["copy"], ["copy"], ["copy"]], castles=[["5", "6"], [], ["7"]])
    S = act(e, S, PASS, PASS)
    assert not S.terminated[0] and S.passes[0] == 2 and S.active[0] == 2
    S = act(e, S, PASS)
    assert S.terminated[0] and S.blocked[0] and S.finish[0, :3].tolist() == [2, 0, 1]
    assert not violations(S)["a round is over when one player is left or it is blocked"].any()
