"""rules §14: the official score, every term, for won and lost games (the victory points
per level are also checked in test_levels.py). Each term is checked by changing it alone on a
finished hand-built game and comparing scores, then a whole score is summed by hand.
"""

import pytest

from helpers import act, build, decision, dump

INCARNATIONS = ["Howling Nightmare", "Uncatchable", "Hope Killer", "Deaths Army"]


def _score(won=True, deck=(), level="normal", players=4, **top):
    # a lost game needs its reason; which one does not change the score (rules §14)
    status = {"terminated": True, "won": won, "loss_reason": "" if won else "haunted tiles"}
    d = {"deck": list(deck), "status": status, **top}
    e, s = build(d, difficulty=level, num_players=players)
    return int(e.score(s)[0])


@pytest.mark.parametrize("won", [True, False])
def test_each_qi_left_scores_1__s14(won):
    base = _score(won, boards={"red": {"qi": 3}})
    assert _score(won, boards={"red": {"qi": 5}}) - base == 2


@pytest.mark.parametrize("won, sign", [(True, 1), (False, -1)])
def test_cards_left_in_the_deck_score_plus_on_a_win_minus_on_a_loss__s14(won, sign):
    base = _score(won)
    assert _score(won, deck=["Ghoul", "Skinner", "Reaper"]) - base == 3 * sign


@pytest.mark.parametrize("won", [True, False])
def test_each_dead_taoist_costs_3__s14(won):
    alive_at_1 = _score(won, boards={"red": {"qi": 1}})
    dead = _score(won, boards={"red": {"qi": 0}})
    assert alive_at_1 - dead == 1 + 3            # his last Qi, and the death


@pytest.mark.parametrize("won", [True, False])
def test_each_haunted_tile_costs_4__s14(won):
    base = _score(won)
    assert _score(won, haunted=["Cemetery", "Tea House"]) - base == -8


def test_empty_ghost_spaces_score_nothing__s14():
    # The "+2 per empty ghost space" line of the first English rulebook is a translation error.
    ghosts = {"yellow": {"spaces": [{"ghost": "Ghoul"}, {"ghost": "Reaper"}, None]}}
    assert _score(True, boards=ghosts) == _score(True)


def test_neutral_board_qi_does_not_score_by_default__s14():
    base = _score(True, players=2)
    assert _score(True, players=2, boards={"green": {"qi": 1}, "blue": {"qi": 6}}) == base


# Nightmare/Hell: +2/+4/+6 for the 1st/2nd/3rd incarnation defeated (3-4 players), +4/+6 (1-2).
BONUS = {4: [0, 2, 6, 12, 12], 3: [0, 2, 6, 12, 12], 2: [0, 4, 10, 10], 1: [0, 4, 10, 10]}


@pytest.mark.parametrize("level", ["nightmare", "hell"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_incarnation_bonus_when_won__s14(level, players):
    k = len(BONUS[players]) - 1                  # every incarnation defeated: the last gives none
    won = _score(True, level=level, players=players, discard=INCARNATIONS[:k])
    plain = _score(True, level=level, players=players)
    assert won - plain == BONUS[players][k]


@pytest.mark.parametrize("level", ["nightmare", "hell"])
@pytest.mark.parametrize("players, k", [(4, 1), (4, 2), (4, 3), (3, 2), (2, 1), (2, 2), (1, 2)])
def test_incarnation_bonus_in_a_lost_game__s14_s16(level, players, k):
    lost = _score(False, level=level, players=players, discard=INCARNATIONS[:k])
    plain = _score(False, level=level, players=players)
    assert lost - plain == BONUS[players][k]


@pytest.mark.parametrize("level", ["initiation", "normal"])
def test_no_incarnation_bonus_below_nightmare__s14(level):
    assert _score(True, level=level, discard=INCARNATIONS[:1]) == _score(True, level=level)


@pytest.mark.parametrize("won", [True, False])
def test_whole_score_summed_by_hand__s14(won):
    boards = {"yellow": {"qi": 2}, "red": {"qi": 0}, "green": {"qi": 4}, "blue": {"qi": 1}}
    got = _score(won, deck=["Ghoul", "Skinner"], level="hell", boards=boards,
                 haunted=["Cemetery"], discard=INCARNATIONS[:2])
    victory, qi, deck, dead, haunted, bonus = (20 if won else 0), 7, 2, 1, 1, 2 + 4
    assert got == victory + qi + (deck if won else -deck) - 3 * dead - 4 * haunted + bonus


def test_score_of_a_game_won_in_play__s10_s14():
    # Yellow exorcises the last incarnation; the group's Qi reward goes to red.
    d = {"boards": {"blue": {"spaces": [{"ghost": "Forgotten Ones"}, None, None]},
                    "yellow": {"taoist": {"tile": "Circle of Prayer"}}},
         "at": "yang", "forced": {"tao": ["black"] * 3}, "deck": ["Ghoul", "Skinner", "Reaper"],
         "haunted": ["Tea House"]}
    e, s = build(d)
    s = act(e, s, "MOVE", 0)
    s = act(e, s, "EXORCISE", 9)
    s = act(e, s, "CHOOSE_TAOIST", 1)
    assert decision(e, s) == "" and dump(e, s)["status"]["won"]
    assert int(e.score(s)[0]) == 10 + (4 * 3 + 1) + 3 - 4
