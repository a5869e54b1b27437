"""Whatever a browser or a program sends, the site answers with a page or a 4xx, never a
500, and a refused request writes nothing (issue #17, finding 3).

Hypothesis throws arbitrary text (NUL bytes, superscript digits, huge numbers, deep
notation) and arbitrary JSON (deep nesting included) at every form field, query parameter
and API field of a running game, as its seated player, at its chat, and at every header
of a mail sent to the SMTP listener of replies (whose answer is an SMTP reply that is
never a crash's 500).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chat.models import ChatLine
from games.events.models import Event
from games.models import Game
from notifications.mailin import answer
from notifications.models import InboundMail
from tournaments.models import Tournament
from tournaments.services import tournament_create

pytestmark = pytest.mark.django_db

EXAMPLES = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

#: Text as people and programs mistype it, and as attackers shape it.
texts = st.one_of(
    st.text(max_size=40),
    st.sampled_from(["²", "\x00", "-1", "1e9", "9" * 40, "0x10", " 3 ", "", "take 0: " * 1500]),
    st.integers().map(str),
)
#: JSON values, nesting included; and a few deep ones.
json_values = st.one_of(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | texts,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
        max_leaves=12,
    ),
    st.integers(min_value=50, max_value=800).map(lambda depth: _nested(depth)),
)


def _nested(depth: int) -> Any:
    """A ``take`` whose play is a ``take``, ``depth`` times over."""
    value: Any = "pass"
    for _ in range(depth):
        value = {"type": "take", "index": 0, "play": value}
    return value


def _league(game: Game) -> Tournament:
    """A tournament of the game's creator, made on first use."""
    return Tournament.objects.first() or tournament_create(
        organiser=game.created_by,
        name="League",
        stage_count=1,
        table_size=3,
        registration_closes=timezone.now() + timedelta(days=1),
    )


@pytest.fixture
def player(alice: User, duel: Game) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    return client


def refused_or_fine(response: Any, game: Game, events: int) -> None:
    assert response.status_code < 500, response.content[:300]
    if response.status_code >= 400:
        assert Event.objects.filter(game=game).count() == events


Send = Callable[[Client, Game, Any], Any]

GETS: dict[str, Send] = {
    "table ?step": lambda c, g, v: c.get(f"/games/{g.pk}/", {"step": v}),
    "replay ?step": lambda c, g, v: c.get(f"/games/{g.pk}/replay/", {"step": v}),
    "poll ?seq": lambda c, g, v: c.get(f"/games/{g.pk}/poll/", {"seq": v}),
    "lobby ?page": lambda c, g, v: c.get("/games/", {"page": v, "finished": v}),
    "next game ?after": lambda c, g, v: c.get("/games/next/", {"after": v}),
    "new game ?game": lambda c, g, v: c.get("/games/new/", {"game": v}),
    "API events ?after": lambda c, g, v: c.get(f"/api/games/{g.pk}/events/", {"after": v}),
    "API games ?page": lambda c, g, v: c.get("/api/games/", {"page": v}),
    "standings ?stage": lambda c, g, v: c.get(
        f"/tournaments/{_league(g).pk}/standings/", {"stage": v}
    ),
}

FORM_FIELDS = ["form", "expected_sequence", "idempotency_key", "move", "other", "cards", "value"]


@pytest.mark.parametrize("where", sorted(GETS))
@EXAMPLES
@given(value=texts)
def test_no_query_parameter_gets_a_server_error(
    player: Client, duel: Game, where: str, value: str
) -> None:
    events = Event.objects.filter(game=duel).count()
    refused_or_fine(GETS[where](player, duel, value), duel, events)


@pytest.mark.parametrize("where", sorted(GETS))
@pytest.mark.parametrize("digits", [20, 5000])
def test_no_number_too_big_for_the_database_or_python_gets_a_server_error(
    player: Client, duel: Game, where: str, digits: int
) -> None:
    """Past 19 digits no database integer holds it; past 4300, Python's ``int`` refuses."""
    events = Event.objects.filter(game=duel).count()
    refused_or_fine(GETS[where](player, duel, "9" * digits), duel, events)


@EXAMPLES
@given(
    form=st.sampled_from(["pli", "choice", "distribution", "malus", "x"]),
    values=st.lists(texts, min_size=7, max_size=7),
)
def test_no_move_form_gets_a_server_error(
    player: Client, duel: Game, form: str, values: list[str]
) -> None:
    events = Event.objects.filter(game=duel).count()
    data = {"form": form} | {
        f"{form}-{name}": v for name, v in zip(FORM_FIELDS, values, strict=True)
    }
    response = player.post(f"/games/{duel.pk}/move/", data, HTTP_HX_REQUEST="true")
    refused_or_fine(response, duel, events)


@EXAMPLES
@given(days=texts, order=texts)
def test_no_orders_or_vacation_form_gets_a_server_error(
    player: Client, duel: Game, days: str, order: str
) -> None:
    events = Event.objects.filter(game=duel).count()
    refused_or_fine(player.post(f"/games/{duel.pk}/vacation/", {"days": days}), duel, events)
    refused_or_fine(player.post(f"/games/{duel.pk}/orders/", {order: "on"}), duel, events)


@EXAMPLES
@given(action=json_values, sequence=json_values, key=json_values)
def test_no_api_action_gets_a_server_error(
    player: Client, duel: Game, action: Any, sequence: Any, key: Any
) -> None:
    events = Event.objects.filter(game=duel).count()
    body = {"action": action, "expected_sequence": sequence, "idempotency_key": key}
    response = player.post(
        f"/api/games/{duel.pk}/actions/", json.dumps(body), content_type="application/json"
    )
    refused_or_fine(response, duel, events)


@EXAMPLES
@given(body=json_values)
def test_no_api_body_gets_a_server_error(player: Client, duel: Game, body: Any) -> None:
    events = Event.objects.filter(game=duel).count()
    for url in (f"/api/games/{duel.pk}/actions/", "/api/games/", f"/api/games/{duel.pk}/join/"):
        response = player.post(url, json.dumps(body), content_type="application/json")
        refused_or_fine(response, duel, events)


@EXAMPLES
@given(text=texts, upto=texts, part=texts, hide=texts)
def test_no_chat_form_or_query_gets_a_server_error(
    player: Client, duel: Game, text: str, upto: str, part: str, hide: str
) -> None:
    """Failed before, on PostgreSQL: a line holding a NUL byte was a 500."""
    said = ChatLine.objects.count()
    for htmx in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = player.post(f"/chat/{duel.pk}/say/", {"text": text}, **htmx)
        assert response.status_code < 500, response.content[:300]
        if response.status_code >= 400:
            assert ChatLine.objects.count() == said
        said = ChatLine.objects.count()
        panel = player.get(f"/chat/{duel.pk}/", {"upto": upto, "part": part}, **htmx)
        assert panel.status_code < 500, panel.content[:300]
        hidden = player.post(f"/chat/{duel.pk}/hide/", {"hide": hide}, **htmx)
        assert hidden.status_code < 500, hidden.content[:300]


#: What the SMTP listener may answer a mail (451 only when the database is down).
SMTP_REPLIES = ("250 ", "552 5.3.4 ", "554 5.6.0 ")
#: Header values as senders get them wrong, and as attackers shape them.
header_values = st.one_of(
    texts,
    st.sampled_from(
        [
            '"<<>>" <@@@>',
            "<>",
            "a@b, c@d",
            "=?utf-8?q?=FF?= <a@b>",
            "=?x-unknown?b?////?=",
            "Bob <bob@example.com>\r\nBcc: eve@example.com",
        ]
    ),
)


@EXAMPLES
@given(
    headers=st.dictionaries(
        st.sampled_from(
            ["From", "To", "Subject", "Message-ID", "In-Reply-To", "References", "Content-Type"]
        ),
        header_values,
        max_size=7,
    ),
    body=texts,
    sender=texts,
)
def test_no_mail_gets_a_crash_from_the_smtp_listener(
    duel: Game, headers: dict[str, str], body: str, sender: str
) -> None:
    """Failed before: an unreadable From: made the listener answer aiosmtpd's 500."""
    kept = InboundMail.objects.count()
    lines = [f"{name}: {value}" for name, value in headers.items()]
    raw = "\r\n".join([*lines, "", body]).encode("utf-8", "surrogatepass")

    reply = answer(raw, ["play+1-2-0-abcdefghijklmnop@127.0.0.1"], sender)

    assert reply.startswith(SMTP_REPLIES), reply
    # A mail taken is kept once (a copy of one already kept is taken too); one refused, never.
    taken = reply.startswith("250 ")
    assert InboundMail.objects.count() - kept in ((0, 1) if taken else (0,))
