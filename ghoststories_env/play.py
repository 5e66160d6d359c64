"""Play or watch a game in a terminal: a person takes any seats, an agent plays the others.

    python -m ghoststories_env.play                          # you are seat 0 at Initiation, 4 Taoists
    python -m ghoststories_env.play --preset normal-2p --seats 0 1 --seed 7
    python -m ghoststories_env.play --seats none --agent search     # watch the search play
    python -m ghoststories_env.play --load game.json         # go on with a saved game
    ghoststories-play ...                                    # the same, as an installed command

After every decision the table is drawn (``Engine.render_text``). At a seat you play, the legal
actions are listed by meaning, each with a number; type the number (or ``#<action id>``). Other
commands: ``u`` undoes back to your previous decision, ``s [file]`` saves the game as a replay
file, ``q`` quits, ``?`` lists the commands. While watching, Enter plays the next decision and
``c`` plays on to the end.

A replay file (JSON) holds the configuration, the seed and every action taken, with who chose it;
a game depends only on these, so ``--load`` rebuilds it exactly and goes on from there (undo
works the same way: the game is replayed without its last actions).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Sequence, TextIO

import numpy as np

from . import actions as A
from . import cards as C
from .config import PRESETS, GameConfig
from .engine import Engine
from .geometry import SEAT_NAMES

if TYPE_CHECKING:
    from .agents import Agent

FORMAT = "ghoststories_env replay 1"
HELP = ("commands: <number> plays the listed action, #<id> an action by its id, u undoes back to "
        "your previous decision, s [file] saves the game, q quits, ? shows this")


class Game:
    """One game as a seed and a list of actions, which is all a replay file holds."""

    def __init__(self, config: GameConfig, seed: int, actions: Sequence[int] = (),
                 by: Sequence[str] = ()) -> None:
        self.config, self.seed = config, int(seed)
        self.engine = Engine(config)
        self.actions: list[int] = []
        self.by: list[str] = []
        self.state = self.engine.reset(np.array([self.seed]))
        for a, who in zip(actions, by or ["?"] * len(actions)):
            self.step(int(a), who)

    def step(self, action: int, who: str) -> None:
        """Play ``action`` and note that ``who`` chose it; an illegal one raises ``ValueError``
        (the engine's) and changes nothing."""
        self.state = self.engine.step(self.state, np.array([action]))   # raises on an illegal one
        self.actions.append(action)
        self.by.append(who)

    def rewind(self, n: int) -> None:
        """The same game without its last ``n`` actions."""
        keep = max(0, len(self.actions) - n)
        back = Game(self.config, self.seed, self.actions[:keep], self.by[:keep])
        self.state, self.actions, self.by = back.state, back.actions, back.by

    @property
    def over(self) -> bool:
        """The game has ended (won or lost)."""
        return bool(self.state.terminated[0])

    def seat(self) -> int:
        """The board seat of the Taoist who must decide, -1 once the game is over."""
        return int(Engine.current_player(self.state)[0])

    def taoists(self) -> list[int]:
        """The board seats the Taoists play, in seat order (the others are neutral boards)."""
        return np.flatnonzero(self.state.is_player[0]).tolist()

    def legal(self) -> np.ndarray:
        """The legal action ids now, ascending (int64)."""
        return np.flatnonzero(self.engine.legal_action_mask(self.state)[0])

    def to_json(self) -> dict:
        """The replay file's content: format, configuration, seed, actions and who chose each."""
        return {"format": FORMAT, "config": self.config.to_dict(), "seed": self.seed,
                "actions": self.actions, "by": self.by}

    def save(self, path: str | Path) -> None:
        """Write the replay file (JSON, ``to_json``) to ``path``."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path) -> "Game":
        """The game of a replay file, rebuilt by replaying its actions (``ValueError`` for a file
        of another format, or an action that is not legal)."""
        d = json.loads(Path(path).read_text())
        if d.get("format") != FORMAT:
            raise ValueError(f"{path} is not a replay file ({FORMAT!r}), its format is "
                             f"{d.get('format')!r}")
        return cls(GameConfig.from_dict(d["config"]), d["seed"], d["actions"], d.get("by", ()))


def seat_label(game: Game, seat: int) -> str:
    """``"north (red)"``: a board seat's name and the colour of the board there."""
    return f"{SEAT_NAMES[seat]} ({C.COLOURS[int(game.state.seat_colour[0, seat])]})"


class Session:
    """The loop: draws the table, asks the person at their seats (``humans``: board seats), lets
    the agent play the others."""

    def __init__(self, game: Game, humans: set[int], agent: Agent, save_to: str,
                 out: TextIO = sys.stdout, read: Callable[[str], str] = input) -> None:
        self.game, self.humans, self.agent = game, humans, agent
        self.save_to, self.out, self.read = save_to, out, read
        self.run_on = False           # watching: Enter plays one decision, "c" plays on

    def say(self, text: str = "") -> None:
        """Print a line to the session's output."""
        print(text, file=self.out, flush=True)

    def run(self) -> Game:
        """Play until the game ends or the person quits; returns the game as it stands."""
        g = self.game
        while not g.over:
            self.say()
            self.say(g.engine.render_text(g.state))
            seat = g.seat()
            if seat in self.humans:
                if not self.ask(seat):
                    return g
            else:
                if not self.humans and not self.run_on and not self.pause():
                    return g
                self.agent_plays(seat)
        self.say()
        self.say(g.engine.render_text(g.state))
        score = int(g.engine.score(g.state)[0])
        self.say(f"Game over: {'won' if g.state.won[0] else 'lost'}, official score {score}, "
                 f"{len(g.actions)} decisions.")
        return g

    def agent_plays(self, seat: int) -> None:
        """The agent's decision at ``seat``, played and announced."""
        from .agents import Batch
        g = self.game
        action = int(self.agent.act(Batch(g.engine, g.state))[0])
        self.say(f"{seat_label(g, seat)}, {self.agent.name}: {A.action_meaning(action)}")
        g.step(action, self.agent.name)

    def pause(self) -> bool:
        """While watching, wait for Enter (one decision), ``c`` (play on) or ``s`` (save); False
        when the person quits."""
        answer = self.read("Enter: next decision, c: play on to the end, s [file]: save, q: quit > ")
        word, _, arg = answer.strip().partition(" ")
        if word == "q":
            return False
        if word == "s":
            self.save(arg)
            return self.pause()
        self.run_on = word == "c"
        return True

    def ask(self, seat: int) -> bool:
        """One decision of the person at ``seat``; False when they quit."""
        g = self.game
        legal = g.legal()
        self.say(f"{seat_label(g, seat)} decides {g.engine.decision_name(g.state, 0)}:")
        for k, a in enumerate(legal):
            self.say(f"  {k:>3}  {A.action_meaning(int(a))}  (#{a})")
        while True:
            try:
                answer = self.read("your choice (? for help) > ").strip()
            except EOFError:
                return False
            word, _, arg = answer.partition(" ")
            if word == "q":
                return False
            if word in ("?", "h", "help"):
                self.say(HELP)
            elif word == "s":
                self.save(arg)
            elif word == "u":
                if self.undo():
                    return True
                self.say("nothing of yours to undo")
            else:
                action = self.parse(word, legal)
                if action is not None:
                    g.step(action, "human")
                    return True

    def parse(self, word: str, legal: np.ndarray) -> int | None:
        """The action a typed word names (a number in the list, or ``#<id>``), or None after
        saying why it names none."""
        try:
            if word.startswith("#"):
                action = int(word[1:])
                if action not in legal:
                    self.say(f"#{action} is not legal here; legal ids: "
                             f"{', '.join(map(str, legal))}")
                    return None
                return action
            k = int(word)
        except ValueError:
            self.say(f"{word!r} is not a command; {HELP}")
            return None
        if not 0 <= k < legal.size:
            self.say(f"{k} is not listed: choose 0 to {legal.size - 1}")
            return None
        return int(legal[k])

    def undo(self) -> bool:
        """Back to the person's previous decision (the agents' moves since are undone too)."""
        g = self.game
        mine = [i for i, who in enumerate(g.by) if who == "human"]
        if not mine:
            return False
        g.rewind(len(g.actions) - mine[-1])
        self.say(f"undone back to decision {mine[-1] + 1}")
        return True

    def save(self, path: str) -> None:
        """Save the replay file to ``path`` (empty: the session's ``--save`` file)."""
        path = path or self.save_to
        self.game.save(path)
        self.say(f"saved to {path} ({len(self.game.actions)} actions)")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, with the game to play (``game``: loaded or new) and the board seats the
    person plays (``humans``) added; a bad ``--seats`` exits with argparse's usage error."""
    p = argparse.ArgumentParser(prog="python -m ghoststories_env.play", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--preset", default="initiation-4p", choices=sorted(PRESETS),
                   help="level and number of Taoists (default initiation-4p)")
    p.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    p.add_argument("--seats", nargs="+", default=["0"],
                   help="the Taoists you play, numbered 0 to players-1 in seat order (north, "
                        "east, south, west, skipping neutral boards), 'all' or 'none' (watch); "
                        "default 0")
    p.add_argument("--agent", default="heuristic",
                   help="who plays the other seats: any agent spec (heuristic, search, "
                        "net:<path>, ppo:<path>, module:factory); default heuristic")
    p.add_argument("--load", help="a replay file to go on from (its configuration and seed)")
    p.add_argument("--save", default="ghoststories_game.json",
                   help="where 's' saves the game (default ghoststories_game.json)")
    a = p.parse_args(argv)
    game = Game.load(a.load) if a.load else Game(PRESETS[a.preset], a.seed)
    taoists = game.taoists()
    if a.seats in (["all"], ["none"]):
        mine = set(range(len(taoists))) if a.seats == ["all"] else set()
    else:
        try:
            mine = {int(s) for s in a.seats}
        except ValueError:
            p.error(f"--seats takes Taoist numbers, 'all' or 'none', got {a.seats}")
        if not mine <= set(range(len(taoists))):
            p.error(f"--seats: this game has Taoists 0 to {len(taoists) - 1}, got {sorted(mine)}")
    a.humans = {taoists[k] for k in mine}          # board seats
    a.game = game
    return a


def main(argv: list[str] | None = None) -> int:
    """The command (``ghoststories-play``); 0 when the game ends or the person quits."""
    a = parse(argv)
    from . import agents
    agent = agents.make(a.agent)
    try:
        Session(a.game, a.humans, agent, a.save).run()
    except KeyboardInterrupt:
        print("\nstopped (s in the game saves it)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
