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

__all__ = ["clipped", "decision", "expeditions", "hand_line", "hand_rows", "journal_line", "journal_rows", "name_forms",
           "short_name", "village_line"]


def _cut(line: Text) -> Text:
    """One screen line: cut at the edge with an ellipsis, never wrapped."""
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def _names(ids: Sequence[int]) -> str:
    return ", ".join(CARDS[c].name for c in ids) if ids else "-"


def _kind(kind: int) -> Text:
    return Text(kind_name(kind), style=KIND_STYLES[KINDS[kind]])


def expeditions(state: State, seats: Sequence[str] = (), lines: int = 1, width: int = 200) -> RenderableType:
    """Each expedition in ``lines`` lines (1 or 2; 3: the Camp preview of the one to play on a third line
    when it does not fit in ``width``): name, Scout and Camp, resources and boat room, Indians, boats,
    hand size and the cards in its playing area (the expedition to play marked >)."""
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
            preview = "  " + camp_preview(state, seat) if seat == state.current and not state.over else ""
            if first.cell_len + len(preview) <= width or lines == 2:  # cut at the edge, or (3) a line of its own
                first.append(preview, style="dim")
                preview = ""
            rows += [_cut(first), _cut(rest)]
            if preview:  # its own line rather than cut at the edge
                rows.append(_cut(Text("  " + preview.strip(), style="dim")))
        else:
            first.append(";")
            rows.append(_cut(first + rest[1:]))
    return Group(*rows)


def journal_line(state: State, seat: int, width: int = 80) -> RenderableType:
    """The Journal in two lines, a column per slot: the slot and the card (in its badge's colour), then its
    badge and what recruiting it costs ``seat`` now: fur (by slot, less Gravelines, R15) + equipment (its
    Strength). Columns are as wide as their names; when five whole names do not fit, the longest are
    shortened first (initials, then the surname), so short names stay whole."""
    p = state.players[seat]
    title, legend = journal_costs()
    head = max(len(title), len(legend))
    room = width - head - 1 - len(state.journal)  # a space after the head and after each column
    costs: list[Text] = []
    forms: list[list[str]] = []  # each slot's name forms, longest first
    for slot, card in enumerate(state.journal):
        if not card:
            costs.append(Text(""))
            forms.append([empty_slot()])
            continue
        c = CARDS[card]
        costs.append(Text("  ") + _kind(c.badge) + Text(f" {recruit_fur(state, p, slot)}+{c.strength}", style="bold"))
        forms.append(name_forms(c.name))
    chosen = [0] * len(forms)

    def cell(i: int) -> int:
        return max(2 + len(forms[i][chosen[i]]), costs[i].cell_len)

    while sum(cell(i) for i in range(len(forms))) > room:
        longer = [i for i in range(len(forms)) if chosen[i] + 1 < len(forms[i])]
        if not longer:
            break
        chosen[max(longer, key=lambda i: len(forms[i][chosen[i]]))] += 1
    grid = Table.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True, style="bold")
    spare = max(0, room - sum(cell(i) for i in range(len(forms))))
    for i in range(len(forms)):
        # what is left after shortening is cut at the edge (only when even surnames do not fit)
        fit = cell(i) if spare or sum(cell(k) for k in range(len(forms))) <= room else max(6, room // len(forms))
        grid.add_column(no_wrap=True, overflow="ellipsis", width=fit)
    names: list[Text] = []
    for slot, card in enumerate(state.journal):
        name = forms[slot][chosen[slot]]
        if not card:
            names.append(Text(f"{slot + 1} " + name, style="dim"))
        else:
            names.append(Text(f"{slot + 1} ", style="bold") + Text(name, style=KIND_STYLES[KINDS[CARDS[card].badge]]))
    grid.add_row(Text(title), *names)
    grid.add_row(Text(legend, style="dim"), *costs)
    return grid


def name_forms(name: str) -> list[str]:
    """A name whole, then with its first names as initials ("J. Gravelines"), then its last word alone
    ("Gravelines"): the forms a narrow column may take, longest first, each shorter than the one before."""
    words = name.split()
    forms = [name]
    if len(words) > 1:
        initials = " ".join([w[0] + "." if w[0].isalpha() and not w.endswith(".") else w for w in words[:-1]]
                            + words[-1:])
        for form in (initials, words[-1]):
            if len(form) < len(forms[-1]):
                forms.append(form)
    return forms


def short_name(name: str, width: int) -> str:
    """A name in ``width`` characters when one of its forms fits (see ``name_forms``), else its shortest form."""
    forms = name_forms(name)
    return next((form for form in forms if len(form) <= width), forms[-1])


def clipped(text: str, width: int, style: str = "") -> Text:
    """``text`` in ``width`` characters: whole when it fits, else cut after its last whole part (" | "
    parts first, then words) with an ellipsis, never in the middle of a word."""
    if len(text) <= width:
        return Text(text, style=style)
    room = text[: max(0, width - 1)]
    cut = room.rfind(" | ")
    if cut <= 0:
        cut = room.rfind(" ")
    return Text((room[:cut] if cut > 0 else room).rstrip(" |") + "…", style=style)


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


def _width(cell: str | Text) -> int:
    return cell.cell_len if isinstance(cell, Text) else Text(cell).cell_len


ACTION = 34  # the Journal's actions get this many columns at least, before whole names do


def journal_rows(state: State, seat: int, width: int = 100) -> RenderableType:
    """The Journal a slot per line (when there is room): slot, fur cost for ``seat`` (``*`` when
    Gravelines lowers it, R15), card, Strength, badge and its action in short; an action longer than its
    column wraps between words onto the next lines."""
    p = state.players[seat]
    heads = (t("slot"), t("fur"), t("card"), t("Str"), t("badge"), t("action"))
    grid = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, title=journal_title(), title_justify="left",
                 title_style="bold")
    rows: list[tuple[str, str, Text, str, Text, Text]] = []
    # names shortened (initials first) when whole ones would leave the actions under ACTION columns
    fixed = sum(map(len, heads[:2])) + len(heads[3]) + max(len(heads[4]), *(len(kind_name(k)) for k in range(4))) + 6
    longest = max((len(CARDS[c].name) for c in state.journal if c), default=4)
    names = max(len(heads[2]), 14, width - fixed - ACTION) if width - fixed - longest < ACTION else longest
    for slot, card in enumerate(state.journal):
        fur = recruit_fur(state, p, slot)
        fur_cell = str(fur) if fur == slot_fur(slot) else f"{fur}*"
        if not card:
            rows.append((str(slot + 1), fur_cell, Text(empty_slot(), style="dim"), "", Text(""), Text("")))
            continue
        c = CARDS[card]
        rows.append((str(slot + 1), fur_cell, Text(short_name(c.name, names), style=KIND_STYLES[KINDS[c.badge]]),
                     str(c.strength),
                     _kind(c.badge), Text(card_summary(c), style="dim")))
    widths = [max(len(head), *(_width(row[i]) for row in rows)) for i, head in enumerate(heads[:5])]
    action = max(len(heads[5]), width - sum(widths) - len(widths) - 1)
    for i, head in enumerate(heads[:5]):
        grid.add_column(head, justify="right" if i in (0, 1, 3) else "left", no_wrap=True, width=widths[i])
    grid.add_column(heads[5], no_wrap=False, overflow="fold", width=action)
    for row in rows:
        grid.add_row(*row)
    return grid


def hand_rows(state: State, seat: int, width: int = 100) -> RenderableType:
    """A hand a card per line: name, Strength and badge, its action in short (cut after a whole part)."""
    p = state.players[seat]
    grid = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, show_header=False, title_justify="left",
                 title=t("{name}'s hand", name=player_name(state, seat)), title_style="bold")
    name_width = max((len(CARDS[c].name) for c in p.hand), default=4)
    grid.add_column(no_wrap=True, width=name_width)
    grid.add_column(no_wrap=True, width=11)
    action = max(8, width - name_width - 11 - 3)
    grid.add_column(no_wrap=True, width=action)
    for c in sorted(p.hand, key=lambda c: (CARDS[c].strength, c)):
        card = CARDS[c]
        grid.add_row(Text(card.name, style=KIND_STYLES[KINDS[card.badge]]), Text(f"{card.strength} ") + _kind(card.badge),
                     clipped(card_summary(card), action, "dim"))
    if not p.hand:
        grid.add_row(Text(no_cards(), style="dim"), "", "")
    return grid
