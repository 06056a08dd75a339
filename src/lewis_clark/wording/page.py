"""The browser pages' own words: headings, buttons, form labels and the table's captions.

``page_words`` maps stable keys to sentences in the active language; the page reads them from
``/api/meta`` ("words"), puts them in every element marked ``data-word="key"`` and fills the
``{name}`` placeholders itself (api.js ``fmt``), so the static files hold no English of their own.
"""

from __future__ import annotations

from lewis_clark.wording.catalogue import t

__all__ = ["page_words"]


def page_words() -> dict[str, str]:
    """Every fixed sentence of the web pages, keyed by a name the HTML and JS use."""
    return {
        # every page
        "app_name": t("Lewis & Clark"),
        "app_title": t("Lewis & Clark: The Expedition"),
        "new_game": t("New game"),
        "the_table": t("The table"),
        # home page
        "seats": t("Seats"),
        "solo_head_start": t("Solo: Mackenzie's head start"),
        "solo_scale": t("(0 easiest, 7 hardest)"),
        "random_start": t("Random starting resources (variant)"),
        "route_variant": t("Route (variant, optional)"),
        "route_example": t("e.g. R R S R R M MR R F R — S: St Louis, F: Fort Clatsop"),
        "seed_optional": t("Seed (optional)"),
        "seed_random": t("random"),
        "create_game": t("Create the game"),
        "game_created": t("Game created"),
        "send_links": t("Send each person the link of their seat (it holds a secret: whoever has it plays that seat). "
                        "Anyone with the spectator link can watch."),
        "play_hotseat": t("Play every human seat in this browser"),
        "your_games": t("Your games in this browser"),
        "seat_row": t("Seat {n}"),
        "seat_person": t("person"),
        "seat_bot": t("bot"),
        "seat_link": t("{colour} (seat {n}):"),
        "open_link": t("open"),
        "spectators": t("Spectators:"),
        # game page
        "connecting": t("connecting…"),
        "live": t("live"),
        "reconnecting": t("reconnecting…"),
        "now": t("Now"),
        "your_choices": t("Your choices"),
        "undo": t("Undo my last action"),
        "log": t("Log"),
        "whole_log": t("whole log"),
        "game_over": t("Game over"),
        "watch_replay": t("Watch the replay"),
        "look_at_table": t("Look at the table"),
        "playing": t("playing {colours}"),
        "watching": t("watching"),
        "you_play": t("You play {colours}"),
        "you_watch": t("You are watching"),
        "cancel": t("Cancel"),
        "your_turn": t("Your turn: {prompt}"),
        "waiting_for": t("Waiting for {colour}…"),
        "waiting_for_bot": t("Waiting for {colour} (bot)…"),
        "moves_turn": t("{moves} actions · turn {turn}"),
        # replay page
        "replay": t("Replay"),
        "game_record": t("game record (JSON)"),
        "play": t("▶ play"),
        "pause": t("⏸ pause"),
        # the table (board.js)
        "under_it": t("Under it: {names}."),
        "badge": t("{badge} badge"),
        "under": t("under: {names}"),
        "route": t("The route (St Louis {st_louis}, Fort Clatsop {fort_clatsop})"),
        "river": t("river"),
        "mountain": t("mountain"),
        "mountain_or_river": t("mountain or river"),
        "space": t("Space {space}: {terrain}"),
        "at_st_louis": t(" (St Louis)"),
        "at_fort_clatsop": t(" (Fort Clatsop)"),
        "st_louis_short": t("St Louis"),
        "fort_short": t("Fort"),
        "camp_at": t("{colour} Camp (space {space})"),
        "scout_at": t("{colour} Scout (space {space})"),
        "mackenzie_at": t("Mackenzie (space {space})"),
        "village": t("Indian Village"),
        "powwow_tip": t("Powwow: Indians waiting for the next Interpreter"),
        "powwow": t("Powwow {n}"),
        "newcomer_tip": t("Newcomer: Indians arriving, taken by the next Interpreter"),
        "newcomer": t("Newcomer {n}"),
        "stock": t("stock {n}"),
        "journal": t("Journal of Encounters"),
        "fur_cost": t("{fur} fur"),
        "equipment_cost": t(" + {strength} eq."),
        "journal_cost": t("Cost: fur by slot; equipment by Strength, less a discarded card's."),
        "decks": t("Draw deck {deck}, discard {discard}. Boat tiles left: small {small}, large {large}."),
        "bot_level": t("bot ({level})"),
        "you": t("you"),
        "player": t("player"),
        "to_play": t(" ◀ to play"),
        "scout_camp": t("Scout {scout} · Camp {camp}"),
        "resource_tip": t("{kind}: {n}"),
        "indians_held": t("Indians: {boats} on boats, {cards} on cards"),
        "tile_small_resource": t("small resource"),
        "tile_large_resource": t("large resource"),
        "tile_small_indian": t("small Indian"),
        "tile_large_indian": t("large Indian"),
        "none": t("none"),
        "extra_boats": t("Extra boats: {tiles}"),
        "hand": t("Hand ({n})"),
        "playing_area": t("Playing Area (face up; cards giving Strength lie under)"),
        "face_down": t("face down (Strength given)"),
        # the table's panels and card faces (board.js, cards.js)
        "route_panel": t("The route"),
        "expedition": t("Expedition:"),
        "fort_clatsop": t("Fort Clatsop"),
        "solo_badge": t("Solo badge token: {badge}"),
        "strength_given": t("Strength {n}: given to the card played when this one is placed under it"),
        "per_badge": t("per badge seen"),
        "per_face-up": t("per face-up card"),
        "per_food-badges": t("per food badge seen"),
        "per_equipment-badges": t("per equip. badge seen"),
        "per_scouts-ahead": t("per Scout ahead"),
        "per_indians-on-boats": t("per Indian on boats"),
        "per_indians-in-village": t("per Village Indian"),
        "per_resource-pairs": t("per 2 resources held"),
        "per_resource-triples": t("per 3 resources held"),
        "per_occupied": t("a place with an Indian"),
    }
