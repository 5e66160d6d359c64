"""``python -m ghoststories_env.play``: a person plays seats of a game in a terminal, an agent the
others; undo, saving and loading replay files. Driven through a pseudo-terminal as a person would,
and through its ``Session`` with scripted answers."""

from __future__ import annotations

import io
import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.play import Game, Session, main

ROOT = Path(__file__).resolve().parents[1]


def scripted(answers):
    """A ``read`` that gives ``answers`` in turn, then raises EOFError (as input() at the end)."""
    queue = list(answers)

    def read(prompt=""):
        if not queue:
            raise EOFError
        return queue.pop(0)
    return read


def test_game__a_replay_file_rebuilds_the_same_game(tmp_path):
    game = Game(PRESETS["normal-2p"], 5)
    for _ in range(12):
        game.step(int(game.legal()[-1]), "human")
    game.save(tmp_path / "g.json")
    again = Game.load(tmp_path / "g.json")
    assert again.actions == game.actions and again.by == game.by
    assert Engine(PRESETS["normal-2p"]).to_dict(again.state) == game.engine.to_dict(game.state)


def test_game__loading_something_else_names_what_it_wanted(tmp_path):
    (tmp_path / "x.json").write_text(json.dumps({"seed": 1}))
    with pytest.raises(ValueError, match="not a replay file"):
        Game.load(tmp_path / "x.json")


def test_session__the_person_chooses_by_number_or_id_and_bad_input_is_explained():
    game = Game(PRESETS["initiation-1p"], 0)
    first = game.legal()
    out = io.StringIO()
    Session(game, set(game.taoists()), agents.make("heuristic"), "unused.json", out,
            scripted(["x", "999", f"#{first[0]}", "q"])).run()
    text = out.getvalue()
    assert "'x' is not a command" in text and "999 is not listed" in text
    assert game.actions[0] == int(first[0]) and game.by[0] == "human"


def test_session__undo_goes_back_to_the_persons_previous_decision():
    game = Game(PRESETS["initiation-2p"], 3)          # the first Taoist is the person
    person = game.taoists()[0]
    out = io.StringIO()
    Session(game, {person}, agents.make("heuristic"), "unused.json", out,
            scripted(["0"] * 6 + ["u", "q"])).run()
    assert game.by.count("human") == 5                  # six played, the last one undone
    assert game.seat() == person and not game.over      # the person decides again
    replay = Game(PRESETS["initiation-2p"], 3, game.actions, game.by)
    assert replay.engine.to_dict(replay.state) == game.engine.to_dict(game.state)
    assert "undone back to decision" in out.getvalue()


def test_session__watching_plays_the_agent_to_the_end():
    game = Game(PRESETS["hell-1p"], 2)
    out = io.StringIO()
    Session(game, set(), agents.make("heuristic"), "unused.json", out, scripted(["", "c"])).run()
    assert game.over
    assert "Game over" in out.getvalue() and "heuristic:" in out.getvalue()
    engine = Engine(PRESETS["hell-1p"])
    S = engine.reset(np.array([2]))
    agent = agents.make("heuristic")
    from ghoststories_env.agents import Batch
    while not S.terminated[0]:
        S = engine.step(S, agent.act(Batch(engine, S)))
    assert engine.to_dict(S) == engine.to_dict(game.state)   # the agent's own game


def test_cli__bad_seats_are_refused_with_the_allowed_range(capsys):
    with pytest.raises(SystemExit):
        main(["--preset", "initiation-1p", "--seats", "2"])
    assert "Taoists 0 to 0" in capsys.readouterr().err


def read_until(fd, marker: bytes, timeout: float = 60.0) -> bytes:
    out, end = b"", time.monotonic() + timeout
    while marker not in out:
        left = end - time.monotonic()
        assert left > 0, f"no {marker!r} in the terminal's output: {out[-2000:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                out += os.read(fd, 65536)
            except OSError:                      # the program ended and closed the terminal
                break
    return out


def test_terminal__a_person_plays_undoes_saves_and_quits(tmp_path):
    # a real pseudo-terminal: the program sees a tty on stdin and stdout, as in a person's shell
    leader, follower = pty.openpty()
    save = tmp_path / "game.json"
    proc = subprocess.Popen([sys.executable, "-m", "ghoststories_env.play", "--preset",
                             "initiation-2p", "--seed", "4", "--seats", "0", "--save", str(save)],
                            stdin=follower, stdout=follower, stderr=follower, cwd=ROOT,
                            close_fds=True)
    os.close(follower)
    try:
        screen = read_until(leader, b"your choice")
        assert b"Village" in screen and b"decides" in screen      # the table, then the actions
        for answer in (b"0", b"0", b"u", b"1", b"s", b"q"):
            os.write(leader, answer + b"\n")
            screen = read_until(leader, b"your choice" if answer != b"q" else b"", timeout=60)
            if answer == b"u":
                assert b"undone back to decision" in screen
            if answer == b"s":
                assert b"saved to" in screen
        assert proc.wait(timeout=60) == 0
    finally:
        proc.kill()
        os.close(leader)
    saved = json.loads(save.read_text())
    assert saved["by"].count("human") == 2 and saved["seed"] == 4
    game = Game.load(save)
    assert game.actions == saved["actions"]
