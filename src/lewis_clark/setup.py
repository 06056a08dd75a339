"""Set-up: a new game from options, exactly as the rulebook lays out the table.

Indians by player count, one on the Newcomer, one on each expedition's boats; the encountered
deck shuffled and five cards laid by Strength (R13); two stacks of six boat tiles; starting
resources (or the random variant, R25); Scouts and Camps at St Louis; the first player drawn from
the seed (through the options' generator, rng.py). Solo: Mackenzie 0-7 spaces above St Louis (R24).
"""

from __future__ import annotations

from lewis_clark import journal, rng
from lewis_clark.cards import ENCOUNTERED_IDS, crew
from lewis_clark.expedition import TILES_PER_STACK
from lewis_clark.resources import EQUIPMENT, FOOD, FUR, PRIMARY
from lewis_clark.state import Options, Player, State
from lewis_clark.village import INDIANS_BY_PLAYERS, PLACES

STARTING_RESOURCES = (FUR, FOOD, EQUIPMENT)
RANDOM_START_POOL = 4  # of each primary resource (rulebook variant)


def new_game(options: Options | None = None, **kwargs: object) -> State:
    """A game ready for its first decision. ``new_game(players=3, seed=7)`` is shorthand for
    ``new_game(Options(players=3, seed=7))``."""
    if options is None:
        options = Options(**kwargs)  # type: ignore[arg-type]
    elif kwargs:
        raise TypeError("give either options or keyword fields, not both")
    n = options.players
    route = options.route
    position, key = rng.start(options.generator, options.seed)
    state = State(
        options=options,
        players=[Player(colour) for colour in options.seat_colours],
        village=[0] * len(PLACES), powwow=0, newcomer=1,
        indian_stock=INDIANS_BY_PLAYERS[n] - 1 - n,
        tile_stacks=[TILES_PER_STACK, TILES_PER_STACK],
        journal=[0] * journal.SLOTS, deck=list(ENCOUNTERED_IDS), discard=[],
        rng=position, rng_key=key,
    )
    state.rng = rng.shuffle(state.rng, state.deck, key)
    journal.deal_sorted(state)
    pool = [r for r in PRIMARY for _ in range(RANDOM_START_POOL)]
    if options.random_start:
        state.rng = rng.shuffle(state.rng, pool, key)
    for i, p in enumerate(state.players):
        p.hand = list(crew(p.colour))
        p.indians = 1  # on the fourth boat
        start = pool[3 * i: 3 * i + 3] if options.random_start else STARTING_RESOURCES
        for r in start:
            p.resources[r] += 1
        p.scout = p.camp = route.st_louis
    state.rng, state.current = rng.below(state.rng, n, key)
    if n == 1:
        state.mackenzie = min(route.st_louis + options.mackenzie, route.last)
    return state
