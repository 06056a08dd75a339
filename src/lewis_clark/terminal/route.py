"""The route as a compact strip: one character per space, with terrain, St Louis (S), Fort Clatsop (F),
every Scout (@) and Camp (C) and Mackenzie (M), fitted to a width.

A row per expedition when there is room (``rows="full"``), else two shared rows: the Scouts and the
Camps, each space showing the initial of the expedition there (a digit when several share it). A
route longer than the width is shown through a window around the action (the expedition to play),
with ``<`` and ``>`` where it goes on.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.text import Text

from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.state import State
from lewis_clark.terminal.screen import PLAYER_STYLES
from lewis_clark.wording.terminal_app import camps_label, colour_label, route_label, route_legend, scouts_label

__all__ = ["LABEL", "route_strip", "window"]

TERRAIN = {RIVER: ("~", "blue"), MOUNTAIN: ("^", "bright_white"), "MR": ("*", "magenta")}
LABEL = 10  # the width of a row's name ("Mackenzie" and a space)
SUFFIX = 8  # room after the strip for "@12 C5"


def window(state: State, width: int) -> range:
    """The spaces shown in ``width`` characters: the whole route when it fits, else a window that
    keeps the expedition to play (its Camp to its Scout) and Mackenzie in view as far as it can."""
    n = len(state.options.route.terrains)
    if n <= width:
        return range(n)
    p = state.players[state.current]
    low, high = min(p.camp, p.scout), max(p.camp, p.scout)
    if state.mackenzie >= 0:
        high = max(high, state.mackenzie)
    start = max(0, min(n - width, (low + high) // 2 - width // 2))
    return range(start, start + width)


def _label(text: str, style: str = "bold") -> Text:
    return Text(text[: LABEL - 1].ljust(LABEL), style=style)


def _cells(spaces: range, marks: dict[int, tuple[str, str]], n: int) -> Text:
    """One character per space shown, ``marks`` by space; arrows where the route goes on unseen."""
    out = Text()
    for i in spaces:
        ch, style = marks.get(i, (" ", ""))
        out.append(ch, style=style)
    if spaces.start > 0:
        out = Text("<", style="dim") + out[1:]
    if spaces.stop < n:
        out = out[:-1] + Text(">", style="dim")
    return out


def route_strip(state: State, seats: Sequence[str] = (), width: int = 80, *, rows: str = "full",
                ruler: bool = False, legend: bool = False) -> Group:
    """The route in ``width`` columns: the terrain with S and F, then the pieces (see the module)."""
    route = state.options.route
    n = len(route.terrains)
    # the Scout and Camp numbers after a row only when the whole route still fits beside them
    suffix = SUFFIX if width - LABEL - SUFFIX >= n else 0
    spaces = window(state, max(10, width - LABEL - suffix))
    lines: list[Text] = []
    if ruler:
        numbers: dict[int, tuple[str, str]] = {}
        for i in spaces:
            if i % 10 == 0:
                for k, digit in enumerate(str(i)):
                    numbers[i + k] = (digit, "dim")
        lines.append(_label("") + _cells(spaces, numbers, n))
    terrain = {i: TERRAIN[kind] for i, kind in enumerate(route.terrains)}
    terrain[route.st_louis] = ("S", "bold reverse")
    terrain[route.fort_clatsop] = ("F", "bold reverse green")
    lines.append(_label(route_label()) + _cells(spaces, terrain, n))
    if rows == "full":
        for p in state.players:
            style = PLAYER_STYLES.get(p.colour, "bold")
            marks = {i: ("-", style) for i in range(min(p.camp, p.scout) + 1, max(p.camp, p.scout))}
            marks[p.camp] = ("C", style)
            marks[p.scout] = ("#" if p.scout == p.camp else "@", style)
            row = _label(colour_label(p.colour), style) + _cells(spaces, marks, n)
            if suffix:
                row.append(f" @{p.scout} C{p.camp}", style="dim")
            lines.append(row)
    else:
        for label, where in ((scouts_label(), "scout"), (camps_label(), "camp")):
            at: dict[int, list[int]] = {}
            for seat, p in enumerate(state.players):
                at.setdefault(getattr(p, where), []).append(seat)
            marks = {}
            for i, seated in at.items():
                if len(seated) == 1:
                    p = state.players[seated[0]]
                    marks[i] = (p.colour[0].upper(), PLAYER_STYLES.get(p.colour, "bold"))
                else:
                    marks[i] = (str(len(seated)), "bold")
            lines.append(_label(label) + _cells(spaces, marks, n))
    if state.mackenzie >= 0:
        row = _label("Mackenzie", "bold red") + _cells(spaces, {state.mackenzie: ("M", "bold red")}, n)
        if suffix:
            row.append(f" {state.mackenzie}", style="dim")
        lines.append(row)
    if legend:  # a line break between two meanings, never inside one
        line = Text(style="dim")
        for part in [part.strip() for part in route_legend().split("  ") if part.strip()]:
            if line.cell_len and line.cell_len + 2 + len(part) > width:
                lines.append(line)
                line = Text(style="dim")
            line.append(("  " if line.cell_len else "") + part)
        lines.append(line)
    for line in lines:  # fitted to the width above; were one longer, it would wrap, never be cut
        line.overflow = "fold"
    return Group(*lines)
