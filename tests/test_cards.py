"""Card data loaded as tables (rules §1, 6, 7, 9, 12)."""

import numpy as np

from ghoststories_env import cards as C


def test_55_ghosts_11_per_colour_with_printed_resistances__s6():
    ghosts = np.arange(C.NUM_GHOSTS)
    for colour in range(5):
        mine = ghosts[C.CARD_COLOUR[:C.NUM_GHOSTS] == colour]
        assert mine.size == 11
        assert sorted(C.CARD_RESISTANCE[mine]) == [1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4]


def test_10_incarnations_and_their_multicolour_resistances__s15():
    incs = np.flatnonzero(C.IS_INCARNATION)
    assert incs.size == 10
    hope_killer, nameless = C.CARD_NAME.index("Hope Killer"), C.CARD_NAME.index("Nameless")
    assert C.CARD_REQ[hope_killer].tolist() == [2, 2, 2, 2, 0]
    assert C.CARD_REQ[nameless].tolist() == [1, 1, 1, 1, 1]
    assert set(np.flatnonzero(C.IS_MULTICOLOUR)) == {hope_killer, nameless}


def test_twenty_haunters_among_the_ghosts_and_vampire_lord__s1():
    assert C.HAUNTER[:C.NUM_GHOSTS].sum() == 20
    assert C.HAUNTER[C.CARD_NAME.index("Vampire Lord")]


def test_tables_are_read_only():
    for table in (C.CARD_REQ, C.CARD_COLOUR, C.HAUNTER, C.CARD_LEFT):
        assert not table.flags.writeable


def test_nine_tiles_eight_powers_four_levels():
    assert len(C.TILE_NAME) == 9 and len(C.POWER_NAME) == 8
    assert C.LEVEL_NAMES == ("initiation", "normal", "nightmare", "hell")
    assert [C.LEVELS[l]["haunted_tiles_to_lose"] for l in C.LEVEL_NAMES] == [4, 3, 3, 3]
    assert np.bincount(C.POWER_COLOUR, minlength=4).tolist() == [2, 2, 2, 2]


def test_left_stones_in_printed_order__s4():
    severed = C.CARD_NAME.index("Severed Heads")          # CAPTURE_DIE then SUMMON
    assert C.CARD_LEFT[severed].tolist() == [C.L_CAPTURE, C.L_SUMMON]
    coffin_a = C.CARD_NAME.index("Coffin Breakers")       # SUMMON then POWER_OFF_BOARD
    assert C.CARD_LEFT[coffin_a].tolist() == [C.L_SUMMON, C.L_POWER_OFF]
