"""Gymnasium ids, registered on ``import ghoststories_env``.

``GhostStories-v0`` takes ``num_players`` and ``difficulty`` (default 4, "normal"); every preset of
``config.PRESETS`` has its own id, ``GhostStories-<Level>-<n>p-v0`` (``GhostStories-Hell-2p-v0``,
``GhostStories-Initiation-5qi-4p-v0``). Each id has a ``vector_entry_point``, so
``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")`` builds the native
batched vector environment.
"""

from __future__ import annotations

import gymnasium

from ..config import PRESETS

ENTRY_POINT = "ghoststories_env.envs.gym_env:GhostStoriesEnv"
VECTOR_ENTRY_POINT = "ghoststories_env.envs.vector_env:GhostStoriesVectorEnv"


def preset_id(name: str) -> str:
    """``"hell-2p"`` -> ``"GhostStories-Hell-2p-v0"``."""
    *level, players = name.split("-")
    return "GhostStories-" + "-".join(p.capitalize() for p in level) + f"-{players}-v0"


def ids() -> dict[str, dict]:
    """Every registered id with the keyword arguments it sets."""
    table = {"GhostStories-v0": {}}
    for name, cfg in PRESETS.items():
        kwargs = {"config": cfg} if cfg.start_qi is not None else {}
        table[preset_id(name)] = kwargs or {"num_players": cfg.num_players, "difficulty": cfg.difficulty}
    return table


# The companion games (``ghoststories_env.companions``): id -> (entry point, vector entry point)
COMPANION_IDS = {
    "GhostBlaster-v0": ("ghoststories_env.companions.ghost_blaster_envs:GhostBlasterEnv",
                        "ghoststories_env.companions.ghost_blaster_envs:make_vec"),
    "Ghooost-v0": ("ghoststories_env.companions.ghooost_envs:GhooostEnv",
                   "ghoststories_env.companions.ghooost_envs:make_vec"),
}


def register_all() -> None:
    """Register every id of ``ids()`` and ``COMPANION_IDS`` with Gymnasium (ids already
    registered are left as they are), each with its entry point and vector entry point."""
    for env_id, kwargs in ids().items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=ENTRY_POINT, vector_entry_point=VECTOR_ENTRY_POINT,
                               kwargs=kwargs)
    for env_id, (entry, vector_entry) in COMPANION_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=entry, vector_entry_point=vector_entry)
