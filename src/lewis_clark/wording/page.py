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
        "seat_name": t("name (optional)"),
        "seat_link": t("{colour} (seat {n}):"),
        "open_link": t("open"),
        "spectators": t("Spectators:"),
        # game page
        "connecting": t("connecting…"),
        "live": t("live"),
        "reconnecting": t("reconnecting…"),
        "now": t("Now"),
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
        "your_turn": t("Your turn: {prompt}"),
        "waiting_for": t("Waiting for {colour}…"),
        "waiting_for_bot": t("Waiting for {colour} (bot)…"),
        "moves_turn": t("{moves} actions · round {round}"),  # round: the view's "round"
        "seat_named": t("{name} ({colour})"),
        "title_game": t("Lewis & Clark"),
        "title_your_turn": t("▶ Your turn · Lewis & Clark"),
        "notify": t("Notify me"),
        "notify_tip": t("Show a notification when it is your turn and this page is hidden"),
        "notify_blocked": t("This browser does not allow notifications for this page"),
        "sound": t("Sound"),
        "sound_tip": t("Play a short sound when it becomes your turn"),
        "note_your_turn": t("Your turn in Lewis & Clark"),
        "what_can_i_do": t("What can I do?"),
        "can_explained": t("Everything that glows can be tapped; every choice is also in the list."),
        "connection_lost": t("The connection was lost; trying again…"),
        "close": t("Close"),
        "strength_gives": t("Strength {n} when placed under another card · {badge} badge"),
        "hide_choices": t("Hide the choices"),
        "show_choices": t("Show the choices"),
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
        # languages and the How to play page (lang.js, guide)
        "language": t("Language"),
        "how_to_play": t("How to play"),
    }
