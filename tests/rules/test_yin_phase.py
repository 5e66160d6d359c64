"""rules §4: the Yin phase (haunters, tormentors, overrun, arrival), with the losses of
section 10 it can cause and the full-table switch of section 16 item 6."""

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


# -- step 1A: haunters ---------------------------------------------------------------------------------

PASSIVE = [{"ghost": "Walking Corpse"}, {"ghost": "Fungus Thing"}]   # dice-immune: nothing to resolve


def test_every_haunter_of_the_active_board_advances__s4():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 0},
                                          {"ghost": "Restless Dead", "haunter": 1}, None]}}}
    e, s = build(d)
    out = dump(e, s)
    assert [sp["haunter"] for sp in out["boards"]["yellow"]["spaces"][:2]] == [1, 0]
    assert out["haunted"] == ["Buddhist Temple"]   # north space 1 faces column 1


def test_only_the_active_boards_ghosts_act__s4():
    d = {"boards": {"red": {"spaces": [{"ghost": "Skinner", "haunter": 1},
                                       {"ghost": "Raging One"}, None]}},
         "forced": {"curse": ["lose 1 Qi"]}}
    e, s = build(d)                                 # north's turn: the east board stays still
    out = dump(e, s)
    assert out["boards"]["red"]["spaces"][0]["haunter"] == 1 and out["haunted"] == []
    assert out["boards"]["red"]["qi"] == 3 and out["forced"]["curse"] == [5]


def test_a_haunter_haunts_every_second_yin_phase_of_its_board__s4():
    # A full board (overrun, no arrival) keeps each Yin phase free of choices.
    d = {"boards": {"yellow": {"qi": 10, "spaces": [{"ghost": "Ghoul", "haunter": 0}] + PASSIVE}}}
    seen = []
    for _ in range(4):
        e, s = build(d)
        out = dump(e, s)
        seen.append((out["boards"]["yellow"]["spaces"][0]["haunter"], len(out["haunted"])))
        d = {k: v for k, v in out.items() if k != "stack"}   # north's next Yin phase
    assert seen == [(1, 0), (0, 1), (1, 1), (0, 2)]


def test_haunter_with_no_active_tile_left_in_its_line_loses_the_game__s4_s10():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Ghoul", "haunter": 1}, None, None]}},
         "haunted": ["Cemetery", "Sorcerer's Hut", "Tea House"]}
    e, s = build(d, difficulty="initiation")        # 4 haunted tiles lose: the line rule decides
    out = dump(e, s)
    assert out["status"]["terminated"] and not out["status"]["won"]
    assert out["status"]["loss_reason"] == "haunter with no tile left in its line"


# -- step 1B: tormentors, and the order A then B ------------------------------------------------------

def test_each_tormentor_rolls_the_curse_die_for_the_active_taoist__s4():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Lich"}, {"ghost": "Raging One"}, None]}},
         "forced": {"curse": ["lose 1 Qi", "lose Tao tokens", "lose 1 Qi"]}}
    e, s = build(d)
    out = dump(e, s)
    assert out["forced"]["curse"] == [5]           # two tormentors, two rolls
    assert out["boards"]["yellow"]["qi"] == 2
    assert out["boards"]["yellow"]["taoist"]["tao"] == {}
    assert out["boards"]["red"]["qi"] == 3         # only the active Taoist suffers


def test_haunters_act_before_tormentors__s4():
    # The tormentor's roll kills the only living Taoist; the haunter has already haunted.
    d = {"boards": {"yellow": {"qi": 1, "spaces": [{"ghost": "Ghoul", "haunter": 1},
                                                   {"ghost": "Lich"}, None]},
                    "red": {"qi": 0}, "green": {"qi": 0}, "blue": {"qi": 0}},
         "forced": {"curse": ["lose 1 Qi"]}}
    e, s = build(d)
    out = dump(e, s)
    assert out["status"]["loss_reason"] == "all Taoists dead"
    assert out["haunted"] == ["Cemetery"]


def test_passive_middle_stones_do_nothing_in_the_yin_phase__s4():
    d = {"boards": {"yellow": {"spaces": PASSIVE + [None]}}, "deck": ["Zombie #6", "Zombie #7"],
         "forced": {"curse": ["lose 1 Qi"]}}
    e, s = build(d)
    out = dump(e, s)
    assert out["haunted"] == [] and out["boards"]["yellow"]["qi"] == 3
    assert out["forced"]["curse"] == [5]


def test_bone_crackers_middle_stone_takes_a_token_from_everyone__s4():
    d = {"boards": {"yellow": {"spaces": [{"ghost": "Bone Cracker"}, None, None]}},
         "deck": ["Zombie #6", "Zombie #7"]}
    e, s = build(d)
    s = act(e, s, "CHOOSE_SPACE", 1)
    out = dump(e, s)
    assert all(b["taoist"]["tao"] == {} for b in out["boards"].values())


# -- step 3: arrival ---------------------------------------------------------------------------------

def test_coloured_ghost_with_its_board_full_may_go_to_any_free_space__s4():
    d = {"boards": {"red": {"spaces": [{"ghost": "Reaper"}, {"ghost": "Blood Drinker #39"},
                                       {"ghost": "Blood Drinker #40"}]}},
         "deck": ["Skinner", "Ghoul"]}
    e, s = build(d)
    assert legal_in(e, s, "CHOOSE_SPACE") == [0, 1, 2, 6, 7, 8, 9, 10, 11]
    assert e.current_player(s)[0] == 0             # the active player picks


def test_black_ghost_goes_to_the_active_players_board__s4():
    for active, spaces in (("yellow", [0, 1, 2]), ("green", [6, 7, 8])):
        e, s = build({"deck": ["Grave Walker", "Ghoul"], "turn": {"active": active}})
        assert legal_in(e, s, "CHOOSE_SPACE") == spaces


def test_multicolour_incarnations_are_placed_like_black_ghosts__s4_s15():
    for inc in ("Hope Killer", "Nameless"):
        e, s = build({"deck": [inc, "Ghoul"], "turn": {"active": "blue"}})
        assert legal_in(e, s, "CHOOSE_SPACE") == [9, 10, 11]


def test_black_ghost_with_the_active_board_full_may_go_anywhere_free__s4():
    full = PASSIVE + [{"ghost": "Zombie #6"}]
    d = {"at": "yang", "deck": ["Zombie #7", "Ghoul"],
         "boards": {"yellow": {"spaces": full, "taoist": {"tile": "Tea House", "tao": {}}}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 8)
    s = act(e, s, "HELP")
    s = act(e, s, "CHOOSE_COLOUR", 0)
    assert decision(e, s) == "PLACE" and legal_in(e, s, "CHOOSE_SPACE") == list(range(3, 12))


def test_ghost_arrives_only_at_a_taoists_turn_never_twice__s4():
    e, s = build({"deck": ["Zombie #6", "Zombie #7", "Abysmal #17"]})
    s = act(e, s, "CHOOSE_SPACE", 0)
    assert dump(e, s)["drawn"] == [6] and decision(e, s) == "YANG"


def test_full_table_arrival_draws_nothing_and_costs_one_qi__s4_s16():
    cards = ["Zombie #6", "Abysmal #17", "Rotten Soul #28", "Rotten Soul #29", "Blood Drinker #39",
             "Blood Drinker #40", "Yellow Plague", "Liquid Horror", "Green Abomination"]
    boards = {c: {"spaces": [{"ghost": g} for g in cards[3 * i:3 * i + 3]]}
              for i, c in enumerate(("red", "green", "blue"))}
    boards["yellow"] = {"spaces": PASSIVE + [{"ghost": "Zombie #7"}],
                        "taoist": {"tile": "Tea House", "tao": {}}}
    for rule, deck_after, discard in (("no_draw", [1, 34], []), ("draw_and_discard", [34], [1])):
        d = {"at": "yang", "boards": boards, "deck": ["Ghoul", "Skinner"]}
        e, s = build(d, full_table_arrival=rule)
        s = act(e, s, "MOVE", 8)
        s = act(e, s, "HELP")                       # Tea House: +1 Tao, +1 Qi, then a ghost
        s = act(e, s, "CHOOSE_COLOUR", 0)
        out = dump(e, s)
        assert out["boards"]["yellow"]["qi"] == 3   # gained 1, then lost 1
        assert out["deck"] == deck_after and [c for c in out["discard"] if c == 1] == discard


def test_drawing_the_last_card_loses_at_once__s4_s10():
    e, s = build({"deck": ["Ghoul"], "boards": {"red": {"spaces": [{"ghost": "Vampire Lord"}, None, None]}}})
    out = dump(e, s)
    assert out["status"]["terminated"] and out["status"]["loss_reason"] == "deck exhausted"
    assert out["boards"]["yellow"]["spaces"] == [None, None, None]
