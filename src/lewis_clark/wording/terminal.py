"""The terminal's own sentences about plans: a plan as a menu line at any decision, the help on
lettered plans, and what the prompt says when a plan is chosen, listed or stopped.

    "York (Hunter) at Strength 2 (William Clark under it + 1 Indian): perform 2 times, keep all"
    "William Clark under it + 1 Indian (Strength 2): perform 2 times, keep all"   (at York's Strength card)
    "1 Indian, then perform 2 times, keep all"        (a plan offered at the choice of Indians)
    "From here: perform once, then stop"               (a plan offered at a performance)
"""

from __future__ import annotations

from lewis_clark.actions import Action
from lewis_clark.wording.catalogue import t, tn


def plans_help() -> str:
    """How lettered plans work at the terminal's prompt (shown after the commands)."""
    return t("""\
Plans (lettered a, b, c ... and listed first) do a whole common option in one choice, e.g. a card
with its Strength and all its performances; the single choices (numbered 1, 2, 3 ...) follow.
  a letter          the plan with that letter; it is played one decision at a time, as if typed
  plans  (or more)  list every plan for this decision; their letters work in the menu too
Undo takes back your last choice, a whole plan at once; restart takes the turn back to its start
(or to the last card drawn).""")


def plans_heading(shown: int, total: int) -> str:
    """The line above the menu's plans: how many of all the plans are shown."""
    if shown < total:
        return tn("Plans ({n} of {total}; 'plans' lists all):", "Plans ({n} of {total}; 'plans' lists all):", shown,
                  total=total)
    return t("Plans:")


def all_plans_heading(total: int) -> str:
    """The line above the full list of plans."""
    return tn("{n} plan for this decision (type its letter):", "{n} plans for this decision (type a letter):", total)


def single_choices_heading() -> str:
    """The line above the numbered legal actions when plans are shown too."""
    return t("Single choices:")


def no_plans() -> str:
    """The answer to ``plans`` at a decision without any."""
    return t("No plans at this decision: choose a single action from the menu.")


def no_plan(code: str, last: str) -> str:
    """The answer to a letter that names no plan now."""
    if not last:
        return t("There is no plan {code}: this decision has none.", code=repr(code))
    return t("There is no plan {code}: the plans are a-{last} ('plans' lists them).", code=repr(code), last=last)


def plan_chosen(label: str) -> str:
    """Said when a plan begins."""
    return t("Plan: {plan}", plan=label)


def plan_stopped(step: Action) -> str:
    """Said when a plan's next step is not possible: the person chooses from the menu again."""
    return t("The plan stopped before '{step}', which is not possible now; choose from the menu.", step=str(step))


def nothing_to_undo() -> str:
    """The answer to undo or restart when nothing may be taken back."""
    return t("Nothing to undo: undo goes back only within your turn, and not past a card drawn.")


def card_drawn_barrier() -> str:
    """Said when a decision drew a card: undo stops there from now on."""
    return t("(a card was drawn: undo cannot go back past this point)")


def undone_words(undone: list[str], whole_turn: bool) -> str:
    """What undo or restart took back, e.g. "Undone: play york; under seaman; indians 1"."""
    steps = "; ".join(undone)
    if whole_turn:
        return tn("Turn restarted ({n} decision taken back): {steps}",
                  "Turn restarted ({n} decisions taken back): {steps}", len(undone), steps=steps)
    return t("Undone: {steps}", steps=steps)


# --- typed text the game cannot take --------------------------------------------------------------

def type_something() -> str:
    """The answer to an empty line."""
    return t("Type a number from the menu, an action, or 'help'.")


def no_choice(n: int, count: int) -> str:
    """The answer to a number the menu does not have."""
    return t("There is no choice {n}: the menu shown has 1-{count}.", n=n, count=count)


def not_understood(reason: str) -> str:
    """The answer to text that is no action in notation (``reason`` says what the notation expected)."""
    return t("Not understood: {reason}. Type a menu number, an action ('help notation'), or 'help'.", reason=reason)


def not_allowed(action: str, allowed: list[str]) -> str:
    """The answer to an action of the right kind that is not legal now, with the legal ones of that kind."""
    listed = ", ".join(allowed[:6]) + (" ..." if len(allowed) > 6 else "")
    return t("'{action}' is not allowed now. Allowed: {listed}", action=action, listed=listed)


def not_possible(verb: str, verbs: list[str]) -> str:
    """The answer to an action of a kind not possible now, with the kinds that are."""
    return t("'{verb}' is not possible now; you can: {verbs}.", verb=verb, verbs=", ".join(verbs))


def say_where() -> str:
    """The answer to ``save`` without a file."""
    return t("Say where: save FILE")


def log_usage() -> str:
    return t("Use: log, log N, or log all")


def nothing_yet() -> str:
    return t("Nothing has happened yet.")


# --- saving and leaving ---------------------------------------------------------------------------

def cannot_create_folder(folder: str, reason: str) -> str:
    return t("cannot create the folder {folder}: {reason}", folder=folder, reason=reason)


def no_folder(folder: str) -> str:
    return t("there is no folder {folder}", folder=folder)


def is_a_folder(path: str) -> str:
    return t("{path} is a folder", path=path)


def cannot_write(path: str, reason: str) -> str:
    return t("cannot write {path}: {reason}", path=path, reason=reason)


def autosave_failed(reason: str) -> str:
    """Said when the autosave cannot be written: the game goes on without it."""
    return t("Autosave failed: {reason}. Playing on WITHOUT autosave; use 'save FILE' to keep the game.", reason=reason)


def not_saved(reason: str) -> str:
    return t("Not saved: {reason}.", reason=reason)


def saved_to(path: str) -> str:
    return t("Saved to {path} (resume with: lewis-clark play --load {path})", path=path)


def resume_later(path: str) -> str:
    """Under the autosave's path at the start of a line-by-line game."""
    return t("(resume later with: lewis-clark play --load {path})", path=path)


def resumed_after(n: int) -> str:
    return tn("Resumed after {n} recorded decision.", "Resumed after {n} recorded decisions.", n)


def leaving(path: str | None) -> str:
    """Said when a person leaves a game: where it is saved and how to resume it."""
    if path:
        return t("Leaving the game. It is saved in {path}; resume with: lewis-clark play --load {path}", path=path)
    return t("Leaving the game (it was not saved).")


def leave_question() -> str:
    """Asked after Ctrl-C at the line-by-line prompt."""
    return t("Leave the game? (it is autosaved) [y/N] ")


def yes_words() -> tuple[str, ...]:
    """What answers yes to ``leave_question`` (the English words always work too)."""
    return tuple(t("y yes q quit").split())


def record_is_in(path: str) -> str:
    """Where the record of an ended game is, and how to replay it."""
    return t("The record of this game is in {path} (replay it with: lewis-clark replay {path} --log)", path=path)


def save_copy_question() -> str:
    """Asked at the end of a line-by-line game."""
    return t("Save a copy of the record as (Enter to skip): ")


def prompt_mark(name: str) -> str:
    """The line-by-line prompt, e.g. "orange> "."""
    return t("{name}> ", name=name)


# --- the command line (``lewis-clark play``) --------------------------------------------------------

def bad_seat(reason: str) -> str:
    return t("--players: {reason} (or 'human' for a person)", reason=reason)


def seat_count(n: int) -> str:
    return t("--players: 1-5 seats, got {n}", n=n)


def seats_for_loaded(n: int, players: int) -> str:
    return t("--players: {n} seats for the loaded {players}-player game", n=n, players=players)


def resume_and_load() -> str:
    return t("--resume and --load both name the game to play: give one")


def nothing_to_resume() -> str:
    return t("--resume: no unfinished autosaved game found")


def kept_options(given: list[str]) -> str:
    return t("{options}: a loaded game keeps its own options", options=", ".join(given))


def mackenzie_is_solo() -> str:
    return t("--mackenzie is for solo games (one seat in --players)")
