"""Invariants of any reachable state, checked over whole batches (used by the random-game tests)."""

from __future__ import annotations

import numpy as np

from ghoststories_env import cards as C
from ghoststories_env.config import R
from ghoststories_env.rules import stack
from ghoststories_env.state import LOST_DECK


def card_locations(S) -> np.ndarray:
    """(B, 65) how many places hold each card: remaining deck, spaces, discard, removed, or waiting
    to be placed (a PLACE effect on the stack)."""
    B = S.batch_size
    rows = np.arange(B)[:, None]
    count = np.zeros((B, C.NUM_CARDS), np.int64)
    slot = np.arange(S.deck.shape[1])[None, :]
    in_deck = (slot >= S.deck_pos[:, None]) & (slot < S.deck_len[:, None])
    np.add.at(count, (np.broadcast_to(rows, S.deck.shape)[in_deck], S.deck[in_deck]), 1)
    on = S.ghost >= 0
    np.add.at(count, (np.broadcast_to(rows, on.shape)[on], S.ghost[on]), 1)
    count += S.discarded + S.removed
    pending = (S.stack_code == stack.PLACE)
    np.add.at(count, (np.broadcast_to(rows, pending.shape)[pending], S.stack_a[pending]), 1)
    return count


def check(S, dealt_power_tokens: np.ndarray) -> None:
    run = ~S.terminated
    # Qi: 20 tokens in all, none negative (RULES.md 1)
    assert (S.qi >= 0).all() and (S.qi_supply >= 0).all()
    assert (S.qi.sum(1) + S.qi_supply == C.QI_TOKENS).all()
    # Tao tokens: 4 per colour, held + supply + Circle
    on_circle = (S.circle[:, None] == np.arange(5)).astype(np.int64)
    assert (S.tao >= 0).all() and (S.tao_supply >= 0).all()
    assert (S.tao.sum(1) + S.tao_supply + on_circle == C.TAO_PER_COLOUR).all()
    # Buddhas: 2 in all
    assert (S.temple_buddhas + S.buddhas.sum(1) + S.buddha.sum(1) == C.BUDDHAS).all()
    assert (S.buddhas_fresh <= S.buddhas).all()
    # Power tokens: those dealt stay in play (held or on the central tile)
    assert (S.power_tokens.sum(1) + S.centre_power_tokens == dealt_power_tokens).all()
    # Cards: every card in exactly one place; a game lost to the deck may hold its last card.
    loc = card_locations(S)
    limbo = (S.loss_reason == LOST_DECK)[:, None] & (loc == 0)
    assert ((loc == 1) | limbo).all(), np.argwhere(~((loc == 1) | limbo))[:5]
    # Spaces and figurines
    assert np.isin(S.haunter_pos, (-1, 0, 1)).all()
    assert ((S.mantra_space < 0) | (S.ghost[np.arange(S.batch_size), np.maximum(S.mantra_space, 0)] >= 0)).all()
    # Status and decisions
    assert (S.haunted[run].sum(1) < S.rules[run, R.HAUNTED_LIMIT]).all()
    assert (S.won <= S.terminated).all()
    assert (S.inc_defeated[S.won] == S.inc_total[S.won]).all()
    assert (S.mask[run].sum(1) >= 2).all(), "a running game waits on a decision without a real choice"
    assert not S.mask[~run].any()
    assert (S.sp[run] > 0).all() and (S.sp[~run] == 0).all()
    # dead Taoists stand on the Cemetery with nothing
    dead = S.is_player & (S.qi == 0)
    assert (S.tao.sum(2)[dead] == 0).all() and not S.yinyang[dead].any()
