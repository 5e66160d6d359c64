"""RULES.md section 4: the Yin phase (haunters, tormentors, overrun, arrival)."""

from helpers import act, build, decision, dump, legal_in

# Default scenario seats: north yellow, east red, south green, west blue; village tiles in id order,
# so position p holds tile p: 0 Circle, 1 Temple, 2 Cemetery, 3 Altar, 4 Herbalist (centre),
# 5 Sorcerer, 6 Night Watch, 7 Pavilion, 8 Tea House. North space k faces column 2 - k.


def test_haunter_on_stone_1_haunts_first_active_tile_and_returns_to_card__s4():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 1}, None, None]}}}
    e, s = build(d)
    out = dump(e, s)
    assert out["haunted"] == ["Cemetery"]          # north space 1 faces column 2: Cemetery first
    assert out["boards"]["yellow"]["spaces"][0]["haunter"] == 0


def test_haunter_skips_haunted_tiles_in_its_line__s4():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 1}, None, None]}},
         "haunted": ["Cemetery"]}
    e, s = build(d)
    assert sorted(dump(e, s)["haunted"]) == ["Cemetery", "Sorcerer's Hut"]


def test_haunter_on_card_moves_to_stone_1_without_haunting__s4():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 0}, None, None]}}}
    e, s = build(d)
    out = dump(e, s)
    assert out["haunted"] == []
    assert out["boards"]["yellow"]["spaces"][0]["haunter"] == 1


def test_overrun_costs_one_qi_and_skips_arrival__s4():
    full = [{"ghost": n} for n in ("Walking Corpse", "Yellow Plague", 6)]
    d = {"boards": {"yellow": {"spaces": full}}}
    e, s = build(d)
    out = dump(e, s)
    assert out["boards"]["yellow"]["qi"] == 2
    assert out["drawn"] == []                      # no card arrived
    assert decision(e, s) == "YANG"


def test_arrival_goes_to_a_free_space_of_its_colour_board__s4():
    d = {"deck": ["Skinner", "Ghoul"]}             # a red ghost on top; red sits east
    e, s = build(d)
    assert decision(e, s) == "PLACE"
    assert legal_in(e, s, "CHOOSE_SPACE") == [3, 4, 5]
    s = act(e, s, "CHOOSE_SPACE", 4)
    assert dump(e, s)["boards"]["red"]["spaces"][1]["ghost"] == 34
