"""The bot authors' guide is a page of the site, drawn from its Markdown in the site's
layout, and the pages a bot author uses (API tokens, webhooks, the API's docs) lead to it.
Bot authors read it, not the site's developers: nothing of the repository shows there."""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

GUIDE = "/api/guide/"

#: What only the site's developers should read: test names, the repository's source paths.
CODE = re.compile(r"\btest_\w+|(?<![/\w])(?:games|tests|docs|examples)/[\w/.-]+")


def words(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_the_guide_is_a_page_of_the_site_with_every_heading_of_its_text() -> None:
    text = (settings.BASE_DIR / "docs/bots-api.md").read_text(encoding="utf-8")
    headings = [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")]
    assert len(headings) > 10

    answer = Client().get(GUIDE)

    assert answer.status_code == 200
    page = answer.content.decode()
    assert 'href="/rules/"' in page, "in the site's layout, its menu"
    shown = words(page)
    for heading in headings:
        assert re.sub(r"[`*]", "", heading) in shown
    assert "<pre><code" in page, "its examples drawn as code"
    assert 'id="checking-a-signature"' in page, "the webhooks page links there"
    assert CODE.findall(shown) == []


def test_the_guide_offers_its_sample_bot() -> None:
    page = Client().get(GUIDE).content.decode()
    assert 'href="/api/guide/bot.py"' in page

    answer = Client().get("/api/guide/bot.py")

    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/plain")
    assert b"def " in answer.content
    assert answer.content == (settings.BASE_DIR / "examples/bot.py").read_bytes()
    assert CODE.findall(answer.content.decode()) == [], "its words for its reader too"


def test_the_guide_says_in_french_that_it_is_written_in_english() -> None:
    page = Client(headers={"accept-language": "fr"}).get(GUIDE).content.decode()
    assert "Ce guide est écrit en anglais" in words(page)


def test_the_pages_of_a_bot_author_link_to_the_guide(alice: User) -> None:
    client = Client()
    client.force_login(alice)

    tokens = client.get("/accounts/profile/").content.decode()
    webhooks = client.get("/webhooks/").content.decode()
    schema = client.get("/api/schema/", headers={"accept": "application/json"}).json()

    assert f'href="{GUIDE}"' in tokens
    assert 'href="/api/docs/"' in tokens
    assert f'href="{GUIDE}#checking-a-signature"' in webhooks
    assert GUIDE in schema["info"]["description"]
    assert f'href="{GUIDE}"' in Client().get("/rules/").content.decode()
