"""Lewis & Clark: The Expedition, as a Python library.

    >>> import lewis_clark as lc
    >>> state = lc.new_game(players=3, seed=7)
    >>> action = lc.legal_actions(state)[0]
    >>> state = lc.apply(state, action)
    >>> lc.load_state(state.to_text()).hash() == state.hash()
    True
"""

from lewis_clark.actions import Action, ActionError, IllegalAction, NotationError, Verb
from lewis_clark.invariants import load_state
from lewis_clark.record import Record, load_record
from lewis_clark.rules import apply, apply_in_place, camp_time, legal_actions
from lewis_clark.setup import new_game
from lewis_clark.state import CorruptState, Decision, Ending, Options, Outcome, State, view

__all__ = [
    "Action", "ActionError", "CorruptState", "Decision", "Ending", "IllegalAction", "NotationError", "Options",
    "Outcome", "Record", "State",
    "apply", "apply_in_place", "camp_time", "legal_actions", "load_record", "load_state", "new_game", "Verb", "view",
]
__version__ = "0.1.0"
