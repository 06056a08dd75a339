"""A fast rule-based player that plays the race the way a decent person does.

A Camp-to-Camp cycle: gather fuel for the terrain ahead (Food and Canoes for the River, Horses for
the Mountains: Canoe Manufacturing turns Wood into Canoes, Horse Trade three different resources
into a Horse), get Indians with the Interpreter when the boats have none, then play the Commander
(or another mover) at the Strength the fuel can use, and Camp once the hand is nearly spent and the
boats are light. Recruit movers for the terrain ahead when the Journal offers them cheaply. Choices
inside an action (how often to perform, what to keep or return) are greedy on ``evaluate``.
"""

from __future__ import annotations

from typing import NamedTuple

from lewis_clark.actions import Action, Verb
from lewis_clark.bots.base import Bot
from lewis_clark.bots.evaluation import CARD_WORTH, COMMANDER_FUEL, Fuel, commander_of, evaluate, movement_ends, payment
from lewis_clark.bots.knowledge import (
    KEEP_ROLES,
    best_recruit,
    cheapest_discount,
    cuts_off,
    is_mover,
    mountain_soon,
    owns_interpreter,
    source_cost,
    terrain_ahead,
)
from lewis_clark.cards import BY_SLUG, CARDS
from lewis_clark.decisions import DISCARD_NONE, MOST_INDIANS_WITH_CARD, MOST_STRENGTH
from lewis_clark.effects_spec import Alternative
from lewis_clark.expedition import indian_time, resource_time
from lewis_clark.queries import FEWEST_CARDS_TO_ACT, camp_landing, camp_time
from lewis_clark.resources import INDIAN, PRIMARY, RESOURCES
from lewis_clark.route import MOUNTAIN, RIVER
from lewis_clark.rules import apply, apply_legal, legal_actions
from lewis_clark.state import AfterTake, Decision, Player, State
from lewis_clark.turn import MOST_PER_PLACEMENT
from lewis_clark.village import PLACE_INDEX, PLACES, Place

CAMP, END, STOP = Action(Verb.CAMP), Action(Verb.END), Action(Verb.STOP)
MOVER_GAIN = 3  # spaces a mover other than the Commander must gain to be played before the other rules
LOOKAHEAD = 12  # decisions a simulated action may take before it is cut short
HORSES_WANTED = 3  # Horses to hold before the Mountains
RIVER_FUEL_WANTED = 3  # River fuel below which Wood (a Canoe to be) counts
WOOD_USEFUL = 6  # Wood beyond this adds nothing towards Canoes


class Maker(NamedTuple):
    """A Village place that turns resources into a fuel (Canoe Manufacturing, Horse Trade)."""

    place: str
    alt: Alternative
    semicircle: bool


class Village(NamedTuple):
    """What the heuristic knows of the Village, read from the places' data (``village_knowledge``)."""

    free: tuple[tuple[str, frozenset[int]], ...]  # places that give resources for nothing, with the kinds given
    makers: dict[int, Maker]  # fuel kind -> the place that makes it for a price
    shed: str  # a semicircle: where Indians may go just to leave the boats


def village_knowledge(places: tuple[Place, ...], fuels: tuple[Fuel, ...]) -> Village:
    """The heuristic's Village knowledge derived from place data and the Commander's fuels."""
    free: list[tuple[str, frozenset[int]]] = []
    makers: dict[int, Maker] = {}
    fuel_kinds = {f.kind for f in fuels}
    for place in places:
        for alt in place.alternatives:
            if alt.result != "take":
                continue
            costs = alt.pay != (0,) * len(alt.pay) or alt.pay_any or alt.pay_different or alt.powwow
            gives = frozenset(k for k in RESOURCES if alt.take[k])
            if not costs:
                if place.name not in (n for n, _ in free):
                    free.append((place.name, gives))
                else:  # another alternative of the same place (Gift: Fur or Wood)
                    free = [(n, g | gives if n == place.name else g) for n, g in free]
            for kind in gives & fuel_kinds:
                if costs and kind not in makers:
                    makers[kind] = Maker(place.name, alt, place.semicircle)
    shed = next(p.name for p in places if p.semicircle)
    return Village(tuple(free), makers, shed)




def best_fuel(terrain: str) -> int:
    """The resource whose Commander movement goes furthest on ``terrain`` (Canoe, Horse)."""
    return max((f for f in COMMANDER_FUEL if f.terrain == terrain), key=lambda f: f.distance).kind


def fuel_kinds(terrain: str) -> tuple[int, ...]:
    """The resources that move the Commander over ``terrain`` (Food and Canoes on the River)."""
    return tuple(f.kind for f in COMMANDER_FUEL if f.terrain == terrain)


VILLAGE = village_knowledge(PLACES, COMMANDER_FUEL)
_MAKER_PLACES = frozenset(PLACE_INDEX[m.place] for m in VILLAGE.makers.values())
CANOE, HORSE = best_fuel(RIVER), best_fuel(MOUNTAIN)  # the fuels the Village makes (Canoes, Horses)
RIVER_FUELS = fuel_kinds(RIVER)
_horses, _canoes = VILLAGE.makers.get(HORSE), VILLAGE.makers.get(CANOE)
_TRADE_KINDS = _horses.alt.pay_different if _horses else 0  # different kinds a Horse Trade takes
# Each fixed input of Canoe Manufacturing with the share of a Canoe one unit of it makes (Wood: half).
_CANOE_INPUTS = tuple((k, _canoes.alt.take[CANOE] / _canoes.alt.pay[k]) for k in RESOURCES if _canoes.alt.pay[k]) \
    if _canoes else ()


def times_affordable(alt: Alternative, resources: list[int], most: int) -> int:
    """How many times (up to ``most``) ``alt`` could be paid from ``resources``, never paying with
    what it gives."""
    left = resources[:6] + [0]
    keep = frozenset(k for k in RESOURCES if alt.take[k])
    n = 0
    while n < most:
        pay = payment(alt, left, keep)
        if pay is None:
            break
        for k in RESOURCES:
            left[k] -= pay[k]
        n += 1
    return n


def shrinks(alt: Alternative) -> bool:
    """Whether performing ``alt`` leaves fewer resources in the boats than before."""
    return sum(alt.pay[:6]) + alt.pay_any + alt.pay_different > sum(alt.take[:6])


def _commander_ends(state: State, seat: int) -> list[int]:
    return movement_ends(state, seat, commander_of(state.players[seat]), MOST_STRENGTH)


def fuel(state: State, seat: int) -> int:
    """Commander performances that would move the Scout with the fuel held (up to full Strength)."""
    return len(_commander_ends(state, seat))


def fuel_spaces(state: State, seat: int) -> int:
    """Spaces one Commander play at full Strength could cover now."""
    ends = _commander_ends(state, seat)
    return ends[-1] - state.players[seat].scout if ends else 0


def endgame(state: State, p: Player) -> bool:
    """The last stretch: from here the next good Camp should be the one at Fort Clatsop."""
    fort = state.options.route.fort_clatsop
    return p.scout >= fort - 3 or p.camp >= fort - 4


class HeuristicBot(Bot):
    """Rules for the turn, greedy evaluation inside actions."""

    name = "heuristic"
    mover_gain: int = MOVER_GAIN  # spaces a mover must gain to be played first (``pace`` varies it)

    def choose(self, view: State, legal: list[Action]) -> Action:
        planned = self.given(legal)
        if planned is not None:
            return planned
        if not view.stack:
            return self._turn(view, legal)
        kind = view.stack[-1].kind
        if kind == Decision.RECRUIT:
            return self._discount(view, legal)
        if kind == Decision.FAREWELL:
            return DISCARD_NONE
        if kind == Decision.MOVE:
            return legal[0]  # the whole movement (R2 lets it stop earlier; racing never wants to)
        return self._greedy(view, legal)

    # --- the turn -------------------------------------------------------------------------------

    def _turn(self, view: State, legal: list[Action]) -> Action:
        p = view.players[view.current]
        route = view.options.route
        can_camp = CAMP in legal
        landing = camp_landing(view, view.current)
        if can_camp and landing.camp >= route.fort_clatsop:
            return CAMP  # the Camp reaches Fort Clatsop: won (R23)
        if view.must_camp and not view.camped and can_camp:
            return CAMP
        recruit = self._recruit(view, legal, p)
        if recruit is not None:
            return recruit
        if not view.acted:
            plan = self._action_plan(view, legal, p)
            # not offered: futile (``bots.sensible``)
            if plan and plan[0] in legal and not self._closes_village(view, plan):
                self.plan = plan[1:]
                return plan[0]
            at_fort = p.scout >= route.fort_clatsop
            if can_camp and p.face_up and not at_fort and (len(p.hand) <= 1 or landing.scout >= p.camp):
                return CAMP
            filler = self._filler(view, legal, p)
            if filler and filler[0] in legal and not self._closes_village(view, filler):
                self.plan = filler[1:]
                return filler[0]
        if can_camp and self._camp_now(view, view.current):
            return CAMP
        if END in legal:
            return END
        return CAMP if can_camp else legal[0]

    def _closes_village(self, view: State, plan: list[Action]) -> bool:
        """The plan spends the seat's last Indian with no Interpreter owned while Mountains lie ahead
        (``knowledge.cut_off``): the Village closed for good is worth no single Horse or Canoe."""
        p = view.players[view.current]
        if not p.indians or owns_interpreter(p):
            return False
        result = self._simulate(view, plan)
        return result is not None and cuts_off(view, result[0], view.current)

    def _camp_now(self, view: State, seat: int) -> bool:
        """After the action: Camp when next turn could do nothing else, or when the hand is nearly
        spent and the Camp moves forward; never just to lose ground while cards remain."""
        p = view.players[seat]
        hand = len(p.hand)
        land = camp_landing(view, seat).scout
        if p.scout >= view.options.route.fort_clatsop and land < view.options.route.fort_clatsop:
            return hand == 0 and p.indians <= 1  # shed more first, unless nothing is left to shed
        if hand == 0 or (p.indians == 0 and hand < FEWEST_CARDS_TO_ACT):  # R17: next turn would Camp first
            return True
        # Two cards left still make a turn (one under the other): camping now would pay them as Time
        return hand == 1 and land >= p.camp

    # --- choosing the action ----------------------------------------------------------------------

    def _action_plan(self, view: State, legal: list[Action], p: Player) -> list[Action]:
        """The action's opening decisions: which card or place, which Strength card, how many Indians."""
        hand = p.hand
        indians = p.indians
        ahead = terrain_ahead(view, p)
        units = fuel(view, view.current)
        commander = next((c for c in hand if CARDS[c].role == "commander"), 0)
        interpreter = next((c for c in hand if CARDS[c].role == "interpreter"), 0)
        # 1. Move: the Commander at the Strength the fuel can use (wait for full Strength unless the hand is short).
        if commander and units:
            want = min(MOST_STRENGTH, units)
            near_end = view.options.route.fort_clatsop - p.scout <= 6
            if want >= MOST_STRENGTH or len(hand) <= 3 or near_end or units >= self._max_strength(p, commander):
                plan = self.strength_plan(p, commander, want)
                if plan:
                    return plan
        # 2. Other movers whose costs the boats can pay.
        best_move = self._best_mover(view, p)
        if best_move:
            return best_move
        # 3. At Fort Clatsop: shed cards (two per play) until a Camp there costs little enough.
        if p.scout >= view.options.route.fort_clatsop:
            if len(hand) >= FEWEST_CARDS_TO_ACT:
                card = min(hand, key=lambda c: CARD_WORTH[c])
                under = min((c for c in hand if c != card), key=lambda c: CARD_WORTH[c])
                return [Action(Verb.PLAY, CARDS[card].slug), Action(Verb.UNDER, CARDS[under].slug), Action(Verb.INDIANS, "", 0)]
            r = p.resources
            if indians and resource_time(sum(r), p.tiles[0], p.tiles[1]):  # resources cost Time: trade them down
                for maker in sorted(VILLAGE.makers.values(), key=lambda m: PLACE_INDEX[m.place]):
                    if shrinks(maker.alt) and times_affordable(maker.alt, r, 1):
                        return [Action(Verb.VILLAGE, maker.place, 1)]
            aboard = indians + p.on_cards
            if indians and indian_time(aboard, p.tiles[2], p.tiles[3]):  # Indians beyond the free places cost Time
                shed = 1
                while shed < min(MOST_PER_PLACEMENT, indians) and indian_time(aboard - shed, p.tiles[2], p.tiles[3]):
                    shed += 1
                return [Action(Verb.VILLAGE, VILLAGE.shed, shed)]
            if hand and indians:
                return [Action(Verb.PLAY, CARDS[hand[0]].slug), Action(Verb.UNDER, "none"), Action(Verb.INDIANS, "", 1)]
        # 4. Indians: without any, nothing gets Strength or reaches the Village.
        in_village = sum(view.village) + view.powwow + view.newcomer
        if interpreter and indians == 0 and in_village:
            plan = self.strength_plan(p, interpreter, 1)
            if plan:
                return plan
        # 4. Fuel: Canoes from Wood on the River, Horses by trade before the Mountains.
        r = p.resources
        canoes = VILLAGE.makers.get(CANOE)
        if indians and ahead == RIVER and canoes and not canoes.alt.pay_different and not canoes.alt.pay_any:
            n = times_affordable(canoes.alt, r, min(indians, MOST_PER_PLACEMENT if canoes.semicircle else 1))
            if n:
                return [Action(Verb.VILLAGE, canoes.place, n)]
        if mountain_soon(view, p) and r[HORSE] < HORSES_WANTED:
            plan = self._horses(view, legal, p)
            if plan:
                return plan
        # 5. Otherwise the play whose simulated result evaluates best.
        return self._best_by_simulation(view, legal, p)

    def _horses(self, view: State, legal: list[Action], p: Player) -> list[Action]:
        """Before the Mountains: trade three different resources for Horses, or gather the kinds
        that are missing (Hunting and Craftsmanship give two kinds for one Indian)."""
        r = p.resources
        horses = VILLAGE.makers.get(HORSE)
        if p.indians and horses:
            n = times_affordable(horses.alt, r, min(p.indians, MOST_PER_PLACEMENT if horses.semicircle else 1))
            if n:
                return [Action(Verb.VILLAGE, horses.place, n)]
        missing = {k for k in PRIMARY if not r[k]}
        for place, gives in VILLAGE.free:
            a = Action(Verb.VILLAGE, place, 1)
            if a in legal and missing & gives:
                return [a]
        for c in p.hand:
            collects = {alt.resource for alt in CARDS[c].alternatives if alt.result == "collect"}
            if collects & missing:
                plan = self.strength_plan(p, c, 1)
                if plan:
                    return plan
        return []

    def _filler(self, view: State, legal: list[Action], p: Player) -> list[Action]:
        """Something harmless when no play looks useful: a free Village circle, else the cheapest card."""
        for place, _ in VILLAGE.free:
            a = Action(Verb.VILLAGE, place, 1)
            if a in legal:
                return [a]
        plays = [a for a in legal if a.verb == Verb.PLAY and CARDS[BY_SLUG[a.subject].id].role not in KEEP_ROLES]
        for a in sorted(plays, key=lambda a: CARD_WORTH[BY_SLUG[a.subject].id]):
            plan = self.strength_plan(p, BY_SLUG[a.subject].id, 1)
            if plan:
                return plan
        return []

    def _max_strength(self, p: Player, card: int) -> int:
        best = max((CARDS[c].strength for c in p.hand if c != card), default=0)
        return min(MOST_STRENGTH, best + min(p.indians, MOST_INDIANS_WITH_CARD if best else MOST_STRENGTH))

    def strength_plan(self, p: Player, card: int, want: int) -> list[Action]:
        """Play ``card`` with about ``want`` Strength, burying the least useful card that fits."""
        others = [c for c in p.hand if c != card]
        best: tuple[float, list[Action]] | None = None
        for under in others + [0]:
            s = CARDS[under].strength if under else 0
            extra = max(0, min(want - s, MOST_INDIANS_WITH_CARD if under else MOST_STRENGTH, p.indians))
            if not under and extra == 0:
                continue
            total = s + extra
            cost = source_cost(want, total, extra, under)
            if best is None or cost < best[0]:
                plan = [Action(Verb.PLAY, CARDS[card].slug), Action(Verb.UNDER, CARDS[under].slug if under else "none"),
                        Action(Verb.INDIANS, "", extra)]
                best = (cost, plan)
        return best[1] if best else []

    def _best_mover(self, view: State, p: Player) -> list[Action]:
        best: tuple[int, list[Action]] | None = None
        for c in p.hand:
            if CARDS[c].role == "commander" or not is_mover(c):
                continue
            plan = self.strength_plan(p, c, MOST_STRENGTH)
            if not plan:
                continue
            gained = self._simulate(view, plan)
            if gained is None:
                continue
            s, _ = gained
            moved = s.players[view.current].scout - p.scout
            if moved >= self.mover_gain and (best is None or moved > best[0]):
                best = (moved, plan)
        return best[1] if best else []

    def openings(self, legal: list[Action], p: Player, strengths: tuple[int, ...],
                 commander: bool) -> list[list[Action]]:
        """The actions worth simulating, as plans: each Village placement of one Indian (or any
        number on a semicircle place) and each card played at each Strength of ``strengths`` (a
        once-only card at 1 alone; a permanent card never, the Commander only with ``commander``)."""
        out: list[list[Action]] = []
        for a in legal:
            if a.verb == Verb.VILLAGE:
                if a.indians == 1 or PLACES[PLACE_INDEX[a.subject]].semicircle:
                    out.append([a])
            elif a.verb == Verb.PLAY:
                card = BY_SLUG[a.subject].id
                if CARDS[card].permanent or (CARDS[card].role == "commander" and not commander):
                    continue
                plans: list[list[Action]] = []
                for want in strengths if not CARDS[card].once_only else (1,):
                    plan = self.strength_plan(p, card, want)
                    if plan and plan not in plans:
                        plans.append(plan)
                out += plans
        return out

    def _best_by_simulation(self, view: State, legal: list[Action], p: Player) -> list[Action]:
        """Try each card (at Strength 1 and at the most it can get) and each Village placement on a
        copy, finish the action greedily, and keep the one that gains most towards the race."""
        seat = view.current
        best: tuple[float, list[Action]] | None = None
        # the Commander moves only by the rule above
        for plan in self.openings(legal, p, (1, MOST_STRENGTH), commander=False):
            result = self._simulate(view, plan)
            if result is None:
                continue
            score = self._gain(view, result[0], seat)
            if plan[0].verb == Verb.PLAY and plan[1].subject != "none":
                score -= 0.5 * CARD_WORTH[BY_SLUG[plan[1].subject].id]
            if best is None or score > best[0]:
                best = (score, plan)
        if best is None or best[0] <= 0.2:
            return []
        return best[1]

    def _gain(self, before: State, after: State, seat: int) -> float:
        """What an action did for the race, in rough route spaces: the Scout's move, fuel for the
        terrain ahead (Wood counting as half a Canoe on the River, new kinds of resource towards a
        Horse Trade before the Mountains), Indians while few, less the boats' extra Time."""
        p0, p1 = before.players[seat], after.players[seat]
        r0, r1 = p0.resources, p1.resources
        gain = 1.5 * (p1.scout - p0.scout)
        gain += 0.6 * (fuel_spaces(after, seat) - fuel_spaces(before, seat))
        if mountain_soon(before, p0):
            if _TRADE_KINDS:  # kinds held towards a Horse Trade
                kinds0 = min(_TRADE_KINDS, sum(1 for k in RESOURCES if r0[k] and k != HORSE))
                kinds1 = min(_TRADE_KINDS, sum(1 for k in RESOURCES if r1[k] and k != HORSE))
                gain += 0.8 * (kinds1 - kinds0) * (1 if r0[HORSE] < HORSES_WANTED else 0.2)
        elif sum(r0[k] for k in RIVER_FUELS) < RIVER_FUEL_WANTED:
            for k, share in _CANOE_INPUTS:  # what the Canoe maker takes, worth its share of a Canoe
                gain += share * (min(r1[k], WOOD_USEFUL) - min(r0[k], WOOD_USEFUL))
        late = endgame(before, p0)
        indians0, indians1 = p0.indians + p0.on_cards, p1.indians + p1.on_cards
        for n in range(min(indians0, indians1), max(indians0, indians1)):
            step = (0.8 if n < 2 else -0.5) if late else (1.2 if n < 3 else 0.2)
            gain += step if indians1 > indians0 else -step
        # Near the end every space of boat Time is a space lost at the Camp that must reach the Fort.
        weight = 1.0 if late else 0.3
        gain -= weight * (camp_time(p1) - len(p1.hand) - (camp_time(p0) - len(p0.hand)))
        return gain

    def _simulate(self, view: State, plan: list[Action]) -> tuple[State, int] | None:
        """Apply the plan's opening, then finish the action greedily; None if the plan does not apply."""
        s = view.copy()
        seat = view.current
        for a in plan:
            if s.stack or a.verb in (Verb.PLAY, Verb.VILLAGE):
                legal = legal_actions(s)
                if a not in legal:
                    if a.verb == Verb.INDIANS:
                        continue
                    return None
                apply_legal(s, a)
        steps = 0
        while s.stack and s.current == seat and not s.over and steps < LOOKAHEAD:
            legal = legal_actions(s)
            if s.stack[-1].kind == Decision.MOVE:  # the whole movement, and no decision counted (R2)
                apply_legal(s, legal[0])
                continue
            apply_legal(s, self._greedy(s, legal))
            steps += 1
        return s, steps

    # --- inside an action ---------------------------------------------------------------------------

    def _greedy(self, view: State, legal: list[Action]) -> Action:
        """The choice whose immediate result evaluates best; stopping wins ties. Movements go as far
        as they can; the Interpreter always gathers and takes Indians up to a handful."""
        seat = view.current
        frame = view.stack[-1] if view.stack else None
        kind = frame.kind if frame else Decision.TURN
        if kind == Decision.MOVE:
            return legal[0]  # the whole movement
        if kind == Decision.PERFORM and frame is not None and frame.place in _MAKER_PLACES:
            performs = [a for a in legal if a.verb == Verb.PERFORM]
            if performs:  # the Indians went there for this; keep the fuel for the terrain ahead
                keep = fuel_kinds(terrain_ahead(view, view.players[seat]))
                return max(performs, key=lambda a: evaluate(apply(view, a), seat)
                           - 10.0 * sum(a.bundle[k] for k in keep))
        if kind == Decision.PERFORM and frame is not None and frame.place < 0:
            alts = CARDS[frame.card].alternatives
            if any(alt.result == "interpreter" for alt in alts):
                return next(a for a in legal if a.verb == Verb.PERFORM)
            if any(alt.is_move for alt in alts):
                return self._furthest(view, legal)
        if kind == Decision.TAKE and frame is not None and frame.then == AfterTake.INTERPRETER:
            have = view.players[seat].indians + view.players[seat].on_cards
            if view.players[seat].scout >= view.options.route.fort_clatsop:
                return min(legal, key=lambda a: a.bundle[INDIAN])  # at the Fort every Indian costs Time
            target = 2 if endgame(view, view.players[seat]) else 4
            return min(legal, key=lambda a: abs(a.bundle[INDIAN] + have - target))
        best, best_score = legal[0], -1e18
        for a in legal:
            after = apply(view, a)
            score = self._gain(view, after, seat) + 0.01 * evaluate(after, seat)
            if a.verb == Verb.STOP:
                score += 0.05
            elif kind == Decision.PERFORM:
                score += self._take_bonus(view, after)
            if score > best_score:
                best, best_score = a, score
        return best

    def _furthest(self, view: State, legal: list[Action]) -> Action:
        """The movement that carries the Scout furthest, paying the cheapest fuel; stop at none."""
        seat = view.current
        start = view.players[seat].scout
        best, best_key = STOP, (0, 0.0)
        for a in legal:
            if a.verb != Verb.PERFORM:
                continue
            s = apply(view, a)
            moved = s.players[seat].scout - start
            key = (moved, evaluate(s, seat))
            if moved > 0 and key > best_key:
                best, best_key = a, key
        return best

    def _take_bonus(self, before: State, after: State) -> float:
        """A performance that opens a gain looks worthless until the gain is taken: credit the best."""
        if after.stack and after.stack[-1].kind == Decision.TAKE and after.current == before.current:
            seat = before.current
            base = self._gain(before, after, seat)
            return max(self._gain(before, apply(after, a), seat) for a in legal_actions(after)) - base
        return 0.0

    # --- recruiting ----------------------------------------------------------------------------------

    def _recruit(self, view: State, legal: list[Action], p: Player) -> Action | None:
        return best_recruit(view, view.current, legal)

    def _discount(self, view: State, legal: list[Action]) -> Action:
        """Pay with the weakest spare card, else with none (``knowledge.cheapest_discount``)."""
        return cheapest_discount(legal, view.players[view.current])
