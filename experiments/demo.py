"""A short demonstration: a batch of games with random legal play, one position rendered, a summary.

    python -m experiments.demo
"""

from __future__ import annotations

import numpy as np

from ghoststories_env import Engine, GameConfig
from ghoststories_env.state import LOSS_REASONS


def main() -> None:
    engine = Engine(GameConfig(num_players=4, difficulty="initiation"))
    rng = np.random.default_rng(0)
    state = engine.reset(np.arange(256))
    shown = False
    while not state.terminated.all():
        mask = engine.legal_action_mask(state)
        actions = (rng.random(mask.shape) * mask).argmax(1)
        if not shown and state.turn[0] >= 8:
            print(engine.render_text(state, 0))
            print("legal now:", "; ".join(engine.action_meaning(a) for a in np.flatnonzero(mask[0])[:6]), "...")
            print()
            shown = True
        state = engine.step(state, actions)
    scores = engine.score(state)
    reasons = np.bincount(state.loss_reason, minlength=len(LOSS_REASONS))
    print(f"256 games of uniformly random legal play at Initiation, 4 Taoists: "
          f"{state.won.mean():.1%} won, mean official score {scores.mean():.1f}, "
          f"mean {state.decisions.mean():.0f} decisions per game")
    print("losses: " + ", ".join(f"{n} {LOSS_REASONS[r]}" for r, n in enumerate(reasons) if r and n))


if __name__ == "__main__":
    main()
