"""Drawing the table with rich: the route, Village, Journal, expeditions, a hand, and the menu.

Everything a player at the table sees, laid out to stay readable in 80 columns (tables fold their
long cells rather than widen). Functions take a state and return rich renderables; nothing here
reads input or changes a state.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from lewis_clark.actions import Action
from lewis_clark.cards import CARDS, GRAVELINES
from lewis_clark.expedition import TILE_FACES
from lewis_clark.journal import fur_cost
from lewis_clark.plans import Plan
from lewis_clark.queries import recruit_fur, round_number
from lewis_clark.resources import KINDS, RESOURCES
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.state import State
from lewis_clark.village import PLACES
from lewis_clark.wording import (
    boat_count,
    boats_load,
    camp_preview,
    card_summary,
    decision_hint,
    discard_warning,
    futile_mark,
    hint,
    kind_count,
    kind_name,
    outcome,
    place_summary,
    player_name,
    prompt,
    resources_words,
    seat_name,
    t,
    tn,
    village_room,
)
from lewis_clark.wording.names import card_tag
from lewis_clark.wording.plans import choice_label
from lewis_clark.wording.terminal import all_plans_heading, plans_heading, single_choices_heading
from lewis_clark.wording.terminal_app import colour_label, place_label

PLAYER_STYLES: dict[str, str] = {"orange": "bold dark_orange", "blue": "bold dodger_blue1", "yellow": "bold yellow",
                                 "green": "bold green3", "purple": "bold medium_purple1"}
KIND_STYLES: dict[str, str] = {"wood": "dark_goldenrod", "fur": "orange3", "food": "red3", "equipment": "grey70",
                               "canoe": "deep_sky_blue3", "horse": "tan", "indian": "magenta"}
TERRAIN = {RIVER: ("~", "blue"), MOUNTAIN: ("^", "bright_white"), "MR": ("*", "magenta")}
MENU_HINTS_UP_TO = 14  # longer menus drop their hints and use columns


def player_text(state: State, seat: int, seats: Sequence[str] = ()) -> Text:
    """A player's name (with who sits there), in the expedition's colour."""
    return Text(seat_name(state, seat, seats), style=PLAYER_STYLES.get(state.players[seat].colour, "bold"))


def kind_text(kind: int, n: int | None = None) -> Text:
    """A resource kind or a count of it, in the kind's colour."""
    return Text(kind_name(kind) if n is None else kind_count(kind, n), style=KIND_STYLES[KINDS[kind]])


def resources_text(state: State, seat: int) -> Text:
    """``wording.resources_line`` with each kind in its colour."""
    p = state.players[seat]
    out = Text(resources_words(state, seat), style="" if any(p.resources[r] for r in RESOURCES) else "dim")
    for r in RESOURCES:
        if p.resources[r]:
            out.highlight_words([kind_count(r, p.resources[r])], style=KIND_STYLES[KINDS[r]])
    out.append(f"  ({boats_load(state, seat)})", style="dim")
    return out


# --- the route -----------------------------------------------------------------------------------

def render_route(state: State, seats: Sequence[str] = ()) -> RenderableType:
    """The route as one character per space, a ruler, St Louis (S), Fort Clatsop (F) and a row per
    expedition: C its Camp, @ its Scout (# when both stand together), - between them."""
    route = state.options.route
    n = len(route.terrains)
    label = 10
    ruler = Text(" " * label)
    for i in range(0, n, 10):
        ruler.append(f"{i:<10}"[: max(0, min(10, n - i))])
    terrain = Text(t("route")[: label - 1].ljust(label), style="bold")
    for terrain_kind in route.terrains:
        ch, style = TERRAIN[terrain_kind]
        terrain.append(ch, style=style)
    marks = [" "] * n
    marks[route.st_louis] = "S"
    marks[route.fort_clatsop] = "F"
    landmarks = Text(" " * label + "".join(marks).rstrip(), style="bold")
    rows: list[RenderableType] = [ruler, terrain, landmarks]
    for p in state.players:
        cells = [" "] * n
        for i in range(min(p.camp, p.scout) + 1, max(p.camp, p.scout)):
            cells[i] = "-"
        cells[p.camp] = "C"
        cells[p.scout] = "#" if p.scout == p.camp else "@"
        row = Text(colour_label(p.colour)[:label - 1].ljust(label), style=PLAYER_STYLES.get(p.colour, "bold"))
        row.append("".join(cells), style=PLAYER_STYLES.get(p.colour, "bold"))
        row.append(f"  @{p.scout} C{p.camp}", style="dim")
        rows.append(row)
    if state.mackenzie >= 0:
        cells = [" "] * n
        cells[state.mackenzie] = "M"
        row = Text("Mackenzie".ljust(label), style="bold red")
        row.append("".join(cells), style="bold red")
        row.append("  " + t("space {space}", space=state.mackenzie), style="dim")
        rows.append(row)
    rows.append(Text(t("~ river  ^ mountain  * both   S St Louis  F Fort Clatsop   @ Scout C Camp # both"), style="dim"))
    return Group(*rows)


# --- Village and Journal ---------------------------------------------------------------------------

def render_village(state: State) -> RenderableType:
    table = Table(title=t("Indian Village"), box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1))
    table.add_column(t("place"), overflow="fold")
    table.add_column(t("ind."), justify="right", overflow="fold")
    table.add_column(t("room"), overflow="fold")
    table.add_column(t("action"), overflow="fold")
    for place in PLACES:
        n = state.village[place.index]
        # in English the notation's word names the place: it is what is typed after "village"
        table.add_row(place_label(place), Text(str(n), style="magenta" if n else "dim"), village_room(state, place),
                      place_summary(place))
    return Group(table, Text(t("Powwow {powwow}   Newcomer {newcomer}   Indian stock {stock}   boat tiles: small {small}, "
                               "large {large}", powwow=state.powwow, newcomer=state.newcomer, stock=state.indian_stock,
                               small=state.tile_stacks[0], large=state.tile_stacks[1]), style="dim"))


def _strength_badge(card: int) -> Text:
    c = CARDS[card]
    out = Text(f"{c.strength} ")
    out.append_text(kind_text(c.badge))
    return out


def render_journal(state: State, seat: int) -> RenderableType:
    p = state.players[seat]
    table = Table(title=t("Journal"), box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1))
    table.add_column(t("slot"), justify="right", overflow="fold")
    table.add_column(kind_name(1), justify="right", overflow="fold")
    table.add_column(t("card"), overflow="fold")
    table.add_column(t("str badge"), overflow="fold")
    table.add_column(t("action"), overflow="fold")
    for slot, card in enumerate(state.journal):
        fur = recruit_fur(state, p, slot)
        fur_cell = str(fur) if fur == fur_cost(slot) else f"{fur}*"
        if not card:
            table.add_row(str(slot + 1), fur_cell, Text(t("(empty)"), style="dim"), "", "")
            continue
        c = CARDS[card]
        table.add_row(str(slot + 1), fur_cell, f"{c.name} [dim]{card_tag(c)}[/]", _strength_badge(card), card_summary(c))
    caption = t("recruit: fur by slot + equipment = Strength.  Deck {deck}, discards {discards}", deck=len(state.deck),
                discards=len(state.discard))
    if GRAVELINES in p.face_up:
        caption += "   " + t("* Gravelines: 2 fur less")
    table.caption = caption
    table.caption_justify = "left"
    return table


# --- expeditions and hands -----------------------------------------------------------------------

def _card_names(ids: Sequence[int]) -> str:
    return ", ".join(CARDS[c].name for c in ids) if ids else "-"


def render_expeditions(state: State, seats: Sequence[str] = ()) -> RenderableType:
    table = Table(title=t("Expeditions"), box=box.SIMPLE_HEAD, title_justify="left", show_header=False, padding=(0, 1))
    table.add_column("who", overflow="fold")
    table.add_column("what", overflow="fold")
    for seat, p in enumerate(state.players):
        name = player_text(state, seat, seats)
        if seat == state.current and not state.over:
            name.append("  " + t("<- turn"), style="bold")
        boats = ", ".join(boat_count(face, n) for face, n in zip(TILE_FACES, p.tiles, strict=True) if n) \
            or t("the 5 starting boats")
        lines = Text()
        where = t("Scout {scout}, Camp {camp}", scout=p.scout, camp=p.camp)
        lines.append(f"{where}; {camp_preview(state, seat)}\n" if not state.over else f"{where}\n")
        lines.append_text(resources_text(state, seat))
        lines.append("\n" + t("Indians: {boats} on boats, {cards} on cards; boats: {tiles}", boats=p.indians,
                                cards=p.on_cards, tiles=boats) + "\n")
        lines.append(t("area: {cards}", cards=_card_names(p.face_up)), style="")
        if p.face_down:
            lines.append(" " + t("(under: {cards})", cards=_card_names(p.face_down)), style="dim")
        lines.append("\n" + tn("hand: {n} card", "hand: {n} cards", len(p.hand)), style="dim")
        table.add_row(name, lines)
    return table


def render_hand(state: State, seat: int) -> RenderableType:
    p = state.players[seat]
    table = Table(title=t("{name}'s hand", name=player_name(state, seat)), box=box.SIMPLE_HEAD, title_justify="left",
                  padding=(0, 1))
    table.add_column(t("card"), overflow="fold")
    table.add_column(t("str badge"), overflow="fold")
    table.add_column(t("action"), overflow="fold")
    for c in sorted(p.hand, key=lambda c: (CARDS[c].strength, c)):
        card = CARDS[c]
        table.add_row(card.name, _strength_badge(c), card_summary(card))
    if not p.hand:
        table.add_row(Text(t("(no cards)"), style="dim"), "", "")
    return table


def header(state: State, seats: Sequence[str]) -> Text:
    # The seed is not shown: with the actions it foretells every draw (rng.py). A chosen one is said.
    # Whose turn comes first: the warning goes last, so that 80 columns never cut who is to play.
    out = Text(t("Lewis & Clark - round {round} - ", round=round_number(state)), style="bold")
    if state.over:
        out.append(t("the game is over"), style="bold")
    else:
        out.append_text(player_text(state, state.current, seats))
        out.append(" " + t("to play"), style="bold")
    if state.options.chosen_seed:
        out.append(" - " + t("chosen seed: its creator knows the deck"), style="bold yellow")
    return out


def render_board(state: State, seats: Sequence[str], seat: int) -> RenderableType:
    """The whole table, then ``seat``'s hand in detail."""
    return Group(Text(""), header(state, seats), render_route(state, seats), Text(""), render_village(state),
                 render_journal(state, seat), render_expeditions(state, seats), render_hand(state, seat))


def render_status(state: State, seats: Sequence[str], seat: int) -> RenderableType:
    """A short reminder between the decisions of one turn."""
    p = state.players[seat]
    line = player_text(state, seat, seats)
    parts = [t("Scout {scout}, Camp {camp}", scout=p.scout, camp=p.camp),
             tn("{n} Indian aboard", "{n} Indians aboard", p.indians), tn("{n} card", "{n} cards", len(p.hand))]
    line.append(": " + ", ".join(parts) + "; ")
    line.append_text(resources_text(state, seat))
    line.append(f"; {camp_preview(state, seat)}", style="dim")
    return line


# --- the menu ------------------------------------------------------------------------------------

def action_hint(state: State, action: Action) -> str:
    """A few words on what a menu choice does (``wording.hint``)."""
    return hint(state, action)


def render_plans(state: State, plans: Sequence[Plan], codes: Sequence[str]) -> RenderableType:
    """Plans, one per line with its letter; a long one wraps under its own words, not under the letter."""
    # no padding at the edges (the letter brings its own space): the words get the whole width left
    grid = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    grid.add_column(justify="right", style="bold magenta", no_wrap=True)
    grid.add_column(overflow="fold")
    for letter, plan in zip(codes, plans, strict=True):
        grid.add_row(f" {letter} ", choice_label(state, plan))
    return grid


def render_all_plans(state: State, plans: Sequence[Plan], codes: Sequence[str]) -> RenderableType:
    """Every plan of the decision (the ``plans`` command), with the letters the menu uses."""
    return Group(Text(all_plans_heading(len(plans)), style="bold"), render_plans(state, plans, codes))


def render_menu(state: State, legal: Sequence[Action], plans: Sequence[Plan] = (), codes: Sequence[str] = (),
                total: int = 0) -> RenderableType:
    """The decision and its one-line hint; the ``plans`` (lettered by ``codes``, ``total`` plans in all)
    when there are any; then the legal actions, numbered from 1 in ``legal``'s order."""
    title = Text(prompt(state), style="bold")
    parts: list[RenderableType] = [title, Text(decision_hint(state), style="dim italic")]
    if plans:
        parts.append(Text(plans_heading(len(plans), max(total, len(plans))), style="bold"))
        parts.append(render_plans(state, plans, codes))
        parts.append(Text(single_choices_heading(), style="bold"))
    parts.append(render_actions(state, legal))
    return Group(*parts)


def render_actions(state: State, legal: Sequence[Action]) -> RenderableType:
    """The legal actions, numbered from 1 in ``legal``'s order, with hints when few (and a warning
    before a discard that loses the Commander or a mover); nothing is ever cut: what does not fit wraps."""
    if len(legal) <= MENU_HINTS_UP_TO:
        grid = Table(box=None, show_header=False, padding=(0, 2, 0, 0), pad_edge=False)
        grid.add_column(justify="right", style="bold cyan", no_wrap=True)
        grid.add_column(overflow="fold")
        grid.add_column(overflow="fold", ratio=1)
        for i, action in enumerate(legal, 1):
            words = Text(action_hint(state, action), style="dim")
            mark = futile_mark(state, action)
            if mark:
                words = Text(f"! {mark}", style="bold red").append("  ").append(words)
            warning = discard_warning(state, action)
            if warning:
                words.append(("  " if words else "") + warning, style="bold red")
            grid.add_row(f" {i}", str(action), words)
        return grid
    return Numbered([_marked(state, a) for a in legal])


def _marked(state: State, action: Action) -> str:
    """A choice's notation, with the mark of one that pays for nothing."""
    mark = futile_mark(state, action)
    return f"{action}  ! {mark}" if mark else str(action)


class Numbered:
    """Many numbered actions in as many columns as the width takes whole (one when narrow)."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.texts = list(texts)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        texts = self.texts
        number_width = len(str(len(texts)))
        widest = max((len(text) for text in texts), default=0)
        columns = 2 if 2 * (number_width + widest + 3) <= options.max_width else 1
        rows = (len(texts) + columns - 1) // columns
        grid = Table(box=None, show_header=False, padding=(0, 1))
        for _ in range(columns):
            grid.add_column(justify="right", style="bold cyan", no_wrap=True, min_width=number_width)
            grid.add_column(overflow="fold")
        for r in range(rows):
            cells: list[str] = []
            for c in range(columns):
                i = c * rows + r
                cells.extend([str(i + 1), texts[i]] if i < len(texts) else ["", ""])
            grid.add_row(*cells)
        yield grid


def render_end(state: State, seats: Sequence[str]) -> RenderableType:
    """Who won, and where everyone stands."""
    winner = state.outcome.winner
    if winner is not None:
        line = Text(outcome(state, seats), style=PLAYER_STYLES.get(state.players[winner].colour, "bold"))
    else:
        line = Text(outcome(state, seats), style="bold red")
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1))
    for col in (t("expedition"), t("scout"), t("camp"), t("hand"), t("resources")):
        table.add_column(col, overflow="fold")
    for seat, p in enumerate(state.players):
        table.add_row(player_text(state, seat, seats), str(p.scout), str(p.camp), str(len(p.hand)),
                      resources_text(state, seat))
    return Group(Text(""), Text(t("=== Game over ==="), style="bold"), line, table,
                 Text(tn("{n} round, Fort Clatsop at space {fort}", "{n} rounds, Fort Clatsop at space {fort}",
                         round_number(state), fort=state.options.route.fort_clatsop), style="dim"))
