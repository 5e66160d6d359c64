"""rules §6: every ghost ability code (left stones on arrival, middle stones, passive
conditions), with the Buddha trap of section 4 step 3.

Arrival scenes start the north (yellow) board's turn with two passive ghosts on its spaces 0 and 1,
so a black or yellow ghost drawn from the top of the deck lands on north space 2 without a choice.
North space 2 faces the line Circle of Prayer (0) -> Altar (3) -> Night Watch (6).
"""

import numpy as np

from ghoststories_env import cards as C
from ghoststories_env.rules import common
from helpers import act, build, decision, dump, legal_in

FILLERS = [{"ghost": "Walking Corpse"}, {"ghost": "Fungus Thing"}]   # dice-immune, passive
SEAT_COLOURS = ("yellow", "red", "green", "blue")


def arrive(card, *rest, yellow_power="Enfeeblement Mantra", **top) -> dict:
    """North's turn starts and ``card`` is drawn onto north space 2 (``rest``: the cards below)."""
    boards = top.pop("boards", {})
    boards.setdefault("yellow", {}).update(spaces=FILLERS + [None], power=yellow_power)
    deck = [card, *rest] + ["Zombie #7", "Abysmal #18"]
    return {"boards": boards, "deck": deck, **top}


def space(e, s, g):
    return dump(e, s)["boards"][SEAT_COLOURS[g // 3]]["spaces"][g % 3]


def qi(e, s, colour="yellow"):
    return dump(e, s)["boards"][colour]["qi"]


def powers_on(s) -> list[bool]:
    return common.power_on(s, np.array([0]))[0].tolist()


# -- SUMMON ------------------------------------------------------------------------------------------

def test_summon_brings_the_next_card_into_play_by_the_placement_rules__s6():
    e, s = build(arrive("Coffin Breakers #4", "Skinner"))
    assert decision(e, s) == "PLACE"
    assert legal_in(e, s, "CHOOSE_SPACE") == [3, 4, 5]   # the summoned red ghost: the red board
    s = act(e, s, "CHOOSE_SPACE", 4)
    assert space(e, s, 2)["ghost"] == 4 and space(e, s, 4)["ghost"] == 34
    assert dump(e, s)["drawn"] == [4, 34] and decision(e, s) == "YANG"


def test_summons_chain_through_summoned_summoners__s6():
    e, s = build(arrive("Coffin Breakers #4", "Fallen Monk", "Ghoul"))
    s = act(e, s, "CHOOSE_SPACE", 6)             # Fallen Monk (green) summons in turn
    assert decision(e, s) == "PLACE"             # Ghoul: the yellow board is full -> any free space
    assert legal_in(e, s, "CHOOSE_SPACE") == [3, 4, 5, 7, 8, 9, 10, 11]
    s = act(e, s, "CHOOSE_SPACE", 9)
    assert dump(e, s)["drawn"] == [4, 26, 1]
    assert space(e, s, 9)["ghost"] == 1 and decision(e, s) == "YANG"


def test_summon_with_all_spaces_full_costs_one_qi_and_draws_nothing__s4_s6():
    passive = ["Zombie #6", "Abysmal #17", "Rotten Soul #28", "Rotten Soul #29", "Blood Drinker #39",
               "Blood Drinker #40", "Yellow Plague", "Liquid Horror", "Green Abomination"]
    boards = {c: {"spaces": [{"ghost": g} for g in passive[3 * i:3 * i + 3]]}
              for i, c in enumerate(SEAT_COLOURS[1:])}
    e, s = build(arrive("Coffin Breakers #4", "Ghoul", boards=boards))   # fills the last space
    out = dump(e, s)
    assert out["drawn"] == [4] and out["deck"] == [1, 7, 18]
    assert qi(e, s) == 2 and decision(e, s) == "YANG"


# -- POWER_OFF_BOARD --------------------------------------------------------------------------------

def test_power_off_marker_turns_off_the_power_of_the_board_it_sits_on__s6():
    d = {"at": "yang", "boards": {"yellow": {"power": "Bottomless Pockets",
                                             "spaces": [{"ghost": "Coffin Breakers #3"}, None, None]}}}
    e, s = build(d)
    assert legal_in(e, s, "POCKETS") == []
    assert powers_on(s) == [False, True, True, True]
    d["boards"]["yellow"]["spaces"][0]["ghost"] = "Coffin Breakers #4"   # the copy without it
    e, s = build(d)
    assert legal_in(e, s, "POCKETS") == [0, 1, 2, 3, 4]


def test_power_off_marker_comes_after_the_summon_on_the_same_card__s6():
    e, s = build(arrive("Coffin Breakers #3", "Skinner", yellow_power="Bottomless Pockets"))
    assert decision(e, s) == "PLACE"             # the summoned ghost is placed first ...
    assert space(e, s, 2)["marker"] is False     # ... while the power is still on
    assert powers_on(s)[0]
    s = act(e, s, "CHOOSE_SPACE", 3)
    assert space(e, s, 2)["marker"] is True and not powers_on(s)[0]


def test_power_comes_back_when_the_ghost_leaves__s6():
    # West (blue, Heavenly Gust) exorcises the marker ghost on his own board: the power is back
    # at once, so help is still allowed after the exorcism.
    d = {"at": "yang", "turn": {"active": "blue"}, "forced": {"tao": ["yellow", "red", "red"]},
         "haunted": ["Tea House"],                   # something for the Altar's help to do
         "boards": {"blue": {"power": "Heavenly Gust", "taoist": {"tile": "Taoist Altar"},
                             "spaces": [None, {"ghost": "Coffin Breakers #3"}, None]}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 3)
    s = act(e, s, "EXORCISE", 10)
    assert space(e, s, 10) is None and powers_on(s)[3]
    assert legal_in(e, s, "HELP") == [0]


def test_power_off_marker_moves_with_the_ghost_on_the_pavilion__s6():
    d = {"at": "yang", "boards": {"yellow": {"taoist": {"tile": "Pavilion of the Heavenly Wind"},
                                             "spaces": [{"ghost": "Coffin Breakers #3"}, None, None]}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 7)
    s = act(e, s, "HELP")                        # the only ghost is chosen at once
    s = act(e, s, "CHOOSE_SPACE", 4)             # to the east (red) board
    assert space(e, s, 4) == {"ghost": 3, "buddha": False, "haunter": 0, "marker": True}
    assert powers_on(s) == [True, False, True, True]


# -- CAPTURE_DIE -------------------------------------------------------------------------------------

def _dice_rolled(captors: list[str]) -> int:
    """Dice an exorcism rolls with ``captors`` (up to 3) on the south board."""
    green = [{"ghost": c} for c in captors] + [None] * (3 - len(captors))
    d = {"at": "yang", "forced": {"tao": ["blue"] * 4},
         "boards": {"yellow": {"taoist": {"tile": "Sorcerer's Hut"}},
                    "red": {"spaces": [None, {"ghost": "Scarlet Evildoer #41"}, None]},
                    "green": {"spaces": green}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    s = act(e, s, "EXORCISE", 4)
    return 4 - len(dump(e, s)["forced"]["tao"])


def test_captured_dice_stack__s6():
    assert _dice_rolled([]) == 3
    assert _dice_rolled(["Repellent Beauty"]) == 2
    assert _dice_rolled(["Repellent Beauty", "Severed Heads #47"]) == 1
    assert _dice_rolled(["Repellent Beauty", "Severed Heads #47", "Severed Heads #48"]) == 0


def test_exorcism_without_dice_can_be_completed_with_tokens__s6_s16():
    d = {"at": "yang",
         "boards": {"yellow": {"taoist": {"tile": "Sorcerer's Hut", "tao": {"red": 1}}},
                    "red": {"spaces": [None, {"ghost": "Skinner"}, None]},
                    "green": {"spaces": [{"ghost": "Repellent Beauty"}, {"ghost": "Severed Heads #47"},
                                         {"ghost": "Severed Heads #48"}]}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    s = act(e, s, "EXORCISE", 4)
    s = act(e, s, "OUTCOME", 1)
    assert space(e, s, 4) is None


def test_capture_marker_is_in_force_before_the_summon_of_the_same_card__s6():
    e, s = build(arrive("Severed Heads #47", "Skinner"))
    assert decision(e, s) == "PLACE"             # printed order: capture, then summon
    assert space(e, s, 2)["marker"] is True


# -- TAO_LOCK ------------------------------------------------------------------------------------------

def test_tao_lock_marker_comes_into_force_on_arrival__s6():
    e, s = build(arrive("Black Widow #51"))
    assert space(e, s, 2)["marker"] is True
    assert common.tao_locked(s, np.array([0]))[0]


def test_nobody_may_spend_tokens_under_the_incarnation_lock_even_against_it__s6():
    d = {"at": "yang", "forced": {"tao": ["blue", "blue", "red"]}, "deck": ["Ghoul", "Skinner"],
         "boards": {"yellow": {"taoist": {"tile": "Sorcerer's Hut", "tao": {"blue": 2}}},
                    "red": {"spaces": [None, {"ghost": "Dark Mistress"}, None]}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    s = act(e, s, "EXORCISE", 4)
    assert space(e, s, 4)["ghost"] == 62
    assert dump(e, s)["boards"]["yellow"]["taoist"]["tao"] == {"blue": 2}


# -- QI_DRAIN_1 ----------------------------------------------------------------------------------------

def test_qi_drain_hits_the_active_taoist_whose_board_it_lands_on__s6():
    e, s = build(arrive("Grave Walker"))
    assert space(e, s, 2)["ghost"] == 49 and qi(e, s) == 2


def _grave_walker_onto(g: int, **config):
    """North's board is full; the Tea House brings Grave Walker in and it goes to space ``g``."""
    full = FILLERS + [{"ghost": "Zombie #6"}]
    d = {"at": "yang", "deck": ["Grave Walker", "Ghoul"],
         "boards": {"yellow": {"spaces": full, "taoist": {"tile": "Tea House", "tao": {}}}}}
    e, s = build(d, **config)
    s = act(e, s, "MOVE", 8)
    s = act(e, s, "HELP")                        # Tea House: a token, 1 Qi, then a ghost
    s = act(e, s, "CHOOSE_COLOUR", C.RED)
    assert legal_in(e, s, "CHOOSE_SPACE") == list(range(3, 12))   # the active board is full
    return e, act(e, s, "CHOOSE_SPACE", g)


def test_qi_drain_hits_the_owner_of_the_board_it_lands_on__s6_s16():
    e, s = _grave_walker_onto(4)
    assert qi(e, s, "red") == 2 and qi(e, s) == 4            # yellow gained the Tea House's Qi


def test_qi_drain_switch_hits_the_taoist_who_brought_it__s16():
    e, s = _grave_walker_onto(4, qi_drain_target="active")
    assert qi(e, s, "red") == 3 and qi(e, s) == 3


def test_qi_drain_on_a_neutral_board_costs_that_board_qi__s6():
    e, s = _grave_walker_onto(9, num_players=3)  # west: the neutral blue board
    assert qi(e, s, "blue") == 2 and qi(e, s) == 4


# -- HAUNT_TILE_NOW, HAUNTER_FAST_START, HAUNTER -------------------------------------------------------

def test_haunt_tile_now_haunts_the_first_active_tile_in_front__s6():
    e, s = build(arrive("Shapeless Evil"))
    assert dump(e, s)["haunted"] == ["Circle of Prayer"]
    e, s = build(arrive("Shapeless Evil", haunted=["Circle of Prayer"]))
    assert sorted(dump(e, s)["haunted"]) == ["Circle of Prayer", "Taoist Altar"]


def test_fast_haunter_starts_on_stone_1_and_a_plain_haunter_on_its_card__s4_s6():
    e, s = build(arrive("Dark Wraith #52"))
    assert space(e, s, 2)["haunter"] == 1 and dump(e, s)["haunted"] == []
    e, s = build(arrive("Ghoul"))
    assert space(e, s, 2)["haunter"] == 0


def test_fast_haunter_haunts_at_its_boards_next_yin_phase__s6():
    e, s = build(arrive("Gloomy Minion"))
    d = dump(e, s)
    d.pop("stack")
    d["at"] = "turn_start"                       # north's next turn
    e, s = build(d)
    assert dump(e, s)["haunted"] == ["Circle of Prayer"] and space(e, s, 2)["haunter"] == 0


# -- GROUP_DISCARD_TAO_1 ---------------------------------------------------------------------------------

def test_group_discard_each_taoist_with_a_token_discards_one_of_his_choice__s6():
    boards = {"yellow": {"taoist": {"tao": {"yellow": 1, "black": 1}}},
              "red": {"taoist": {"tao": {}}},
              "green": {"taoist": {"tao": {"green": 2, "blue": 1}}}}
    e, s = build(arrive("Soul Eater", boards=boards))
    assert decision(e, s) == "DISCARD_ONE" and e.current_player(s)[0] == 0
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.YELLOW, C.BLACK]
    s = act(e, s, "CHOOSE_COLOUR", C.BLACK)
    assert decision(e, s) == "DISCARD_ONE" and e.current_player(s)[0] == 2   # red has none
    assert legal_in(e, s, "CHOOSE_COLOUR") == [C.GREEN, C.BLUE]
    s = act(e, s, "CHOOSE_COLOUR", C.GREEN)
    out = dump(e, s)                              # blue's single token goes without a choice
    tao = {c: out["boards"][c]["taoist"]["tao"] for c in SEAT_COLOURS}
    assert tao == {"yellow": {"yellow": 1}, "red": {}, "green": {"green": 1, "blue": 1}, "blue": {}}
    # supply before: what the Taoists do not hold (yellow 3, red 4, green 2, blue 2, black 3)
    assert out["supply"]["tao"] == {"yellow": 3, "red": 4, "green": 3, "blue": 3, "black": 4}


def test_bone_cracker_takes_a_token_from_everyone_on_arrival__s6():
    d = arrive("Bone Cracker")
    d["boards"]["red"] = {"spaces": [{"ghost": "Reaper"}, None, None]}
    e, s = build(d)
    s = act(e, s, "CHOOSE_SPACE", 4)
    out = dump(e, s)
    assert all(out["boards"][c]["taoist"]["tao"] == {} for c in SEAT_COLOURS)


# -- CURSE_ROLL, ALL_POWERS_OFF, CIRCLE_CLEAR, WHITE_NOT_WILD -----------------------------------------

def test_uncatchable_rolls_the_curse_die_on_arrival__s6():
    e, s = build(arrive("Uncatchable", forced={"curse": ["lose 1 Qi"]}))
    assert space(e, s, 2)["ghost"] == 57 and qi(e, s) == 2
    assert dump(e, s)["forced"]["curse"] == []


def test_forgotten_ones_turn_every_power_off_and_power_tokens_with_them__s6():
    d = {"at": "yang", "deck": ["Ghoul", "Skinner"],
         "boards": {"yellow": {"power": "Bottomless Pockets", "taoist": {"power_tokens": 1}},
                    "blue": {"spaces": [None, {"ghost": "Forgotten Ones"}, None]}}}
    e, s = build(d, num_players=3)
    assert powers_on(s) == [False] * 4
    assert legal_in(e, s, "POCKETS") == [] and legal_in(e, s, "POWER_TOKEN") == []
    d["boards"]["blue"]["spaces"][1] = None
    e, s = build(d, num_players=3)
    assert legal_in(e, s, "POCKETS") != [] and legal_in(e, s, "POWER_TOKEN") == [3]


def test_nameless_clears_the_circle_of_prayer_on_arrival__s6():
    e, s = build(arrive("Nameless", circle="red"))
    out = dump(e, s)
    assert out["circle"] is None
    assert out["supply"]["tao"]["red"] == 3      # 4 less the red Taoist's own token


def test_white_faces_are_not_wild_while_nameless_is_in_play__s6():
    d = {"at": "yang", "forced": {"tao": ["white", "blue", "green"]}, "deck": ["Ghoul", "Zombie #6"],
         "boards": {"yellow": {"taoist": {"tile": "Sorcerer's Hut"}},
                    "red": {"spaces": [None, {"ghost": "Skinner"}, None]},
                    "green": {"spaces": [{"ghost": "Nameless"}, None, None]}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    s = act(e, s, "EXORCISE", 4)
    assert space(e, s, 4)["ghost"] == 34


# -- incarnation conditions ----------------------------------------------------------------------------

def test_howling_nightmare_only_while_the_opposite_space_is_empty__s6():
    d = {"at": "yang", "deck": ["Ghoul", "Skinner"],
         "boards": {"yellow": {"taoist": {"tile": "Sorcerer's Hut"}},
                    "red": {"spaces": [None, {"ghost": "Howling Nightmare"}, None]},
                    "blue": {"spaces": [None, {"ghost": "Zombie #6"}, None]}}}   # 10 faces 4
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    assert legal_in(e, s, "EXORCISE") == []
    d["boards"]["blue"]["spaces"][1] = None
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    assert legal_in(e, s, "EXORCISE") == [4]


def test_uncatchable_can_be_attacked_only_after_standing_on_a_buddha__s6():
    d = {"at": "yang", "deck": ["Ghoul", "Skinner"],
         "boards": {"yellow": {"taoist": {"tile": "Sorcerer's Hut"}},
                    "red": {"spaces": [None, {"ghost": "Uncatchable"}, None]}}}
    e, s = build(d)
    s = act(e, s, "MOVE", 5)
    assert legal_in(e, s, "EXORCISE") == []
    e, s = build({**d, "uncatchable_ready": True})
    s = act(e, s, "MOVE", 5)
    assert legal_in(e, s, "EXORCISE") == [4]


# -- the Buddha trap on arrival -------------------------------------------------------------------------

def test_ordinary_ghost_arriving_on_a_buddha_is_discarded_without_effect__s4_s6():
    d = arrive("Grave Walker", temple_buddhas=1)
    d["boards"]["yellow"]["spaces"] = FILLERS + [{"buddha": True}]
    e, s = build(d)
    out = dump(e, s)
    assert space(e, s, 2) is None and 49 in out["discard"]
    assert out["temple_buddhas"] == 2 and qi(e, s) == 3      # no Qi drain
    assert decision(e, s) == "YANG"


def test_incarnation_arriving_on_a_buddha_stays_and_sends_it_home__s4_s6():
    d = arrive("Forgotten Ones", temple_buddhas=1)
    d["boards"]["yellow"]["spaces"] = FILLERS + [{"buddha": True}]
    e, s = build(d)
    out = dump(e, s)
    assert space(e, s, 2) == {"ghost": 60, "buddha": False, "haunter": 0, "marker": True}
    assert out["temple_buddhas"] == 2 and powers_on(s) == [False] * 4


def test_uncatchable_on_a_buddha_becomes_catchable__s4_s6():
    d = arrive("Uncatchable", temple_buddhas=1, forced={"curse": ["blank"]})
    d["boards"]["yellow"]["spaces"] = FILLERS + [{"buddha": True}]
    e, s = build(d)
    out = dump(e, s)
    assert space(e, s, 2)["ghost"] == 57 and out["uncatchable_ready"]
    assert out["temple_buddhas"] == 2
