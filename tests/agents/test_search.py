"""The search agent: it never reads hidden information, plays legal actions, plays a game the
same alone as in any batch, and narrows its candidates by sequential halving (its futures are
tested in test_futures.py)."""

from __future__ import annotations

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.agents import Batch
from ghoststories_env.agents.futures import public_key
from ghoststories_env.agents.search import SearchAgent
from ghoststories_env.rules import stack
from helpers import hide_differently, midgame


@pytest.fixture(scope="module")
def games():
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    S = midgame(engine, np.arange(5) + 900)
    assert not S.terminated.any()
    return engine, S


def test_search__never_reads_hidden_information(games):
    """Positions that differ only in the unseen deck's order, the cards left out and the random
    stream get the same choices."""
    engine, S = games
    agent = SearchAgent(futures=2, width=3, horizon=2)
    T = hide_differently(S, 7)
    assert not np.array_equal(T.deck, S.deck)
    assert np.array_equal(agent.act(Batch(engine, S)), agent.act(Batch(engine, T)))


def test_search__legal_and_the_same_in_any_batch(games):
    engine, S = games
    agent = SearchAgent(futures=2, width=3, horizon=2)
    together = agent.act(Batch(engine, S))
    mask = engine.legal_action_mask(S)
    assert mask[np.arange(S.batch_size), together].all()
    alone = [int(agent.act(Batch(engine, S.take([i])))[0]) for i in (0, 3)]
    assert [int(together[0]), int(together[3])] == alone
    mixed = S.take([3, 0, 3])                                       # another order, a duplicate
    assert agent.act(Batch(engine, mixed)).tolist() == [together[3], together[0], together[3]]


def test_search__with_dice_keyed_by_turn_legal_and_the_same_in_any_batch(games):
    engine, S = games
    agent = SearchAgent(futures=2, width=3, horizon=2, dice="turn")
    together = agent.act(Batch(engine, S))
    assert engine.legal_action_mask(S)[np.arange(S.batch_size), together].all()
    assert int(agent.act(Batch(engine, S.take([2])))[0]) == int(together[2])


def test_search__sequential_halving_leaves_the_prior_and_one_challenger(games):
    engine, S = games
    agent = SearchAgent(futures=2, width=4, horizon=1)
    heuristic, rows, cands = agent.candidates(Batch(engine, S))
    assert rows.size and (cands[:, 0] == heuristic[rows]).all()
    mean = agent.evaluate(engine, S, rows, cands)
    assert mean.shape == cands.shape
    assert np.isfinite(mean[:, 0]).all()                            # the reference stays
    assert (np.isfinite(mean[:, 1:]).sum(1) == 1).all()             # one challenger per game
    assert np.isnan(mean[cands < 0]).all()


def test_search__plays_the_prior_unless_a_challenger_beats_it_by_the_margin(games):
    engine, S = games
    never = SearchAgent(futures=2, width=3, horizon=1, margin=1.0)   # values lie in [0, 1.02]
    assert np.array_equal(never.act(Batch(engine, S)), agents.make("heuristic").act(Batch(engine, S)))


def test_search__futures_shared_by_candidates(games):
    """Common random numbers: two identical candidates get identical values (summed over the
    same three futures; separate futures would make them differ)."""
    engine, S = games
    agent = SearchAgent(futures=3, width=2, horizon=2)
    _, rows, cands = agent.candidates(Batch(engine, S))
    cands = np.repeat(cands[:, :1], 2, 1)
    key = public_key(S.take(rows))
    values = agent._play(engine, S.take(rows), cands, cands >= 0, key, 0, np.full(rows.size, 3))
    assert np.array_equal(values[:, 0], values[:, 1])
    assert len(np.unique(values[:, 0])) > 1


def test_search__leaf_scores_finished_games_by_outcome(games):
    engine, S = games
    agent = SearchAgent(futures=1, width=2, horizon=1, progress=0.0)
    T = S.take([0, 1])
    T.terminated[:] = True
    T.won[:] = [True, False]
    assert agent.leaf(T).tolist() == [1.0, 0.0]
    assert ((agent.leaf(S) > 0) & (agent.leaf(S) < 1)).all()


def test_search__names_rebuild_the_agent_and_bad_specs_are_refused():
    assert agents.make("search").name == "search"
    a = agents.make("search:4x3x2")
    assert (a.name, a.futures, a.width, a.horizon) == ("search:4x3x2", 4, 3, 2)
    assert agents.make(a.name).name == a.name
    for bad in ("x", "4x3x2x1", "ax3", "4x1"):
        with pytest.raises(ValueError, match="search"):
            agents.make(f"search:{bad}")
    with pytest.raises(ValueError, match="unknown decision kinds"):
        SearchAgent(kinds=("NOPE",))
    yang = agents.make("search:4x3x2:kinds=YANG")
    assert yang.name == "search:4x3x2:kinds=YANG" and agents.make(yang.name).name == yang.name
    assert yang.codes.tolist() == [stack.CODES["YANG"]]
    turn = agents.make("search:4x3x2:dice=turn")
    assert (turn.name, turn.dice) == ("search:4x3x2:dice=turn", "turn")
    assert agents.make(turn.name).name == turn.name and agents.make("search").dice == "stream"
    with pytest.raises(ValueError, match="dice is how the futures' dice are drawn, one of "
                                         "stream, turn, got 'nope'"):
        agents.make("search:dice=nope")
    for bad in ("kinds=", "kinds=NOPE"):
        with pytest.raises(ValueError, match="kinds"):
            agents.make(f"search:{bad}")
    # an option naming a list refuses an empty one and shows an example
    for option, says in (("scripts", "plans: scripts=a"), ("kinds", "decision kinds: kinds=YANG"),
                         ("extra", "action ranges: extra=YINYANG")):
        with pytest.raises(ValueError, match=f"'{option}' names {says}"):
            agents.make(f"search:{option}=")


def test_search__a_games_rounds_do_not_depend_on_its_batch(games):
    """Sequential halving gives each game rounds and futures from its own candidates: a game with
    two wanted actions alone is searched exactly as beside games with four."""
    engine, S = games
    agent = SearchAgent(futures=2, width=4, horizon=1)
    _, rows, cands = agent.candidates(Batch(engine, S))
    few = cands.copy()
    few[0, 2:] = -1                                  # game 0: the prior and one challenger
    together = agent.evaluate(engine, S, rows, few)
    alone = agent.evaluate(engine, S, rows[:1], few[:1])
    assert np.array_equal(together[:1], alone, equal_nan=True)
    assert np.isfinite(together[0, :2]).all() and np.isnan(together[0, 2:]).all()


def test_search__every_decision_gets_the_same_budget():
    agent = SearchAgent(futures=8, width=4, horizon=8)
    for c, rounds in ((2, [2]), (3, [3, 2]), (4, [4, 3, 2])):
        spent = sum(k * m for k, m in zip(agent.schedule(c), rounds))
        assert 96 <= spent < 96 + 4 * len(rounds)                 # 8 x 4 x 3, rounded up


def test_leaf__each_level_is_judged_by_its_own_model_whatever_the_batch():
    # Initiation and Normal keep the model fitted on their games; Nightmare and Hell have one
    # fitted on theirs (results/value/hard/), where wins are rare
    from ghoststories_env import PRESETS, State
    from ghoststories_env.agents.value import DATA, LevelWinModel, WinModel
    leaf = LevelWinModel.load()
    easy, hard = WinModel.load(), WinModel.load(DATA / "win_model_hard.json")
    games = [Engine(PRESETS[p]).reset(np.arange(5)) for p in
             ("initiation-4p", "normal-3p", "nightmare-4p", "hell-2p")]
    S = State.concatenate(games)
    value = leaf.predict(S)
    assert np.array_equal(value[:10], easy.predict(S.take(np.arange(10))))
    assert np.array_equal(value[10:], hard.predict(S.take(np.arange(10, 20))))
    assert not np.allclose(value[10:], easy.predict(S.take(np.arange(10, 20))))
    assert np.array_equal(value, np.concatenate([leaf.predict(g) for g in games]))
    with pytest.raises(ValueError, match="every level"):
        LevelWinModel({"initiation": easy})


def test_search__a_script_adds_its_plans_action_when_it_is_not_a_candidate_yet(games):
    engine, S = games
    agent = SearchAgent(futures=2, width=2, horizon=1, plans=("incarnation",), scripts=("overrun",))
    batch = Batch(engine, S)
    _, rows, cands = agent.candidates(batch)
    own = agents.make("heuristic:plans=incarnation+overrun").act(batch)[rows]
    assert cands.shape == (rows.size, 3)
    fresh = cands[:, 2] >= 0
    assert (cands[fresh, 2] == own[fresh]).all()
    assert ((cands[~fresh, :2] == own[~fresh, None]).any(1)).all()       # already a candidate


def test_search__a_scripts_futures_are_played_by_its_team_for_script_turns(games, monkeypatch):
    """The script's column and the prior's best, given the same action, differ only by who plays
    their futures' first ``SCRIPT_TURNS`` turns: with none they get the same values."""
    from ghoststories_env.agents import search_futures
    engine, S = games
    agent = SearchAgent(futures=3, width=2, horizon=6, plans=("incarnation",),
                        scripts=("overrun",))
    _, rows, cands = agent.candidates(Batch(engine, S))
    same = np.c_[cands[:, :1], np.full((rows.size, 1), -1), cands[:, :1]]   # prior, pad, script
    alive = same >= 0
    roots, key, k = S.take(rows), public_key(S.take(rows)), np.full(rows.size, 3)
    followed = agent._play(engine, roots, same, alive, key, 0, k)
    monkeypatch.setattr(search_futures, "SCRIPT_TURNS", 0)
    ignored = agent._play(engine, roots, same, alive, key, 0, k)
    assert np.array_equal(ignored[:, 0], ignored[:, 2])
    assert np.array_equal(followed[:, 0], ignored[:, 0])
    assert not np.array_equal(followed[:, 2], followed[:, 0])


def test_search__with_a_script_legal_and_the_same_in_any_batch(games):
    engine, S = games
    agent = agents.make("search:2x2x2:plans:scripts=overrun")
    assert agents.make(agent.name).name == agent.name == "search:2x2x2:plans:scripts=overrun"
    together = agent.act(Batch(engine, S))
    assert engine.legal_action_mask(S)[np.arange(S.batch_size), together].all()
    alone = [int(agent.act(Batch(engine, S.take([i])))[0]) for i in range(S.batch_size)]
    assert together.tolist() == alone
    for bad, match in (("search:scripts=nope", "unknown plan"),
                       ("search:plans:scripts=incarnation", "already played by the prior")):
        with pytest.raises(ValueError, match=match):
            agents.make(bad)


def test_search__leaf_option_takes_a_win_model_file_or_a_network(games, tmp_path):
    """``leaf=<path>`` judges the futures with another fitted model (a ``WinModel`` .json from
    experiments.fit_value, or a network's value head .npz); the name keeps it, so a benchmark row
    replays under its name, and anything else is refused by name."""
    from ghoststories_env.agents.heuristic import HeuristicAgent
    from ghoststories_env.agents.net import PolicyValueNet
    from ghoststories_env.agents.value import DATA, WinModel
    engine, S = games
    path = tmp_path / "hard.json"
    WinModel.load(DATA / "win_model_hard.json").save(path)
    a = agents.make(f"search:2x2x1:plans:leaf={path}")
    assert a.name == f"search:2x2x1:plans:leaf={path}" and agents.make(a.name).name == a.name
    assert isinstance(a.value, WinModel)
    assert np.array_equal(a.value.predict(S), WinModel.load(path).predict(S))
    net = tmp_path / "n.npz"
    PolicyValueNet.initial((8,)).save(net)
    b = agents.make(f"search:2x2x1:leaf={net}")
    assert isinstance(b.value, PolicyValueNet) and isinstance(b.prior, HeuristicAgent)
    assert agents.make("search:2x2x1:plans:leaf=win_model").name == "search:2x2x1:plans"
    with pytest.raises(ValueError, match="leaf= takes 'win_model'"):
        agents.make("search:2x2x1:leaf=model.txt")


def test_search__margin_option_keeps_the_prior_unless_a_challenger_wins_by_it(games):
    """``margin=<m>``: a challenger is played only if its mean value beats the prior's choice by
    more than m; values lie in [0, 1 + progress], so a margin of 2 always keeps the prior and a
    margin of -2 always plays the challenger left after the halving. The name keeps it, and a
    margin that is not a number is refused by name."""
    engine, S = games
    rows = np.arange(S.batch_size)
    searched = [S.take(rows[i:i + 1]) for i in rows]
    prior = agents.make("heuristic")
    keep = agents.make("search:2x3x2:margin=2")
    free = agents.make("search:2x3x2")
    eager = agents.make("search:2x3x2:margin=-2")
    assert keep.name == "search:2x3x2:margin=2" and agents.make(keep.name).name == keep.name
    overridden, eager_overrides = 0, False
    for s in searched:
        b = Batch(engine, s)
        assert keep.act(b)[0] == prior.act(b)[0]
        overridden += int(free.act(b)[0] != prior.act(b)[0])
        action = eager.act(b)[0]
        if eager.last["rows"].size:                       # searched: the challenger, always
            mean, cands = eager.last["mean"][0], eager.last["cands"][0]
            challenger = 1 + np.flatnonzero(np.isfinite(mean[1:]))
            if challenger.size:
                assert action == cands[challenger[0]] != prior.act(b)[0]
                eager_overrides = True
    assert keep.searched == free.searched > 0 and overridden > 0   # the margin is what kept it
    assert eager_overrides
    with pytest.raises(ValueError, match="margin is the value a challenger must beat"):
        agents.make("search:2x2x1:margin=nan")


def test_search__marks_average_the_leaf_at_each_mark_and_at_the_horizon(games):
    """``marks``: a future's value is the mean of the leaf values when it reaches each mark and
    the horizon, the same as the mean of searches with those horizons on the same future (the
    rollout team and the dice are the same whatever the horizon)."""
    engine, S = games
    start = S.turn.astype(np.int64)
    policy = np.zeros(S.batch_size, np.int64)

    def value(**kw):
        return SearchAgent(**kw)._play_out(engine, S.copy(), start, policy, start)

    both = value(horizon=4, marks=(2,))
    np.testing.assert_allclose(both, (value(horizon=2) + value(horizon=4)) / 2, atol=1e-12)
    assert not np.allclose(value(horizon=2), value(horizon=4))      # the marks matter here
    three = value(horizon=6, marks=(2, 4))
    np.testing.assert_allclose(three, (value(horizon=2) + value(horizon=4) + value(horizon=6)) / 3,
                               atol=1e-12)


def test_search__horizon_zero_judges_the_position_right_after_the_candidate(games):
    """``horizon=0``: no rollout; a future's value is the leaf of the position the candidate
    leads to (what an afterstate leaf would judge), and a negative horizon is refused."""
    engine, S = games
    start = S.turn.astype(np.int64)
    policy = np.zeros(S.batch_size, np.int64)
    agent = SearchAgent(futures=1, width=2, horizon=0)
    np.testing.assert_array_equal(agent._play_out(engine, S.copy(), start, policy, start),
                                  agent.leaf(S))
    assert agents.make("search:4x3x0").horizon == 0
    with pytest.raises(ValueError, match="horizon >= 0"):
        SearchAgent(horizon=-1)


def test_search__marks_are_named_and_bad_marks_refused():
    a = agents.make("search:4x3x8:marks=4+6")
    assert (a.name, a.stops.tolist()) == ("search:4x3x8:marks=4+6", [4, 6, 8])
    assert agents.make(a.name).name == a.name
    for bad in ("marks=", "marks=a", "marks=8", "marks=6+4", "marks=0"):
        with pytest.raises(ValueError, match="marks"):
            agents.make(f"search:4x3x8:{bad}")


@pytest.mark.parametrize("file", ["results/value/rollouts/leaf_rollouts.npz",
                                  "results/value/iterate/leaf2.npz"])
def test_committed_network_leaves__judge_like_a_leaf_whatever_the_batch(games, file):
    """The committed network leaves (a network's win head: fitted on rollout estimates,
    results/value/rollouts/, and after two rounds of value iteration, results/value/iterate/):
    finished games by their outcome, running ones strictly between, the same value alone as in a
    batch, and a team left with one Qi each is worth less than the same team whole."""
    from pathlib import Path
    from ghoststories_env.agents.net import PolicyValueNet
    engine, S = games
    path = Path(__file__).parents[2] / file
    leaf = PolicyValueNet.load(path)
    value = leaf.predict(S)
    assert ((value > 0) & (value < 1)).all()
    assert np.array_equal(value, np.concatenate([leaf.predict(S.take([i]))
                                                 for i in range(S.batch_size)]))
    weak = S.copy()
    weak.qi[:] = np.where(weak.is_player & (weak.qi > 0), 1, weak.qi)
    assert (leaf.predict(weak) < value).all()
    done = S.copy()
    done.terminated[:] = True
    done.won[:] = [True, False, True, False, True]
    assert leaf.predict(done).tolist() == [1.0, 0.0, 1.0, 0.0, 1.0]
    agent = agents.make(f"search:2x2x1:plans:leaf={path}")
    assert engine.legal_action_mask(S)[np.arange(S.batch_size), agent.act(Batch(engine, S))].all()


def test_make_search__a_loaded_leaf_is_played_and_named_as_the_spec_says(games):
    """A worker that received the leaf as bytes (experiments/iterate_leaf) passes it loaded: the
    search plays as with the file and carries the spec's name; without leaf= it is refused."""
    from pathlib import Path

    from ghoststories_env.agents.net import PolicyValueNet
    from ghoststories_env.agents.search_spec import make_search
    engine, S = games
    path = Path(__file__).parents[2] / "results/value/iterate/leaf2.npz"
    net = PolicyValueNet.from_bytes(path.read_bytes())
    loaded = make_search("2x2x1:plans:leaf=runs/x/leaf.npz", leaf=net)
    assert loaded.value is net
    from_file = agents.make(f"search:2x2x1:plans:leaf={path}")
    assert loaded.name == "search:2x2x1:plans:leaf=runs/x/leaf.npz"
    assert np.array_equal(loaded.act(Batch(engine, S)), from_file.act(Batch(engine, S)))
    with pytest.raises(ValueError, match="a loaded leaf needs a leaf=<name> option"):
        make_search("2x2x1:plans", leaf=net)


def test_search__extra_ranges_add_their_legal_actions_the_prior_does_not_want(games):
    """``extra``: every legal action of the named ranges that the prior never wants becomes a
    candidate after its ``width`` best (the Yin-Yang, which the heuristic keeps longer than the
    search would: results/search/extra-yinyang)."""
    from ghoststories_env import actions as A
    from ghoststories_env.agents.search import WANTED
    engine, S = games
    spec = "search:2x3x2:plans:extra=YINYANG_HELP+YINYANG_UNHAUNT"
    agent = agents.make(spec)
    assert agent.name == spec and agents.make(agent.name).name == spec
    batch = Batch(engine, S)
    _, rows, cands = agent.candidates(batch)
    ids = np.r_[A.RANGES["YINYANG_HELP"], A.RANGES["YINYANG_UNHAUNT"]]
    assert cands.shape == (rows.size, 3 + ids.size)
    scores = agent.prior.scores(batch)[rows]
    unwanted = batch.mask[rows][:, ids] & (scores[:, ids] <= WANTED)
    assert unwanted.any()                                  # the test games offer some
    assert np.array_equal(cands[:, 3:], np.where(unwanted, ids, -1))
    _, plain_rows, plain = agents.make("search:2x3x2:plans").candidates(batch)
    assert np.isin(plain_rows, rows).all()             # extras may add a decision to search
    assert np.array_equal(cands[np.isin(rows, plain_rows), :3], plain)
    together = agent.act(batch)
    assert batch.mask[np.arange(S.batch_size), together].all()
    alone = [int(agent.act(Batch(engine, S.take([i])))[0]) for i in range(S.batch_size)]
    assert together.tolist() == alone
    for bad in ("search:extra=", "search:extra=NOPE"):
        with pytest.raises(ValueError, match="extra"):
            agents.make(bad)
