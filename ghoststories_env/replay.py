"""Watch a recorded game in a browser: one self-contained HTML page per game.

    python -m ghoststories_env.replay game.json --out game.html           # a replay file (play.py)
    python -m ghoststories_env.replay tests/golden/hell-1p.json --out g.html   # a golden replay
    python -m ghoststories_env.replay --preset initiation-4p --seed 90000696 --agent heuristic \\
        --out g.html                                   # a benchmark row: its preset, seed and agent

The page holds the picture of the table at every decision (the ``rgb_array`` renderer's), a
slider and buttons (or the arrow keys) to move through them, and beside each picture the decision,
who took it and the action, every board's Qi and Tao tokens and the deck. It needs no network and
no server: the pictures are embedded. ``#step=N`` at the end of its address opens decision N.

A game depends only on its configuration, seed and actions, so the page is rebuilt from those;
a benchmark row (``games.csv``: level, players, seed, agent) is replayed by playing the agent on
its seed again.
"""

from __future__ import annotations

import argparse
import base64
import html
import io
import json
import sys
from pathlib import Path

import numpy as np

from .config import PRESETS
from .engine import Engine
from .play import FORMAT, Game, seat_label
from .render_text import tokens_text

GOLDEN_KEYS = {"preset", "seed", "steps"}


def load(path: str | Path) -> Game:
    """A game from a replay file of ``play.py`` or a golden replay of ``tests/golden/``."""
    d = json.loads(Path(path).read_text())
    if d.get("format") == FORMAT:
        return Game.load(path)
    if GOLDEN_KEYS <= set(d):
        steps = d["steps"]
        return Game(PRESETS[d["preset"]], d["seed"], [s["action"] for s in steps],
                    [d.get("policy", "?")] * len(steps))
    raise ValueError(f"{path} is neither a replay file ({FORMAT!r}) nor a golden replay (keys "
                     f"{sorted(GOLDEN_KEYS)}); its keys are {sorted(d)}")


def agent_game(preset: str, seed: int, spec: str) -> Game:
    """The game an agent plays on a seed (a benchmark row: the same agent, seed and preset)."""
    from . import agents
    from .agents import Batch
    agent = agents.make(spec)
    game = Game(PRESETS[preset], seed)
    while not game.over:
        game.step(int(agent.act(Batch(game.engine, game.state))[0]), agent.name)
    return game


def frames(game: Game) -> list[dict]:
    """One record per position of the game, from the first decision to the end: the picture
    (PNG, base64), what was decided there and the table's numbers."""
    from PIL import Image

    from .envs.render_rgb import render_rgb
    replay = Game(game.config, game.seed)
    out = []
    for k in range(len(game.actions) + 1):
        S = replay.state
        buf = io.BytesIO()
        Image.fromarray(render_rgb(S, 0)).save(buf, format="PNG", optimize=True)
        seats = [s for s in range(4) if S.is_player[0, s]]
        record = {
            "png": base64.b64encode(buf.getvalue()).decode(),
            "turn": int(S.turn[0]),
            "deck": int(S.deck_len[0] - S.deck_pos[0]),
            "boards": [f"{seat_label(replay, s)}: Qi {int(S.qi[0, s])}, Tao "
                       f"{tokens_text(S.tao[0, s])}" for s in seats],
        }
        if k < len(game.actions):
            seat = replay.seat()
            record.update(decision=replay.engine.decision_name(S, 0), who=seat_label(replay, seat),
                          by=game.by[k], action=int(game.actions[k]),
                          meaning=Engine.action_meaning(game.actions[k]))
            replay.step(game.actions[k], game.by[k])
        else:
            won = bool(S.won[0])
            record.update(decision="end", result=("won" if won else "lost"),
                          score=int(replay.engine.score(S)[0]))
        out.append(record)
    return out


PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ margin: 0; font-family: sans-serif; background: #222; color: #eee; }}
#frame {{ display: block; position: absolute; left: 0; top: 0; }}
#side {{ position: absolute; left: {width}px; top: 0; padding: 12px; width: 360px; }}
#side p {{ margin: 6px 0; }} input[type=range] {{ width: 100%; }} button {{ margin-right: 4px; }}
</style></head>
<body>
<img id="frame" alt="the table" width="{width}" height="{height}">
<div id="side">
<h3>{title}</h3>
<input id="slider" type="range" min="0" max="{last}" value="0" aria-label="decision">
<p><button id="prev">&larr;</button><button id="next">&rarr;</button>
decision <span id="step">0</span> of {last}</p>
<p id="what"></p>
<p>turn <span id="turn"></span>, <span id="deck"></span> card(s) left in the deck</p>
<div id="boards"></div>
</div>
<script>
const FRAMES = {frames};
const slider = document.getElementById("slider");
function show(k) {{
  k = Math.max(0, Math.min(FRAMES.length - 1, k));
  const f = FRAMES[k];
  slider.value = k;
  document.body.dataset.step = k;
  document.getElementById("frame").src = "data:image/png;base64," + f.png;
  document.getElementById("step").textContent = k;
  document.getElementById("turn").textContent = f.turn;
  document.getElementById("deck").textContent = f.deck;
  document.getElementById("what").textContent = f.decision === "end"
    ? "game over: " + f.result + ", official score " + f.score
    : f.who + " decides " + f.decision + "; " + f.by + " chose #" + f.action + ": " + f.meaning;
  const boards = document.getElementById("boards");
  boards.replaceChildren(...f.boards.map(b => {{ const p = document.createElement("p");
    p.textContent = b; return p; }}));
}}
slider.addEventListener("input", () => show(Number(slider.value)));
document.getElementById("prev").addEventListener("click", () => show(Number(slider.value) - 1));
document.getElementById("next").addEventListener("click", () => show(Number(slider.value) + 1));
document.addEventListener("keydown", e => {{
  if (e.key === "ArrowLeft") show(Number(slider.value) - 1);
  if (e.key === "ArrowRight") show(Number(slider.value) + 1);
}});
const m = /step=(\\d+)/.exec(location.hash);
show(m ? Number(m[1]) : 0);
</script>
</body></html>
"""


def page(game: Game, title: str | None = None) -> str:
    """The self-contained HTML page of a game."""
    records = frames(game)
    first = base64.b64decode(records[0]["png"])
    from PIL import Image
    width, height = Image.open(io.BytesIO(first)).size
    cfg = game.config
    title = title or f"Ghost Stories, {cfg.difficulty}, {cfg.num_players} Taoist(s), seed {game.seed}"
    # the frames go into a script: keep "</" out of it
    data = json.dumps(records).replace("</", "<\\/")
    return PAGE.format(title=html.escape(title), width=width, height=height,
                       last=len(records) - 1, frames=data)


def main(argv: list[str] | None = None) -> int:
    """The command (``ghoststories-replay``): write the page of a replay file, a golden replay or
    a benchmark row (``--preset``, ``--seed``, ``--agent``) to ``--out``; 0 when written."""
    p = argparse.ArgumentParser(prog="python -m ghoststories_env.replay", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", help="a replay file (play.py) or a golden replay")
    p.add_argument("--preset", choices=sorted(PRESETS), help="with --seed and --agent: a "
                   "benchmark row, played again")
    p.add_argument("--seed", type=int)
    p.add_argument("--agent", help="the agent spec of the row (heuristic, search, ...)")
    p.add_argument("--out", required=True, help="the HTML file to write")
    a = p.parse_args(argv)
    row = (a.preset, a.seed, a.agent)
    if (a.game is not None and any(v is not None for v in row)) or (a.game is None and None in row):
        p.error("give either a replay file, or --preset, --seed and --agent (a benchmark row)")
    game = load(a.game) if a.game else agent_game(a.preset, a.seed, a.agent)
    text = page(game)
    Path(a.out).write_text(text)
    print(f"{a.out}: {len(game.actions) + 1} positions, {len(text) / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
