"""Games to and from readable, JSON-safe dicts.

``to_dict(state, i)`` dumps everything game ``i``'s future depends on (its random stream and its
effect stack included); ``from_dicts([d, ...], config)`` builds a batch back, exactly. A scenario
for a test or a study may give only what matters; every missing key takes the default below, so a
short dict is a fresh table with the changes it names. The format (keys, with defaults):

* ``config``: GameConfig fields (default: the engine's configuration).
* ``seats``: board colours at north, east, south, west (default yellow, red, green, blue).
* ``village``: 3 rows of 3 tile names (default: tiles in id order); ``haunted``: tile names.
* ``boards``: per colour, ``{"player": bool, "power": name, "power_on": bool, "qi": int,
  "spaces": [3 x space], "taoist": {...}}`` (``power_on``, in dumps: the power works now; it is
  derived, so a scenario may leave it out, and one that gives it must agree). A space is ``null`` or ``{"ghost": card, "haunter": 0|1|null,
  "marker": bool, "buddha": bool}`` (``card`` is a printed number 1..65 or ``"Name #n"``;
  ``marker``: its lasting left-stone effect is in force, default true). The Taoist:
  ``{"tile": name, "tao": {colour: n}, "yinyang": bool, "buddhas": n, "buddhas_fresh": n,
  "power_tokens": n}``. Defaults follow the level's setup; the first ``num_players`` seats play.
* ``circle`` (colour or null), ``temple_buddhas`` (2), ``centre_power_tokens`` (0),
  ``supply``: ``{"qi": n, "tao": {colour: n}}`` (default: what no one holds).
* ``deck``: remaining cards from the top (default: the ghosts not elsewhere, by number);
  ``drawn``: cards drawn so far; ``discard``; ``removed`` (default: every card not elsewhere).
* ``incarnation_defeated`` is counted from the discard; ``uncatchable_ready``; ``mantra``:
  ``{"space": g|null, "state": "ready|on_ghost|returning|gone"}``.
* ``turn``: ``{"active": colour, "number": n, "helps_done", "exorcisms_done", "flags",
  "borrowed": [colours]}``; ``at``: ``"turn_start"`` (default: the active board's Yin phase
  runs first) or ``"yang"`` (its Yang phase, before moving); ``stack`` (a dump's effect stack,
  bottom first) overrides ``at``.
* ``dice``, ``exorcism``: a roll in progress (dumps only).
* ``seed`` (0) or ``rng: {"key", "counter"}``; ``forced``: ``{"tao": [faces], "curse": [faces]}``
  faces of the next dice, used before the stream (Tao: colour names or "white"; curse: index
  0-5 or "blank", "haunt", "ghost", "lose Tao tokens", "lose 1 Qi").
* ``status``: ``{"terminated", "won", "loss_reason"}``; ``decisions``.

What is built must be a position the rules can reach: every game goes through the engine's
invariants (``invariants.py``: the 20 Qi, 4 Tao tokens per colour and 2 Buddhas all somewhere,
every card in one place, a won game over, a well-formed effect stack...), so a dump edited in one
place only (a Taoist given Qi the supply still counts) is refused. Every malformed input raises a
``ScenarioError`` naming the dict, the key and what is allowed. ``from_dicts(..., advance=False)``
returns the positions exactly as given, before their effect stacks run.
"""

from .build import from_dicts
from .dump import to_dict
from .format import ScenarioError, card_id

__all__ = ["to_dict", "from_dicts", "card_id", "ScenarioError"]
