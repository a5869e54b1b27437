"""The new-game page, read by a newcomer choosing options: it links the game's how-to page,
and each option that is not plainly the rule book's game says whether it is one of the
rule book's variants or the site's own."""

from collections.abc import Callable
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.members import speaks

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

#: For each game, what its new-game page says of an option, in English and French.
SAYS = {
    "maya": ("The rule book’s variant for experts.", "La variante pour experts du livret."),
    "objectifs": ("An optional rule of the rule book.", "Une règle optionnelle du livret."),
    "numenko": ("The rule book plays it live;", "Le livret fait jouer en direct\u00a0;"),
    "numx": ("Not in the rule book,", "Pas dans le livret,"),
}


@pytest.mark.parametrize("game", ["numx", "objectifs", "nmbr9", "numenko", "maya"])
def test_the_new_game_page_links_how_to_play_the_game_chosen(
    game: str, alice: User, as_user: Login
) -> None:
    """Failed before: the page offered "Infini 4" or "Expert variant" with no way to read
    what they are but to leave it."""
    page = as_user(alice).get(f"/games/new/?game={game}").content.decode()
    assert f'href="/rules/{game}/"' in page


@pytest.mark.parametrize("game", sorted(SAYS))
def test_an_option_says_whether_the_rule_book_has_it(
    game: str, alice: User, as_user: Login
) -> None:
    """Failed before: a newcomer could not tell a variant of the printed rules from one of
    the site's, nor which way the rule book plays."""
    english, french = SAYS[game]
    assert english in as_user(alice).get(f"/games/new/?game={game}").content.decode()
    speaks(alice, "fr")
    assert french in as_user(alice).get(f"/games/new/?game={game}").content.decode()


class _SelectOptions(HTMLParser):
    """The words of every option of the page's lists (``<select>``), by the list's name."""

    def __init__(self) -> None:
        super().__init__()
        self.options: list[tuple[str, str]] = []
        self._select = ""
        self._in_option = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "select":
            self._select = dict(attrs).get("name") or ""
        self._in_option = tag == "option"

    def handle_endtag(self, tag: str) -> None:
        self._in_option = self._in_option and tag != "option"

    def handle_data(self, data: str) -> None:
        if self._in_option and data.strip():
            self.options.append((self._select, data.strip()))


#: The most letters a closed list shows whole on a 360-px phone (measured in Chromium:
#: about 295 px of room, and "2 : une recherche (une seconde…" was cut at 33).
PHONE_LIST_LETTERS = 30


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", ["numx", "objectifs", "nmbr9", "numenko", "maya"])
def test_no_list_of_the_new_game_page_is_cut_on_a_phone(
    game: str, language: str, alice: User, as_user: Login
) -> None:
    """Failed before: on a phone a closed list showed "in the first pli of a trick only (the
    ru", "with: each player draws a secret objective every ro" or the bots' level 2 cut
    short; such choices are buttons whose words wrap, as the clock's policy already was."""
    speaks(alice, language)
    parser = _SelectOptions()
    parser.feed(as_user(alice).get(f"/games/new/?game={game}").content.decode())
    too_long = [(name, words) for name, words in parser.options if len(words) > PHONE_LIST_LETTERS]
    assert too_long == []
