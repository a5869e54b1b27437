"""Bots at the table: players of a chosen level (``games.engine.ruleset.BotLevel``: random,
the game's heuristic, search) that move through the same commands as people."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.conf import settings
from django.db.models import Q

from games import tasks
from games.engine.ruleset import BotLevel
from games.engine.search import bot_move
from games.events import store
from games.events.consumers import consumer
from games.events.store import Recorded
from games.lobby import why_no_bots
from games.models import Game
from games.registry import rule_set
from games.services import SeatSpec, game_create, game_submit

#: A bot game longer than this is abandoned as stuck rather than played forever.
MAX_MOVES = 20_000


def decision_rng(game: Game) -> random.Random:
    """The randomness of the system's next choices in ``game`` (a bot's move, a move made for
    an absent player): drawn from the game and its last event, salted with the site's
    secret, so that the same position gives the same choice (a decision can be reproduced,
    and so can a benchmark's table) while players cannot compute it."""
    return random.Random(f"{settings.SECRET_KEY}:{game.pk}:{game.last_sequence}")


def bot_seats(players: int, automatic: bool = True) -> list[SeatSpec]:
    """Seats named Bot 1, Bot 2... Automatic bots move by themselves (the ``bots``
    consumer); others are driven by whoever created the game (tests, simulations)."""
    return [SeatSpec(f"Bot {number + 1}", is_bot=automatic) for number in range(players)]


def game_pass(rules: Any, legal: Any) -> Any | None:
    """The game's pass (its ``pass_notation``) if it is among the ``legal`` actions of a
    seat now, else None."""
    if not rules.pass_notation:
        return None
    move = rules.parse_action(rules.pass_notation)
    return move if move in legal else None


def play_bot_move(
    game: Game,
    rng: random.Random,
    only: Sequence[int] | None = None,
    levels: Mapping[int, BotLevel] | None = None,
    reasons: Mapping[int, str] | None = None,
    passing: frozenset[int] = frozenset(),
) -> bool:
    """Let one random seat that may act (among ``only``, if given) make a move of its level
    in ``levels`` (a random legal move without one), or the game's pass for a seat of
    ``passing`` where it may, recorded with its reason in ``reasons`` if any (a bot moving
    for a player); False if none can."""
    rules = rule_set(game.rules)
    loaded = store.load(game.pk, game.rules)
    seats = sorted(rules.to_act(loaded.state) - {rules.chance})
    if only is not None:
        awaited = rules.awaiting(loaded.state)
        seats = [seat for seat in seats if seat in only and seat in awaited]
    if not seats:
        return False
    seat = rng.choice(seats)
    level = (levels or {}).get(seat, BotLevel.RANDOM)
    passed = game_pass(rules, rules.legal_actions(loaded.state, seat)) if seat in passing else None
    action = passed if passed is not None else bot_move(rules, loaded.state, seat, level, rng)
    game_submit(
        game_id=game.pk,
        seat=seat,
        action=action,
        expected_sequence=loaded.sequence,
        rng=rng,
        reason=(reasons or {}).get(seat),
    )
    return True


def play_bot_game(
    config: dict[str, Any], rng: random.Random, name: str = "Bot game", rules: str = "numx"
) -> Game:
    """Create a game of ``rules`` between bots and play it to the end through the event
    store, every move drawn from ``rng`` (so a seed replays the same games)."""
    seats = bot_seats(config["players"], automatic=False)
    game = game_create(name=name, config=config, seats=seats, rules=rules, rng=rng)
    for _ in range(MAX_MOVES):
        if not play_bot_move(game, rng):
            game.refresh_from_db()
            return game
    raise RuntimeError(f"bot game {game.pk} did not end within {MAX_MOVES} moves")


@consumer(tasks.BOTS)
def bots_take_their_turns(game_id: int, events: Sequence[Recorded]) -> None:
    """Bot seats play as soon as the game waits for them, one move after another, until it
    waits for a person (or ends). They never complete out of turn: a bot only answers when
    it is asked. A seat handed over to the site (``games.endings``: its player resigned,
    was taken off it, or everybody else resigned) is a bot's of the table's level."""
    game = Game.objects.get(pk=game_id)
    seats = game.seats.filter(Q(is_bot=True) | Q(handed_over_at__isnull=False))
    rows = [
        (number, level, is_bot and former is None, resigned, former is not None)
        for number, level, is_bot, former, resigned in seats.values_list(
            "number", "bot_level", "is_bot", "former_user", "resigned"
        )
    ]
    levels = {number: BotLevel(level if bot else game.bot_level) for number, level, bot, *_ in rows}
    # A person's seat handed over says so in the history: a bot moved for them, because
    # they were taken off it (a tournament's withdrawal), resigned, or everybody else did.
    reasons = {
        number: "withdrawn" if taken_off else "resigned" if resigned else "others-resigned"
        for number, _level, bot, resigned, taken_off in rows
        if not bot
    }
    if not levels or game.status != Game.Status.RUNNING:
        return
    # At a table that seats no bots (a live race), a resigned seat does not race on at a
    # bot's speed: it passes where it may (at Numenko's live table, it is content).
    passing = frozenset(reasons) if why_no_bots(game) else frozenset()
    rng = decision_rng(game)
    for _ in range(MAX_MOVES):
        if not play_bot_move(
            game, rng, only=list(levels), levels=levels, reasons=reasons, passing=passing
        ):
            return
