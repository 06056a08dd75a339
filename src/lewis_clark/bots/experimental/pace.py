"""The heuristic with its race knobs as options, to measure variants of ``medium`` side by side.

    python scripts/strength.py --levels medium=pace:worth=3.6 --only medium-solo-0 medium-2p-turns

With every option at its default it plays exactly as ``heuristic`` (tested). The options are the
weights the strong solo records suggested trying (docs/research/bots-lab-notes.md, "Medium"): how much a recruit's
Strength counts (``strength``), the score a recruitment must reach (``worth``), a bonus for a
mountain mover until the Rockies are crossed (``mountain``), what an Indian given as Strength costs
(``indian``; ``free`` for the one that comes back to the free Indian place) and the spaces a mover
other than the Commander must gain to be played (``mover``).
"""

from __future__ import annotations

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.heuristic import MOVER_GAIN, HeuristicBot
from lewis_clark.bots.knowledge import INDIAN_SOURCE, RECRUIT_STRENGTH, best_recruit, moves_over, source_cost
from lewis_clark.bots.options import PaceOptions
from lewis_clark.cards import CARDS
from lewis_clark.decisions import MOST_INDIANS_WITH_CARD, MOST_STRENGTH
from lewis_clark.route import MOUNTAIN, RIVER, Route
from lewis_clark.state import Player, State


def rockies_end(route: Route) -> int:
    """The last space of the first stretch of Mountains above St Louis (31 on the printed route)."""
    t = route.terrains
    end = next((i for i in range(route.st_louis, route.fort_clatsop) if t[i] != RIVER), route.fort_clatsop)
    while end + 1 < route.fort_clatsop and t[end + 1] != RIVER:
        end += 1
    return end


class PaceBot(HeuristicBot):
    """The heuristic, its recruiting, Strength and mover weights given as options."""

    name = "pace"

    def __init__(self, seed: int = 0, options: PaceOptions | None = None) -> None:
        super().__init__(seed)
        o = options if options is not None else PaceOptions()
        self.options = o
        self.strength = o.strength
        self.worth = o.worth
        self.mountain = o.mountain
        self.indian = o.indian
        self.free = o.free
        self.mover_gain = o.mover
        self.reserve = o.reserve

    def _recruit(self, view: State, legal: list[Action], p: Player) -> Action | None:
        """``knowledge.best_recruit`` with this bot's Strength weight, threshold and mountain bonus."""
        climbing = bool(self.mountain) and p.scout < rockies_end(view.options.route)

        def bonus(card: int) -> float:
            extra = (self.strength - RECRUIT_STRENGTH) * CARDS[card].strength
            return extra + self.mountain if climbing and moves_over(card, MOUNTAIN) else extra

        return best_recruit(view, view.current, legal, self.worth, bonus)

    def strength_plan(self, p: Player, card: int, want: int) -> list[Action]:
        """The heuristic's choice of Strength source, an Indian costing ``indian`` (``free`` when it
        would come back to the free Indian place)."""
        free_place = p.indians + p.on_cards <= 1
        per_indian = (self.free if free_place else self.indian) - INDIAN_SOURCE
        # The Commander still to play wants the strongest card left as its Strength.
        kept = 0
        if self.reserve and CARDS[card].role != "commander" and any(CARDS[c].role == "commander" for c in p.hand):
            kept = max((c for c in p.hand if c != card and CARDS[c].role != "commander"),
                       key=lambda c: CARDS[c].strength, default=0)
        best: tuple[float, list[Action]] | None = None
        for under in [c for c in p.hand if c != card] + [0]:
            s = CARDS[under].strength if under else 0
            extra = max(0, min(want - s, MOST_INDIANS_WITH_CARD if under else MOST_STRENGTH, p.indians))
            if not under and extra == 0:
                continue
            cost = source_cost(want, s + extra, extra, under) + per_indian * extra
            if kept and under and CARDS[under].strength >= CARDS[kept].strength > 1:
                cost += self.reserve
            if best is None or cost < best[0]:
                plan = [Action(Verb.PLAY, CARDS[card].slug), Action(Verb.UNDER, CARDS[under].slug if under else "none"),
                        Action(Verb.INDIANS, "", extra)]
                best = (cost, plan)
        return best[1] if best else []


__all__ = ["MOVER_GAIN", "PaceBot", "rockies_end"]
