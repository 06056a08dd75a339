"""The table in compact form for the full-screen app: every expedition in one or two lines, the Journal
with its costs, the Village with its occupants (and solo badge tokens), a hand, and the decision.

Functions take a state and return rich renderables that fit a width by cutting lines (never by
widening); the full tables of ``terminal.screen`` serve where there is room. Nothing here reads input
or changes a state.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lewis_clark.cards import CARDS
from lewis_clark.expedition import TILE_FACES
from lewis_clark.journal import fur_cost as slot_fur
from lewis_clark.queries import recruit_fur
from lewis_clark.resources import KINDS
from lewis_clark.state import State
from lewis_clark.terminal.screen import KIND_STYLES, player_text, resources_text
from lewis_clark.village import PLACES
from lewis_clark.wording import boat_count, camp_preview, card_summary, decision_hint, kind_name, player_name, prompt, t
from lewis_clark.wording.terminal_app import (
    area_cards,
    badge_token,
    empty_slot,
    hand_size,
    hand_title,
    indians_aboard,
    journal_costs,
    journal_title,
    no_cards,
    village_counts,
    village_title,
)

__all__ = ["decision", "expeditions", "hand_line", "journal_line", "village_line"]


def _cut(line: Text) -> Text:
    """One screen line: cut at the edge with an ellipsis, never wrapped."""
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def _names(ids: Sequence[int]) -> str:
    return ", ".join(CARDS[c].name for c in ids) if ids else "-"


def _kind(kind: int) -> Text:
    return Text(kind_name(kind), style=KIND_STYLES[KINDS[kind]])


def expeditions(state: State, seats: Sequence[str] = (), lines: int = 1) -> RenderableType:
    """Each expedition in ``lines`` lines (1 or 2): name, Scout and Camp, resources and boat room,
    Indians, boats, hand size and the cards in its playing area (the expedition to play marked >)."""
    rows: list[Text] = []
    for seat, p in enumerate(state.players):
        first = Text("> " if seat == state.current and not state.over else "  ", style="bold")
        first.append_text(player_text(state, seat, seats))
        first.append(f" @{p.scout} C{p.camp}  ", style="bold")
        first.append_text(resources_text(state, seat))
        rest = Text("  ")
        rest.append(indians_aboard(p.indians, p.on_cards), style="magenta")
        boats = ", ".join(boat_count(face, n) for face, n in zip(TILE_FACES, p.tiles, strict=True) if n)
        if boats:
            rest.append("; " + boats)
        rest.append("; " + hand_size(len(p.hand)) + "; ")
        rest.append(area_cards(_names(p.face_up)))
        if p.face_down:
            rest.append(" " + t("(under: {cards})", cards=_names(p.face_down)), style="dim")
        if lines >= 2:
            if seat == state.current and not state.over:
                first.append("  " + camp_preview(state, seat), style="dim")
            rows += [_cut(first), _cut(rest)]
        else:
            first.append(";")
            rows.append(_cut(first + rest[1:]))
    return Group(*rows)


def journal_line(state: State, seat: int, width: int = 80) -> RenderableType:
    """The Journal in two lines, a column per slot: the card (in its badge's colour), then its badge and
    what recruiting it costs ``seat`` now: fur (by slot, less Gravelines, R15) + equipment (its Strength)."""
    p = state.players[seat]
    title, legend = journal_costs()
    head = max(len(title), len(legend))
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True, style="bold")
    cell = max(8, (width - head - 1) // 5 - 1)
    for _ in state.journal:
        grid.add_column(no_wrap=True, overflow="ellipsis", max_width=cell, min_width=min(cell, 8))
    names: list[Text] = []
    costs: list[Text] = []
    for slot, card in enumerate(state.journal):
        if not card:
            names.append(Text(f"{slot + 1} " + empty_slot(), style="dim"))
            costs.append(Text(""))
            continue
        c = CARDS[card]
        names.append(Text(f"{slot + 1} ", style="bold") + Text(short_name(c.name, cell - 2),
                                                                 style=KIND_STYLES[KINDS[c.badge]]))
        costs.append(Text("  ") + _kind(c.badge) + Text(f" {recruit_fur(state, p, slot)}+{c.strength}", style="bold"))
    grid.add_row(Text(title), *names)
    grid.add_row(Text(legend, style="dim"), *costs)
    return grid


def short_name(name: str, width: int) -> str:
    """A name in ``width`` characters: whole when it fits, else its first names as initials
    ("J. Gravelines"), else cut by the caller."""
    if len(name) <= width:
        return name
    words = name.split()
    return " ".join([w[0] + "." for w in words[:-1] if w[0].isalpha()] + words[-1:])


def packed(head: Text, entries: Sequence[Text], width: int) -> Text:
    """``head`` then ``entries`` two spaces apart, a new line before an entry that would not fit: lines
    break between entries, never inside one."""
    out = head.copy()
    used = out.cell_len
    for entry in entries:
        if used + 2 + entry.cell_len > width and used > 0:
            out.append("\n")
            used = 0
        elif used:
            out.append("  ")
            used += 2
        out.append_text(entry)
        used += entry.cell_len
    return out


def village_line(state: State, width: int = 80) -> Text:
    """The Village in a few lines: each place with its Indians (and in solo the badge token it gives
    while occupied, R24), then the Powwow, the Newcomer and the stock."""
    solo = len(state.players) == 1
    entries = []
    for place in PLACES:
        n = state.village[place.index]
        entry = Text(place.name + " ")
        entry.append(str(n), style="bold magenta" if n else "dim")
        if solo:
            entry.append(" (")
            entry.append(badge_token(kind_name(place.solo_badge)), style=KIND_STYLES[KINDS[place.solo_badge]])
            entry.append(")")
        entries.append(entry)
    entries.append(Text(village_counts(state.powwow, state.newcomer, state.indian_stock), style="dim"))
    return packed(Text(village_title() + ":", style="bold"), entries, width)


def hand_line(state: State, seat: int, width: int = 80) -> Text:
    """A hand in a few lines: each card in its badge's colour, with its Strength."""
    p = state.players[seat]
    entries = []
    for c in sorted(p.hand, key=lambda c: (CARDS[c].strength, c)):
        card = CARDS[c]
        entries.append(Text(card.name + " ") + Text(f"{card.strength} ", style="bold") + _kind(card.badge))
    return packed(Text(hand_title(), style="bold"), entries or [Text(no_cards(), style="dim")], width)


def decision(state: State, width: int = 80) -> RenderableType:
    """The decision to make and its one-line hint."""
    return Group(_cut(Text(prompt(state), style="bold")), _cut(Text(decision_hint(state), style="dim italic")))


def journal_rows(state: State, seat: int) -> RenderableType:
    """The Journal a slot per line (when there is room): slot, fur cost for ``seat`` (``*`` when
    Gravelines lowers it, R15), card, Strength and badge, and its action in short, cut at the edge."""
    p = state.players[seat]
    grid = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, title=journal_title(), title_justify="left",
                 title_style="bold")
    grid.add_column(t("slot"), justify="right", no_wrap=True)
    grid.add_column(kind_name(1), justify="right", no_wrap=True)
    names = [CARDS[c].name for c in state.journal if c]
    grid.add_column(t("card"), no_wrap=True, min_width=max(map(len, names), default=4))
    grid.add_column(t("str badge"), no_wrap=True, min_width=11)
    grid.add_column(t("action"), no_wrap=True, overflow="ellipsis")
    for slot, card in enumerate(state.journal):
        fur = recruit_fur(state, p, slot)
        fur_cell = str(fur) if fur == slot_fur(slot) else f"{fur}*"
        if not card:
            grid.add_row(str(slot + 1), fur_cell, Text(empty_slot(), style="dim"), "", "")
            continue
        c = CARDS[card]
        grid.add_row(str(slot + 1), fur_cell, Text(c.name, style=KIND_STYLES[KINDS[c.badge]]),
                     Text(f"{c.strength} ") + _kind(c.badge), Text(card_summary(c), style="dim"))
    return grid


def hand_rows(state: State, seat: int) -> RenderableType:
    """A hand a card per line: name, Strength and badge, its action in short, cut at the edge."""
    p = state.players[seat]
    grid = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, show_header=False, title_justify="left",
                 title=t("{name}'s hand", name=player_name(state, seat)), title_style="bold")
    grid.add_column(no_wrap=True, min_width=max((len(CARDS[c].name) for c in p.hand), default=4))
    grid.add_column(no_wrap=True, min_width=11)
    grid.add_column(no_wrap=True, overflow="ellipsis")
    for c in sorted(p.hand, key=lambda c: (CARDS[c].strength, c)):
        card = CARDS[c]
        grid.add_row(Text(card.name, style=KIND_STYLES[KINDS[card.badge]]), Text(f"{card.strength} ") + _kind(card.badge),
                     Text(card_summary(card), style="dim"))
    if not p.hand:
        grid.add_row(Text(no_cards(), style="dim"), "", "")
    return grid
