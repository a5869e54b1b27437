"""The table's move forms, refused: what a player sees when a move is wrong or a form is
malformed. Every refusal comes back as the table with status 400 and a reason (the broken
rule when the engine judged the move, the faulty field when the form did), writes no event,
and leaves the form on the page, ready for another try.

The games are brought to the moment a form is offered (a Malus to answer, an Action card to
play, the X-Game round-2 choice, a distribution) by moves found in the pure engine: a
seeded search, once per module, from the deal ``game_create`` makes with the same seed.
Each test records those few moves through ``game_submit``, then reads the page and posts
its form as the browser would (the page's hidden sequence and key, the player's choices).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from html import escape, unescape
from html.parser import HTMLParser
from typing import Any, cast

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client

from games.engine.numx import (
    Block,
    Complete,
    Draw,
    Face,
    GameState,
    Malus,
    Pass,
    Pick,
    Play,
    Refill,
    Reset,
)
from games.engine.numx.legal import ListedActions
from games.engine.numx.rulebook import RULES
from games.engine.numx.state import CHANCE, Distributing, MalusResolution, MalusTask, Phase
from games.events.models import Event
from games.models import Game
from games.registry import rule_set
from games.rulesets.numx.descriptions import card as card_words
from games.services import SeatSpec, game_create, game_submit
from tests.games.test_table_views import game_last, hand, post_move, state

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]
Move = tuple[int, Any]
Wanted = Callable[[GameState], bool]
Prefer = Callable[[GameState, int, list[Any]], Any]

NUMX = rule_set("numx")
TWO_SPEED_RUN = {"players": 2, "mode": "speed-run"}
TWO_X_GAME = {"players": 2, "mode": "x-game"}

# Django's words for a value the form does not offer, and for a missing field.
NOT_OFFERED = "Select a valid choice. {} is not one of the available choices."
REQUIRED = "This field is required."
UNAVAILABLE = "That move is not available now."


# Reaching a moment of the game ------------------------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """A two-player game the engine reached: its deal (``seed``, as ``game_create`` draws
    it) and the moves after the deal that lead to the moment a test needs."""

    config: dict[str, Any]
    seed: int
    start: GameState
    moves: tuple[Move, ...]
    end: GameState


def listed(now: GameState, seat: int) -> list[Any]:
    """The seat's legal moves when the engine lists them (a distribution or a Malus answer
    is a space of choices, too many to list)."""
    space = NUMX.legal_actions(now, seat)
    return list(space) if isinstance(space, ListedActions) else []


def chance_moves(now: GameState, rng: random.Random) -> GameState:
    """Chance's moves until a seat must act, drawn as ``services._follow`` draws them (so
    that the deal matches the one ``game_create`` records with the same seed)."""
    while (action := NUMX.chance_action(now, rng)) is not None:
        now = NUMX.apply(now, CHANCE, action)
    return now


def find(config: dict[str, Any], wanted: Wanted, prefer: Prefer, limit: int) -> Scenario:
    """The first deal seed from which random legal play (``prefer`` choosing when it has a
    preference) reaches ``wanted`` within ``limit`` moves. Deterministic: same seeds, same
    policy, same answer, so every run plays the same short game."""
    for seed in range(200):
        start = chance_moves(NUMX.new_game(config), random.Random(seed))
        now, moves, policy = start, [], random.Random(seed)
        for _ in range(limit):
            if wanted(now):
                return Scenario(config, seed, start, tuple(moves), now)
            seats = sorted(NUMX.to_act(now) - {CHANCE})
            if not seats:
                break
            seat = policy.choice(seats)
            action = prefer(now, seat, listed(now, seat))
            if action is None:
                action = NUMX.legal_actions(now, seat).sample(policy)
            now = chance_moves(NUMX.apply(now, seat, action), policy)
            moves.append((seat, action))
    raise AssertionError(f"no deal of {config} reaches the moment within {limit} moves")


def no_preference(now: GameState, seat: int, moves: list[Any]) -> Any:
    return None


def shed_cards(now: GameState, seat: int, moves: list[Any]) -> Any:
    """The biggest plain pli on offer: a round ends sooner when hands empty quickly."""
    plis = [m for m in moves if isinstance(m, Play) and m.bonus is None]
    return max(plis, key=lambda m: len(m.faces)) if plis else None


def malus_on_the_others_hand(now: GameState, seat: int, moves: list[Any]) -> Any:
    """A Malus that makes the other player discard (and draw score cards to place)."""
    return next(
        (m for m in moves if isinstance(m, Malus) and m.face.hand < 0 and m.target == 1 - seat),
        None,
    )


def draw_cards(now: GameState, seat: int, moves: list[Any]) -> Any:
    """A draw from the pile whenever there is one: drawn cards must be played."""
    return next((m for m in moves if isinstance(m, Draw)), None)


def lone_move(now: GameState, seat: int) -> Any:
    """``seat``'s one legal move when it is none of the common buttons (a drawn card to
    play), else None."""
    moves = listed(now, seat)
    buttons = (Pass, Draw, Complete, Pick, Refill, Reset)
    return moves[0] if len(moves) == 1 and not isinstance(moves[0], buttons) else None


def one_move_to_make(now: GameState) -> bool:
    return any(lone_move(now, seat) is not None for seat in NUMX.to_act(now) - {CHANCE})


def unplayable_numbers(now: GameState, seat: int) -> set[str]:
    """The numbered cards of ``seat``'s hand no legal pli holds now."""
    laid = {face.text for m in listed(now, seat) if isinstance(m, Play) for face in m.faces}
    hand = {card.face.text for card in now.hands[seat] if card.face.is_numbered}
    return hand - laid


def a_pli_to_beat_with_some_cards(now: GameState) -> bool:
    """A pli on the table the player to act can cover with some cards of the hand, not
    with others, and an Action card in hand."""
    if now.phase is not Phase.PLAY or now.pending is not None or now.trick.top is None:
        return False
    seat = now.turn
    plays = [m for m in listed(now, seat) if isinstance(m, Play)]
    return (
        bool(plays)
        and bool(unplayable_numbers(now, seat))
        and any(card.face.is_action for card in now.hands[seat])
    )


def answer_to_choose(now: GameState) -> MalusTask | None:
    """The pending Malus's task that asks for discards and placements from a seat with a
    score row (so that a score card could be removed, were one asked for)."""
    pending = now.pending
    if not isinstance(pending, MalusResolution):
        return None
    return next((t for t in pending.tasks if t.discard and t.drawn and now.rows[t.seat]), None)


def a_malus_to_answer(now: GameState) -> bool:
    return answer_to_choose(now) is not None


def single_classic(move: Any) -> bool:
    """A plain pli of one numbered card that is not a Shadow."""
    return (
        isinstance(move, Play)
        and move.bonus is None
        and len(move.faces) == 1
        and move.faces[0].value is not None
        and not move.faces[0].is_shadow
    )


def an_action_card_to_play(now: GameState) -> bool:
    """A new trick whose opener may play a Block, lay a Shadow with a bonus Action card,
    or open with a single classic card."""
    if now.phase is not Phase.PLAY or now.pending is not None or now.trick.top is not None:
        return False
    moves = listed(now, now.turn)
    return (
        any(isinstance(m, Block) for m in moves)
        and any(isinstance(m, Play) and m.bonus is not None for m in moves)
        and any(single_classic(m) for m in moves)
    )


def between_rounds(now: GameState) -> bool:
    return now.phase is Phase.BETWEEN_ROUNDS


def a_distribution_of_three(now: GameState) -> bool:
    """A trick winner hands out 3 eligible cards to two open rows: at least 2, at most 1
    per player."""
    pending = now.pending
    return (
        isinstance(pending, Distributing)
        and not pending.blank
        and len(pending.cards) == 3
        and pending.receivers == frozenset({0, 1})
    )


@pytest.fixture(scope="module")
def malus_scenario() -> Scenario:
    return find(TWO_SPEED_RUN, a_malus_to_answer, malus_on_the_others_hand, limit=20)


@pytest.fixture(scope="module")
def action_scenario() -> Scenario:
    return find(TWO_SPEED_RUN, an_action_card_to_play, no_preference, limit=20)


@pytest.fixture(scope="module")
def between_scenario() -> Scenario:
    return find(TWO_X_GAME, between_rounds, shed_cards, limit=30)


@pytest.fixture(scope="module")
def distribution_scenario() -> Scenario:
    return find(TWO_SPEED_RUN, a_distribution_of_three, no_preference, limit=20)


@pytest.fixture(scope="module")
def one_move_scenario() -> Scenario:
    return find(TWO_SPEED_RUN, one_move_to_make, draw_cards, limit=40)


@pytest.fixture(scope="module")
def beat_scenario() -> Scenario:
    return find(TWO_SPEED_RUN, a_pli_to_beat_with_some_cards, no_preference, limit=30)


def now(game: Game) -> GameState:
    return cast(GameState, state(game))


@dataclass
class Table:
    """A game between Alice (seat 0) and Bob (seat 1), each in their own browser."""

    game: Game
    clients: list[Client]

    def page(self, seat: int) -> str:
        return str(self.clients[seat].get(f"/games/{self.game.pk}/").content.decode())


def play_to(scenario: Scenario, alice: User, bob: User, as_user: Login) -> Table:
    """Record the scenario's deal and moves through the services, as the players would."""
    game = game_create(
        name="Form errors",
        config=scenario.config,
        seats=[SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)],
        created_by=alice,
        rng=random.Random(scenario.seed),
    )
    # The deal must be the one the search played from, or its moves would not fit.
    assert now(game) == scenario.start
    for seat, action in scenario.moves:
        game_submit(
            game_id=game.pk,
            seat=seat,
            action=action,
            expected_sequence=game_last(game),
            rng=random.Random(scenario.seed),  # an X-Game's round-2 shuffle, the same each run
        )
    reached = now(game)
    assert (reached.phase, reached.pending) == (scenario.end.phase, scenario.end.pending)
    assert NUMX.awaiting(reached) == NUMX.awaiting(scenario.end)
    return Table(game, [as_user(alice), as_user(bob)])


@pytest.fixture
def malus(malus_scenario: Scenario, alice: User, bob: User, as_user: Login) -> Table:
    """A Malus waits for its target to choose discards and where drawn cards go."""
    return play_to(malus_scenario, alice, bob, as_user)


@pytest.fixture
def action(action_scenario: Scenario, alice: User, bob: User, as_user: Login) -> Table:
    """A trick to open, by a player who may play a Block or lay a Shadow with a bonus."""
    return play_to(action_scenario, alice, bob, as_user)


@pytest.fixture
def between(between_scenario: Scenario, alice: User, bob: User, as_user: Login) -> Table:
    """An X-Game between its rounds: both players choose refill or reset."""
    return play_to(between_scenario, alice, bob, as_user)


@pytest.fixture
def distribution(distribution_scenario: Scenario, alice: User, bob: User, as_user: Login) -> Table:
    """A trick winner must hand out 3 eligible cards."""
    return play_to(distribution_scenario, alice, bob, as_user)


# Reading and posting the page as a browser does --------------------------------------------


class _Forms(HTMLParser):
    """The move forms of a page, by their ``form`` field: the hidden values each posts."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, str]] = {}
        self._current: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._current = {}
        elif self._current is not None and tag == "input" and found.get("type") == "hidden":
            self._current[found.get("name", "")] = found.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._current is not None:
            if self._current.get("form"):
                self.forms[self._current["form"]] = self._current
            self._current = None


def move_forms(page: str) -> dict[str, dict[str, str]]:
    parser = _Forms()
    parser.feed(page)
    return parser.forms


def submit(
    client: Client, game: Game, page: str, kind: str, htmx: bool = True, **choices: Any
) -> HttpResponse:
    """Post the page's ``kind`` form: its hidden fields as the page wrote them (sequence,
    key), plus the player's ``choices`` (field names without the form's prefix). With
    ``htmx``, as the page's htmx does; without, as a browser without JavaScript."""
    forms = move_forms(page)
    assert kind in forms, f"the page offers no {kind} form"
    data: dict[str, Any] = dict(forms[kind])
    data.update({f"{kind}-{name}": value for name, value in choices.items()})
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return cast(HttpResponse, client.post(f"/games/{game.pk}/move/", data, **extra))


def post_unoffered(client: Client, game: Game, kind: str, **fields: Any) -> HttpResponse:
    """Post a ``kind`` form the page does not show (an old tab, a hand-made request)."""
    return cast(HttpResponse, post_move(client, game, kind, **fields))


def events(game: Game) -> int:
    return Event.objects.filter(game=game).count()


def alert(response: HttpResponse) -> str:
    """The error the table shows, as the player reads it: right above the move forms
    (where they were looking when they sent the move), taking the focus."""
    page = response.content.decode()
    start = page.find('<p class="error" role="alert" id="move-refused" tabindex="-1" autofocus>')
    assert start >= 0, f"the page shows no error (status {response.status_code})"
    assert page.rfind('<section class="actions"', 0, start) > page.rfind("</section>", 0, start)
    return unescape(page[start : page.index("</p>", start)].split(">", 1)[1])


def assert_refused(
    response: HttpResponse, game: Game, before: int, kind: str | None, *reasons: str
) -> None:
    """Refused, and the player can tell why and try again: a 400 whose alert gives the
    ``reasons``; not one event written; the ``kind`` form is on the page again, carrying
    the game's current sequence and a key, so that the next try is not a conflict."""
    assert response.status_code == 400, response.content.decode()[:2000]
    said = alert(response)
    for reason in reasons:
        assert reason in said, (reason, said)
    assert events(game) == before
    if kind is not None:
        forms = move_forms(response.content.decode())
        assert kind in forms, f"the {kind} form is gone: {sorted(forms)}"
        assert forms[kind][f"{kind}-expected_sequence"] == str(game_last(game))
        assert forms[kind][f"{kind}-idempotency_key"]


def rule_broken(rule: str, detail: str) -> tuple[str, str, str]:
    """What an English page says when the engine refuses a move: "Not allowed", the
    engine's detail and the rule's statement from the rule book."""
    return "Not allowed", detail, RULES[rule]


# The Malus answer -------------------------------------------------------------------------


def malus_task(table: Table) -> MalusTask:
    """What the Malus asks, and of whom."""
    task = answer_to_choose(now(table.game))
    assert task is not None
    return task


def placements(count: int) -> dict[str, str]:
    """Each drawn card placed face up at the right end."""
    fields: dict[str, str] = {}
    for index in range(count):
        fields |= {f"up_{index}": "up", f"side_{index}": "right"}
    return fields


@pytest.mark.parametrize("htmx", [True, False], ids=["htmx", "no-javascript"])
def test_a_malus_answer_discarding_too_few_cards_names_the_rule(malus: Table, htmx: bool) -> None:
    """The target discards one card fewer than the Malus asks: the table comes back with
    "Not allowed", how many to discard and the Malus rule; nothing is recorded; the Malus
    form is still there (the whole page, for a browser without JavaScript)."""
    task = malus_task(malus)
    page, before = malus.page(task.seat), events(malus.game)
    response = submit(
        malus.clients[task.seat],
        malus.game,
        page,
        "malus",
        htmx=htmx,
        discard=[str(i) for i in range(task.discard - 1)],
        **placements(len(task.drawn)),
    )
    assert_refused(
        response,
        malus.game,
        before,
        "malus",
        *rule_broken("malus.resolve", f"the number of cards to discard is {task.discard}"),
    )
    assert ("<html" in response.content.decode()) is not htmx


def test_a_malus_answer_removing_a_score_card_it_did_not_ask_for_names_the_rule(
    malus: Table,
) -> None:
    """This Malus takes no score card: removing one anyway is refused with the rule, and
    nothing is recorded."""
    task = malus_task(malus)
    assert task.remove == 0
    page, before = malus.page(task.seat), events(malus.game)
    response = submit(
        malus.clients[task.seat],
        malus.game,
        page,
        "malus",
        discard=[str(i) for i in range(task.discard)],
        remove=["0"],
        **placements(len(task.drawn)),
    )
    assert_refused(
        response,
        malus.game,
        before,
        "malus",
        *rule_broken("malus.resolve", "the number of score cards to remove is 0"),
    )


def test_after_a_refused_malus_answer_the_answer_from_the_page_that_came_back_counts(
    malus: Table,
) -> None:
    """The target answers again from the refused page (its sequence, its key) and this
    time the answer is recorded: the refusal left nothing behind that blocks them."""
    task = malus_task(malus)
    client = malus.clients[task.seat]
    refused = submit(
        client, malus.game, malus.page(task.seat), "malus", **placements(len(task.drawn))
    )
    assert refused.status_code == 400
    retry = submit(
        client,
        malus.game,
        refused.content.decode(),
        "malus",
        discard=[str(i) for i in range(task.discard)],
        **placements(len(task.drawn)),
    )
    assert retry.status_code == 200, alert(retry)
    assert Event.objects.filter(game=malus.game, type="resolve", seat=task.seat).count() == 1


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("a drawn card without its side", REQUIRED),
        ("a card not in the hand", NOT_OFFERED.format(99)),
        ("a score card beyond the row", NOT_OFFERED.format(7)),
        ("a visibility that does not exist", NOT_OFFERED.format("sideways")),
    ],
    ids=["no-side", "unknown-card", "no-such-score-card", "unknown-visibility"],
)
def test_a_malformed_malus_answer_is_refused_cleanly(malus: Table, case: str, reason: str) -> None:
    """A truncated or tampered Malus form: 400 with "Check the form" and the faulty value,
    not a server error; nothing recorded; the form is offered again."""
    task = malus_task(malus)
    fields: dict[str, Any] = {
        "discard": [str(i) for i in range(task.discard)],
        **placements(len(task.drawn)),
    }
    if case == "a drawn card without its side":
        del fields[f"side_{len(task.drawn) - 1}"]
    elif case == "a card not in the hand":
        fields["discard"] = ["99"]
    elif case == "a score card beyond the row":
        fields["remove"] = ["7"]
    else:
        fields["up_0"] = "sideways"
    page, before = malus.page(task.seat), events(malus.game)
    response = submit(malus.clients[task.seat], malus.game, page, "malus", **fields)
    assert_refused(response, malus.game, before, "malus", "Check the form", reason)


def test_only_the_malus_target_may_answer_it(malus: Table) -> None:
    """The Malus player has nothing to answer and no form for it: a Malus answer (or a
    pli) posted by them anyway is refused as not available, and nothing is recorded."""
    player = 1 - malus_task(malus).seat
    assert "malus" not in move_forms(malus.page(player))
    before = events(malus.game)
    for kind, fields in (("malus", {"discard": ["0"]}), ("pli", {"cards": ["0"]})):
        response = post_unoffered(malus.clients[player], malus.game, kind, **fields)
        assert_refused(response, malus.game, before, None, UNAVAILABLE)


# Action cards, with their targets, and take-backs -----------------------------------------


def opener(table: Table) -> int:
    return now(table.game).turn


def is_action_card(name: str) -> bool:
    return Face.parse(name).is_action


def test_a_shadow_bonus_on_a_pli_without_a_shadow_names_the_rule(action: Table) -> None:
    """The opener lays a single classic card and picks a bonus Action card from the list,
    as the pli form lets them: the table says "Not allowed", that the pli has no Shadow,
    and the Shadow's rule; nothing is recorded; the pli form is offered again."""
    seat = opener(action)
    moves = listed(now(action.game), seat)
    single = next(m for m in moves if single_classic(m))
    bonus = next(m.bonus for m in moves if isinstance(m, Play) and m.bonus is not None)
    cards = hand(action.game, seat)
    page, before = action.page(seat), events(action.game)
    response = submit(
        action.clients[seat],
        action.game,
        page,
        "pli",
        cards=[str(cards.index(single.faces[0].text))],
        bonus=str(bonus),
    )
    assert_refused(
        response, action.game, before, "pli", *rule_broken("bonus.shadow", "this pli has no Shadow")
    )


@pytest.mark.parametrize(
    "notation",
    [
        "block 7",  # no such seat
        "block {me}",  # oneself
        "block between",  # needs teams
        "flip",  # no target at all
        "quantum 0",  # a card the player does not hold
        "take 5: play blue-1",  # a take-back of a score card that is not there
    ],
)
def test_an_action_card_the_page_does_not_offer_is_refused_by_the_form(
    action: Table, notation: str
) -> None:
    """An Action card with a wrong target (or a take-back) that the list of other moves
    does not hold: 400, "Check the form" naming the move, nothing recorded, the moves are
    offered again. The form accepts listed moves only, so the engine never sees these."""
    seat = opener(action)
    notation = notation.format(me=seat)
    assert notation not in {str(m) for m in listed(now(action.game), seat)}
    page, before = action.page(seat), events(action.game)
    response = submit(action.clients[seat], action.game, page, "choice", other=notation)
    assert_refused(
        response, action.game, before, "choice", "Check the form", NOT_OFFERED.format(notation)
    )


def test_after_a_refused_pli_the_other_moves_on_the_page_still_work(action: Table) -> None:
    """The opener lays two cards of different values (refused: not a pli), then plays a
    Block from the list of other moves on the page that came back: the Block is recorded.
    Every form of that page must still carry the game's sequence and a key, not only the
    refused one."""
    seat = opener(action)
    cards = hand(action.game, seat)
    values = {i: Face.parse(name).value for i, name in enumerate(cards)}
    numbered = [i for i, value in values.items() if value is not None]
    first, second = next((a, b) for a in numbered for b in numbered if values[a] != values[b])
    client = action.clients[seat]
    refused = submit(client, action.game, action.page(seat), "pli", cards=[str(first), str(second)])
    assert refused.status_code == 400
    assert RULES["pli.same-value"] in alert(refused)
    block = next(m for m in listed(now(action.game), seat) if isinstance(m, Block))
    response = submit(client, action.game, refused.content.decode(), "choice", other=str(block))
    assert response.status_code == 200, alert(response)
    assert Event.objects.filter(game=action.game, type="block", seat=seat).count() == 1


# The pli form's malformed posts -----------------------------------------------------------


@pytest.mark.parametrize(
    "case", ["no card", "a card not in the hand", "an Action card", "a Joker value above 16"]
)
def test_a_malformed_pli_is_refused_cleanly(action: Table, case: str) -> None:
    """A pli form without cards, with a card index the hand does not have, with an Action
    card (played from the other moves, never in a pli) or a Joker value beyond 16: 400,
    "Check the form" and the faulty value; nothing recorded; the pli form is there again."""
    seat = opener(action)
    cards = hand(action.game, seat)
    single = next(m for m in listed(now(action.game), seat) if single_classic(m))
    fields: dict[str, Any] = {"cards": [str(cards.index(single.faces[0].text))]}
    if case == "no card":
        fields, reason = {}, REQUIRED
    elif case == "a card not in the hand":
        fields["cards"], reason = ["99"], NOT_OFFERED.format(99)
    elif case == "an Action card":
        index = next(i for i, name in enumerate(cards) if is_action_card(name))
        fields["cards"], reason = [str(index)], NOT_OFFERED.format(index)
    else:
        fields["value"], reason = "17", NOT_OFFERED.format(17)
    page, before = action.page(seat), events(action.game)
    response = submit(action.clients[seat], action.game, page, "pli", **fields)
    assert_refused(response, action.game, before, "pli", "Check the form", reason)


# The X-Game round-2 choice ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("move", "reason"),
    [
        ("pass", NOT_OFFERED.format("pass")),
        ("draw", NOT_OFFERED.format("draw")),
        ("refill 10", NOT_OFFERED.format("refill 10")),
        ("", "Choose a move."),
    ],
    ids=["pass", "draw", "garbled", "nothing"],
)
def test_a_round_two_choice_other_than_refill_or_reset_is_refused(
    between: Table, move: str, reason: str
) -> None:
    """Between the rounds of an X-Game, anything but the refill and reset buttons
    (another move, a garbled choice, no choice at all) is refused: 400, "Check the form"
    and why; nothing recorded; both buttons are offered again."""
    assert {str(m) for m in listed(now(between.game), 0)} == {"refill", "reset"}
    page, before = between.page(0), events(between.game)
    response = submit(between.clients[0], between.game, page, "choice", move=move)
    assert_refused(response, between.game, before, "choice", "Check the form", reason)
    again = response.content.decode()
    assert 'value="refill"' in again and 'value="reset"' in again


def test_a_round_two_choice_is_made_once(between: Table) -> None:
    """Alice refills, then tries to reset: refused as not available (each player chooses
    once), nothing more recorded, and no choice is offered to her any more while Bob's is
    still awaited."""
    client = between.clients[0]
    chosen = submit(client, between.game, between.page(0), "choice", move="refill")
    assert chosen.status_code == 200, alert(chosen)
    before = events(between.game)
    response = post_unoffered(client, between.game, "choice", move="reset")
    assert_refused(response, between.game, before, None, UNAVAILABLE)
    assert "choice" not in move_forms(response.content.decode())
    assert "choice" in move_forms(between.page(1))


def test_a_pli_between_the_rounds_is_refused(between: Table) -> None:
    """No pli is laid between the rounds: a pli form posted then is not available, nothing
    is recorded, and the round-2 choice is still offered."""
    before = events(between.game)
    response = post_unoffered(between.clients[1], between.game, "pli", cards=["0"])
    assert_refused(response, between.game, before, None, UNAVAILABLE)
    assert "choice" in move_forms(response.content.decode())


# The opening pick -------------------------------------------------------------------------


@pytest.mark.parametrize("move", ["pick {theirs}", "pick", "pass", "draw"])
def test_an_opening_move_the_page_does_not_offer_is_refused(
    alice: User, duel: Game, as_user: Login, move: str
) -> None:
    """During the opening pick: picking a card of the other player's hand, a pick without a
    card, passing or drawing is refused with "Check the form" naming it; nothing recorded;
    the pick buttons are offered again."""
    client = as_user(alice)
    move = move.format(theirs=hand(duel, 1)[0])
    page, before = client.get(f"/games/{duel.pk}/").content.decode(), events(duel)
    response = submit(client, duel, page, "choice", move=move)
    assert_refused(response, duel, before, "choice", "Check the form", NOT_OFFERED.format(move))


# The distribution -------------------------------------------------------------------------


def distributing(table: Table) -> Distributing:
    pending = now(table.game).pending
    assert isinstance(pending, Distributing)
    return pending


def hand_out(to: list[str]) -> dict[str, str]:
    """Card ``i`` to seat ``to[i]`` ("" keeps it back), face up at the right end."""
    fields: dict[str, str] = {}
    for index, seat in enumerate(to):
        fields |= {f"to_{index}": seat, f"up_{index}": "up", f"side_{index}": "right"}
    return fields


class _Selected(HTMLParser):
    """The options a page's selects start on (``selected``), by the select's name."""

    def __init__(self) -> None:
        super().__init__()
        self.selected: dict[str, str] = {}
        self._select = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "select":
            self._select = found.get("name") or ""
        elif tag == "option" and "selected" in found and self._select:
            self.selected[self._select] = found.get("value") or ""


def test_a_distribution_starts_on_a_legal_choice_the_player_can_send_as_it_is(
    distribution: Table,
) -> None:
    """Every card starting on "discard" is refused by the rules: the form starts with the
    cards the rules ask for handed out, one each, which the player may send unchanged."""
    seat = distributing(distribution).winner
    page, before = distribution.page(seat), events(distribution.game)
    parser = _Selected()
    parser.feed(page)
    started = {
        name.removeprefix("distribution-"): value
        for name, value in parser.selected.items()
        if name.startswith("distribution-to_")
    }
    assert sorted(v for v in started.values() if v) == ["0", "1"]  # 2 of 3 cards, one each
    fields = hand_out(["", "", ""]) | started
    response = submit(distribution.clients[seat], distribution.game, page, "distribution", **fields)
    assert response.status_code == 200, response.content.decode()[:2000]
    assert events(distribution.game) > before


def test_a_distribution_over_the_cap_names_the_rule(distribution: Table) -> None:
    """Of 3 eligible cards nobody receives more than 1: the winner giving 2 to themself is
    refused with "Not allowed" and the cap rule; nothing recorded; the form is there."""
    pending = distributing(distribution)
    seat = pending.winner
    assert pending.cap == 1
    page, before = distribution.page(seat), events(distribution.game)
    response = submit(
        distribution.clients[seat],
        distribution.game,
        page,
        "distribution",
        **hand_out([str(seat), str(seat), ""]),
    )
    assert_refused(
        response,
        distribution.game,
        before,
        "distribution",
        "Not allowed",
        RULES["distribution.cap"],
    )


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("a receiver who is not a player", NOT_OFFERED.format(7)),
        ("a card without its visibility", REQUIRED),
        ("a side that does not exist", NOT_OFFERED.format("middle")),
    ],
    ids=["not-a-player", "no-visibility", "unknown-side"],
)
def test_a_malformed_distribution_is_refused_cleanly(
    distribution: Table, case: str, reason: str
) -> None:
    """A distribution form naming a seat that does not exist, missing a visibility, or with
    an unknown side: 400, "Check the form" and the faulty value; nothing recorded."""
    seat = distributing(distribution).winner
    fields = hand_out(["0", "1", ""])
    if case == "a receiver who is not a player":
        fields["to_0"] = "7"
    elif case == "a card without its visibility":
        del fields["up_1"]
    else:
        fields["side_2"] = "middle"
    page, before = distribution.page(seat), events(distribution.game)
    response = submit(distribution.clients[seat], distribution.game, page, "distribution", **fields)
    assert_refused(response, distribution.game, before, "distribution", "Check the form", reason)


def test_the_only_legal_move_is_a_button_not_a_list_behind_a_confirmation(
    one_move_scenario: Scenario, alice: User, bob: User, as_user: Login
) -> None:
    """A drawn card that must be played one way: the page offers that move as a button,
    with no list of other moves and nothing to confirm; one click plays it."""
    table = play_to(one_move_scenario, alice, bob, as_user)
    seat = next(s for s in (0, 1) if lone_move(now(table.game), s) is not None)
    move = lone_move(now(table.game), seat)
    page, before = table.page(seat), events(table.game)
    actions = page[page.index('<section class="actions"') :]
    assert f'name="choice-move" value="{move}"' in actions
    assert "Other moves" not in actions and "data-confirm" not in actions
    response = submit(table.clients[seat], table.game, page, "choice", move=str(move))
    assert response.status_code == 200 and events(table.game) > before


def test_the_cards_a_pli_may_hold_now_are_marked_and_the_others_cannot_be_selected(
    beat_scenario: Scenario, alice: User, bob: User, as_user: Login
) -> None:
    """On a pli to cover, the hand's cards that some legal pli holds are check boxes marked
    playable; a card too low is shown, not selectable; an Action card says its name."""
    table = play_to(beat_scenario, alice, bob, as_user)
    state = now(table.game)
    seat = state.turn
    page = table.page(seat)
    form = page[
        page.index('class="pli-form"') : page.index("</form>", page.index('class="pli-form"'))
    ]
    boxes = re.findall(r'<label class="pick playable" for="[^"]+"><input type="checkbox"', form)
    laid = {face.text for m in listed(state, seat) if isinstance(m, Play) for face in m.faces}
    assert len(boxes) == sum(card.face.text in laid for card in state.hands[seat])
    too_low = sorted(unplayable_numbers(state, seat))[0]
    assert '<span class="not-layable"><span class="card' in form
    assert card_words(too_low) in form  # shown, by its name
    action = next(card.face.text for card in state.hands[seat] if card.face.is_action)
    assert f'<span class="card-caption">{escape(card_words(action))}</span>' in form
