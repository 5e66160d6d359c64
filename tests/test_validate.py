"""State trust: ``engine.validate`` (the invariants, vectorised) and the scenario builder, which
refuses any position the rules cannot reach, and any malformed input, with a short ScenarioError."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ghoststories_env import PRESETS, Engine, InvalidStateError, ScenarioError, agents
from ghoststories_env.agents import Batch

MAX_MESSAGE = 400


def _dump(preset="normal-4p", seed=3, decisions=0):
    e = Engine(PRESETS[preset])
    s = e.reset([seed])
    rng = np.random.default_rng(seed)
    for _ in range(decisions):
        if s.terminated[0]:
            break
        s = e.step(s, (rng.random(s.mask.shape) * s.mask).argmax(1))
    return e, e.to_dict(s, 0)


def _edit(path, value):
    def apply(d):
        for k in path[:-1]:
            d = d[k]
        d[path[-1]] = value
    return apply


# -- engine.validate ---------------------------------------------------------------------------------

def test_validate__accepts_fresh_and_played_games():
    e = Engine(PRESETS["hell-2p"])
    s = e.reset(np.arange(64))
    rng = np.random.default_rng(0)
    for _ in range(20):
        e.validate(s)
        s = e.step(s, (rng.random(s.mask.shape) * s.mask).argmax(1))


@pytest.mark.parametrize("preset", ["initiation-4p", "nightmare-2p"])
def test_validate__holds_along_heuristic_games_won_and_lost(preset):
    e = Engine(PRESETS[preset])
    agent = agents.make("heuristic")
    s = e.reset(np.arange(16) + 40)
    while not s.terminated.all():
        e.validate(s)
        s = e.step(s, agent.act(Batch(e, s)))
    e.validate(s)


@pytest.mark.parametrize("edit, rule", [
    (lambda S: S.qi.__setitem__((2, 0), S.qi[2, 0] + 1), "20 Qi tokens in all"),         # rules §1
    (lambda S: S.temple_buddhas.__setitem__(2, 3), "2 Buddhas in all"),                 # rules §1
    (lambda S: S.won.__setitem__(2, True), "a won game is over"),                       # rules §10
    (lambda S: S.deck_pos.__setitem__(2, S.deck_pos[2] + 1), "every card in exactly one place"),
    (lambda S: S.mask.__setitem__(2, False), "a running game waits on a choice"),
])
def test_validate__names_the_game_and_the_broken_invariant(edit, rule):
    e = Engine()
    s = e.reset(np.arange(4))
    edit(s)
    with pytest.raises(InvalidStateError, match=rf"^game 2 is not a reachable position: .*{rule}"):
        e.validate(s)


# -- the scenario builder: positions the rules cannot reach -------------------------------------------

@pytest.mark.parametrize("path, value, rule", [
    (("boards", "red", "qi"), 15, "20 Qi tokens in all"),                                # rules §1
    (("boards", "red", "taoist", "buddhas"), 2, "2 Buddhas in all"),                     # rules §1
    (("status",), {"won": True}, "a won game is over, with every incarnation defeated"),  # rules §10
    (("status",), {"terminated": True, "won": False}, "a loss reason exactly for a game lost"),
    (("turn", "active"), "purple", r"turn.active: 'purple' is not allowed"),
    (("stack",), [], "at least one effect while the game runs"),
    (("stack",), [{"effect": "HELP_TILE", "who": "red", "a": -1, "b": -1}], "a tile, space, seat"),
    (("stack",), [{"effect": "YANG", "who": None, "a": 0, "b": -1}], "each naming a seat"),
    (("exorcism", "targets"), [99, -1], r"exorcism.targets\[0\]: 99 is not allowed"),
    (("exorcism", "need_per_target"), [[0] * 5, None], r"exorcism.need_per_target\[1\]: None"),
    (("exorcism", "outcome"), {"a": 1}, r"exorcism.outcome: \{'a': 1\} is not allowed"),
])
def test_from_dicts__refuses_an_edited_dump(path, value, rule):
    e, d = _dump()
    _edit(path, value)(d)
    with pytest.raises(ScenarioError, match=rule):
        e.from_dicts([d])


def test_from_dicts__refuses_a_table_without_a_taoist():
    d = {"boards": {c: {"player": False} for c in ("yellow", "red", "green", "blue")}}
    with pytest.raises(ScenarioError, match="the configured number of Taoists"):
        Engine(PRESETS["normal-1p"]).from_dicts([d])


def test_from_dicts__refuses_the_mantra_on_an_empty_space__s9():
    d = {"boards": {"yellow": {"power": "Enfeeblement Mantra"}},
         "mantra": {"space": 5, "state": "on_ghost"}}
    with pytest.raises(ScenarioError, match="the Mantra lies on a ghost"):
        Engine().from_dicts([d])


def test_from_dicts__names_the_dict_at_fault():
    e, d = _dump()
    bad = copy.deepcopy(d)
    bad["boards"]["red"]["qi"] += 1
    with pytest.raises(ScenarioError, match=r"^dict 1 is not a reachable position"):
        e.from_dicts([d, bad])


def test_from_dicts__error_messages_stay_short_for_huge_values():
    nested: list = []
    for _ in range(5000):
        nested = [nested]
    for value in (nested, list(range(100_000)), "x" * 100_000):
        e, d = _dump()
        d["deck"] = value
        with pytest.raises(ScenarioError) as info:
            e.from_dicts([d])
        assert len(str(info.value)) < MAX_MESSAGE


def test_from_dicts__without_advance_returns_the_position_as_given():
    for decisions in (0, 7, 23):
        e, d = _dump("nightmare-3p", seed=5, decisions=decisions)
        s = e.from_dicts([d], advance=False)
        assert e.to_dict(s, 0) == d
        assert not s.mask.any()


# -- property: any mutation of a real dump is refused cleanly or builds a valid game ---------------

def _dumps():
    out = []
    for preset, seed in (("normal-4p", 1), ("hell-1p", 2), ("nightmare-2p", 3), ("initiation-3p", 4)):
        for decisions in (0, 9, 30):
            out.append(_dump(preset, seed, decisions)[1])
    return out


DUMPS = _dumps()


def _paths(d, prefix=()):
    """Every key path into ``d``, down to the depth of a dump (not into deep mutated values)."""
    if prefix:
        yield prefix
    if len(prefix) >= 6:
        return
    if isinstance(d, dict):
        for k, v in d.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for k, v in enumerate(d):
            yield from _paths(v, prefix + (k,))


def _nested(depth):
    out: list = []
    for _ in range(depth):
        out = [out]
    return out


LEAVES = st.one_of(
    st.integers(-3, 70), st.integers(-2**70, 2**70), st.floats(allow_nan=True),
    st.sampled_from(["", "red", "white", "Tea House", "YANG", "on_ghost", "Zombie", "x" * 5000]),
    st.none(), st.booleans(), st.builds(_nested, st.integers(1, 3000)))
VALUES = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=6)
                      | st.dictionaries(st.sampled_from(["a", "qi", "tao", "ghost", "red"]), inner,
                                        max_size=3), max_leaves=10)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_from_dicts__any_mutation_raises_only_a_short_scenario_error(data):
    d = copy.deepcopy(data.draw(st.sampled_from(DUMPS)))
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(_paths(d))))
        parent = d
        for k in path[:-1]:
            parent = parent[k]
        if isinstance(parent, dict) and data.draw(st.booleans()):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(VALUES)
    engine = Engine()
    try:
        s = engine.from_dicts([d])
    except ScenarioError as e:
        assert len(str(e)) < MAX_MESSAGE, str(e)[:MAX_MESSAGE]
        return
    engine.validate(s)                       # what is accepted is a reachable position
    if not s.terminated[0]:
        engine.step(s, s.mask.argmax(1))     # and it plays on


# -- to_dict says whether each Taoist power works --------------------------------------------------

def test_to_dict__says_whether_each_power_is_on__s6_s11():
    # Coffin Breakers' marker switches off blue's power (rules §6); red is dead (rules §11)
    d = {"boards": {"blue": {"spaces": [None, {"ghost": "Coffin Breakers #3"}, None]},
                    "red": {"qi": 0}}}
    e = Engine()
    out = e.to_dict(e.from_dicts([d], advance=False), 0)
    assert {c: b["power_on"] for c, b in out["boards"].items()} == {
        "yellow": True, "red": False, "green": True, "blue": False}


def test_from_dicts__power_on_must_agree_with_the_table():
    e = Engine()
    with pytest.raises(ScenarioError, match=r"boards\[blue\].power_on: True is not allowed"):
        e.from_dicts([{"boards": {"blue": {"power_on": True, "spaces": [
            None, {"ghost": "Coffin Breakers #3"}, None]}}}])
    e.from_dicts([{"boards": {"blue": {"power_on": True}}}])


def test_short_repr__bounds_the_whole_repr_of_a_nested_value():
    """Found by the mutation test above: reprlib bounds each level of a nested value, not the
    whole, so a dict of dicts of long strings made a 400-character error message."""
    from ghoststories_env.config import SHORT_WIDTH, short_repr
    value = {"a": 1.9702699704477436e+16, "qi": "x" * 300,
             "tao": {"a": 0, "qi": 1.9702699704477436e+16, "tao": 6.103515625e-05}}
    assert len(short_repr(value)) <= SHORT_WIDTH and short_repr(value).endswith("...")
    assert short_repr(-1) == "-1"
