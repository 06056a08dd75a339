"""The post-game review in words (``bots.review``): the chart of the expert's estimate, the costliest turns.

A turn is told as the table's recap tells it (``recap.recap_parts``): the turn played from the game's
own steps (all of it happened before the seat's eyes), the expert's turn from its steps on the review's
deal, cut where it would name a card the seat could not see. The table at a turn's start is told from
the seat's view: its Scout and Camp, its hand and cargo, and where the other Scouts stood.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lewis_clark.actions import Action
from lewis_clark.bots.review import Review, SeatReview, TurnPlayed, TurnReview, costliest, expert_steps, total_cost
from lewis_clark.cards import CARDS
from lewis_clark.events import events
from lewis_clark.queries import round_number
from lewis_clark.rules import apply
from lewis_clark.state import State, view
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.names import card_title, player_name
from lewis_clark.wording.recap import recap_parts, turn_from
from lewis_clark.wording.table import resources_words

BARS = "▁▂▃▄▅▆▇█"  # the chart in text: one bar a turn, higher is a later arrival


# --- the command's words -------------------------------------------------------------------------------

def review_help() -> str:
    return t("Review a finished game: for each seat, what each turn cost against the expert's choice.")


def review_level_help() -> str:
    return t("The expert's budget: expert (the default), hard, quick (a first look in seconds a turn) or a race:... spec.")


def review_json_help() -> str:
    return t("Print the review as JSON.")


def review_seat_help() -> str:
    return t("Review only this seat (1 first); may be given several times.")


def review_progress(done: int, total: int) -> str:
    """The line on stderr while a review runs."""
    return t("reviewing turn {done} of {total}", done=done, total=total)


def review_start(turns: int, level: str) -> str:
    return tn("The expert ({level}) reviews {n} turn…", "The expert ({level}) reviews {n} turns…", turns, level=level)


def review_offer() -> str:
    """Said in the full-screen table when the game ends."""
    return t("Press r for the expert's review of the game.")


def review_command(path: str) -> str:
    """Said at the end of a line-by-line game (it asks nothing more: pipes and scripts read its end)."""
    return t("The expert's review of this game: lewis-clark review {path}", path=path)


def review_title() -> str:
    return t("Post-game review")


# --- the review ----------------------------------------------------------------------------------------

def cost_words(cost: float) -> str:
    """A cost in turns, e.g. "1.5 turns"; "nothing" when the turn was as good as the expert's."""
    if cost <= 0.05:
        return t("nothing")
    amount = format(cost, ".1f")
    return t("{cost} turns", cost=amount)


def arrival_words(turn: float) -> str:
    """An estimated turn of arrival, e.g. "turn 31.5"."""
    when = format(turn, ".1f")
    return t("turn {turn}", turn=when)


def turn_words(start: State, actions: Sequence[Action]) -> str:
    """A turn applied to ``start`` (real or dealt), in the recap's short phrases."""
    found = []
    s = start
    for a in actions:
        if s.over:
            break
        after = apply(s, a)
        found += events(s, a, after)
        s = after
    return "; ".join(recap_parts(turn_from(start, found)))


def played_words(turn: TurnPlayed) -> str:
    """What the seat played on ``turn``, in words."""
    return turn_words(turn.state, turn.actions)


def expert_words(turn: TurnPlayed, reviewed: TurnReview) -> str:
    """What the expert would have played instead, in words (its steps on the review's deal)."""
    done = expert_steps(turn.state, turn.seat, reviewed.expert)
    if not done:
        return t("end the turn") if not reviewed.expert_cut else t("recruit and decide after the draw")
    words = turn_words(done[0][0], [a for _, a, _ in done])
    if reviewed.expert_cut:
        words = t("{turn}, then decide on the card drawn", turn=words)
    return words


def table_words(turn: TurnPlayed) -> str:
    """The table at the turn's start as the seat saw it: round, Scout and Camp, hand, cargo, other Scouts."""
    seen = view(turn.state, turn.seat)
    me = seen.players[turn.seat]
    hand = ", ".join(card_title(CARDS[c]) for c in me.hand) or t("no cards")
    others = [t("{name} Scout on {scout}", name=player_name(seen, k), scout=p.scout)
              for k, p in enumerate(seen.players) if k != turn.seat]
    if seen.mackenzie >= 0:
        others.append(t("Mackenzie on {space}", space=seen.mackenzie))
    line = t("round {round}: Scout on {scout}, Camp on {camp}; hand: {hand}; carrying: {cargo}",
             round=round_number(seen), scout=me.scout, camp=me.camp, hand=hand, cargo=resources_words(seen, turn.seat))
    return t("{line}; {others}", line=line, others=", ".join(others)) if others else line


def chart_line(seat: SeatReview) -> str:
    """The expert's estimate over the game as one line of bars (higher: a later arrival)."""
    values = [r.arrival for r in seat.turns]
    if not values:
        return ""
    low, high = min(values), max(values)
    span = high - low or 1.0
    return "".join(BARS[min(len(BARS) - 1, int((v - low) / span * len(BARS)))] for v in values)


def chart_legend(seat: SeatReview) -> str:
    """What the chart's ends and extremes say, in words."""
    turns = seat.turns
    if not turns:
        return t("no turn to review")
    best = min(turns, key=lambda r: (r.arrival, r.number))
    return t("estimated arrival at Fort Clatsop: {first} at turn 1, {last} at turn {n}, soonest {best} at turn {at}",
             first=arrival_words(turns[0].arrival), last=arrival_words(turns[-1].arrival), n=turns[-1].number,
             best=arrival_words(best.arrival), at=best.number)


def costly_json(turn: TurnPlayed, reviewed: TurnReview) -> dict[str, Any]:
    """One of the costliest turns in words, for JSON and the page."""
    return {"turn": reviewed.number, "step": reviewed.step, "cost": round(reviewed.cost, 2),
            "cost_words": cost_words(reviewed.cost), "table": table_words(turn), "played": played_words(turn),
            "expert": expert_words(turn, reviewed)}


def review_words(review: Review, played: Sequence[TurnPlayed]) -> dict[str, Any]:
    """Each seat's words: its name, the chart's legend and its costliest turns told (JSON and the page)."""
    by_turn = {(p.seat, p.number): p for p in played}
    state = played[0].state if played else None
    out: dict[str, Any] = {"seats": []}
    for seat in review.seats:
        name = player_name(state, seat.seat) if state is not None else str(seat.seat + 1)
        out["seats"].append({
            "seat": seat.seat, "name": name, "legend": chart_legend(seat),
            "total": t("{name}'s choices cost {cost} against the expert's", name=name,
                       cost=cost_words(total_cost(seat))),
            "costliest": [costly_json(by_turn[(seat.seat, r.number)], r) for r in costliest(seat)],
        })
    return out


def review_text(review: Review, played: Sequence[TurnPlayed]) -> str:
    """The whole review as text: for each seat, the chart, what the choices cost and the three costliest turns."""
    words = review_words(review, played)
    lines: list[str] = [t("Post-game review by the expert ({level})", level=review.level)]
    for seat, said in zip(review.seats, words["seats"], strict=True):
        lines += ["", t("{name}:", name=said["name"]), "  " + chart_line(seat), "  " + said["legend"],
                  "  " + said["total"]]
        if not said["costliest"]:
            lines.append("  " + t("No turn cost anything against the expert's choice."))
        for k, c in enumerate(said["costliest"], 1):
            lines += [
                "  " + t("{k}. Turn {turn}: cost {cost}", k=k, turn=c["turn"], cost=c["cost_words"]),
                "     " + t("Table: {table}", table=c["table"]),
                "     " + t("Played: {turn}", turn=c["played"]),
                "     " + t("The expert: {turn}", turn=c["expert"]),
            ]
    return "\n".join(lines)


__all__ = ["arrival_words", "chart_legend", "chart_line", "cost_words", "costly_json", "expert_words", "played_words",
           "review_help", "review_json_help", "review_level_help", "review_command", "review_offer", "review_progress",
           "review_seat_help", "review_start", "review_text", "review_title", "review_words", "table_words", "turn_words"]
