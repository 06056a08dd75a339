"""Every error the engine raises on bad input: each a ValueError whose message names what was wrong."""

from __future__ import annotations


class ActionError(ValueError):
    """Base of every error about an action: malformed text or an illegal choice."""


class NotationError(ActionError):
    """Text that is not an action in the notation."""


class IllegalAction(ActionError):
    """A well-formed action that the rules do not allow in this state."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {str(action)!r}: {reason}")
        self.action = action
        self.reason = reason


class CorruptState(ValueError):
    """A saved state or record that cannot be loaded as it stands."""
