"""The observation encoder (ghoststories_env/envs/observation.py): sizes, frames, and no hidden leak."""

import numpy as np
import pytest

from ghoststories_env import PRESETS, Engine
from ghoststories_env import cards as C
from ghoststories_env.envs import observation as O
from ghoststories_env.envs.frame import POS_ABS, SEAT_ABS, SPACE_ABS
from ghoststories_env.envs.observation_tables import CARD_FEATURES
from ghoststories_env.geometry import SPACE_LINE
from helpers import hide_differently

CONFIGS = ["normal-4p", "hell-2p", "nightmare-3p", "initiation-1p"]


def played(config: str, batch: int = 48, steps: int = 25, seed: int = 0):
    """A batch of games after random legal play, at every point from fresh to finished."""
    engine = Engine(PRESETS[config])
    rng = np.random.default_rng(seed)
    s = engine.reset(np.arange(batch) + 1000 * seed)
    stop = rng.integers(0, steps, batch)
    for t in range(steps):
        m = engine.legal_action_mask(s)
        a = (rng.random(m.shape) * m).argmax(1)
        frozen = s.take(np.flatnonzero(stop <= t)) if (stop <= t).any() else None
        s_next = engine.step(s, a)
        if frozen is not None:
            s_next.put(np.flatnonzero(stop <= t), frozen)
        s = s_next
    return engine, s


def test_sections__sizes_add_up_and_are_declared():
    assert O.SIZE == sum(int(np.prod(s.shape)) for s in O.SECTIONS)
    assert len({s.name for s in O.SECTIONS}) == len(O.SECTIONS)
    parts = O.split(np.zeros((2, O.SIZE), np.float32))
    assert [p.shape[1:] for p in parts.values()] == [s.shape for s in O.SECTIONS]
    assert "| total | | | %d |" % O.SIZE in O.describe()


def test_a_section_of_the_wrong_size_is_caught(monkeypatch):
    engine = Engine()
    s = engine.reset([0])
    bad = O.Section("spaces", (12, 5), ("space", None), O.SECTIONS[5].build)
    monkeypatch.setattr(O, "SECTIONS", O.SECTIONS[:5] + (bad,) + O.SECTIONS[6:])
    monkeypatch.setattr(O, "OFFSETS", tuple(np.concatenate([[0], np.cumsum(
        [int(np.prod(x.shape)) for x in O.SECTIONS])]).tolist()))
    monkeypatch.setattr(O, "SIZE", O.OFFSETS[-1])
    with pytest.raises(AssertionError, match="spaces"):
        O.encode(s)


@pytest.mark.parametrize("config", CONFIGS)
def test_encode__float32_in_unit_box_for_every_game(config):
    _, s = played(config)
    for frame in O.FRAMES:
        x = O.encode(s, frame=frame)
        assert x.dtype == np.float32 and x.shape == (s.batch_size, O.SIZE)
        assert x.min() >= 0 and x.max() <= 1 and np.isfinite(x).all()


def test_frame__a_quarter_turn_keeps_what_faces_what():
    for v in range(4):
        for g in range(12):
            assert (POS_ABS[v][SPACE_LINE[g]] == SPACE_LINE[SPACE_ABS[v, g]]).all()
        assert SEAT_ABS[v, 0] == v and (SPACE_ABS[v, :3] == 3 * v + np.arange(3)).all()


@pytest.mark.parametrize("config", CONFIGS)
def test_egocentric__is_the_absolute_encoding_turned_by_the_declared_axes(config):
    """encode() reads the state through frame.Turn; the definition is the column permutation
    built from each section's declared axes. The two must agree for every viewer."""
    _, s = played(config)
    for v in range(4):
        ego = O.encode(s, viewer=v)
        assert np.array_equal(ego, O.rotate(O.encode(s, viewer=v, frame="absolute"), v))
    default = O.encode(s)
    viewers = O.context(s).viewer
    assert np.array_equal(default, O.rotate(O.encode(s, frame="absolute"), viewers))


def test_egocentric__the_decider_sees_himself_first():
    engine, s = played("normal-4p")
    parts = O.split(O.encode(s))
    running = ~s.terminated
    who = engine.current_player(s)
    assert (parts["decider"][running, 0] == 1).all()
    assert (parts["viewer"][running].argmax(1) == who[running]).all()
    seats = parts["seats"]
    qi = seats[..., 6:14].sum(-1)                       # the Qi thermometer
    rel_qi = np.minimum(s.qi[np.arange(s.batch_size)[:, None], SEAT_ABS[who]], 8)
    assert np.array_equal(qi[running], rel_qi[running])


def test_global_state__same_for_every_seat_and_absolute():
    _, s = played("normal-4p")
    g = O.global_state(s)
    assert np.array_equal(g, O.encode(s, frame="absolute"))
    parts = O.split(g)
    assert np.array_equal(parts["seats"][..., 6:14].sum(-1), np.minimum(s.qi, 8))


@pytest.mark.parametrize("config", CONFIGS)
def test_no_leak__games_differing_only_in_the_unseen_deck_look_the_same(config):
    _, s = played(config, seed=3)
    rng = np.random.default_rng(1)
    other = hide_differently(s, rng)
    undrawn = [s.deck[i, s.deck_pos[i]:s.deck_len[i]] for i in range(s.batch_size)]
    moved = [other.deck[i, s.deck_pos[i]:s.deck_len[i]] for i in range(s.batch_size)]
    assert sum(not np.array_equal(a, b) for a, b in zip(undrawn, moved)) > s.batch_size // 2
    for frame in O.FRAMES:
        for viewer in (None, 0, 3):
            assert np.array_equal(O.encode(s, viewer, frame), O.encode(other, viewer, frame))
    assert np.array_equal(O.global_state(s), O.global_state(other))


def test_unseen__exactly_the_cards_not_yet_seen():
    _, s = played("hell-2p")
    parts = O.split(O.encode(s))
    for i in range(s.batch_size):
        expected = s.removed[i].copy()
        expected[s.deck[i, s.deck_pos[i]:s.deck_len[i]]] = True   # the deck, order unknown
        assert np.array_equal(parts["unseen"][i, :C.NUM_CARDS] == 1, expected)
        on_table = s.ghost[i][s.ghost[i] >= 0]
        assert not expected[on_table].any() and not (expected & s.discarded[i]).any()
        # counted by colour, over the 11 (ghosts) or more (incarnations) of each colour
        by_colour = [(expected & (C.CARD_COLOUR == c)).sum() / (C.CARD_COLOUR == c).sum()
                     for c in range(5)]
        assert np.allclose(parts["unseen"][i, C.NUM_CARDS:C.NUM_CARDS + 5], by_colour)


def test_deck__incarnation_depths_are_where_the_rules_put_them():
    engine = Engine(PRESETS["nightmare-4p"])
    s = engine.reset([5])
    deck = O.split(O.encode(s))["deck"][0]
    left = int(s.deck_len[0] - s.deck_pos[0])
    assert deck[0] == pytest.approx(left / 60)
    assert deck[6:10].tolist() == [1, 1, 1, 1]           # four incarnations to come
    # from the bottom: 10 ghosts, an incarnation, ... (rules §12): depths from the top
    expected = left - 1 - np.array([43, 10])
    assert np.allclose(deck[10:12] * 60, expected)


def test_decision_context__the_ghost_being_placed_is_shown():
    engine = Engine()
    d = {"at": "turn_start", "deck": ["Hope Killer #58", 1, 5],
         "boards": {"yellow": {"spaces": [None, None, None]}}}
    s = engine.from_dicts([d])
    assert engine.decision_name(s, 0) == "PLACE"
    parts = O.split(O.encode(s, frame="absolute"))
    card = parts["context_card"][0]
    assert np.allclose(card, CARD_FEATURES[57 + 1])      # Hope Killer is card id 57
    assert parts["decision"][0].sum() == 1
