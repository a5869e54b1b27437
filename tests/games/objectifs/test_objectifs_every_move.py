"""Every legal move can be made from the table's forms, as a browser makes it.

Seeded games of 2 to 6 players, with and without the table options, are played to their
end through the table itself: at each moment, for every seat that may move (the one whose
turn it is, those completing their malus cards, a Facteur X out of turn), the table is
drawn as that player's browser receives it, and each of the seat's legal moves is made from
what the page draws: the boxes of the cards ticked (recognised by the words a screen reader
says, posted in the page's order), the X-Jokers' value and the Echange or Malus + chosen in
their lists, a button clicked. What the browser would post must be the very move listed,
and the move that moves the game on is posted and recorded.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client

from games.engine.objectifs import RULES, Action, Lay, ObjectifsState, Play, Replace
from games.engine.objectifs.cards import DECK, value_text
from games.models import Game
from games.presenters import table
from games.rulesets.objectifs.descriptions import card as card_words
from games.rulesets.objectifs.forms import move_forms
from games.services import game_submit
from tests.conftest import person

from .conftest import last, start, state

pytestmark = pytest.mark.django_db

#: A card's name in the words a screen reader says (the box's label), back to its notation.
FACES = {card_words(str(card)): str(card) for card in set(DECK)}


@dataclass
class Box:
    """A checkbox the page draws: its field, its posted value, its id, the box its label
    ticks when the card's picture is clicked (by its id), the card it is labelled by."""

    name: str
    value: str
    id: str = ""
    ticks: str = ""
    card: str = ""


@dataclass
class PageForm:
    """One move form as the page draws it."""

    hidden: dict[str, str] = field(default_factory=dict)
    boxes: list[Box] = field(default_factory=list)
    selects: dict[str, list[str]] = field(default_factory=dict)
    buttons: list[tuple[str, str]] = field(default_factory=list)


class _Page(HTMLParser):
    """The move forms of a table, by their ``form`` field."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: dict[str, PageForm] = {}
        self._form: PageForm | None = None
        self._select: list[str] | None = None
        self._label: Box | None = None
        self._for = ""
        self._hidden_text = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._form = PageForm()
            return
        form = self._form
        if form is None:
            return
        if tag == "label":
            self._for = found.get("for", "")
        elif tag == "input" and found.get("type") == "hidden":
            form.hidden[found["name"]] = found.get("value", "")
        elif tag == "input" and found.get("type") == "checkbox":
            assert "checked" not in found, "a fresh table ticks no box"
            self._label = Box(found["name"], found.get("value", "on"), found["id"], self._for)
            form.boxes.append(self._label)
        elif tag == "input" and found.get("type") == "radio":
            # Radio buttons are a list too: the first one chosen, as a list's first option.
            listed = form.selects.setdefault(found["name"], [])
            assert ("checked" in found) == (not listed), f"not the first chosen: {found}"
            listed.append(found.get("value", ""))
        elif tag == "select":
            self._select = form.selects.setdefault(found["name"], [])
        elif tag == "option" and self._select is not None:
            self._select.append(found.get("value", ""))
        elif tag == "button" and "name" in found:
            form.buttons.append((found["name"], found.get("value", "")))
        elif (
            tag == "span"
            and self._label is not None
            and "visually-hidden" in found.get("class", "")
        ):
            self._hidden_text = True

    def handle_data(self, data: str) -> None:
        if self._hidden_text and self._label is not None:
            self._label.card = FACES[data.strip()]

    def handle_endtag(self, tag: str) -> None:
        if tag == "span":
            self._hidden_text = False
        elif tag == "label":
            self._label = None
        elif tag == "select":
            self._select = None
        elif tag == "form" and self._form is not None:
            if self._form.hidden.get("form"):
                self.forms[self._form.hidden["form"]] = self._form
            self._form = None


def page_forms(client: Client, game: Game) -> dict[str, PageForm]:
    """The move forms of the table as the player's browser draws it (htmx's refresh)."""
    answer = client.get(f"/games/{game.pk}/", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    parser = _Page()
    parser.feed(answer.content.decode())
    boxes = [box for form in parser.forms.values() for box in form.boxes]
    ids = Counter(box.id for box in boxes)
    for box in boxes:
        # A card's picture covers its box once ticked: clicking it again (to untick it)
        # clicks the label, which ticks the first box on the page with the id it names.
        assert ids[box.id] == 1 and box.ticks == box.id, (box, ids.most_common(2))
    return parser.forms


def tick(form: PageForm, name: str, cards: list[str], where: str | None = None) -> list[str]:
    """The values of boxes of field ``name`` a player ticks to choose ``cards`` (of the
    malus cards of seat ``where``, for the table's), each box once, as the page draws them."""
    free = [
        box
        for box in form.boxes
        if box.name == name and (where is None or box.value.split(".")[0] == where)
    ]
    chosen: list[Box] = []
    for card in cards:
        box = next((b for b in free if b.card == card and b not in chosen), None)
        assert box is not None, f"no box for {card} in {name} ({where}): {free}"
        chosen.append(box)
    return [box.value for box in chosen]


def choose(form: PageForm, name: str, value: str) -> str:
    """``value`` chosen in the list ``name``, which must offer it."""
    assert value in form.selects.get(name, []), f"{value!r} not offered in {name}"
    return value


def posted(forms: dict[str, PageForm], action: Action, notation: str) -> dict[str, Any]:
    """What the browser posts to make ``action`` from the page's ``forms``: the boxes
    ticked in the page's order, each list's choice (its first option unless chosen), and
    the clicked button."""
    choices: dict[str, list[str]] = {}
    if "choice" in forms and any(v == notation for _n, v in forms["choice"].buttons):
        kind = "choice"
        choices["choice-move"] = [notation]
    elif isinstance(action, (Lay, Replace)):
        kind = "lay" if isinstance(action, Lay) else "replace"
        assert kind in forms, f"no {kind} form for {notation}: {sorted(forms)}"
        wanted = [str(card) for card in action.cards]
        choices[f"{kind}-cards"] = tick(forms[kind], f"{kind}-cards", wanted)
    elif isinstance(action, Play):
        kind = "pli"
        assert kind in forms, f"no pli form for {notation}: {sorted(forms)}"
        form = forms[kind]
        choices["pli-cards"] = tick(form, "pli-cards", [str(c) for c in action.hand])
        rows: list[str] = []
        for owner in sorted({taken.seat for taken in action.rows}):
            wanted = [str(t.card) for t in action.rows if t.seat == owner]
            rows += tick(form, "pli-rows", wanted, str(owner))
        choices["pli-rows"] = rows
        if action.value is not None:
            choices["pli-value"] = [choose(form, "pli-value", value_text(action.value))]
        if action.action is not None:
            choices["pli-carried"] = [choose(form, "pli-carried", str(action.action))]
    else:
        kind = "choice"
        assert kind in forms, f"no choice form for {notation}: {sorted(forms)}"
        choices["choice-other"] = [choose(forms[kind], "choice-other", notation)]
    form = forms[kind]
    data: dict[str, Any] = dict(form.hidden)
    for name, options in form.selects.items():
        data[name] = options[0] if options else ""
    for box in form.boxes:  # the page's order, not the move's
        ticked = choices.get(box.name, [])
        if box.value in ticked:
            data.setdefault(box.name, []).append(box.value)
    for name, values in choices.items():
        if not name.endswith(("-cards", "-rows")):
            data[name] = values[0]
    return data


def api_cards(client: Client, game: Game, seat: int) -> list[tuple[str, str]]:
    """The cards of the hand and of every player's malus cards, as the API lists them to
    the player (a client chooses its boxes by their places in these lists), each with the
    box value the table gives it."""
    answer = client.get(f"/api/games/{game.pk}/")
    assert answer.status_code == 200
    view = answer.json()["state"]
    cards = [(str(i), name) for i, name in enumerate(view["hands"][seat])]
    for owner, row in enumerate(view["rows"]):
        cards += [(f"{owner}.{i}", name) for i, name in enumerate(row)]
    return cards


def kinds(action: Action, seat: int, now: ObjectifsState, only: bool) -> list[str]:
    """What a move tests of the forms: its kind, and the cases the forms must get right."""
    found = [type(action).__name__]
    if only:
        found.append("only move")
    if isinstance(action, Play):
        if seat != now.turn:
            found.append("Facteur X")
        if action.value is not None:
            found.append("pli naming a value")
        if action.action is not None:
            found.append("pli with an Echange or a Malus +")
        if len({t.seat for t in action.rows}) > 1:
            found.append("pli of several players' malus cards")
        if len(set(action.hand)) < len(action.hand):
            found.append("pli of copies of a card")
    return found


#: The tables played: every number of players, with and without each option.
CONFIGS = [
    {"players": 2, "objectives": True, "infinity_four": False},
    {"players": 3, "objectives": False, "infinity_four": True},
    {"players": 4, "objectives": True, "infinity_four": True},
    {"players": 5, "objectives": False, "infinity_four": False},
    {"players": 6, "objectives": True, "infinity_four": False},
]
#: Moves made in each game (a few tricks and the completions after them), and how often
#: the table is drawn and every legal move made from its forms (the others are the bots').
STEPS = 60
LOOK_EVERY = 4


#: What the sweep must have met, lest a change of the deals or the bots leave a case out.
CASES = {
    "Lay",
    "Replace",
    "Play",
    "Draw",
    "Pass",
    "Echange",
    "MalusPlus",
    "only move",
    "Facteur X",
    "pli naming a value",
    "pli with an Echange or a Malus +",
    "pli of several players' malus cards",
    "pli of copies of a card",
}


def test_every_legal_move_is_made_from_the_tables_forms() -> None:
    checked = Counter[str]()
    for config in CONFIGS:
        checked += sweep(config)
    assert checked.keys() >= CASES, CASES - checked.keys()


def sweep(config: dict[str, Any]) -> Counter[str]:
    """Play a game of ``config`` and make every legal move from the table at times; what
    was made, by case."""
    users = [person(f"{config['players']}-player{seat}") for seat in range(config["players"])]
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    options = {name: value for name, value in config.items() if name != "players"}
    game = start(users, seed=config["players"], **options)
    rng = random.Random(config["players"])
    checked = Counter[str]()
    for step in range(STEPS):
        game.refresh_from_db()
        now: ObjectifsState = state(game)
        if RULES.is_terminal(now):
            break
        # Every seat that may move: those the game waits for and any with a Facteur X.
        seats = sorted(RULES.to_act(now) - {RULES.chance})
        awaited = sorted(RULES.awaiting(now) - {RULES.chance})
        if step % LOOK_EVERY:
            seat = awaited[0]
            action = RULES.bot_action(now, seat, rng)
            game_submit(
                game_id=game.pk, seat=seat, action=action, expected_sequence=game.last_sequence
            )
            continue
        offers: dict[tuple[int, str], dict[str, Any]] = {}
        for seat in seats:
            listed = list(RULES.legal_actions(now, seat))
            forms = page_forms(clients[seat], game)
            drawn = {box.value: box.card for form in forms.values() for box in form.boxes}
            for value, name in api_cards(clients[seat], game, seat):
                assert drawn.get(value, name) == name, (value, name, drawn[value])
            current = table(game, seat)
            for action in listed:
                notation = str(action)
                data = posted(forms, action, notation)
                bound = move_forms(current, "", data)[data["form"]]
                assert bound.is_valid(), (notation, bound.errors)
                made = bound.action()
                assert made == action, (notation, str(made))
                checked.update(kinds(action, seat, now, len(listed) == 1))
                offers[seat, notation] = data
        # The move posted: the bot's, or (one time in three) any other, by a seat that may
        # move (one time in five, a Facteur X out of turn when there is one).
        mover = rng.choice(seats) if rng.random() < 0.2 else awaited[0]
        if rng.random() < 2 / 3:
            choice = offers[mover, str(RULES.bot_action(now, mover, rng))]
        else:
            choice = rng.choice([data for (seat, _n), data in offers.items() if seat == mover])
        before = last(game)
        answer = clients[mover].post(f"/games/{game.pk}/move/", choice, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200, answer.content.decode()[:3000]
        assert last(game) > before, "the move was not recorded"
    return checked
