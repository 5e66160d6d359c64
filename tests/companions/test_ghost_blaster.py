"""Ghost Blaster's rules on hand-built positions, each test citing the section of
docs/companions/ghost-blaster.md it checks ("ghost blaster §N"); then invariants over random games,
reproducibility and bad input."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env.companions.ghost_blaster import (CASTLE_CELL, CELLS, DUNGEON_CELL, HUNTER,
                                                        NUM_ACTIONS, STEP, GhostBlaster,
                                                        GhostBlasterConfig)
from ghoststories_env.companions.ghost_blaster_positions import violations

UP, RIGHT, DOWN, LEFT = (STEP + d for d in range(4))
# A known deal (row-major 4 x 6): ghost 0 at cells 1, 2, 3; ghost 1 at 7, 8, 9; keyholes at 13, 14.
LAYOUT = (["dungeon 0", "ghost 0", "ghost 0", "ghost 0", "ghost 5", "dungeon 1"]
          + ["ghost 4", "ghost 1", "ghost 1", "ghost 1", "ghost 5", "ghost 5"]
          + ["ghost 2", "keyhole", "keyhole", "ghost 2", "ghost 2", "ghost 4"]
          + ["castle", "ghost 3", "ghost 3", "ghost 3", "ghost 4", "dungeon 2"])


def game(engine=None, **d) -> tuple[GhostBlaster, object]:
    engine = engine or GhostBlaster()
    d.setdefault("cards", LAYOUT)
    d.setdefault("dots", 1)
    return engine, engine.from_dicts([d])


def act(engine, S, *actions):
    for a in actions:
        S = engine.step(S, np.array([a]))
    return S


def test_setup__corners_deal_and_start():
    """ghost blaster §2: castle and dungeons in the corners, 18 ghosts (3 each) and 2 keyholes
    dealt face down, the hunters on the castle, the clock at its start hour."""
    e = GhostBlaster(GhostBlasterConfig(start_hour=2))
    S = e.reset(np.arange(50))
    d = e.to_dict(S, 0)
    assert d["cards"][CASTLE_CELL] == "castle" and [d["cards"][c] for c in DUNGEON_CELL] == [
        "dungeon 0", "dungeon 1", "dungeon 2"]
    for i in range(50):
        cards = e.to_dict(S, i)["cards"]
        assert sorted(cards.count(f"ghost {g}") for g in range(6)) == [3] * 6
        assert cards.count("keyhole") == 2
    assert (S.face_up.sum(1) == 4).all() and (S.pos == CASTLE_CELL).all()
    assert (S.hour >= 2).all()                    # start hour 2, plus any clock faces rolled
    assert len({tuple(e.to_dict(S, i)["cards"]) for i in range(50)}) == 50   # shuffled per seed


def test_clock_face_moves_the_clock_and_passes_the_turn():
    """ghost blaster §3: the clock face moves the clock one hour and the turn passes."""
    e, S = game(GhostBlaster(GhostBlasterConfig(num_players=3)), dots=1, forced=[5, 5, 0],
                hunters=[7, CASTLE_CELL, CASTLE_CELL], face_up=[7])
    S = act(e, S, HUNTER + 0, RIGHT)          # lands on face-down cell 8; then two clocks, a 1
    assert S.hour[0] == 2 and S.active[0] == (0 + 3) % 3 and S.dots[0] == 1


def test_dots_let_the_player_choose_a_free_hunter_only():
    """ghost blaster §3, §7: any hunter not in a dungeon may be chosen."""
    e, S = game(jailed=[False, True, False], hunters=[CASTLE_CELL, DUNGEON_CELL[1], CASTLE_CELL])
    assert S.mask[0, HUNTER:STEP].tolist() == [True, False, True]


def test_moves_are_orthogonal_exact_and_may_turn_back():
    """ghost blaster §4: each step up, right, down or left on the grid; exactly the dots; stepping
    back onto the card just left is allowed; passing over a face-down card does not turn it."""
    e, S = game(dots=3, forced=[0, 1])
    S = act(e, S, HUNTER + 0)
    assert S.mask[0, STEP:].tolist() == [True, True, False, False]     # castle: lower left corner
    S = act(e, S, RIGHT, LEFT)
    assert S.steps_left[0] == 1 and not S.face_up[0, 19]               # passed over, not turned
    S = act(e, S, RIGHT)
    assert S.pos[0, 0] == 19 and S.face_up[0, 19]                     # landed: turned up
    assert S.mover[0] == -1 and S.dots[0] == 1                          # the next turn's roll


def test_leaving_a_card_turns_it_down_unless_shared_or_gooed():
    """ghost blaster §5."""
    e, S = game(hunters=[19, 19, CASTLE_CELL], face_up=[19], dots=1, forced=[0])
    S = act(e, S, HUNTER + 0, UP)              # hunter 1 still stands on 19: it stays up
    assert S.face_up[0, 19]
    e, S = game(hunters=[19, CASTLE_CELL, CASTLE_CELL], face_up=[19], dots=1)
    S = act(e, S, HUNTER + 0, UP)
    assert not S.face_up[0, 19]
    e, S = game(hunters=[1, CASTLE_CELL, CASTLE_CELL], goo=[1, 2, 3], dots=1)
    S = act(e, S, HUNTER + 0, DOWN)
    assert S.face_up[0, 1]


def test_three_hunters_on_one_ghost_capture_it():
    """ghost blaster §6: the turned card's ghost on the two others' (face-up, un-gooed, different)
    cards: goo on all three; not when one of them already has goo."""
    e, S = game(hunters=[4, 1, 3], face_up=[1, 3], dots=2)
    S = act(e, S, HUNTER + 0, LEFT, LEFT)          # 4 -> 3 -> 2: turns ghost 0
    assert S.goo[0, [1, 2, 3]].all() and S.goo[0].sum() == 3
    e, S = game(hunters=[4, 1, 1], face_up=[1], dots=2)
    S = act(e, S, HUNTER + 0, LEFT, LEFT)          # the two others share one card: no capture
    assert not S.goo[0].any() and S.face_up[0, 2]


def test_landing_on_a_face_up_card_turns_and_captures_nothing():
    """ghost blaster §6: only a card turned up can capture; a face-up card is shared or gooed."""
    e, S = game(hunters=[8, 2, 3], face_up=[2, 3], dots=1)
    before = e.to_dict(S, 0)
    S = act(e, S, HUNTER + 0, UP)                  # 8 -> 2, face up under hunter 1
    after = e.to_dict(S, 0)
    assert not S.goo[0].any() and after["face_up"] == [c for c in before["face_up"] if c != 8]
    goo = [7, 8, 9]
    e, S = game(hunters=[2, 1, 3], face_up=[1, 2, 3], goo=goo, dots=1)
    S = act(e, S, HUNTER + 0, DOWN)                # 2 -> 8, gooed ghost 1: nothing new
    assert S.goo[0].sum() == 3 and S.face_up[0, 8] and not S.face_up[0, 2]


def test_keyhole_sends_the_hunter_to_its_dungeon():
    """ghost blaster §7: caught, to its own dungeon; the keyhole turns face down again."""
    e, S = game(hunters=[19, CASTLE_CELL, CASTLE_CELL], face_up=[19], dots=1)
    S = act(e, S, HUNTER + 0, UP)                  # 19 -> 13, a keyhole
    assert S.jailed[0, 0] and S.pos[0, 0] == DUNGEON_CELL[0] and not S.face_up[0, 13]


def test_passing_over_or_landing_on_a_dungeon_frees_its_hunter():
    """ghost blaster §8."""
    e, S = game(hunters=[DUNGEON_CELL[0], 6, CASTLE_CELL], jailed=[True, False, False],
                face_up=[6], dots=2)
    S = act(e, S, HUNTER + 1, UP, RIGHT)           # 6 -> 0 (hunter 0's dungeon) -> 1
    assert not S.jailed[0, 0]
    e, S = game(hunters=[DUNGEON_CELL[0], 6, CASTLE_CELL], jailed=[True, False, False],
                face_up=[6], dots=1)
    S = act(e, S, HUNTER + 1, UP)
    assert not S.jailed[0, 0] and S.pos[0, 1] == 0


def test_the_game_ends():
    """ghost blaster §9: won with every ghost captured; lost when the clock strikes twelve or
    when all three hunters are caught."""
    goo = [c for c in range(CELLS) if LAYOUT[c].startswith("ghost") and LAYOUT[c] != "ghost 5"]
    e, S = game(hunters=[17, 4, 10], face_up=[4, 10] + goo, goo=goo, dots=1)
    S = act(e, S, HUNTER + 0, UP)                  # 17 -> 11: the last ghost 5
    assert S.terminated[0] and S.won[0]
    e, S = game(hour=11, hunters=[7, CASTLE_CELL, CASTLE_CELL], face_up=[7], dots=1, forced=[5])
    S = act(e, S, HUNTER + 0, RIGHT)
    assert S.terminated[0] and not S.won[0] and S.hour[0] == 12
    e, S = game(hunters=[DUNGEON_CELL[0], DUNGEON_CELL[1], 19], jailed=[True, True, False],
                face_up=[19], dots=1)
    S = act(e, S, UP)         # the only free hunter is chosen for the player; it finds a keyhole
    assert S.terminated[0] and not S.won[0] and S.jailed[0].all()


def test_invariants_hold_and_masks_are_never_empty_over_random_games():
    """Over random games of every player count: the invariants of ``violations`` hold after
    every step, a running game always has a legal action, and every legal action is accepted."""
    rng = np.random.default_rng(0)
    for players in (1, 2, 3, 4):
        e = GhostBlaster(GhostBlasterConfig(num_players=players, start_hour=players % 3))
        S = e.reset(np.arange(300) + 1000 * players)
        while not S.terminated.all():
            assert S.mask[~S.terminated].any(1).all()
            m = S.mask
            a = (np.cumsum(m, 1) > (rng.random(m.shape[0]) * m.sum(1)).astype(int)[:, None]).argmax(1)
            S = e.step(S, a)
            for name, bad in violations(S).items():
                assert not bad.any(), name


def test_a_game_plays_the_same_alone_as_in_a_batch():
    """Reproducibility: a game's course depends only on its seed and its actions."""
    e = GhostBlaster()
    batch, alone = e.reset(np.arange(20)), e.reset(np.array([7]))
    rng = np.random.default_rng(3)
    while not alone.terminated[0]:
        m = batch.mask
        a = (np.cumsum(m, 1) > (rng.random(20) * m.sum(1)).astype(int)[:, None]).argmax(1)
        batch, alone = e.step(batch, a), e.step(alone, a[7:8])
        assert e.to_dict(batch, 7) == e.to_dict(alone, 0)


def test_bad_input_gets_a_clear_error():
    e = GhostBlaster()
    S = e.reset(np.arange(2))
    with pytest.raises(ValueError, match="shape"):
        e.step(S, np.array([0]))
    with pytest.raises(ValueError, match="out of range"):
        e.step(S, np.array([NUM_ACTIONS, 0]))
    with pytest.raises(ValueError, match="not legal"):
        e.step(S, np.array([STEP, STEP]))
    with pytest.raises(ValueError, match="num_players"):
        GhostBlasterConfig(num_players=5)
    with pytest.raises(ValueError, match="dict 0"):
        e.from_dicts([{"cards": LAYOUT[:-1]}])
    with pytest.raises(ValueError, match="keyhole never stays face up"):
        e.from_dicts([{"cards": LAYOUT, "face_up": [13], "hunters": [13, 18, 18]}])
