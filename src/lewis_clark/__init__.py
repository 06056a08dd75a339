"""Lewis & Clark: The Expedition, as a Python library.

    >>> import lewis_clark as lc
    >>> state = lc.new_game(players=3, seed=7)
    >>> action = lc.legal_actions(state)[0]
    >>> state = lc.apply(state, action)
    >>> lc.load_state(state.to_text()).hash() == state.hash()
    True

The engine, plans and bots may run compiled (mypyc, setup.py) or as the pure-Python reference they are
compiled from; ``lc.build()`` says which. ``LEWIS_CLARK_PURE=1`` in the environment imports the pure
build even where compiled modules sit beside the sources (pure.py, builds.py).
"""

import os
import sys
from pathlib import Path

from lewis_clark.pure import import_pure_sources, stale_compiled

if os.environ.get("LEWIS_CLARK_PURE"):
    import_pure_sources()
elif _stale := stale_compiled(Path(__file__).parent):
    print(f"lewis-clark: {_stale[0]} is newer than its compiled module; running the pure build "
          "(rebuild: pip install --no-deps -e .)", file=sys.stderr)
    import_pure_sources()

from lewis_clark.actions import Action, ActionError, IllegalAction, NotationError, Verb  # noqa: E402
from lewis_clark.builds import build  # noqa: E402
from lewis_clark.invariants import load_state  # noqa: E402
from lewis_clark.record import Record, load_record  # noqa: E402
from lewis_clark.rules import apply, apply_in_place, camp_time, legal_actions  # noqa: E402
from lewis_clark.setup import new_game  # noqa: E402
from lewis_clark.state import CorruptState, Decision, Ending, Options, Outcome, State, view  # noqa: E402

__all__ = [
    "Action", "ActionError", "CorruptState", "Decision", "Ending", "IllegalAction", "NotationError", "Options",
    "Outcome", "Record", "State",
    "apply", "apply_in_place", "build", "camp_time", "legal_actions", "load_record", "load_state", "new_game", "Verb",
    "view",
]
__version__ = "0.1.0"
