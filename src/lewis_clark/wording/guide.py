"""The "How to play" guide: short sections in the project's own words, every paragraph through ``t``.

Numbers come from the game data (the printed route, boats' capacity and Time, the Journal's fur costs,
the Commander's distances, the most Strength a card takes), so a rules fix lands here by itself. The web
page (``web/guide.py``) draws these sections with a small picture each.
"""

from __future__ import annotations

from dataclasses import dataclass

from lewis_clark.cards import CARDS
from lewis_clark.decisions import MOST_STRENGTH
from lewis_clark.expedition import BASE_RESOURCE_CAPACITY, indian_time, resource_time
from lewis_clark.journal import SLOTS, fur_cost
from lewis_clark.queries import FEWEST_CARDS_TO_ACT
from lewis_clark.resources import CANOE, EQUIPMENT, FOOD, FUR, HORSE, WOOD
from lewis_clark.route import MOUNTAIN, PRINTED_ROUTE, RIVER
from lewis_clark.turn import MOST_PER_PLACEMENT
from lewis_clark.village import PLACE_INDEX, PLACES
from lewis_clark.wording.cards import place_summary
from lewis_clark.wording.catalogue import t, tn
from lewis_clark.wording.names import kind_name, place_title, role_name
from lewis_clark.wording.table import camp_effect_words

__all__ = ["Section", "guide_sections", "guide_title"]


@dataclass(frozen=True)
class Section:
    """One section of the guide: a stable key (its anchor and picture), a title, paragraphs and an
    optional list of short items."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    items: tuple[str, ...] = ()


def guide_title() -> str:
    """The page's heading."""
    return t("How to play Lewis & Clark")


def _free(time: object, most: int) -> int:
    """How many ride free: the largest load whose Time is zero."""
    return max(n for n in range(most + 1) if time(n) == 0)  # type: ignore[operator]


def _commander() -> dict[str, int]:
    """The Commander's distance for each way of paying: food, canoe, horse."""
    card = next(c for c in CARDS[1:] if c.role == "commander")
    return {a.label: a.count for a in card.alternatives}


def _place(name: str) -> str:
    return place_title(PLACES[PLACE_INDEX[name]])


def guide_sections() -> list[Section]:
    """Every section of the guide, in the active language."""
    route = PRINTED_ROUTE
    spaces = route.terrains[route.st_louis:route.fort_clatsop + 1]
    free = _free(lambda n: resource_time(n, 0, 0), BASE_RESOURCE_CAPACITY)
    free_indians = _free(lambda n: indian_time(n, 0, 0), 10)
    commander = _commander()
    strengths = sorted({c.strength for c in CARDS[1:]})
    roles = {r: role_name(r) for r in ("commander", "interpreter", "lumberjack", "hunter", "blacksmith", "fur-trader")}
    return [
        Section("goal", t("The goal"), (
            t("Each player leads an expedition from St Louis to the Pacific. On the printed route St Louis is "
              "space {st_louis} and Fort Clatsop space {fort}: {distance} spaces of river and mountains.",
              st_louis=route.st_louis, fort=route.fort_clatsop, distance=route.fort_clatsop - route.st_louis),
            t("You have two markers on the route. Your Scout runs ahead when cards move it; your Camp follows "
              "only when you Camp. The first Camp to reach Fort Clatsop wins."),
        )),
        Section("turn", t("Your turn"), (
            t("On your turn you take exactly one action: play a card from your hand, or send Indians from your "
              "boats to a place in the Indian Village."),
            t("Before or after that action you may also recruit one card from the Journal and Camp once, in "
              "either order. Then you end the turn."),
            t("If a turn starts with no Indian on your boats and fewer than {n} cards in your hand, you must "
              "Camp first.", n=FEWEST_CARDS_TO_ACT),
        )),
        Section("strength", t("Strength: how often a card acts"), (
            t("A card you play needs Strength to do anything. Put another card from your hand face down under "
              "it: the Strength printed on that card ({low} to {high}) counts, never the Strength of the card "
              "you play.", low=strengths[0], high=strengths[-1]),
            t("Indians from your boats give Strength too, 1 each, alone or beside a card; no card gets more "
              "than {most}.", most=MOST_STRENGTH),
            t("Each point of Strength is one performance: with Strength 2 the card acts twice. You may stop "
              "early, and you may keep less than a performance offers."),
            t("The card underneath and the Indians stay in your area until you Camp: then the cards go back "
              "to your hand and the Indians back to your boats."),
        )),
        Section("camp", t("Camp and Time"), (
            t("A Camp secures the ground your Scout has won, but it costs Time: 1 for each card in your "
              "hand, plus the Time of your loaded boats (below)."),
            t("Your Scout goes back one space per point of Time. If it is still ahead of your Camp, the Camp "
              "moves up to it; otherwise the Camp stays where it is. All cards of your area return to your "
              "hand."),
            t("So Camp with few cards in hand and light boats. The game always shows what a Camp would do "
              "now, for example: {example}.", example=t("Camp now: {effect}", effect=camp_effect_words(2, 14, 14, 10))),
        )),
        Section("boats", t("Boats"), (
            t("Your boats hold {capacity} resources. The first {free} ride free; more add Time to every "
              "Camp, up to {full} Time with all {capacity} aboard.", capacity=BASE_RESOURCE_CAPACITY, free=free,
              full=resource_time(BASE_RESOURCE_CAPACITY, 0, 0)),
            tn("{n} Indian rides free; each further Indian aboard adds 1 Time.",
               "{n} Indians ride free; each further Indian aboard adds 1 Time.", free_indians),
            t("{upgrade} in the Village adds boat tiles: room for more resources, or more Indians for less "
              "Time. When a gain would overfill your boats, you choose what goes back.", upgrade=_place("upgrade")),
        )),
        Section("resources", t("Collecting resources"), (
            t("The four resources are {wood}, {fur}, {food} and {equipment}. A {canoe} or a {horse} pays "
              "for travel.", wood=kind_name(WOOD), fur=kind_name(FUR), food=kind_name(FOOD),
              equipment=kind_name(EQUIPMENT), canoe=kind_name(CANOE), horse=kind_name(HORSE)),
            t("Every card shows a badge of one resource, face up or face down. {lumberjack}, {hunter}, "
              "{fur_trader} and {blacksmith} take one {wood}, {food}, {fur} or {equipment} per matching badge "
              "in your own area and your neighbours' (with two players: your opponent's).",
              lumberjack=roles["lumberjack"], hunter=roles["hunter"], fur_trader=roles["fur-trader"],
              blacksmith=roles["blacksmith"], wood=kind_name(WOOD), food=kind_name(FOOD), fur=kind_name(FUR),
              equipment=kind_name(EQUIPMENT)),
            t("Playing a card with Strength 2 collects twice: badges pay best when you give the card more "
              "Strength."),
        )),
        Section("moving", t("River and Mountains"), (
            t("From St Louis to Fort Clatsop the printed route has {river} River spaces and {mountain} "
              "Mountain spaces; {both} spaces are both. A River move stops at the first Mountain space, a "
              "Mountain move at the first River space.", river=sum(1 for x in spaces if x == RIVER),
              mountain=sum(1 for x in spaces if x == MOUNTAIN),
              both=sum(1 for x in spaces if x not in (RIVER, MOUNTAIN))),
            t("{commander} moves your Scout: pay 1 {food} for {by_food} spaces on the River, 1 {canoe} for "
              "{by_canoe} spaces on the River, or 1 {horse} for {by_horse} spaces in the Mountains.",
              commander=roles["commander"], food=kind_name(FOOD), canoe=kind_name(CANOE), horse=kind_name(HORSE),
              by_food=commander["food"], by_canoe=commander["canoe"], by_horse=commander["horse"]),
            t("Canoes come from {canoe_place}, horses from {horse_place}. If your Scout ends its move on a space "
              "another Scout holds, it goes on to the next free space.", canoe_place=_place("canoe"),
              horse_place=_place("horse")),
        )),
        Section("village", t("The Indian Village"), (
            t("Instead of playing a card, you may send Indians from your boats to a Village place: each Indian "
              "gives the place 1 Strength. A circle takes one Indian, only while it is empty; {canoe} and "
              "{horse} take 1 to {most} Indians at any time.", canoe=_place("canoe"), horse=_place("horse"),
              most=MOST_PER_PLACEMENT),
            t("Indians you send stay in the Village until someone plays an {interpreter}: it brings them all to "
              "the Powwow, and whoever plays it may take them aboard.", interpreter=roles["interpreter"]),
        ), tuple(t("{place}: {summary}", place=place_title(p), summary=place_summary(p)) for p in PLACES)),
        Section("journal", t("Recruiting from the Journal"), (
            t("The Journal shows {slots} characters you may recruit, the cheapest slot first. A card costs fur "
              "by its slot ({costs}) and equipment equal to its Strength.", slots=SLOTS,
              costs=", ".join(str(fur_cost(i)) for i in range(SLOTS))),
            t("While recruiting you may discard one card from your hand: the equipment cost drops by that "
              "card's Strength. You recruit at most once per turn, before or after your action."),
            t("A new card goes to your hand: more choices on later turns, but one more card to count at a Camp."),
        )),
        Section("solo", t("Playing alone against Mackenzie"), (
            t("In the solo game you race Mackenzie. He starts a few spaces beyond St Louis (you choose how "
              "many: 0 is the easiest) and moves 1 space after each of your turns."),
            t("Badges in the solo game: your own area, plus the badge of every Village place that holds an "
              "Indian."),
            t("Set up your Camp at Fort Clatsop before Mackenzie gets there, or the expedition fails."),
        )),
        Section("winning", t("Winning"), (
            t("The game ends the moment a Camp reaches Fort Clatsop: that expedition wins. A Scout standing "
              "there is not enough; you must Camp to claim it."),
            t("Watch the Time: a long run forward is worth little if the Camp afterwards sends your Scout "
              "most of the way back."),
        )),
    ]
