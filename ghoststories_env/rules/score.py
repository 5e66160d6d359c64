"""Official scoring (rules §14)."""

from __future__ import annotations

import numpy as np

from ..config import R


def score(S) -> np.ndarray:
    """(B,) int official score. A running game is scored as it stands, as if lost now.

    +10 for a victory (Hell: +20); +1 per Qi left; +1 per card left in the deck on a victory,
    -1 per card on a defeat; -3 per dead Taoist; -4 per haunted tile; Nightmare/Hell: +2/+4/+6
    (1-2 players: +4/+6) for the incarnations defeated before the last one.
    """
    rules = S.rules.astype(np.int64)
    won = S.won.astype(np.int64)
    players = S.is_player
    counted = players | (rules[:, R.NEUTRAL_QI_SCORES, None] == 1)
    qi = (S.qi.astype(np.int64) * counted).sum(1)
    left = S.deck_len.astype(np.int64) - S.deck_pos
    dead = (players & (S.qi == 0)).sum(1)
    bonus_steps = np.stack([np.zeros(len(rules), np.int64), rules[:, R.BONUS_1],
                            rules[:, R.BONUS_1] + rules[:, R.BONUS_2],
                            rules[:, R.BONUS_1] + rules[:, R.BONUS_2] + rules[:, R.BONUS_3]], 1)
    k = np.minimum(S.inc_defeated.astype(np.int64), 3)
    bonus = bonus_steps[np.arange(len(rules)), k]
    bonus *= (won == 1) | (rules[:, R.LOST_GAME_INCARNATION_BONUS] == 1)
    return (won * rules[:, R.VICTORY_POINTS] + qi + np.where(won == 1, left, -left)
            - 3 * dead - 4 * S.haunted.sum(1) + bonus)
