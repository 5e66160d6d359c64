"""The engine through the ecosystem's interfaces: thin adapters over one engine batch.

* ``GhostStoriesEnv`` (``gym_env.py``): Gymnasium, one team controller
  (``gymnasium.make("GhostStories-v0")``; ids in ``registration.py``)
* ``GhostStoriesVectorEnv`` (``vector_env.py``): Gymnasium's native vector env (``gymnasium.make_vec``)
* ``GhostStoriesSB3VecEnv`` (``sb3_vec_env.py``): a Stable-Baselines3 ``VecEnv`` (the ``train`` extra)
* ``pettingzoo_env.py``: AEC and parallel PettingZoo envs (``ghoststories_env.ghost_stories_v0``)
* ``batch.py``: the engine batch they all drive and the options they all take
* ``observation.py`` (with ``observation_sections.py``, ``frame.py`` and ``observation_tables.py``):
  the encoder; ``rewards.py``:
  team rewards; ``rendering.py``: what each ``render_mode`` does; ``render_rgb.py`` and
  ``recording.py``: pictures and saved games (Pillow)

The classes load on first use, so importing the package (done by ``import ghoststories_env`` to
register the Gymnasium ids) loads neither SB3, PettingZoo nor Pillow.
"""

from importlib import import_module

_CLASSES = {"GhostStoriesEnv": "gym_env", "GhostStoriesVectorEnv": "vector_env",
            "GhostStoriesSB3VecEnv": "sb3_vec_env"}


def __getattr__(name):
    if name in _CLASSES:
        return getattr(import_module(f".{_CLASSES[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = list(_CLASSES)
