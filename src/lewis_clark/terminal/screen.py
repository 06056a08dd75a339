"""Drawing the table with rich for the line-by-line game: the route, Village, Journal, expeditions, a
hand, and the menu.

The facts come from ``terminal.panels`` (the same the full screen draws); here they are laid out to
stay readable in 80 columns (tables fold their long cells rather than widen, nothing is cut with an
ellipsis). Functions return rich renderables; nothing here reads input or changes a state.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from lewis_clark.actions import Action
from lewis_clark.plans import Plan
from lewis_clark.queries import round_number
from lewis_clark.resources import KINDS
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.state import State
from lewis_clark.terminal import panels
from lewis_clark.terminal.panels import Choice, Decision, Expedition, Hand, Header, Journal, Panels, Village
from lewis_clark.wording import kind_count, kind_name, outcome, seat_name, t, tn
from lewis_clark.wording.terminal import all_plans_heading, plans_heading, single_choices_heading
from lewis_clark.wording.terminal_app import colour_label

PLAYER_STYLES: dict[str, str] = {"orange": "bold dark_orange", "blue": "bold dodger_blue1", "yellow": "bold yellow",
                                 "green": "bold green3", "purple": "bold medium_purple1"}
KIND_STYLES: dict[str, str] = {"wood": "dark_goldenrod", "fur": "orange3", "food": "red3", "equipment": "grey70",
                               "canoe": "deep_sky_blue3", "horse": "tan", "indian": "magenta"}
TERRAIN = {RIVER: ("~", "blue"), MOUNTAIN: ("^", "bright_white"), "MR": ("*", "magenta")}
MENU_HINTS_UP_TO = 14  # longer menus drop their hints and use columns


def player_text(state: State, seat: int, seats: Sequence[str] = ()) -> Text:
    """A player's name (with who sits there), in the expedition's colour."""
    return Text(seat_name(state, seat, seats), style=PLAYER_STYLES.get(state.players[seat].colour, "bold"))


def name_text(e: Expedition) -> Text:
    """An expedition's name in its colour."""
    return Text(e.name, style=PLAYER_STYLES.get(e.colour, "bold"))


def kind_text(kind: int, n: int | None = None) -> Text:
    """A resource kind or a count of it, in the kind's colour."""
    return Text(kind_name(kind) if n is None else kind_count(kind, n), style=KIND_STYLES[KINDS[kind]])


def resources_text(e: Expedition, load: bool = True) -> Text:
    """An expedition's resources in words, each kind in its colour, then (with ``load``) the boats' room."""
    out = Text(e.resources, style="" if e.counts else "dim")
    for kind, n in e.counts:
        out.highlight_words([kind_count(kind, n)], style=KIND_STYLES[KINDS[kind]])
    if load:
        out.append(f"  ({e.load})", style="dim")
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
    for e in panels.expeditions(state, seats):
        cells = [" "] * n
        for i in range(min(e.camp, e.scout) + 1, max(e.camp, e.scout)):
            cells[i] = "-"
        cells[e.camp] = "C"
        cells[e.scout] = "#" if e.scout == e.camp else "@"
        row = Text(colour_label(e.colour)[:label - 1].ljust(label), style=PLAYER_STYLES.get(e.colour, "bold"))
        row.append("".join(cells), style=PLAYER_STYLES.get(e.colour, "bold"))
        row.append(f"  @{e.scout} C{e.camp}", style="dim")
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

def village_table(village: Village) -> RenderableType:
    """The Village a place per row: its Indians, room and action; then the Powwow, Newcomer and stocks."""
    table = Table(title=t("Indian Village"), box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1))
    table.add_column(t("place"), overflow="fold")
    table.add_column(t("ind."), justify="right", overflow="fold")
    table.add_column(t("room"), overflow="fold")
    table.add_column(t("action"), overflow="fold")
    for place in village.places:
        # in English the notation's word names the place: it is what is typed after "village"
        table.add_row(place.label, Text(str(place.indians), style="magenta" if place.indians else "dim"), place.room,
                      place.action)
    return Group(table, Text(t("Powwow {powwow}   Newcomer {newcomer}   Indian stock {stock}   boat tiles: small {small}, "
                               "large {large}", powwow=village.powwow, newcomer=village.newcomer, stock=village.stock,
                               small=village.small_tiles, large=village.large_tiles), style="dim"))


def render_village(state: State) -> RenderableType:
    return village_table(panels.village(state))


def _strength_badge(strength: int, badge: int) -> Text:
    out = Text(f"{strength} ")
    out.append_text(kind_text(badge))
    return out


def journal_table(journal: Journal) -> RenderableType:
    """The Journal a slot per row: fur to pay (``*`` when Gravelines lowers it, R15), card, Strength,
    badge and action."""
    table = Table(title=t("Journal"), box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1))
    table.add_column(t("slot"), justify="right", overflow="fold")
    table.add_column(kind_name(1), justify="right", overflow="fold")
    table.add_column(t("card"), overflow="fold")
    table.add_column(t("str badge"), overflow="fold")
    table.add_column(t("action"), overflow="fold")
    for slot in journal.slots:
        fur_cell = f"{slot.fur}*" if slot.lowered else str(slot.fur)
        if not slot.card:
            table.add_row(str(slot.slot), fur_cell, Text(t("(empty)"), style="dim"), "", "")
            continue
        table.add_row(str(slot.slot), fur_cell, Text(slot.card).append(f" {slot.tag}", style="dim"),
                      _strength_badge(slot.strength, slot.badge), slot.action)
    caption = t("recruit: fur by slot + equipment = Strength.  Deck {deck}, discards {discards}", deck=journal.deck,
                discards=journal.discards)
    if journal.gravelines:
        caption += "   " + t("* Gravelines: 2 fur less")
    table.caption = caption
    table.caption_justify = "left"
    return table


def render_journal(state: State, seat: int) -> RenderableType:
    return journal_table(panels.journal(state, seat))


# --- expeditions and hands -----------------------------------------------------------------------

def _names(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "-"


def expeditions_table(expeditions: Sequence[Expedition]) -> RenderableType:
    """Each expedition in a few lines: Scout, Camp and the Camp preview, resources, Indians and boats,
    the playing area, the hand's size."""
    table = Table(title=t("Expeditions"), box=box.SIMPLE_HEAD, title_justify="left", show_header=False, padding=(0, 1))
    table.add_column("who", overflow="fold")
    table.add_column("what", overflow="fold")
    for e in expeditions:
        name = name_text(e)
        if e.to_play:
            name.append("  " + t("<- turn"), style="bold")
        lines = Text()
        where = t("Scout {scout}, Camp {camp}", scout=e.scout, camp=e.camp)
        lines.append(f"{where}; {e.camp_now}\n" if e.camp_now else f"{where}\n")
        lines.append_text(resources_text(e))
        lines.append("\n" + t("Indians: {boats} on boats, {cards} on cards; boats: {tiles}", boats=e.indians,
                                cards=e.on_cards, tiles=", ".join(e.boats) or t("the 5 starting boats")) + "\n")
        lines.append(t("area: {cards}", cards=_names(e.area)), style="")
        if e.under:
            lines.append(" " + t("(under: {cards})", cards=_names(e.under)), style="dim")
        lines.append("\n" + tn("hand: {n} card", "hand: {n} cards", e.hand), style="dim")
        table.add_row(name, lines)
    return table


def render_expeditions(state: State, seats: Sequence[str] = ()) -> RenderableType:
    return expeditions_table(panels.expeditions(state, seats))


def hand_table(hand: Hand) -> RenderableType:
    """A hand a card per row: name, Strength and badge, action."""
    table = Table(title=t("{name}'s hand", name=hand.owner), box=box.SIMPLE_HEAD, title_justify="left", padding=(0, 1))
    table.add_column(t("card"), overflow="fold")
    table.add_column(t("str badge"), overflow="fold")
    table.add_column(t("action"), overflow="fold")
    for card in hand.cards:
        table.add_row(card.name, _strength_badge(card.strength, card.badge), card.action)
    if not hand.cards:
        table.add_row(Text(t("(no cards)"), style="dim"), "", "")
    return table


def render_hand(state: State, seat: int) -> RenderableType:
    return hand_table(panels.hand(state, seat))


def header_text(h: Header, title: bool = True) -> Text:
    """The header line. The seed is not shown: with the actions it foretells every draw; a chosen one
    is said. Whose turn comes first: the warning goes last, so that a narrow screen keeps who is to play
    on the first line. Without ``title`` the game's name is left out (a small screen's one line)."""
    out = Text(t("Lewis & Clark - round {round} - ", round=h.round) if title else t("Round {round} - ", round=h.round),
               style="bold")
    if h.to_play < 0:
        out.append(t("the game is over"), style="bold")
    else:
        out.append(h.name, style=PLAYER_STYLES.get(h.colour, "bold"))
        out.append(" " + t("to play"), style="bold")
    if h.chosen_seed:
        out.append(" - " + t("chosen seed: its creator knows the deck"), style="bold yellow")
    return out


def header(state: State, seats: Sequence[str]) -> Text:
    return header_text(panels.header(state, seats))


def board(table: Panels, route: RenderableType) -> RenderableType:
    """The whole table (``route`` drawn by ``render_route``), then the hand in detail."""
    return Group(Text(""), header_text(table.header), route, Text(""), village_table(table.village),
                 journal_table(table.journal), expeditions_table(table.expeditions), hand_table(table.hand))


def render_board(state: State, seats: Sequence[str], seat: int) -> RenderableType:
    """The whole table, then ``seat``'s hand in detail."""
    return board(panels.panels(state, seats, seat), render_route(state, seats))


def status(e: Expedition) -> Text:
    """A short reminder between the decisions of one turn."""
    line = name_text(e)
    parts = [t("Scout {scout}, Camp {camp}", scout=e.scout, camp=e.camp),
             tn("{n} Indian aboard", "{n} Indians aboard", e.indians), tn("{n} card", "{n} cards", e.hand)]
    line.append(": " + ", ".join(parts) + "; ")
    line.append_text(resources_text(e))
    if e.camp_now:
        line.append(f"; {e.camp_now}", style="dim")
    return line


def render_status(state: State, seats: Sequence[str], seat: int) -> RenderableType:
    return status(panels.expeditions(state, seats)[seat])


# --- the menu ------------------------------------------------------------------------------------

def plans_grid(plans: Sequence[Choice]) -> RenderableType:
    """Plans, one per line with its letter; a long one wraps under its own words, not under the letter."""
    # no padding at the edges (the letter brings its own space): the words get the whole width left
    grid = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    grid.add_column(justify="right", style="bold magenta", no_wrap=True)
    grid.add_column(overflow="fold")
    for plan in plans:
        grid.add_row(f" {plan.code} ", plan.text)
    return grid


def render_all_plans(state: State, plans: Sequence[Plan]) -> RenderableType:
    """Every plan of the decision (the ``plans`` command), with the letters the menu uses."""
    asked = panels.decision(state, [], plans)
    return Group(Text(all_plans_heading(len(plans)), style="bold"), plans_grid(asked.plans))


def menu(asked: Decision) -> RenderableType:
    """The decision and its one-line hint; the plans when there are any; then the numbered actions."""
    parts: list[RenderableType] = [Text(asked.prompt, style="bold"), Text(asked.hint, style="dim italic")]
    if asked.plans:
        parts.append(Text(plans_heading(len(asked.plans), asked.total_plans), style="bold"))
        parts.append(plans_grid(asked.plans))
        parts.append(Text(single_choices_heading(), style="bold"))
    parts.append(actions_grid(asked.actions))
    return Group(*parts)


def render_menu(state: State, legal: Sequence[Action], plans: Sequence[Plan] = (), total: int = 0) -> RenderableType:
    """The decision, the ``plans`` shown (``total`` plans in all) and the legal actions, numbered from 1
    in ``legal``'s order."""
    return menu(panels.decision(state, legal, plans, total))


def actions_grid(actions: Sequence[Choice]) -> RenderableType:
    """The numbered actions, with hints when few (and a warning before a discard that loses the
    Commander or a mover); nothing is ever cut: what does not fit wraps."""
    if len(actions) <= MENU_HINTS_UP_TO:
        grid = Table(box=None, show_header=False, padding=(0, 2, 0, 0), pad_edge=False)
        grid.add_column(justify="right", style="bold cyan", no_wrap=True)
        grid.add_column(overflow="fold")
        grid.add_column(overflow="fold", ratio=1)
        for choice in actions:
            words = Text(choice.hint, style="dim")
            if choice.mark:
                words = Text(f"! {choice.mark}", style="bold red").append("  ").append(words)
            if choice.warning:
                words.append(("  " if words else "") + choice.warning, style="bold red")
            grid.add_row(f" {choice.code}", choice.text, words)
        return grid
    return Numbered([f"{c.text}  ! {c.mark}" if c.mark else c.text for c in actions])


def render_actions(state: State, legal: Sequence[Action]) -> RenderableType:
    return actions_grid(panels.decision(state, legal).actions)


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
    for e in panels.expeditions(state, seats):
        table.add_row(name_text(e), str(e.scout), str(e.camp), str(e.hand), resources_text(e))
    return Group(Text(""), Text(t("=== Game over ==="), style="bold"), line, table,
                 Text(tn("{n} round, Fort Clatsop at space {fort}", "{n} rounds, Fort Clatsop at space {fort}",
                         round_number(state), fort=state.options.route.fort_clatsop), style="dim"))
