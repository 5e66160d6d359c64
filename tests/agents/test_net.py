"""The policy-value network: an untrained residual network is the heuristic; a network's choices
do not depend on the batch; files round-trip; the ``net`` and ``search:...:net=`` agents play
legal games and rebuild from their names."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from ghoststories_env import Engine, GameConfig, agents
from ghoststories_env.actions import NUM_ACTIONS
from ghoststories_env.agents import Batch
from ghoststories_env.agents.net import DATA, LeafEnsemble, LevelLeaf, PolicyValueNet
from ghoststories_env.agents.search import SearchAgent
from ghoststories_env.envs.frame import relative_of_absolute
from ghoststories_env.envs.observation import SIZE, encode


@pytest.fixture(scope="module")
def engine():
    return Engine(GameConfig(num_players=4, difficulty="initiation"))


def random_net(residual: bool, seed: int = 1) -> PolicyValueNet:
    """A network with random heads (an initial one has zero heads: it would hide mistakes)."""
    net = PolicyValueNet.initial((16, 8), seed=seed, residual=residual)
    g = np.random.default_rng(seed)
    net.policy = (g.normal(0, 1, net.policy[0].shape), g.normal(0, 1, NUM_ACTIONS))
    net.value = (g.normal(0, 1, net.value[0].shape), g.normal(0, 1, 2))
    return net


def play(engine, agent, seeds, steps=10_000):
    S = engine.reset(np.asarray(seeds))
    for _ in range(steps):
        if S.terminated.all():
            break
        batch = Batch(engine, S)
        a = agent.act(batch)
        live = ~S.terminated
        assert batch.mask[live, a[live]].all(), "an illegal action"
        S = engine.step(S, a)
    return S


@pytest.mark.parametrize("plans, spec", [([], "heuristic"), (["incarnation"], "heuristic:plans")])
def test_untrained_residual_network__plays_as_the_heuristic(engine, plans, spec):
    """... of its ``plans``: the default team, or heuristic:plans."""
    net, heuristic = PolicyValueNet.initial((16, 8), plans=plans), agents.make(spec)
    S = engine.reset(np.arange(16) + 40)
    while not S.terminated.all():
        batch = Batch(engine, S)
        a = heuristic.act(batch)
        live = ~S.terminated
        assert (net.act(batch)[live] == a[live]).all()
        S = engine.step(S, a)


def test_residual_network__moves_only_its_kinds_and_only_actions_the_heuristic_wants(engine):
    net, heuristic = random_net(residual=True), agents.make("heuristic")
    S = play(engine, heuristic, np.arange(32) + 7, steps=30)
    batch = Batch(engine, S)
    h, s = heuristic.scores(batch), net.scores(batch)
    mine = np.isin(S.top, net.codes)
    assert mine.any() and (~mine).any()
    assert np.array_equal(h[~mine], s[~mine])                     # elsewhere: the heuristic
    unwanted = np.isfinite(h) & (h <= -1e8)
    assert np.array_equal(h[unwanted], s[unwanted])               # never wanted stays so
    assert not np.array_equal(h[mine], s[mine])                   # its logits do move choices


def test_policy__turns_with_the_viewer():
    """Relative logits are read through the viewer's quarter turn (envs/frame.py)."""
    net = random_net(residual=False)
    obs = np.random.default_rng(0).random((4, SIZE)).astype(np.float32)
    obs[:, :4] = np.eye(4)                                       # viewers 0, 1, 2, 3
    logits, _ = net.forward(obs)
    h = obs.astype(np.float64)
    for w, b in net.trunk:
        h = np.maximum(h @ w + b, 0)
    relative = h @ net.policy[0] + net.policy[1]
    table = relative_of_absolute()
    for v in range(4):
        assert np.allclose(logits[v], relative[v, table[v]], atol=1e-5)


def test_network__a_game_plays_the_same_alone_as_in_a_batch(engine):
    net = random_net(residual=False, seed=3)
    together = play(engine, net, np.arange(24) + 100, steps=120)
    for i in (0, 13):
        alone = play(engine, net, [100 + i], steps=120)
        assert alone.equals(together.take([i]))


def test_file__round_trips_and_rejects_wrong_shapes(tmp_path):
    net = random_net(residual=True)
    net.save(tmp_path / "n.npz")
    back = PolicyValueNet.load(tmp_path / "n.npz")
    obs = np.random.default_rng(2).random((5, SIZE)).astype(np.float32)
    for a, b in zip(net.forward(obs), back.forward(obs)):
        assert np.array_equal(a, b)
    assert back.meta["residual"] is True and back.meta["path"] == str(tmp_path / "n.npz")
    with pytest.raises(ValueError, match="observation"):
        PolicyValueNet([(np.zeros((SIZE + 1, 4)), np.zeros(4))], (np.zeros((4, NUM_ACTIONS)),
                       np.zeros(NUM_ACTIONS)), (np.zeros((4, 2)), np.zeros(2)))
    with pytest.raises(FileNotFoundError, match="no policy-value network"):
        PolicyValueNet.load(tmp_path / "missing.npz")
    with pytest.raises(ValueError, match="unknown decision kinds"):
        PolicyValueNet.initial((4,), kinds=["NOT_A_KIND"])


def test_predict__finished_games_score_their_outcome(engine):
    net = random_net(residual=False)
    S = play(engine, agents.make("heuristic"), np.arange(6))
    assert np.array_equal(net.predict(S), S.won.astype(float))
    R = engine.reset(np.arange(3))
    p = net.predict(R)
    assert ((p > 0) & (p < 1)).all()


def test_leaf_ensemble__the_sigmoid_of_the_mean_logit_and_outcomes_when_finished(engine, tmp_path):
    a, b = random_net(residual=False, seed=1), random_net(residual=False, seed=2)
    a.save(tmp_path / "a.npz")
    b.save(tmp_path / "b.npz")
    R = engine.reset(np.arange(5))
    obs = encode(R)
    mean = (a.forward(obs)[1][:, 0] + b.forward(obs)[1][:, 0]) / 2
    agent = agents.make(f"search:2x2x1:plans:leaf={tmp_path / 'a.npz'}+{tmp_path / 'b.npz'}")
    assert isinstance(agent.value, LeafEnsemble)
    assert np.allclose(agent.value.predict(R), 1 / (1 + np.exp(-mean)), atol=1e-6)
    assert not np.allclose(agent.value.predict(R), a.predict(R))   # both networks count
    assert np.array_equal(LeafEnsemble([a, a]).predict(R), a.predict(R))
    S = play(engine, agents.make("heuristic"), np.arange(4))
    assert np.array_equal(LeafEnsemble([a, b]).predict(S), S.won.astype(float))
    assert agents.make(agent.name).name == agent.name
    with pytest.raises(ValueError, match="two networks or more"):
        LeafEnsemble([a])


def test_learned_leaf__the_measured_networks_each_judging_its_levels_games():
    """``leaf=learned``: the package ships the leaves the benchmarks measured, byte for byte, and
    each game of a batch is judged by its own level's network, whatever the other games."""
    from ghoststories_env import PRESETS, State
    root = Path(__file__).resolve().parents[2]
    for name, measured in (("leaf_initiation.npz", "results/value/iterate/leaf2.npz"),
                           ("leaf_normal.npz", "results/value/iterate/normal/leaf1.npz")):
        assert (DATA / name).read_bytes() == (root / measured).read_bytes()
    agent = agents.make("search:2x2x1:plans:leaf=learned")
    assert isinstance(agent.value, LevelLeaf)
    assert agent.name == "search:2x2x1:plans:leaf=learned" and agents.make(agent.name).name == agent.name
    easy = PolicyValueNet.load(root / "results/value/iterate/leaf2.npz")
    normal = PolicyValueNet.load(root / "results/value/iterate/normal/leaf1.npz")
    games = [Engine(PRESETS[p]).reset(np.arange(4)) for p in
             ("initiation-4p", "normal-3p", "nightmare-4p", "hell-2p")]
    S = State.concatenate(games)
    value = agent.value.predict(S)
    assert np.array_equal(value[:4], easy.predict(games[0]))
    assert np.array_equal(value[4:], normal.predict(S.take(np.arange(4, 16))))
    assert not np.allclose(value[:4], normal.predict(games[0]))          # two networks
    assert np.array_equal(value, np.concatenate([agent.value.predict(g) for g in games]))
    with pytest.raises(ValueError, match="every level"):
        LevelLeaf({"initiation": easy})


def test_agents__net_and_search_with_net_rebuild_from_their_names(engine, tmp_path):
    path = tmp_path / "n.npz"
    random_net(residual=True).save(path)
    a = agents.make(f"net:{path}")
    assert a.name == f"net:{path}" and agents.make(a.name).name == a.name
    s = agents.make(f"search:2x2x1:net={path}")
    assert isinstance(s, SearchAgent) and s.prior is s.rollout and s.value is s.prior
    assert agents.make(s.name).name == s.name
    w = agents.make(f"search:2x2x1:net={path}:leaf=win_model")
    assert w.value is not w.prior and agents.make(w.name).name == w.name
    play(engine, s, [5, 6], steps=25)                               # legal throughout
    with pytest.raises(ValueError, match="options net=<path>"):
        agents.make(f"search:2x2x1:nett={path}")
    with pytest.raises(ValueError, match="needs the network's path"):
        agents.make("net")


def test_search_share__searches_a_public_part_of_the_decisions(engine):
    """``share`` picks the searched decisions from the public position (agents/futures.py): the
    same decisions whatever the batch, about the share asked."""
    half = SearchAgent(futures=1, width=2, horizon=1, share=0.5)
    full = SearchAgent(futures=1, width=2, horizon=1)
    S = play(engine, agents.make("heuristic"), np.arange(64) + 300, steps=25)
    batch = Batch(engine, S)
    _, rows_full, _ = full.candidates(batch)
    _, rows_half, _ = half.candidates(batch)
    assert set(rows_half) < set(rows_full) and 0.25 < rows_half.size / rows_full.size < 0.75
    alone = [r for r in rows_full if half.candidates(Batch(engine, S.take([r])))[1].size]
    assert alone == list(rows_half)
    with pytest.raises(ValueError, match="share"):
        SearchAgent(share=0)


def test_residual_network__unknown_plans_are_refused_by_name():
    with pytest.raises(ValueError, match="unknown plan.*'nope'.*known: incarnation"):
        PolicyValueNet.initial((4,), plans=["nope"])


def test_search_plans__the_prior_and_rollout_team_is_heuristic_plans():
    s = agents.make("search:2x2x1:plans")
    assert s.prior.name == "heuristic:plans" and s.rollout is s.prior
    assert s.name == "search:2x2x1:plans" and agents.make(s.name).prior.plans == s.prior.plans
    assert agents.make("search:plans").name == "search:plans"
    with pytest.raises(ValueError, match="no heuristic prior"):
        SearchAgent(net=random_net(residual=True), plans=("incarnation",))


def test_search_rollout__a_network_plays_the_futures_and_the_prior_proposes(engine, tmp_path):
    """``rollout=<path>``: the candidates are the prior's (heuristic:plans), the futures are
    played by the network, so the values (not the candidates) change; the name rebuilds it."""
    path = tmp_path / "n.npz"
    random_net(residual=True).save(path)
    plain = agents.make("search:2x3x3:plans")
    s = agents.make(f"search:2x3x3:plans:rollout={path}")
    assert s.name == f"search:2x3x3:plans:rollout={path}" and agents.make(s.name).name == s.name
    assert s.prior.name == "heuristic:plans" and isinstance(s.rollout, PolicyValueNet)
    assert s.policies[0] is s.rollout
    S = play(engine, agents.make("heuristic:plans"), np.arange(6) + 40, steps=30)
    batch = Batch(engine, S)
    ours, theirs = s.candidates(batch), plain.candidates(batch)
    assert all(np.array_equal(x, y) for x, y in zip(ours, theirs))    # the same candidates
    s.act(batch), plain.act(batch)
    assert np.array_equal(s.last["rows"], plain.last["rows"]) and s.last["rows"].size
    assert not np.allclose(s.last["mean"], plain.last["mean"], equal_nan=True)
    play(engine, s, [5], steps=20)                                   # legal throughout


def test_at_temperature__plays_the_same_with_every_logit_scaled():
    """A residual network at another temperature: the heuristic's scores / temperature plus the
    learned logits are the old ones times old / new temperature, so the argmax is the same."""
    net = PolicyValueNet.initial((16,), seed=3, temperature=0.2)
    g = np.random.default_rng(0)
    net.policy = (g.normal(0, 1, net.policy[0].shape), g.normal(0, 1, net.policy[1].shape))
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    batch = Batch(engine, engine.reset(np.arange(8)))
    hot = net.at_temperature(5.0)
    assert hot.temperature == 5.0 and net.temperature == 0.2
    h = net.heuristic.scores(batch)
    old, new = net.residual_logits(h, batch.obs), hot.residual_logits(h, batch.obs)
    wanted = np.isfinite(old)
    # equal up to the logits' rounding (agents/heuristic/context.py settled)
    assert wanted.any() and np.allclose(new[wanted], old[wanted] * 0.2 / 5.0, rtol=0, atol=1e-6)
    with pytest.raises(ValueError, match="only a residual network"):
        PolicyValueNet.initial((8,), residual=False).at_temperature(5.0)
