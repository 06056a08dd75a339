"""The table in compact form for the full-screen app: every expedition in one or two lines, the other
seats' last turns, the Journal with its badges and costs, the Village with its occupants (and solo
badge tokens), a hand, and the decision.

Functions take the facts of ``terminal.panels`` (the same the line-by-line game draws) and return rich
renderables that fit a width (never widening it): a line longer than the width wraps between words,
nothing is cut with an ellipsis. Nothing here reads input or changes a state.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Collection, Mapping, Sequence

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from lewis_clark.resources import KINDS
from lewis_clark.terminal.panels import Decision, Expedition, Hand, Journal, Recap, Village
from lewis_clark.terminal.screen import KIND_STYLES, PLAYER_STYLES, name_text, resources_text
from lewis_clark.wording import kind_name, t
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
    recruit_cost,
    village_counts,
    village_title,
)

__all__ = ["decision", "expeditions", "hand_line", "hanging", "hand_rows", "journal_line", "journal_rows", "last_words",
           "name_forms", "recaps", "short_name", "village_line"]


MEASURE = Console(width=200, file=io.StringIO(), color_system=None, legacy_windows=False)  # wraps and measures


def _names(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "-"


def _kind(kind: int) -> Text:
    return Text(kind_name(kind), style=KIND_STYLES[KINDS[kind]])


def expeditions(table: Sequence[Expedition], lines: int = 1, width: int = 200, brief: Collection[int] = (),
                told: Mapping[int, str] | None = None, where: bool = True) -> Group:
    """Each expedition in ``lines`` lines (1, or 2: the Camp preview of the one to play after its first
    line when it fits whole in ``width``, else on a line of its own; 3: the same): name, Scout and Camp,
    resources and boat room, Indians, boats, hand size and the cards in its playing area (the expedition
    to play marked >). The seats in ``brief`` take one line whatever ``lines`` says; a seat in ``told``
    takes one line of its Scout, Camp and those words (its last turn) instead. Without ``where`` the
    Scout and Camp are left to the route strip's row of the expedition. A line longer than ``width``
    wraps between words."""
    rows: list[Text] = []
    for e in table:
        first = Text("> " if e.to_play else "  ", style="bold")
        first.append_text(name_text(e))
        first.append(f" @{e.scout} C{e.camp}  " if where else "  ", style="bold")
        if told and e.seat in told:
            first.append(told[e.seat])
            rows.append(first)
            continue
        head = first.copy()
        first.append_text(resources_text(e))
        rest = Text("  ")
        rest.append(indians_aboard(e.indians, e.on_cards), style="magenta")
        if e.boats:
            rest.append("; " + ", ".join(e.boats))
        rest.append("; " + hand_size(e.hand) + ("; " if e.area or e.under else ""))
        if e.area or e.under:
            rest.append(area_cards(_names(e.area)))
        if e.under:
            rest.append(" " + t("(under: {cards})", cards=_names(e.under)), style="dim")
        if lines >= 2 and e.seat not in brief:
            preview = "  " + e.camp_now if e.to_play and e.camp_now else ""
            if first.cell_len + len(preview) <= width:
                first.append(preview, style="dim")
                preview = ""
            rows += [first, rest]
            if preview:  # a line of its own rather than wrapped under the resources
                rows.append(Text("  " + preview.strip(), style="dim"))
        else:
            one = first + Text(";") + rest[1:]
            if one.cell_len > width and not e.to_play:  # another's boat room gives way before a line
                one = head + resources_text(e, load=False) + Text(";") + rest[1:]
            # a line that would wrap breaks where the two-line form does, not in the middle of a count
            rows += [first, rest] if one.cell_len > width else [one]
    return Group(*(hanging(row, width) for row in rows))


def hanging(row: Text, width: int) -> Text:
    """``row`` wrapped between words in ``width`` columns, each further line under its words after the
    row's two-character mark (">" for the one to play). Already wrapped, so a line is a line on screen."""
    out = Text()
    for i, line in enumerate(row[2:].wrap(MEASURE, max(1, width - 2))):
        if i:
            out.append("\n")
        out.append_text(row[:2] if i == 0 else Text("  "))
        out.append_text(line)
    return out


def last_words(said: Sequence[Recap], brief: bool = False) -> dict[int, str]:
    """Each other seat's last turn in words without its name, for a one-line table; ``brief``: without
    its Scout's move and Camp (the line's Scout and Camp numbers say where they ended)."""
    return {r.seat: r.brief if brief else r.words for r in said if r.seat >= 0}


def recaps(said: Sequence[Recap], state_colours: Mapping[int, str], width: int = 80, room: int = 99) -> list[Text]:
    """The last turns in at most ``room`` lines, each wrapped between words under its own start, oldest
    first; when not all fit, the latest that do (never a turn cut short). ``state_colours`` gives each
    seat's colour for its name."""
    if not said or room <= 0:
        return []

    def styled(line: str, r: Recap) -> Text:
        text = Text(line)
        if r.seat >= 0:
            text.highlight_words([r.name], style=PLAYER_STYLES.get(state_colours.get(r.seat, ""), "bold"))
        else:
            text.stylize("red")
        return text

    wrapped = [[styled(line, r) for line in textwrap.wrap(r.line, max(20, width - 1), subsequent_indent="    ")]
               for r in said]
    kept: list[list[Text]] = []
    for turn in reversed(wrapped):
        if sum(map(len, kept)) + len(turn) > room:
            break
        kept.insert(0, turn)
    return [line for turn in kept for line in turn]


def journal_line(journal: Journal, width: int = 80) -> RenderableType:
    """The Journal in three lines, a column per slot: the slot and the card (in its badge's colour), its
    badge, and what recruiting it costs the seat shown, in words: fur (by slot, less Gravelines, R15) and
    equipment (its Strength). Columns are as wide as their names; when five whole names do not fit, the
    longest are shortened first (initials, then the surname), so short names stay whole; a name that
    still does not fit wraps in its column, never cut."""
    short = False
    for short in (False, True):  # the costs in words when they fit, else their units in the row's head
        heads = journal_heads(short)
        head = max(map(len, heads))
        room = width - head - 1 - len(journal.slots)  # a space after the head and after each column
        badges: list[Text] = []
        costs: list[Text] = []
        forms: list[list[str]] = []  # each slot's name forms, longest first
        for slot in journal.slots:
            if not slot.card:
                badges.append(Text(""))
                costs.append(Text(""))
                forms.append([empty_slot()])
                continue
            badges.append(_kind(slot.badge))
            costs.append(Text(recruit_cost(slot.fur, slot.strength, short), style="bold"))
            forms.append(name_forms(slot.card))
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
        # what is left after shortening wraps in its column (only when even surnames do not fit)
        fit = cell(i) if spare or sum(cell(k) for k in range(len(forms))) <= room else max(6, room // len(forms))
        grid.add_column(overflow="fold", width=fit)
    names: list[Text] = []
    for i, slot in enumerate(journal.slots):
        name = forms[i][chosen[i]]
        if not slot.card:
            names.append(Text(f"{slot.slot} " + name, style="dim"))
        else:
            names.append(Text(f"{slot.slot} ", style="bold") + Text(name, style=KIND_STYLES[KINDS[slot.badge]]))
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


def village_line(village: Village, width: int = 80) -> Text:
    """The Village in a few lines: each place with its Indians (and in solo the badge token it gives
    while occupied, R24), then the Powwow, the Newcomer and the stock."""
    entries = []
    for place in village.places:
        entry = Text(place.label + " ")
        entry.append(str(place.indians), style="bold magenta" if place.indians else "dim")
        if place.solo_badge >= 0:
            entry.append(" (")
            entry.append(badge_token(kind_name(place.solo_badge)), style=KIND_STYLES[KINDS[place.solo_badge]])
            entry.append(")")
        entries.append(entry)
    entries.append(Text(village_counts(village.powwow, village.newcomer, village.stock), style="dim"))
    return packed(Text(village_title() + ":", style="bold"), entries, width)


def hand_line(hand: Hand, width: int = 80, short: bool = False) -> Text:
    """A hand in a few lines: each card (its whole name, or with ``short`` its first names as initials,
    ``name_forms``) in its badge's colour, with its Strength."""
    entries = [Text(name_forms(card.name)[short and len(name_forms(card.name)) > 1] + " ")
               + Text(f"{card.strength} ", style="bold") + _kind(card.badge) for card in hand.cards]
    return packed(Text(hand_title(), style="bold"), entries or [Text(no_cards(), style="dim")], width)


def decision(asked: Decision, hint: bool = True) -> Text:
    """The decision to make and its one-line hint (unless not ``hint``: a screen short of room, where
    help has it), one paragraph wrapped between words (never cut)."""
    out = Text(asked.prompt, style="bold")
    if hint:
        out.append(" - " + asked.hint, style="dim italic")
    return out


def _width(cell: str | Text) -> int:
    return cell.cell_len if isinstance(cell, Text) else Text(cell).cell_len


ACTION = 34  # the Journal's actions get this many columns at least, before whole names do


def journal_rows(journal: Journal, width: int = 100) -> RenderableType:
    """The Journal a slot per line (when there is room): slot, fur cost for the seat shown (``*`` when
    Gravelines lowers it, R15), card, Strength, badge and its action in short; an action longer than its
    column wraps between words onto the next lines."""
    heads = (t("slot"), t("fur"), t("card"), t("Str"), t("badge"), t("action"))
    grid = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, title=journal_title(), title_justify="left",
                 title_style="bold")
    rows: list[tuple[str, str, Text, str, Text, Text]] = []
    # names shortened (initials first) when whole ones would leave the actions under ACTION columns
    fixed = sum(map(len, heads[:2])) + len(heads[3]) + max(len(heads[4]), *(len(kind_name(k)) for k in range(4))) + 6
    longest = max((len(slot.card) for slot in journal.slots if slot.card), default=4)
    names = max(len(heads[2]), 14, width - fixed - ACTION) if width - fixed - longest < ACTION else longest
    for slot in journal.slots:
        fur_cell = f"{slot.fur}*" if slot.lowered else str(slot.fur)
        if not slot.card:
            rows.append((str(slot.slot), fur_cell, Text(empty_slot(), style="dim"), "", Text(""), Text("")))
            continue
        rows.append((str(slot.slot), fur_cell, Text(short_name(slot.card, names), style=KIND_STYLES[KINDS[slot.badge]]),
                     str(slot.strength), _kind(slot.badge), Text(slot.action, style="dim")))
    widths = [max(len(head), *(_width(row[i]) for row in rows)) for i, head in enumerate(heads[:5])]
    action = max(len(heads[5]), width - sum(widths) - len(widths) - 1)
    for i, head in enumerate(heads[:5]):
        grid.add_column(head, justify="right" if i in (0, 1, 3) else "left", no_wrap=True, width=widths[i])
    grid.add_column(heads[5], no_wrap=False, overflow="fold", width=action)
    for row in rows:
        grid.add_row(*row)
    return grid


def hand_rows(hand: Hand, width: int = 100) -> RenderableType:
    """A hand a card per line: name, Strength and badge, its action in short (wrapped between words)."""
    grid = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, show_header=False, title_justify="left",
                 title=t("{name}'s hand", name=hand.owner), title_style="bold")
    name_width = max((len(card.name) for card in hand.cards), default=4)
    grid.add_column(no_wrap=True, width=name_width)
    grid.add_column(no_wrap=True, width=11)
    action = max(8, width - name_width - 11 - 3)
    grid.add_column(overflow="fold", width=action)  # a long action wraps between words, never cut
    for card in hand.cards:
        grid.add_row(Text(card.name, style=KIND_STYLES[KINDS[card.badge]]), Text(f"{card.strength} ") + _kind(card.badge),
                     Text(card.action, style="dim"))
    if not hand.cards:
        grid.add_row(Text(no_cards(), style="dim"), "", "")
    return grid
