"""ghoststories_env: the cooperative board game Ghost Stories as a batched numpy state machine.

    from ghoststories_env import Engine, GameConfig
    engine = Engine(GameConfig(num_players=4, difficulty="normal"))
    state = engine.reset(seeds)

    import gymnasium; env = gymnasium.make("GhostStories-v0")      # ids registered on import
    from ghoststories_env import ghost_stories_v0                  # PettingZoo
"""

from . import actions
from .actions import NUM_ACTIONS, action_meaning
from .config import PRESETS, GameConfig
from .engine import Engine
from .invariants import InvalidStateError
from .scenario import ScenarioError
from .state import State
from .envs.registration import register_all as _register_gymnasium_ids

_register_gymnasium_ids()       # gymnasium.make("GhostStories-v0"), make_vec, every preset's id

__all__ = ["Engine", "GameConfig", "PRESETS", "State", "ScenarioError", "InvalidStateError", "NUM_ACTIONS",
           "action_meaning", "actions"]
__version__ = "0.1.0"
