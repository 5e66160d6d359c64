"""The rules, one module per part of the game; importing this package registers every effect."""

from . import stack
from . import ghosts, harm, turn, exorcism, yang, village, rewards  # noqa: F401  (registration)
from .setup import new_games  # noqa: F401
from .score import score  # noqa: F401

IS_AUTO = stack.finalise()
