"""The new-game page, read by a newcomer choosing options: it links the game's how-to page,
and each option that is not plainly the rule book's game says whether it is one of the
rule book's variants or the site's own."""

from collections.abc import Callable

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
