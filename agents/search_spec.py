"""The ``search`` agent's spec: ``agents.make("search:16x4x8:plans:marks=8")`` read into a
``SearchAgent`` (``agents/search.py``, whose docstring shows every option), with a clear error
for anything it does not take."""

from __future__ import annotations

from .base import register
from .heuristic import plans as plan_names
from .net import LeafEnsemble, LevelLeaf, PolicyValueNet
from .search import DEFAULTS, KINDS, SearchAgent
from .value import LevelWinModel, WinModel


def make_search(arg: str, seed: int = 0, leaf=None) -> SearchAgent:
    """The ``SearchAgent`` of the spec ``arg`` (``search_kwargs``)."""
    return SearchAgent(**search_kwargs(arg, seed, leaf))


def search_kwargs(arg: str, seed: int = 0, leaf=None) -> dict:
    """``SearchAgent``'s arguments from the spec
    ``search[:K[xW[xH]]][:net=<path>][:plans[=a+b]][:weights=<path>][:leaf=win_model|learned|<path>]
    [:rollout=<path>][:scripts=a+b][:kinds=A+B][:extra=R+S][:share=<s>][:margin=<m>][:follow=<k>]
    [:marks=a+b][:dice=stream|turn]``.
    ``leaf``: the leaf value already loaded (a worker that received it as bytes); the spec's
    ``leaf=`` then only names it."""
    size, *options = arg.split(":") if arg else [""]
    if size[:1].isalpha():                    # no size given, only options
        size, options = "", [size, *options]
    parts = size.split("x") if size else []
    if len(parts) > 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"agent 'search' takes 'K', 'KxW' or 'KxWxH' (futures, candidates, "
                         f"horizon in turns; defaults {DEFAULTS}), got {size!r}")
    kwargs = {**DEFAULTS, **dict(zip(DEFAULTS, map(int, parts))), "seed": seed}
    for option in options:
        key, eq, value = option.partition("=")
        if key == "plans":                   # the heuristic prior's team plans (heuristic:plans)
            kwargs["plans"] = plan_names.parse(option)
            continue
        if key == "weights":                 # other weights for the heuristic team
            if not value:
                raise ValueError("search option 'weights' names a JSON file: weights=<path>")
            kwargs["weights"] = value
            continue
        if key == "scripts":                 # team plans offered as scripts
            kwargs["scripts"] = plan_names.checked(_named(key, value, "plans", "scripts=a+b"))
            continue
        if key == "leaf":                    # the leaf value: loaded, and named as given
            kwargs["value"], kwargs["leaf"] = leaf if leaf is not None else load_leaf(value), value
            continue
        if key == "marks":                   # rollout turns whose leaves are averaged in
            if not value or not all(m.isdigit() for m in value.split("+")):
                raise ValueError(f"search option 'marks' names turns of the rollout: marks=4 or "
                                 f"marks=4+6, got {option!r}")
            kwargs["marks"] = tuple(int(m) for m in value.split("+"))
            continue
        if key == "kinds":                   # the decision kinds searched
            kwargs["kinds"] = _named(key, value, "decision kinds",
                                     f"kinds=YANG+PLACE (default {'+'.join(KINDS)})")
            continue
        if key == "extra":                   # action ranges tried beyond the prior's wants
            kwargs["extra"] = _named(key, value, "action ranges",
                                     "extra=YINYANG_HELP+YINYANG_UNHAUNT")
            continue
        if not eq or key not in OPTIONS:
            raise ValueError(f"agent 'search' takes the options net=<path>, leaf=win_model, "
                             f"leaf=learned or leaf=<path> (judge futures with the fitted win "
                             f"models, the shipped value networks, a WinModel "
                             f".json or a network's value head .npz), rollout=<path> (a "
                             f"network .npz plays the futures), plans (the heuristic:plans "
                             f"prior), weights=<path> (other weights for it), scripts=a+b (team "
                             f"plans offered as scripts), kinds=A+B (the decision kinds "
                             f"searched), extra=R+S (action ranges whose legal actions are "
                             f"candidates too), share=<0..1>, margin=<m> (the "
                             f"value a challenger must win by), follow=<k> (moves paired with "
                             f"the prior's k best actions after them) and marks=a+b (rollout "
                             f"turns whose leaf values are averaged with the horizon's), "
                             f"dice=stream|turn (the futures' dice read in order or keyed by "
                             f"turn), got "
                             f"{option!r}")
        kwargs[key] = OPTIONS[key](value)
    if leaf is not None and "leaf" not in kwargs:
        raise ValueError(f"a loaded leaf needs a leaf=<name> option to name it, got {arg!r}")
    return kwargs


def _named(key: str, value: str, what: str, example: str) -> tuple[str, ...]:
    """The names option ``key`` joins by '+'; none at all is an error showing ``example``."""
    if not value:
        raise ValueError(f"search option {key!r} names {what}: {example}")
    return tuple(value.split("+"))


def load_leaf(value: str):
    """The leaf value of ``leaf=``: the shipped win models, the shipped learned leaves
    (``learned``: ``net.LevelLeaf``, a value network per level), a ``WinModel`` JSON file, a
    network's value head (``.npz``) or the mean of several (``a.npz+b.npz``)."""
    if value == "win_model":
        return LevelWinModel.load()
    if value == "learned":
        return LevelLeaf.load()
    if value.endswith(".json"):
        return WinModel.load(value)
    if value.endswith(".npz") and "+" in value:      # several networks, their mean logit
        return LeafEnsemble([PolicyValueNet.load(v) for v in value.split("+")])
    if value.endswith(".npz"):
        return PolicyValueNet.load(value)
    raise ValueError(f"search option leaf= takes 'win_model', 'learned' (the value networks "
                     f"shipped per level), a WinModel .json (python -m "
                     f"experiments.fit_value), a network .npz (python -m experiments.exit) or "
                     f"several joined by '+' (their mean logit), "
                     f"got {value!r}")


OPTIONS = {"net": PolicyValueNet.load, "rollout": PolicyValueNet.load, "share": float,
           "margin": float, "follow": int, "dice": str}


register("search", make_search)
