"""The shape of the package's imports: layers that only look down, no cycle among lewis_clark
modules, and an engine that imports none of the front ends, bots or adapters (house style, practices
1 and 16).

Imports are read with ``ast``, not by importing: every ``import`` counts, at the top of a module,
inside a function (a function-level import only hides a cycle until the function runs) or under
``if TYPE_CHECKING:`` (an annotation that looks up is a back edge all the same: it hid a loop of five
engine modules until the checked loader's refusals).
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import NamedTuple

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
PACKAGE = "lewis_clark"

# Modules directly in src/lewis_clark/ that drive or front the engine rather than being part of it.
NOT_ENGINE = {"cli", "cli_checks", "bench", "selfplay", "sim", "match"}
# What the engine must never import (directly or through another lewis_clark module).
FORBIDDEN_SUBPACKAGES = ("bots", "terminal", "web", "rl", "wording")
FORBIDDEN_LIBRARIES = ("click", "rich")


# The layers, bottom first: a module imports only from its own layer or those below (practice 16).
# Each entry names a module directly in src/lewis_clark/ or a whole subpackage. A new module must be
# placed here, so that where it stands is a decision, not an accident.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "canonical", "resources", "rng", "route", "expedition", "effects_spec", "elo", "pure"),  # plain data
    ("cards", "village", "actions"),  # the game's tables and its notation
    ("state",),  # the state's shape: nothing above the game's data
    ("journal", "queries", "setup", "effects", "decisions", "turn", "rules", "events"),  # the rules
    ("invariants", "record", "plans", "builds", "tensor"),  # the checked loader, records, plans of whole turns, the
    # build, the observation tensor (what a seat sees, as numbers)
    ("__init__", "bench"),  # the package's public face
    ("bots", "wording"),
    ("match", "selfplay", "sim"),  # the one driver of a game, and what runs many
    # front ends and adapters; cli_checks (the commands' checks and worded help) words through wording
    ("terminal", "web", "rl", "cli", "cli_checks"),
)

# The web front end's own layers, bottom first, each entry a module of lewis_clark.web or its
# ``routers`` subpackage: the store below the games, the games below the routes, the app on top.
WEB_LAYERS: tuple[tuple[str, ...], ...] = (
    ("store", "schema", "faces", "limits", "logs", "protocol", "openapi", "errors", "guide", "safety", "bot_pool"),
    ("store_sql", "guard", "views", "hints", "reviews"),  # the reads both SQL stores share; the guard; the page JSON;
    # hints and post-game reviews
    ("store_sqlite", "store_postgres"),
    ("database",),
    ("live",),  # a game in memory
    ("manager",),  # every game, the bot runner
    ("metrics", "health", "middleware", "bot_workers"),
    ("dependencies", "models"),
    ("routers",),
    ("app",),
    ("command", "__init__"),
)

# The bots' own layers, bottom first, each entry a module of lewis_clark.bots (``experimental`` for any
# of bots/experimental/): the family the levels are built of, then the experiments (which may use the
# family, never the reverse: no level imports them), then the registry of every bot and the hint.
BOT_LAYERS: tuple[tuple[str, ...], ...] = (
    ("base", "evaluation", "random_bot", "autoplay"),  # the interface, position estimates, playing forward
    ("knowledge",),  # what the bots know of cards, terrain and recruiting
    ("planning", "heuristic"),  # the searches' scores; the rules a decent player follows
    ("options", "policy", "learned", "turns"),  # every bot's options; the learned parts (the distilled policy, expert
    # iteration's value and prior); whole turns and plans followed
    ("rollout",),  # the heuristic playing its cycle out (the race planner's finisher=1)
    ("race",),  # medium, hard and expert
    ("experimental",),  # bots no level uses
    ("__init__", "hint"),  # the registry (make_bot, the levels) and "what would the expert do?"
    ("review",),  # the post-game review: the expert's estimate after each turn played
)


class Edge(NamedTuple):
    """One import: ``source`` imports ``target`` at ``line``; ``nested`` when inside a function."""

    source: str
    target: str
    line: int
    nested: bool
    typing_only: bool = False  # under ``if TYPE_CHECKING:``


def module_name(path: Path) -> str:
    """Dotted name of a source file, e.g. src/lewis_clark/bots/base.py -> lewis_clark.bots.base."""
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    """Every module of the package by dotted name."""
    return {module_name(p): p for p in sorted((SRC / PACKAGE).rglob("*.py"))}


MODULES = all_modules()


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _resolve(source: str, is_package: bool, node: ast.ImportFrom) -> str:
    """Absolute module named by a ``from ... import`` (relative imports resolved against ``source``)."""
    if not node.level:
        return node.module or ""
    base = source.split(".")
    if not is_package:
        base.pop()
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imported_names(source: str) -> list[tuple[str, int, bool]]:
    """(absolute module, line, inside a function) for each import a module makes, TYPE_CHECKING included."""
    return [(m, line, nested) for m, line, nested, _ in typed_imports(source)]


def typed_imports(source: str) -> list[tuple[str, int, bool, bool]]:
    """(absolute module, line, inside a function, under TYPE_CHECKING) for each import of a module."""
    path = MODULES[source]
    return imports_in(path.read_text(encoding="utf-8"), source, path.name == "__init__.py")


def imports_in(code: str, source: str, is_package: bool) -> list[tuple[str, int, bool, bool]]:
    """The imports of a module's code (see ``typed_imports``)."""
    tree = ast.parse(code)
    found: list[tuple[str, int, bool, bool]] = []
    typing_only = False

    def visit(node: ast.AST, nested: bool) -> None:
        nonlocal typing_only
        if isinstance(node, ast.If) and _is_type_checking(node):
            typing_only = True
            for child in node.body:
                visit(child, nested)
            typing_only = False
            for other in node.orelse:
                visit(other, nested)
            return
        if isinstance(node, ast.Import):
            found.extend((alias.name, node.lineno, nested, typing_only) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _resolve(source, is_package, node)
            submodules = [f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in MODULES]
            # ``from lewis_clark import journal`` names the module lewis_clark.journal; the package's
            # __init__ counts only when a name is taken from it (every import runs the parent first,
            # which is harmless: the parent is already loading).
            if len(submodules) < len(node.names):
                found.append((module, node.lineno, nested, typing_only))
            found.extend((m, node.lineno, nested, typing_only) for m in submodules)
        inside = nested or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return found


def package_edges() -> list[Edge]:
    """Imports between lewis_clark modules."""
    edges: list[Edge] = []
    for source in MODULES:
        for target, line, nested, typing_only in typed_imports(source):
            if target in MODULES and target != source:
                edges.append(Edge(source, target, line, nested, typing_only))
    return edges


EDGES = package_edges()


def find_cycles(edges: list[Edge]) -> list[list[Edge]]:
    """One cycle (as its edges) per strongly connected group of modules that import each other."""
    graph: dict[str, list[Edge]] = {}
    for e in edges:
        graph.setdefault(e.source, []).append(e)
    cycles: list[list[Edge]] = []
    seen_groups: set[frozenset[str]] = set()
    for start in sorted(graph):
        path = _path_back(graph, start)
        if path:
            group = frozenset(e.source for e in path)
            if group not in seen_groups:
                seen_groups.add(group)
                cycles.append(path)
    return cycles


def _path_back(graph: dict[str, list[Edge]], start: str) -> list[Edge]:
    """Shortest chain of imports from ``start`` back to itself (empty if none), breadth first."""
    came: dict[str, Edge] = {}
    frontier = [start]
    while frontier:
        later: list[str] = []
        for node in frontier:
            for e in graph.get(node, []):
                if e.target == start:
                    chain = [e]
                    while chain[0].source != start:
                        chain.insert(0, came[chain[0].source])
                    return chain
                if e.target not in came:
                    came[e.target] = e
                    later.append(e.target)
        frontier = later
    return []


def show(chain: list[Edge]) -> str:
    """A chain of imports as text, naming the line and whether the import sits in a function."""
    return " -> ".join(
        [chain[0].source] + [f"{e.target} (line {e.line}{', in a function' if e.nested else ''}"
                             f"{', under TYPE_CHECKING' if e.typing_only else ''})" for e in chain]
    )


def engine_modules() -> list[str]:
    """Modules directly in src/lewis_clark/ that form the engine."""
    return sorted(m for m in MODULES if m.count(".") == 1 and m.split(".")[1] not in NOT_ENGINE
                  and not (SRC / PACKAGE / m.split(".")[1]).is_dir())


def _forbidden(name: str) -> bool:
    top = name.split(".")
    if top[0] in FORBIDDEN_LIBRARIES or top[0] in FORBIDDEN_SUBPACKAGES:
        return True
    return top[0] == PACKAGE and len(top) > 1 and top[1] in FORBIDDEN_SUBPACKAGES


# --- the checker itself --------------------------------------------------------------------------

def test_the_reader_sees_top_level_function_level_and_relative_imports() -> None:
    names = {(m, nested) for m, _, nested in imported_names("lewis_clark.cli")}
    assert ("click", False) in names and ("lewis_clark.sim", True) in names
    assert ("lewis_clark.journal", False) in {(m, n) for m, _, n in imported_names("lewis_clark.effects")}
    assert len(engine_modules()) > 10 and "lewis_clark.rules" in engine_modules()
    assert "lewis_clark.cli" not in engine_modules() and "lewis_clark.bots" not in engine_modules()


def test_the_cycle_finder_finds_cycles_and_nested_ones() -> None:
    edges = [Edge("a", "b", 1, False), Edge("b", "c", 2, True), Edge("c", "a", 3, False), Edge("c", "d", 4, False)]
    (cycle,) = find_cycles(edges)
    assert {e.source for e in cycle} == {"a", "b", "c"}
    assert "in a function" in show(cycle)
    assert find_cycles(edges[:2] + edges[3:]) == []


def test_type_checking_and_function_imports_are_kept() -> None:
    code = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    import lewis_clark.cli\nelse:\n    import lewis_clark.route\n"
        "def f() -> None:\n    from . import sim\n    from .bots import heuristic\n"
    )
    found = imports_in(code, "lewis_clark.rules", is_package=False)
    assert ("lewis_clark.cli", 3, False, True) in found
    assert ("lewis_clark.route", 5, False, False) in found
    assert ("lewis_clark.sim", 7, True, False) in found and ("lewis_clark.bots.heuristic", 8, True, False) in found
    assert _forbidden("rich.table") and _forbidden("lewis_clark.bots.heuristic") and not _forbidden("lewis_clark.route")


# --- the package ---------------------------------------------------------------------------------

def test_no_import_cycle_among_lewis_clark_modules() -> None:
    cycles = find_cycles(EDGES)
    assert not cycles, "import cycles:\n" + "\n".join(show(c) for c in cycles)


@pytest.mark.parametrize("module", engine_modules())
def test_engine_module_imports_no_front_end_bot_or_adapter(module: str) -> None:
    direct = [(name, line) for name, line, _ in imported_names(module) if _forbidden(name)]
    assert not direct, f"{module} imports {direct}"
    # Nor through another lewis_clark module: follow the package's imports from this one.
    graph: dict[str, list[Edge]] = {}
    for e in EDGES:
        graph.setdefault(e.source, []).append(e)
    came: dict[str, Edge] = {}
    frontier = [module]
    while frontier:
        node = frontier.pop()
        for name, _, _ in imported_names(node):
            if _forbidden(name):
                chain = [node]
                while chain[0] != module:
                    chain.insert(0, came[chain[0]].source)
                raise AssertionError(f"{module} reaches {name} through {' -> '.join(chain)}")
        for e in graph.get(node, []):
            if e.target not in came and e.target != module:
                came[e.target] = e
                frontier.append(e.target)


def layer_of(module: str) -> int:
    """The index in LAYERS of a lewis_clark module (its subpackage's, for a module inside one); -1 if unplaced."""
    parts = module.split(".")
    name = parts[1] if len(parts) > 1 else "__init__"
    return next((i for i, layer in enumerate(LAYERS) if name in layer), -1)


def test_the_layer_reader_places_modules_and_subpackages() -> None:
    assert layer_of("lewis_clark.state") < layer_of("lewis_clark.rules") < layer_of("lewis_clark.invariants")
    assert layer_of("lewis_clark.bots.heuristic") == layer_of("lewis_clark.bots") > layer_of("lewis_clark")
    assert layer_of("lewis_clark.nowhere") == -1
    names = [n for layer in LAYERS for n in layer]
    assert len(names) == len(set(names)), "a module placed in two layers"


def test_every_module_has_a_layer() -> None:
    unplaced = sorted(m for m in MODULES if layer_of(m) < 0)
    assert not unplaced, f"place these in LAYERS: {unplaced}"


def test_layers_only_look_down_type_checking_imports_included() -> None:
    up = [e for e in EDGES if layer_of(e.target) > layer_of(e.source)]
    assert not up, "imports from a layer above:\n" + "\n".join(show([e]) for e in up)


def web_layer_of(module: str) -> int:
    """The index in WEB_LAYERS of a lewis_clark.web module (``routers`` for one of its routers); -1 if unplaced."""
    parts = module.split(".")
    name = parts[2] if len(parts) > 2 else "__init__"
    return next((i for i, layer in enumerate(WEB_LAYERS) if name in layer), -1)


def test_every_web_module_has_a_web_layer() -> None:
    unplaced = sorted(m for m in MODULES if m.startswith("lewis_clark.web") and web_layer_of(m) < 0)
    assert not unplaced, f"place these in WEB_LAYERS: {unplaced}"
    assert web_layer_of("lewis_clark.web.store") < web_layer_of("lewis_clark.web.routers.games")


def test_web_layers_only_look_down() -> None:
    web = [e for e in EDGES if e.source.startswith("lewis_clark.web") and e.target.startswith("lewis_clark.web")]
    up = [e for e in web if web_layer_of(e.target) > web_layer_of(e.source)]
    assert web and not up, "web imports from a layer above:\n" + "\n".join(show([e]) for e in up)


def bot_layer_of(module: str) -> int:
    """The index in BOT_LAYERS of a lewis_clark.bots module (``experimental`` for any below it); -1 if unplaced."""
    parts = module.split(".")
    name = parts[2] if len(parts) > 2 else "__init__"
    return next((i for i, layer in enumerate(BOT_LAYERS) if name in layer), -1)


def test_every_bot_module_has_a_bot_layer() -> None:
    unplaced = sorted(m for m in MODULES if m.startswith("lewis_clark.bots") and bot_layer_of(m) < 0)
    assert not unplaced, f"place these in BOT_LAYERS: {unplaced}"
    assert bot_layer_of("lewis_clark.bots.race") < bot_layer_of("lewis_clark.bots.experimental.planner")


def test_bot_layers_only_look_down_so_no_level_imports_an_experiment() -> None:
    bots = [e for e in EDGES if e.source.startswith("lewis_clark.bots") and e.target.startswith("lewis_clark.bots")]
    up = [e for e in bots if bot_layer_of(e.target) > bot_layer_of(e.source)]
    assert bots and not up, "bots import from a layer above:\n" + "\n".join(show([e]) for e in up)
    experiments = {e.source for e in bots if e.target.startswith("lewis_clark.bots.experimental")}
    assert experiments <= {"lewis_clark.bots"} | {m for m in MODULES if m.startswith("lewis_clark.bots.experimental")}


def test_state_imports_only_the_game_data() -> None:
    """The bottom of the engine reads shape only: no rule, no check, no loader above it."""
    below = {n for layer in LAYERS[:2] for n in layer}
    targets = {e.target.split(".")[1] for e in EDGES if e.source == "lewis_clark.state"}
    assert targets and targets <= below, sorted(targets - below)


def _kind_compared_to_text(code: str) -> list[int]:
    """Lines where ``<x>.kind`` is compared with a string literal (or a tuple holding one)."""
    tree = ast.parse(code)
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        if not any(isinstance(x, ast.Attribute) and x.attr == "kind" for x in sides):
            continue
        texts = [x for side in sides for x in ([side] + (list(side.elts) if isinstance(side, ast.Tuple | ast.Set)
                                                         else [])) if isinstance(x, ast.Constant)]
        if any(isinstance(x.value, str) for x in texts):
            lines.append(node.lineno)
    return lines


def test_the_text_finder_sees_a_kind_spelled_as_text() -> None:
    code = 'if f.kind == "perform":\n    pass\nif g.kind in ("take", x):\n    pass\nif f.kind == Decision.TAKE:\n    pass\n'
    assert _kind_compared_to_text(code) == [1, 3]


@pytest.mark.parametrize("module", engine_modules())
def test_engine_names_decision_kinds_by_the_enum(module: str) -> None:
    """A decision kind spelled as text dodged an import once (queries' "perform"); the enum is the name."""
    lines = _kind_compared_to_text(MODULES[module].read_text(encoding="utf-8"))
    assert not lines, f"{module}: .kind compared with text on lines {lines}"
