"""The heuristic's team plays on hand-built and reached positions: each plan does what its
docstring says, and the default team (no plan switched on) is the one the goldens record."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env import actions as A
from ghoststories_env import cards as C
from ghoststories_env.agents import Batch
from ghoststories_env.agents.heuristic import HeuristicAgent, ghosts, plans, threats, turn, village
from ghoststories_env.agents.heuristic import weights as W
from ghoststories_env.agents.heuristic.context import Ctx
from ghoststories_env.geometry import OPPOSITE
from helpers import act, build, decision, dump, legal_in

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


# -- the switch: heuristic:plans ---------------------------------------------------------------------

def test_heuristic__default_has_no_plans_and_plans_rebuild_from_their_name():
    from ghoststories_env import agents
    assert agents.make("heuristic").plans == frozenset() and agents.make("heuristic").name == "heuristic"
    for spec in ("heuristic:plans", "heuristic:plans=incarnation"):
        agent = agents.make(spec)
        assert agent.plans == frozenset(plans.ADOPTED)
        assert agents.make(agent.name).plans == agent.plans
    with pytest.raises(ValueError):
        agents.make("heuristic:fast")
    with pytest.raises(ValueError):
        agents.make("heuristic:plans=nonsense")


def test_heuristic_plans__play_as_the_default_far_from_any_incarnation():
    # reached positions (Initiation 4p, the incarnation is the deck's 46th card): until it is
    # READY_DRAWS cards away (and once drawn, while not in play), every score of the planning team
    # is the default team's
    from ghoststories_env import Engine, GameConfig
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    state = engine.reset(np.arange(16) + 7_000)
    default, planner = HeuristicAgent(), HeuristicAgent(plans.ADOPTED)
    checked = 0
    while not state.terminated.all():
        batch = Batch(engine, state)
        ctx = Ctx(state, np.arange(16))
        far = (plans.draws_to_incarnation(ctx) > plans.READY_DRAWS) & ~ctx.is_inc.any(1)
        live = far & ~state.terminated
        np.testing.assert_array_equal(default.scores(batch)[live], planner.scores(batch)[live])
        checked += int(live.sum())
        state = engine.step(state, default.act(batch))
    assert checked > 1000


# -- incarnation: ready, then strike ---------------------------------------------------------------

def test_incarnation_plan__counts_the_draws_to_its_public_place_and_stockpiles_near_it():
    # the deck's third card is an incarnation: 2 draws before it, then none left after it
    engine, state = build({"at": "yang", "deck": [2, 3, "Forgotten Ones", 4] + list(range(10, 20))})
    on, off = Ctx(state, np.array([0]), frozenset(plans.ADOPTED)), Ctx(state, np.array([0]))
    assert plans.draws_to_incarnation(on).tolist() == [2]
    assert plans.unseen_incarnations(on).sum() == 10
    extra = threats.token_values(on) - threats.token_values(off)
    # every colour some unseen incarnation needs more of than the team holds (none) gains
    assert (extra > 0).all() and extra[0, C.COLOURS.index("black")] == extra.max()
    engine, state = build({"at": "yang", "deck": [2, 3, 4] + list(range(10, 20)) + ["Forgotten Ones"]})
    on, off = Ctx(state, np.array([0]), frozenset(plans.ADOPTED)), Ctx(state, np.array([0]))
    assert plans.draws_to_incarnation(on).tolist() == [13]
    np.testing.assert_array_equal(threats.token_values(on), threats.token_values(off))


def test_incarnation_plan__the_circle_of_prayer_goes_on_the_incarnations_colour():
    # yellow asks the Circle for help; a blue resistance-3 incarnation is in play on the red board
    # and three green haunters are about to haunt: the default team weakens green, the planning
    # team the incarnation's blue
    engine, state = build({"boards": {
        "yellow": {"taoist": {"tile": "Circle of Prayer", "yinyang": False}},
        "red": {"spaces": [None, {"ghost": "Dark Mistress"}, None]},
        "green": {"spaces": [{"ghost": 27, "haunter": 1}, {"ghost": 30, "haunter": 1},
                             {"ghost": 31, "haunter": 1}]}},
        "haunted": ["Tea House", "Cemetery"], "at": "yang", "deck": [2, 3, 4]})
    state = act(engine, state, "MOVE", 0)
    state = act(engine, state, "HELP")
    assert decision(engine, state) == "CIRCLE_COLOUR"
    colour = lambda agent: C.COLOURS[int(agent.act(Batch(engine, state))[0]) - A.CHOOSE_COLOUR]  # noqa: E731
    assert colour(HeuristicAgent()) == "green"
    assert colour(HeuristicAgent(plans.ADOPTED)) == "blue"
    on, off = Ctx(state, np.array([0]), frozenset(plans.ADOPTED)), Ctx(state, np.array([0]))
    strike = threats.threat(on) - threats.threat(off)
    assert strike[0, 4] == pytest.approx(plans.INC_STRIKE * W.LOSS)      # red space 1
    assert np.delete(strike[0], 4).tolist() == [0.0] * 11


def test_incarnation_plan__the_ghost_that_blocks_an_incarnation_shares_its_strike():
    # the Howling Nightmare (red space 1) cannot be exorcised while its opposite space holds a
    # ghost (rules §12): that ghost gets INC_UNBLOCK of the strike, no other does
    g = 4
    blocker = int(OPPOSITE[g])
    seat, k = divmod(blocker, 3)
    spaces = [None, None, None]
    spaces[k] = {"ghost": 2}
    engine, state = build({"boards": {"red": {"spaces": [None, {"ghost": "Howling Nightmare"}, None]},
                                      C.COLOURS[seat]: {"spaces": spaces}},
                           "at": "yang", "deck": [3, 4, 5]})
    on, off = Ctx(state, np.array([0]), frozenset(plans.ADOPTED)), Ctx(state, np.array([0]))
    strike = (threats.threat(on) - threats.threat(off))[0]
    # (after the threats: ``Ctx.targetable`` narrows ``has_ghost`` in place, see context.py)
    assert not on.targetable[0, g]
    assert strike[g] == pytest.approx(plans.INC_STRIKE * W.LOSS)
    assert strike[blocker] == pytest.approx(plans.INC_UNBLOCK * plans.INC_STRIKE * W.LOSS)
    assert np.count_nonzero(strike) == 2


def test_unknown_plans_are_refused_by_name_wherever_a_team_is_built():
    """A misspelt plan is an error, not a default team under another name."""
    with pytest.raises(ValueError, match=r"unknown plan\(s\) \['hurry'\]; known: incarnation"):
        HeuristicAgent(("hurry",))
    assert HeuristicAgent(("incarnation",)).name == "heuristic:plans"


# -- scripts for the search: overrun, haunters (plans.py; not adopted) -----------------------------

def test_overrun_plan__a_full_board_is_worth_its_qi_over_the_yang_phases_before_its_yin():
    # red is full, blue holds two ghosts: only red's three ghosts gain, by OVERRUN_NOW Qi of the
    # red board over the Yang phases before red's Yin phase
    engine, state = build({"boards": {
        "red": {"spaces": [{"ghost": 2}, {"ghost": 3}, {"ghost": 15}]},
        "blue": {"spaces": [{"ghost": 4}, None, {"ghost": 5}]}}, "at": "yang", "deck": [6, 7, 8]})
    on, off = Ctx(state, np.array([0]), frozenset({"overrun"})), Ctx(state, np.array([0]))
    gain = (threats.threat(on) - threats.threat(off))[0]
    red = C.COLOURS.index("red")
    expected = plans.OVERRUN_NOW * threats.board_qi_cost(off)[0, red] / off.chances[0, red]
    assert gain[3 * red: 3 * red + 3] == pytest.approx([expected] * 3)
    assert expected > 0 and np.count_nonzero(gain) == 3


def test_haunters_plan__a_haunters_threat_counts_twice_and_no_other_ghosts():
    engine, state = build({"boards": {
        "green": {"spaces": [{"ghost": 27, "haunter": 1}, {"ghost": 2}, None]}},
        "at": "yang", "deck": [6, 7, 8]})
    on, off = Ctx(state, np.array([0]), frozenset({"haunters"})), Ctx(state, np.array([0]))
    gain = (threats.threat(on) - threats.threat(off))[0]
    haunting = threats.haunter_value(off, state.haunter_pos[[0]].astype(np.int64))[0]
    green = 3 * C.COLOURS.index("green")
    assert gain[green] == pytest.approx(plans.HAUNTERS_MORE * haunting[green]) and gain[green] > 0
    assert np.count_nonzero(gain) == 1


# -- corners (plans.py; learned from the search's placements, not adopted) --------------------------

def test_corners_plan__an_end_space_is_worth_corner_space_more_and_no_middle_one():
    engine, state = arrival({"red": {"spaces": [None, None, {"ghost": 37}]}})
    on, off = Ctx(state, np.array([0]), frozenset({"corners"})), Ctx(state, np.array([0]))
    gain = (ghosts.space_scores(on, on.a) - ghosts.space_scores(off, off.a))[0]
    ends = np.arange(12) % 3 != 1                  # spaces 1 and 3 of a board face corner tiles
    assert gain[ends] == pytest.approx([plans.CORNER_SPACE] * 8) and not gain[~ends].any()


def test_corners_plan__breaks_a_tie_between_the_middle_and_an_end_space_for_the_end():
    # every Taoist on the north-west corner tile (the Circle of Prayer): the middle and west end
    # spaces of the north board face tiles one step away, the east end one does not; the default
    # team takes the first of the two best (the middle), the corners plan the end space
    engine, state = build({"deck": [ARRIVING, 2, 3, 4, 5], "boards": {
        c: {"taoist": {"tile": "Circle of Prayer"}} for c in ("yellow", "red", "green", "blue")}})
    assert placed(engine, state) == 1
    on = HeuristicAgent(("incarnation", "corners"))
    assert int(on.act(Batch(engine, state))[0]) - A.CHOOSE_SPACE == 2
    assert on.name == "heuristic:plans=incarnation+corners"


# -- reach (plans.py; learned from the search's moves, not adopted) -------------------------------------

def yang_on_a_corner():
    # yellow stands on the north-west corner tile (the Circle of Prayer) at the start of his Yang
    # phase, one ghost in play
    return build({"boards": {"yellow": {"taoist": {"tile": "Circle of Prayer"}},
                             "red": {"spaces": [None, {"ghost": 37}, None]}},
                  "at": "yang", "deck": [2, 3, 4]})


def test_reach_plan__a_move_is_worth_reach_times_the_tiles_its_next_step_reaches():
    engine, state = yang_on_a_corner()
    assert decision(engine, state) == "YANG"
    on, off = Ctx(state, np.array([0]), frozenset({"reach"})), Ctx(state, np.array([0]))
    gain = (turn.yang(on) - turn.yang(off))[0]
    moves = A.RANGES["MOVE"]
    assert gain[moves] == pytest.approx(plans.REACH * np.array([0, .4, 0, .4, 1, .4, 0, .4, 0]))
    assert not np.delete(gain, moves).any()        # only where the move ends counts


def test_reach_plan__a_large_reach_sends_the_taoist_to_the_centre(monkeypatch):
    engine, state = yang_on_a_corner()
    monkeypatch.setattr(plans, "REACH", 100.0)
    on = HeuristicAgent(("incarnation", "reach"))
    moves = on.scores(Batch(engine, state))[0, A.RANGES["MOVE"]]    # (the Mantra comes first)
    default = HeuristicAgent(("incarnation",)).scores(Batch(engine, state))[0, A.RANGES["MOVE"]]
    assert moves.argmax() == 4 and default.argmax() != 4
    assert on.name == "heuristic:plans=incarnation+reach"


# -- uncatchable and howling (plans.py; read off where the losses are, not adopted) ------------------

def pavilion_with_uncatchable_waiting(**extra):
    # yellow stands on the Pavilion (south edge tile) at the start of his Yang phase; Uncatchable
    # (never on a Buddha, so no exorcism reaches it: rules §6, incarnations.csv) is on red space 1,
    # a red resistance-1 ghost on green space 0, and a Buddha waits on the empty north space 0
    d = {"boards": {"yellow": {"taoist": {"tile": "Pavilion of the Heavenly Wind"},
                               "spaces": [{"buddha": True}, None, None]},
                    "red": {"spaces": [None, {"ghost": "Uncatchable"}, None]},
                    "green": {"spaces": [{"ghost": 37}, None, None]}},
         "at": "yang", "deck": [2, 3, 4], **extra}
    engine, state = build(d)
    state = act(engine, state, "MOVE", 7)                       # stay on the Pavilion
    state = act(engine, state, "HELP")
    assert decision(engine, state) == "PAV_GHOST"
    return engine, state


def test_uncatchable_plan__the_pavilion_moves_uncatchable_onto_the_buddha_and_readies_it():
    engine, state = pavilion_with_uncatchable_waiting()
    chosen = lambda agent, s: int(agent.act(Batch(engine, s))[0]) - A.CHOOSE_SPACE  # noqa: E731
    # the Pavilion's help is worth UNC_TRAP of Uncatchable's threat (more than trapping the
    # ordinary ghost); the default team values only the ordinary ghost's trap
    on = Ctx(state, np.array([0]), frozenset({"incarnation", "uncatchable"}))
    off = Ctx(state, np.array([0]), frozenset({"incarnation"}))
    th = threats.threat(on)[0]
    assert plans.UNC_TRAP * th[4] > th[6]
    assert village.pavilion_trap(on)[0] == pytest.approx(plans.UNC_TRAP * th[4])
    assert village.pavilion_trap(off)[0] == pytest.approx(th[6])
    planner = HeuristicAgent(("incarnation", "uncatchable"))
    assert chosen(planner, state) == 4
    state = act(engine, state, "CHOOSE_SPACE", 4)
    assert decision(engine, state) == "PAV_DEST" and chosen(planner, state) == 0
    state = act(engine, state, "CHOOSE_SPACE", 0)
    assert dump(engine, state)["uncatchable_ready"]


def test_uncatchable_plan__values_the_trap_only_while_uncatchable_waits_and_the_pavilion_works():
    engine, state = pavilion_with_uncatchable_waiting()
    ctx = Ctx(state, np.array([0]), frozenset({"incarnation", "uncatchable"}))
    assert plans.waiting(ctx)[0].tolist() == [i == 4 for i in range(12)]
    assert plans.trap_wanted(ctx)[0] == 0.0                    # a Buddha is already set up
    engine, state = pavilion_with_uncatchable_waiting(uncatchable_ready=True)
    assert not plans.waiting(Ctx(state, np.array([0]), frozenset({"uncatchable"}))).any()


def test_uncatchable_plan__a_held_buddha_is_worth_putting_down_for_the_pavilion():
    # no Buddha on the village yet; yellow holds one from an earlier turn and can put it down
    # facing an empty space: the move there is worth UNC_BUDDHA of Uncatchable's threat more
    engine, state = build({"boards": {"yellow": {"taoist": {"tile": "Circle of Prayer", "buddhas": 1}},
                                      "red": {"spaces": [None, {"ghost": "Uncatchable"}, None]}},
                           "at": "yang", "deck": [2, 3, 4]})
    on = Ctx(state, np.array([0]), frozenset({"incarnation", "uncatchable"}))
    off = Ctx(state, np.array([0]), frozenset({"incarnation"}))
    wanted = plans.trap_wanted(on)[0]
    assert wanted == pytest.approx(threats.threat(on)[0, 4])
    gain = (turn.position_values(on, on.who) - turn.position_values(off, off.who))[0]
    # (the Circle of Prayer, position 0, changes too: it no longer counts Uncatchable's need)
    assert set(np.round(gain[1:] / (plans.UNC_BUDDHA * wanted), 9)) == {0.0, 1.0}
    state_h = build({"boards": {"yellow": {"taoist": {"tile": "Circle of Prayer", "buddhas": 1}},
                                "red": {"spaces": [None, {"ghost": "Uncatchable"}, None]}},
                     "haunted": ["Pavilion of the Heavenly Wind"], "at": "yang", "deck": [2, 3, 4]})[1]
    assert plans.trap_wanted(Ctx(state_h, np.array([0]), frozenset({"uncatchable"})))[0] == 0.0


def test_howling_plan__an_arriving_ghost_stays_off_the_space_facing_howling_nightmare():
    # Howling Nightmare on south (green) space 1 = space 7; its opposite is north space 1: the
    # arriving yellow ghost costs HOWL_KEEP of the strike there, nowhere else
    engine, state = arrival({"green": {"spaces": [None, {"ghost": "Howling Nightmare"}, None]}})
    on = Ctx(state, np.array([0]), frozenset({"incarnation", "howling"}))
    off = Ctx(state, np.array([0]), frozenset({"incarnation"}))
    cost = (ghosts.space_scores(off, off.a) - ghosts.space_scores(on, on.a))[0]
    assert OPPOSITE[7] == 1
    assert cost[1] == pytest.approx(plans.HOWL_KEEP * plans.INC_STRIKE * W.LOSS)
    assert not np.delete(cost, 1).any()
    assert placed(engine, state) in (0, 1, 2)
    assert int(HeuristicAgent(("incarnation", "howling")).act(Batch(engine, state))[0]) - A.CHOOSE_SPACE != 1


# -- crowd (plans.py; read off where the games are lost, not adopted) -------------------------------

def test_crowd_plan__every_ghost_gains_crowd_per_ghost_beyond_crowd_from(monkeypatch):
    engine, state = build({"boards": {
        "red": {"spaces": [{"ghost": 2}, {"ghost": 3}, {"ghost": 15}]},
        "blue": {"spaces": [{"ghost": 4}, None, {"ghost": 5}]}}, "at": "yang", "deck": [6, 7, 8]})
    monkeypatch.setattr(plans, "CROWD", 1.5)
    gains = {}
    for start in (3, 5):                        # five ghosts in play: two beyond 3, none beyond 5
        monkeypatch.setattr(plans, "CROWD_FROM", start)
        on, off = Ctx(state, np.array([0]), frozenset({"crowd"})), Ctx(state, np.array([0]))
        gains[start] = (threats.threat(on) - threats.threat(off))[0]
    ghosts_in_play = state.ghost[0] >= 0
    assert gains[3][ghosts_in_play] == pytest.approx([3.0] * 5)
    assert not gains[3][~ghosts_in_play].any() and not gains[5].any()
