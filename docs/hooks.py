"""MkDocs hook: pages hold placeholders such as ``<!-- generated: actions -->``, replaced at build
time by tables read from the package, so the documentation cannot drift from the code."""

from __future__ import annotations

import re


def actions_table() -> str:
    from ghoststories_env import actions as A
    lines = ["| ids | range | meaning of each id |", "|---|---|---|"]
    for name, r in A.RANGES.items():
        ids = f"{r.start}" if len(r) == 1 else f"{r.start}-{r.stop - 1}"
        meanings = "<br>".join(f"`{a}` {A.action_meaning(a)}" for a in r)
        lines.append(f"| {ids} | `{name}` | {meanings} |")
    return "\n".join(lines) + f"\n\n{A.NUM_ACTIONS} actions in all (`ghoststories_env.NUM_ACTIONS`)."


def switches_table() -> str:
    from ghoststories_env import GameConfig
    default = GameConfig()
    lines = ["| switch | default | what it decides |", "|---|---|---|"]
    for name, doc in GameConfig.switches().items():
        lines.append(f"| `{name}` | `{getattr(default, name)!r}` | {doc} |")
    return "\n".join(lines)


def observation_table() -> str:
    from ghoststories_env.envs import observation
    return observation.describe()


def ids_table() -> str:
    from ghoststories_env.envs.registration import ids
    lines = ["| id | keyword arguments it sets |", "|---|---|"]
    for env_id, kwargs in ids().items():
        shown = ", ".join(f"`{k}={v!r}`" if k != "config" else "a `GameConfig` (5 Qi)"
                          for k, v in kwargs.items()) or "none: `num_players=4`, `difficulty=\"normal\"` unless given"
        lines.append(f"| `{env_id}` | {shown} |")
    return "\n".join(lines)


TABLES = {"actions": actions_table, "switches": switches_table, "observation": observation_table,
          "ids": ids_table}


def on_page_markdown(markdown: str, **_) -> str:
    def fill(match: re.Match) -> str:
        name = match.group(1)
        if name not in TABLES:
            raise KeyError(f"unknown generated table {name!r}; known: {', '.join(TABLES)}")
        return TABLES[name]()
    return re.sub(r"<!-- generated: (\w+) -->", fill, markdown)
