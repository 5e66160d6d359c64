"""The heuristic's team plays on hand-built positions: each plan does what its docstring says."""

from __future__ import annotations

import numpy as np
import pytest

from agents import Batch
from agents.heuristic import HeuristicAgent, ghosts
from agents.heuristic.context import Ctx
from ghoststories_env import actions as A
from helpers import build, decision, legal_in

# north's turn starts and a yellow resistance-2 ghost (#6, no left stone) is drawn onto the empty
# yellow board. North space 2 faces the north-west corner with west (blue) space 0 (space 9),
# north space 0 faces the north-east corner with east (red) space 2 (space 5).
ARRIVING = 6


def arrival(boards: dict):
    return build({"boards": boards, "deck": [ARRIVING, 2, 3, 4, 5]})


def placed(engine, state) -> int:
    assert decision(engine, state) == "PLACE" and legal_in(engine, state, "CHOOSE_SPACE") == [0, 1, 2]
    return int(HeuristicAgent().act(Batch(engine, state))[0]) - A.CHOOSE_SPACE


@pytest.mark.parametrize("boards,space", [
    ({"blue": {"spaces": [{"ghost": 15}, None, None]}}, 2),      # blue R1 on space 9
    ({"red": {"spaces": [None, None, {"ghost": 37}]}}, 0),       # red R1 on space 5
])
def test_heuristic__places_an_arriving_ghost_where_a_corner_faces_a_beatable_pair(boards, space):
    engine, state = arrival(boards)
    assert placed(engine, state) == space


def test_heuristic__corner_pairing_ignores_pairs_one_roll_cannot_beat():
    # a blue R2 (Y2 + B2 needs 4 faces of 3 dice) and a dice-immune blue R1 attract nothing
    for partner in (17, 13):
        engine, state = arrival({"blue": {"spaces": [{"ghost": partner}, None, None]}})
        ctx = Ctx(state, np.array([0]))
        assert not ghosts.corner_pair_chance(ctx, ctx.a).any()
        assert placed(engine, state) == 0                      # all spaces equal: the first


def test_corner_pair_chance__is_the_chance_three_dice_meet_both_needs():
    # Y1 + R1 from 3 dice with white wild: 1 - P(no two distinct useful faces) = 11/27
    assert ghosts.BOTH_CHANCE[0, 1, 1, 1] == pytest.approx(11 / 27)
    assert ghosts.BOTH_CHANCE[0, 1, 0, 1] == pytest.approx(7 / 27)       # Y2: two of {Y, white}
    assert ghosts.BOTH_CHANCE[0, 2, 3, 2] == 0.0
