"""A short demonstration of what the project gives a user, in five parts:

1. an environment from ``gymnasium.make`` and its first position, as text (the notation explained);
2. a few steps: the legal actions come as a mask, each id has a meaning;
3. a picture of the table (``render_mode="rgb_array"``) saved to a file;
4. a small benchmark: random against heuristic play on the same games, with its table;
5. what to read and run next.

    python -m experiments.demo                 # about half a minute on a 2-core laptop

Files go to ``results/tmp/demo/``: the picture, and the benchmark's per-game CSV, table and plot.
"""

from __future__ import annotations

from pathlib import Path

import gymnasium
import numpy as np

import ghoststories_env  # noqa: F401  (registers the Gymnasium ids)
from ghoststories_env import action_meaning

from . import benchmark

OUT = Path("results/tmp/demo")
DEMO_BENCHMARK = ["--agents", "random", "heuristic", "--levels", "initiation", "normal",
                  "--players", "4", "--episodes", "100", "--batch", "100", "--seed", "0",
                  "--out", str(OUT)]

NOTATION = """\
How to read the table:
  * first line: level, number of Taoists, turn, whose turn it is (active) and who must decide what;
  * the village: 3x3 tiles by short name (CIRC Circle of Prayer, TEMP Buddhist Temple, HERB
    Herbalist, ...), '*' for a haunted tile, then the initials of the Taoists standing there
    (Y yellow, R red, G green, B blue);
  * one block per board (north, east, south, west): Qi, the board's power and whether it works,
    Tao tokens by colour initial (K = black), Yin-Yang, Buddhas and Power tokens held, the Taoist's
    tile as (row, column); then the board's three ghost spaces, each ghost with its card number
    and (colour initial, resistance);
  * last lines: the deck, incarnations defeated, the Circle of Prayer's colour, the Buddhas at the
    Temple, and the supply of Qi and Tao tokens."""


def section(title: str) -> None:
    print(f"\n== {title} " + "=" * max(0, 90 - len(title)) + "\n")


def environment_and_steps(steps: int = 6) -> None:
    section("1. An environment: gymnasium.make('GhostStories-Initiation-4p-v0')")
    env = gymnasium.make("GhostStories-Initiation-4p-v0", render_mode="ansi")
    obs, info = env.reset(seed=0)
    print(f"observation: {obs.shape[0]} float32 in [0, 1] (public information only); "
          f"action space: {env.action_space.n} ids\n")
    print(env.render())
    print(NOTATION)

    section("2. A few steps: the legal actions are a mask, every id has a meaning")
    rng = np.random.default_rng(0)
    for _ in range(steps):
        legal = np.flatnonzero(info["action_mask"])
        action = int(rng.choice(legal))
        print(f"  {info['decision']:<12} {legal.size:>2} legal ids, e.g. "
              f"{', '.join(f'#{a}' for a in legal[:4])}{' ...' if legal.size > 4 else ''}; "
              f"random pick #{action}: {action_meaning(action)}")
        obs, reward, terminated, truncated, info = env.step(action)
    print("\n(The environment acts for whichever Taoist must decide; PettingZoo gives one agent per "
          "Taoist.)")

    section("3. A picture of the table: render_mode='rgb_array'")
    pic = gymnasium.make("GhostStories-Initiation-4p-v0", render_mode="rgb_array")
    pic.reset(seed=0)
    frame = pic.render()
    from PIL import Image
    OUT.mkdir(parents=True, exist_ok=True)
    Image.fromarray(frame).save(OUT / "table.png")
    print(f"a {frame.shape[1]}x{frame.shape[0]} picture of the same position: {OUT / 'table.png'}")


def main() -> None:
    environment_and_steps()
    section("4. Benchmark: random vs heuristic play, the same 100 games per configuration")
    print("   python -m experiments.benchmark " + " ".join(DEMO_BENCHMARK) + "\n")
    print("(win rate with its 95% Wilson interval; mean official score with its 95% t interval;"
          " how the games were lost)\n")
    benchmark.main(DEMO_BENCHMARK)
    section("5. What next")
    print("""  * play a game yourself, the other seats played by the heuristic:
        python -m ghoststories_env.play
  * the environment card (ids, spaces, the 137 actions, rewards, rule switches): docs/environment.md
  * the rules of the game in the project's words: docs/rules.md
  * stronger agents: python -m experiments.benchmark --agents search --levels initiation \\
        --players 4 --episodes 20       (the search: slower, far more wins)
  * train a team with MaskablePPO: python -m experiments.train --config configs/smoke.yaml
  * the tests: make test""")


if __name__ == "__main__":
    main()
