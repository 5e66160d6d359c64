"""ghoststories_env: the cooperative board game Ghost Stories as a batched numpy state machine.

    from ghoststories_env import Engine, GameConfig
    engine = Engine(GameConfig(num_players=4, difficulty="normal"))
    state = engine.reset(seeds)

    import gymnasium; env = gymnasium.make("GhostStories-v0")      # ids registered on import
    from ghoststories_env import ghost_stories_v0                  # PettingZoo

    from ghoststories_env import evaluate       # a policy on the benchmark's games (see below)
    result = evaluate(my_policy, "normal", 4, episodes=1000)
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


def __getattr__(name: str):
    # the baseline agents and the benchmark protocol load on first use: the engine and the envs
    # need neither (``ghoststories_env.agents`` is the repository's agents/ folder, installed
    # under this namespace; see pyproject.toml)
    if name in ("agents", "benchmark"):
        import importlib
        return importlib.import_module(f".{name}", __name__)
    if name == "evaluate":
        from .benchmark import evaluate
        return evaluate
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
