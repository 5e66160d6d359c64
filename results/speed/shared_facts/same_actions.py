"""The actions of three heuristic teams over 360 whole games each, hashed. A speed change must
print the same lines before and after it (``same_actions.txt``). Each line gives the team, the
configuration, the hash of every action of every game step by step, the number of batch steps
and the games won.

    OMP_NUM_THREADS=1 PYTHONPATH=. python results/speed/shared_facts/same_actions.py
"""
import hashlib

import numpy as np

from ghoststories_env import PRESETS, Engine, agents
from ghoststories_env.agents import Batch

TEAMS = ["heuristic:plans", "heuristic", "heuristic:plans=incarnation+crowd+reach"]
GAMES = {"initiation-4p": 200, "nightmare-2p": 60, "normal-3p": 60, "hell-1p": 40}

for team in TEAMS:
    for preset, n in GAMES.items():
        agent, engine = agents.make(team), Engine(PRESETS[preset])
        state = engine.reset(np.arange(n) + 5000)
        digest, steps = hashlib.sha1(), 0
        while not state.terminated.all():
            actions = agent.act(Batch(engine, state))
            digest.update(np.where(state.terminated, -1, actions).astype(np.int64).tobytes())
            state, steps = engine.step(state, actions), steps + 1
        print(team, preset, (digest.hexdigest()[:12], steps, int(state.won.sum())), flush=True)
