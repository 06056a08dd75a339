"""The table in compact form for the full-screen app: every expedition in one or two lines, the other
seats' last turns, the Journal with its badges and costs, the Village with its occupants (and solo
badge tokens), a hand, and the decision.

Functions take a state and return rich renderables that fit a width (never widening it): the table's
status lines are cut at the edge, while the decision, the Camp preview and the words of the wide
tables wrap; the full tables of ``terminal.screen`` serve where there is room. Nothing here reads
input or changes a state.
"""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Iterable, Mapping, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lewis_clark.cards import CARDS
from lewis_clark.events import Event
from lewis_clark.expedition import TILE_FACES
from lewis_clark.journal import fur_cost as slot_fur
from lewis_clark.queries import recruit_fur
from lewis_clark.resources import KINDS
from lewis_clark.state import State
from lewis_clark.terminal.screen import KIND_STYLES, PLAYER_STYLES, player_text, resources_text
from lewis_clark.village import PLACES
from lewis_clark.wording import boat_count, camp_preview, card_summary, decision_hint, kind_name, player_name, prompt, t
from lewis_clark.wording.recap import every_turn, last_turns, mackenzie_words, recap_line, recap_parts
from lewis_clark.wording.terminal_app import (
    area_cards,
    badge_token,
    empty_slot,
    hand_size,
    hand_title,
    indians_aboard,
    journal_heads,
    journal_title,
    no_cards,
    place_label,
    recruit_cost,
    village_counts,
    village_title,
)

__all__ = ["decision", "expeditions", "hand_line", "hand_rows", "journal_line", "journal_rows", "last_words",
           "name_forms", "recaps", "short_name", "village_line"]


def _cut(line: Text) -> Text:
    """One screen line: cut at the edge with an ellipsis, never wrapped."""
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def _names(ids: Sequence[int]) -> str:
    return ", ".join(CARDS[c].name for c in ids) if ids else "-"


def _kind(kind: int) -> Text:
    return Text(kind_name(kind), style=KIND_STYLES[KINDS[kind]])


def expeditions(state: State, seats: Sequence[str] = (), lines: int = 1, width: int = 200,
                brief: Collection[int] = (), told: Mapping[int, str] | None = None) -> Group:
    """Each expedition in ``lines`` lines (1, or 2: the Camp preview of the one to play after its first
    line when it fits whole in ``width``, else on a line of its own, never cut; 3: the same): name, Scout
    and Camp, resources and boat room, Indians, boats, hand size and the cards in its playing area (the
    expedition to play marked >). The seats in ``brief`` take one line whatever ``lines`` says; a seat in
    ``told`` takes one line of its Scout, Camp and those words (its last turn) instead."""
    rows: list[Text] = []
    for seat, p in enumerate(state.players):
        first = Text("> " if seat == state.current and not state.over else "  ", style="bold")
        first.append_text(player_text(state, seat, seats))
        first.append(f" @{p.scout} C{p.camp}  ", style="bold")
        if told and seat in told:
            first.append(told[seat])
            rows.append(_cut(first))
            continue
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
        if lines >= 2 and seat not in brief:
            preview = "  " + camp_preview(state, seat) if seat == state.current and not state.over else ""
            if first.cell_len + len(preview) <= width:
                first.append(preview, style="dim")
                preview = ""
            rows += [_cut(first), rest if lines >= 3 else _cut(rest)]  # wide: the cards wrap, never cut
            if preview:  # a line of its own rather than cut at the edge
                rows.append(Text("  " + preview.strip(), style="dim"))
        else:
            first.append(";")
            rows.append(_cut(first + rest[1:]))
    return Group(*rows)


def last_words(state: State, events: Iterable[Event], seat: int) -> dict[int, str]:
    """Each other seat's last turn in words without its name (``wording.recap``), for a one-line table."""
    return {r.seat: "; ".join(recap_parts(r)) for r in last_turns(state, events) if r.seat != seat}


def recaps(state: State, events: Iterable[Event], seat: int, seats: Sequence[str] = (), width: int = 80,
           room: int = 99) -> list[Text]:
    """What happened since ``seat``'s turn, in at most ``room`` lines: each other seat's latest turn
    (``wording.recap``), oldest first, wrapped between words under its own start; in solo, Mackenzie's
    last step. When wrapped turns do not fit, each takes one line (cut at the edge), then only the latest."""
    events = list(events)
    said: list[tuple[int, str]] = []
    if len(state.players) == 1:
        ended = [r for r in every_turn(state, events) if r.mackenzie[1] >= 0]
        if ended:
            said.append((-1, mackenzie_words(ended[-1])))
    else:
        said = [(r.seat, recap_line(state, r)) for r in last_turns(state, events) if r.seat != seat]
    if not said or room <= 0:
        return []

    def styled(line: str, who: int) -> Text:
        text = Text(line)
        if who >= 0:
            text.highlight_words([player_name(state, who)], style=PLAYER_STYLES.get(state.players[who].colour, "bold"))
        else:
            text.stylize("red")
        return text

    wrapped = [[styled(line, who) for line in textwrap.wrap(text, max(20, width - 1), subsequent_indent="    ")]
               for who, text in said]
    if sum(map(len, wrapped)) <= room:
        return [line for turn in wrapped for line in turn]
    return [_cut(styled(text, who)) for who, text in said][-room:]


def journal_line(state: State, seat: int, width: int = 80) -> RenderableType:
    """The Journal in three lines, a column per slot: the slot and the card (in its badge's colour), its
    badge, and what recruiting it costs ``seat`` now, in words: fur (by slot, less Gravelines, R15) and
    equipment (its Strength). Columns are as wide as their names; when five whole names do not fit, the
    longest are shortened first (initials, then the surname), so short names stay whole."""
    p = state.players[seat]
    short = False
    for short in (False, True):  # the costs in words when they fit, else their units in the row's head
        heads = journal_heads(short)
        head = max(map(len, heads))
        room = width - head - 1 - len(state.journal)  # a space after the head and after each column
        badges: list[Text] = []
        costs: list[Text] = []
        forms: list[list[str]] = []  # each slot's name forms, longest first
        for slot, card in enumerate(state.journal):
            if not card:
                badges.append(Text(""))
                costs.append(Text(""))
                forms.append([empty_slot()])
                continue
            c = CARDS[card]
            badges.append(_kind(c.badge))
            costs.append(Text(recruit_cost(recruit_fur(state, p, slot), c.strength, short), style="bold"))
            forms.append(name_forms(c.name))
        if sum(max(len(f[-1]) + 2, b.cell_len, k.cell_len) for f, b, k in zip(forms, badges, costs, strict=True)) <= room:
            break
    chosen = [0] * len(forms)

    def cell(i: int) -> int:
        return max(2 + len(forms[i][chosen[i]]), badges[i].cell_len, costs[i].cell_len)

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
    grid.add_row(Text(heads[0]), *names)
    grid.add_row(Text(heads[1], style="dim"), *badges)
    grid.add_row(Text(heads[2], style="dim"), *costs)
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
        entry = Text(place_label(place) + " ")
        entry.append(str(n), style="bold magenta" if n else "dim")
        if solo:
            entry.append(" (")
            entry.append(badge_token(kind_name(place.solo_badge)), style=KIND_STYLES[KINDS[place.solo_badge]])
            entry.append(")")
        entries.append(entry)
    entries.append(Text(village_counts(state.powwow, state.newcomer, state.indian_stock), style="dim"))
    return packed(Text(village_title() + ":", style="bold"), entries, width)


def hand_line(state: State, seat: int, width: int = 80) -> Text:
    """A hand in a few lines: each card (its whole name) in its badge's colour, with its Strength."""
    p = state.players[seat]
    entries = []
    for c in sorted(p.hand, key=lambda c: (CARDS[c].strength, c)):
        card = CARDS[c]
        entries.append(Text(card.name + " ") + Text(f"{card.strength} ", style="bold") + _kind(card.badge))
    return packed(Text(hand_title(), style="bold"), entries or [Text(no_cards(), style="dim")], width)


def decision(state: State, width: int = 80) -> RenderableType:
    """The decision to make and its one-line hint, one paragraph wrapped between words (never cut)."""
    out = Text(prompt(state), style="bold")
    out.append(" - " + decision_hint(state), style="dim italic")
    return out


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
    """A hand a card per line: name, Strength and badge, its action in short (wrapped between words)."""
    p = state.players[seat]
    grid = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, show_header=False, title_justify="left",
                 title=t("{name}'s hand", name=player_name(state, seat)), title_style="bold")
    name_width = max((len(CARDS[c].name) for c in p.hand), default=4)
    grid.add_column(no_wrap=True, width=name_width)
    grid.add_column(no_wrap=True, width=11)
    action = max(8, width - name_width - 11 - 3)
    grid.add_column(overflow="fold", width=action)  # a long action wraps between words, never cut
    for c in sorted(p.hand, key=lambda c: (CARDS[c].strength, c)):
        card = CARDS[c]
        grid.add_row(Text(card.name, style=KIND_STYLES[KINDS[card.badge]]), Text(f"{card.strength} ") + _kind(card.badge),
                     Text(card_summary(card), style="dim"))
    if not p.hand:
        grid.add_row(Text(no_cards(), style="dim"), "", "")
    return grid
