"""The replay viewer: step through a game, event by event."""

import html
import random
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.events import store
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.registry import rule_set
from games.rulesets.numx.descriptions import card as card_words

from .conftest import finish

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def shown(name: str) -> str:
    """How a card appears in a page: a picture labelled with its name in words."""
    return f'aria-label="{card_words(name)}"'


def test_anyone_replays_a_finished_game_with_every_hand_shown(duel: Game, client: Client) -> None:
    game = finish(duel)
    response = client.get(f"/games/{game.pk}/replay/?step=3")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Step 3 of" in page and "Every hand" in page
    then = store.load(game.pk, game.rules, upto=3).state
    for seat in (0, 1):
        for card in then.hands[seat]:  # type: ignore[attr-defined]
            assert shown(card.face.text) in page


def test_each_step_has_a_permalink_and_neighbours(duel: Game, client: Client) -> None:
    game = finish(duel)
    page = client.get(f"/games/{game.pk}/replay/?step=5").content.decode()
    assert "?step=4" in page and "?step=6" in page and f"?step={game.last_sequence}" in page
    assert 'type="range"' in page and 'data-key="ArrowLeft"' in page


def test_the_slider_and_the_link_beside_it_both_speak_of_steps(duel: Game, client: Client) -> None:
    """The slider said "Event 12 of 80" beside "Link to this step", and the steps are
    numbered: one word for one thing, a step, in English as in French (étape)."""
    game = finish(duel)
    last = game.last_sequence
    english = client.get(f"/games/{game.pk}/replay/?step=3").content.decode()
    assert f'<label for="replay-slider">Step 3 of {last}</label>' in english
    assert "Link to this step" in english and "Event" not in english
    french = client.get(f"/games/{game.pk}/replay/?step=3", HTTP_ACCEPT_LANGUAGE="fr")
    page = french.content.decode()
    assert f'<label for="replay-slider">Étape 3 sur {last}</label>' in page
    assert "Lien vers cette étape" in page


def test_the_keys_that_step_are_said_under_the_controls(duel: Game, client: Client) -> None:
    """The arrows, Home and End step through the replay, and nothing on the page said so:
    a short line in the controls does, in English and in French (its French keys are
    those of a French keyboard: Origine, Fin)."""
    game = finish(duel)
    english = client.get(f"/games/{game.pk}/replay/?step=3").content.decode()
    start = english.index('<nav class="replay-controls"')
    controls = english[start : english.index("</nav>", start)]
    assert (
        '<p class="note replay-keys">With a keyboard: <kbd>←</kbd> and <kbd>→</kbd> go one '
        "step back or on, <kbd>Home</kbd> and <kbd>End</kbd> to the first or the last.</p>"
    ) in controls
    french = client.get(f"/games/{game.pk}/replay/?step=3", HTTP_ACCEPT_LANGUAGE="fr")
    assert (
        "Au clavier\u00a0: <kbd>←</kbd> et <kbd>→</kbd> reculent ou avancent d’une étape, "
        "<kbd>Origine</kbd> et <kbd>Fin</kbd> mènent à la première ou à la dernière."
    ) in french.content.decode()


def test_steps_out_of_range_show_the_nearest_end(duel: Game, client: Client) -> None:
    game = finish(duel)
    assert "Step 1 of" in client.get(f"/games/{game.pk}/replay/?step=0").content.decode()
    last = client.get(f"/games/{game.pk}/replay/?step=99999").content.decode()
    assert f"Step {game.last_sequence} of {game.last_sequence}" in last
    assert "The game is over" in last


def test_a_step_before_the_first_shows_the_first(duel: Game, client: Client) -> None:
    game = finish(duel)
    assert "Step 1 of" in client.get(f"/games/{game.pk}/replay/?step=-5").content.decode()


def test_french_titles_put_a_no_break_space_before_the_colon(duel: Game, client: Client) -> None:
    game = finish(duel)
    replay = client.get(f"/games/{game.pk}/replay/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"<h1>Revoir la partie\u00a0: {game.name}</h1>" in replay
    history = client.get(f"/games/{game.pk}/history/", HTTP_ACCEPT_LANGUAGE="fr")
    assert f"\u00a0: {game.name}</h1>" in history.content.decode()
    english = client.get(f"/games/{game.pk}/replay/").content.decode()
    assert f"<h1>Replay: {game.name}</h1>" in english


def test_no_step_given_shows_the_last(duel: Game, client: Client) -> None:
    game = finish(duel)
    page = client.get(f"/games/{game.pk}/replay/?step=").content.decode()
    assert f"Step {game.last_sequence} of {game.last_sequence}" in page


@pytest.mark.parametrize("step", ["²", "x", "abc", "1e3", "--2", "3.5"])
def test_a_step_that_is_no_whole_number_is_refused_saying_what_a_step_is(
    duel: Game, client: Client, step: str
) -> None:
    """A step mistyped in the address is refused (400) with what a step is and the way
    back to this game's replay: bad input gets a clear error, not a step it did not ask
    for."""
    game = finish(duel)
    page = client.get(f"/games/{game.pk}/replay/", {"step": step})
    assert page.status_code == 400
    text = page.content.decode()
    assert f"a whole number from 1 to {game.last_sequence}" in text
    assert f'href="/games/{game.pk}/replay/"' in text


def test_a_step_is_typed_in_a_box_beside_the_slider(duel: Game, client: Client) -> None:
    """On a phone the slider is too coarse to reach step 57 of 200: a box in the same form
    takes the step's number (a number, from 1 to the last)."""
    game = finish(duel)
    page = client.get(f"/games/{game.pk}/replay/?step=5").content.decode()
    last = game.last_sequence
    assert '<label for="replay-number">Go to step</label>' in page
    box = re.search(r'<input id="replay-number"[^>]*>', page)
    assert box, "no box to type a step in"
    for attribute in ('type="number"', 'name="step"', 'min="1"', f'max="{last}"', 'value="5"'):
        assert attribute in box.group(0)
    french = client.get(f"/games/{game.pk}/replay/?step=5", HTTP_ACCEPT_LANGUAGE="fr")
    assert '<label for="replay-number">Aller à l’étape</label>' in french.content.decode()


@pytest.mark.parametrize(
    ("slider", "box", "shown"),
    [(9, 5, 9), (5, 9, 9), (7, 9, 9), (5, 5, 5)],
    ids=["slider-moved", "step-typed", "both", "neither"],
)
def test_the_form_sent_without_a_script_goes_to_the_step_chosen(
    duel: Game, client: Client, slider: int, box: int, shown: int
) -> None:
    """Without a script the form sends both the slider's step and the box's, and the step
    it was shown at: the one the reader moved or typed is the one that differs from it
    (the box's, typed, when both do)."""
    game = finish(duel)
    query = f"step={slider}&step={box}&shown=5"
    page = client.get(f"/games/{game.pk}/replay/?{query}").content.decode()
    assert f'data-step="{shown}"' in page


def test_a_step_is_described_in_words(duel: Game, client: Client) -> None:
    game = finish(duel)
    assert (
        "Chance: deal the cards." in client.get(f"/games/{game.pk}/replay/?step=2").content.decode()
    )


def test_htmx_steps_swap_only_the_step(duel: Game, client: Client) -> None:
    game = finish(duel)
    response = client.get(f"/games/{game.pk}/replay/?step=4", HTTP_HX_REQUEST="true")
    page = response.content.decode()
    assert re.match(r'\s*(<title>[^<]*</title>\s*)?<section id="replay-step"', page)
    assert "<html" not in page


def test_the_browsers_title_names_the_step(duel: Game, client: Client) -> None:
    """The tab's title said "Replay: Duel" at every step, and so did each step's entry in
    the browser's history (Back, Forward): it names the step, in the whole page and in the
    step alone that htmx swaps in (whose <title> htmx puts on the tab)."""
    game = finish(duel)
    last = game.last_sequence
    url = f"/games/{game.pk}/replay/?step=3"
    page = client.get(url).content.decode()
    assert f"<title>Replay: Duel · Step 3 of {last} · NUM-X by mail</title>" in page
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert f"<title>Revoir la partie\u00a0: Duel · Étape 3 sur {last} · NUM-X by mail</title>" in (
        french
    )
    alone = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert alone.lstrip().startswith(
        f"<title>Replay: Duel · Step 3 of {last} · NUM-X by mail</title>"
    )


def test_the_step_alone_and_the_whole_page_are_kept_apart_by_the_browser(
    duel: Game, client: Client
) -> None:
    """A step's address answers htmx with the step alone and the browser with the whole
    page: both say that they vary with htmx's header, or the browser's cache, keeping the
    step alone under its address, showed it bare (no menu, no style) to a reader who left
    the replay and came back to it with Back."""
    game = finish(duel)
    alone = client.get(f"/games/{game.pk}/replay/?step=4", HTTP_HX_REQUEST="true")
    whole = client.get(f"/games/{game.pk}/replay/?step=4")
    for answer in (alone, whole):
        assert "HX-Request" in [v.strip() for v in answer.headers["Vary"].split(",")]


def test_going_back_past_the_browsers_saved_steps_gets_the_whole_page(
    duel: Game, client: Client
) -> None:
    """htmx keeps the last ten steps shown; going back further, it asks for the step
    again and puts the answer in place of the whole page: a step alone left the page
    without its menu, its title and its way back to the table."""
    game = finish(duel)
    response = client.get(
        f"/games/{game.pk}/replay/?step=4",
        HTTP_HX_REQUEST="true",
        HTTP_HX_HISTORY_RESTORE_REQUEST="true",
    )
    page = response.content.decode()
    assert "<html" in page and f"<h1>Replay: {game.name}</h1>" in page
    assert "Step 4 of" in page and "Back to the table" in page


def test_players_replay_their_unfinished_game_in_their_own_view(
    alice: User, duel: Game, as_user: Login
) -> None:
    page = as_user(alice).get(f"/games/{duel.pk}/replay/?step=2").content.decode()
    assert "Your hand" in page and "Every hand" not in page
    hands = store.load(duel.pk, duel.rules, upto=2).state.hands  # type: ignore[attr-defined]
    assert all(shown(card.face.text) in page for card in hands[0])
    mine = {card.face.text for card in hands[0]}
    assert not any(shown(card.face.text) in page for card in hands[1] if card.face.text not in mine)


def test_nobody_else_replays_an_unfinished_game(
    mallory: User, duel: Game, as_user: Login, client: Client
) -> None:
    assert as_user(mallory).get(f"/games/{duel.pk}/replay/").status_code == 403
    assert client.get(f"/games/{duel.pk}/replay/").status_code == 302  # to sign in first


def test_a_signed_out_player_following_a_link_to_a_step_is_asked_to_sign_in_and_brought_back(
    alice: User, duel: Game, client: Client
) -> None:
    """A link to a step of a game being played, opened signed out (from another browser,
    or shared by the other player): it was a dead end, "Not allowed" with only the list of
    games; now the sign-in, which brings its player back to that step."""
    step = f"/games/{duel.pk}/replay/?step=2"
    response = client.get(step)
    assert response.status_code == 302
    login = response["Location"]
    assert login.startswith("/accounts/login/") and "next=" in login
    client.force_login(alice)
    back = client.get(login, follow=False)  # signed in already: the sign-in sends on
    assert back.status_code == 302 and back["Location"] == step
    assert "Your hand" in client.get(back["Location"]).content.decode()


@pytest.mark.parametrize("digits", [20, 5000])
def test_a_step_of_many_digits_shows_the_last(duel: Game, client: Client, digits: int) -> None:
    game = finish(duel)
    page = client.get(f"/games/{game.pk}/replay/", {"step": "9" * digits})
    assert page.status_code == 200
    assert f"Step {game.last_sequence} of {game.last_sequence}" in page.content.decode()


def said_at(page: str, step: int) -> str:
    """The sentence a replay's page says of its step."""
    found = re.search(rf'<p class="event"><strong>{step}\.</strong> (.*?)</p>', page)
    assert found, step
    return html.unescape(found.group(1))


def test_a_player_replaying_their_finished_game_reads_of_their_own_moves_as_yours(
    alice: User, mallory: User, duel: Game, as_user: Login
) -> None:
    """Each step reads as the player's own history of the game says it ("You: …" for their
    own moves), and a spectator reads every name, as they do in the history."""
    game = finish(duel)
    for reader, own_words in ((alice, "You: "), (mallory, "alice: ")):
        browser = as_user(reader)
        history = browser.get(f"/games/{game.pk}/history/").content.decode()
        sentences = {
            int(number): html.unescape(sentence)
            for number, sentence in re.findall(r'<li value="(\d+)"><a [^>]*>(.*?)</a>', history)
        }
        hers = [n for n, sentence in sentences.items() if sentence.startswith(own_words)]
        assert hers, reader
        for step in (*hers[:3], 2, game.last_sequence):
            page = browser.get(f"/games/{game.pk}/replay/?step={step}").content.decode()
            assert said_at(page, step) == sentences[step], (reader, step)


def test_a_player_replaying_their_finished_game_finds_their_seat_marked_as_theirs(
    alice: User, mallory: User, duel: Game, as_user: Login
) -> None:
    """Every hand is shown, yet the reader's own box says "(you)", as at the table; a
    visitor's replay marks no box."""
    game = finish(duel)
    for step in (2, game.last_sequence):
        hers = as_user(alice).get(f"/games/{game.pk}/replay/?step={step}").content.decode()
        assert "alice (you)" in hers and "bob (you)" not in hers, step
        theirs = as_user(mallory).get(f"/games/{game.pk}/replay/?step={step}").content.decode()
        assert "(you)" not in theirs, step


def test_between_an_x_games_rounds_the_centre_says_what_the_game_waits_for(
    alice: User, bob: User, client: Client
) -> None:
    """Round 1 over, each player chooses how to start round 2: the replay's centre (as a
    watcher's table) says so, not only the trick the round stopped at."""
    game = game_open(creator=alice, name="X", config={"players": 2, "mode": "x-game"}, public=True)
    game_join(game=game, user=bob, token=game.invite_token)
    game = finish(game_start(game=game, by=alice, rng=random.Random(3)))
    rules = rule_set(game.rules)
    between = next(
        step
        for step in range(1, game.last_sequence + 1)
        if rules.progress(store.load(game.pk, game.rules, upto=step).state).phase
        == "between-rounds"
    )
    page = client.get(f"/games/{game.pk}/replay/?step={between}").content.decode()
    centre = page.split('class="centre"')[1].split("</section>")[0]
    assert "Round 1 is over: each player chooses how to start round 2" in html.unescape(centre)


def _log_link(page: str) -> str | None:
    """Where the page's link to download the game's log leads, if it has one."""
    found = re.search(r'<a href="([^"]*)"[^>]*>Download the log</a>', page)
    return html.unescape(found.group(1)) if found else None


def test_a_finished_games_replay_lets_its_reader_download_the_log_its_salt_checks(
    alice: User, mallory: User, duel: Game, as_user: Login, client: Client
) -> None:
    """The replay reveals the salt "to check its log": a signed-in reader, player or not,
    downloads that log from beside it; a visitor is shown the way to sign in for it."""
    game = finish(duel)
    for reader in (alice, mallory):
        browser = as_user(reader)
        page = browser.get(f"/games/{game.pk}/replay/?step=3").content.decode()
        link = _log_link(page)
        assert link is not None, reader
        log = browser.get(link)
        assert log.status_code == 200 and log["Content-Type"] == "application/json"
        assert f"salt {log.json()['chain']['salt']}" in page
    visitor = client.get(f"/games/{game.pk}/replay/?step=3").content.decode()
    assert _log_link(visitor) is None
    assert "Sign in to download the log" in visitor


def test_an_unfinished_games_replay_offers_no_log(alice: User, duel: Game, as_user: Login) -> None:
    page = as_user(alice).get(f"/games/{duel.pk}/replay/").content.decode()
    assert _log_link(page) is None and "download the log" not in page


def test_a_finished_games_table_offers_its_replay_at_its_head(
    alice: User, duel: Game, as_user: Login
) -> None:
    """The replay was linked only under what happened, below every hand: on a phone some
    2,600 px down the game-over page. Now the table's head says it too, beside "The game is
    over"; a game being played keeps it where it was."""
    replay = f'href="/games/{duel.pk}/replay/"'
    playing = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    head = playing[: playing.index('class="players"')]
    assert replay not in head and replay in playing
    game = finish(duel)
    over = as_user(alice).get(f"/games/{game.pk}/").content.decode()
    head = over[: over.index('class="players"')]
    assert "The game is over" in head and replay in head


def test_the_chain_head_says_what_it_is_and_where_an_emails_head_is_found(
    alice: User, duel: Game, as_user: Login
) -> None:
    """A player read only "Game log: event 5, chain head 3fa9…": nothing said what a
    chain head is, nor that an email's is checked at that step of the replay. A fold under
    it says so, on the table and the replay, in French too."""
    browser = as_user(alice)
    for path in (f"/games/{duel.pk}/", f"/games/{duel.pk}/replay/?step=3"):
        page = browser.get(path).content.decode()
        chain = page[page.index("chain head") :]
        fold = re.search(r"<details class=\"chain-help\"[^>]*>(.*?)</details>", chain, re.S)
        assert fold is not None, path
        assert "<summary>What is this?</summary>" in fold.group(1)
        assert "fingerprint" in fold.group(1) and "step of the replay" in fold.group(1)
        french = browser.get(path, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
        assert "<summary>Qu’est-ce que c’est\u00a0?</summary>" in french


def test_a_watcher_of_a_game_being_played_is_not_offered_its_replay(
    alice: User, mallory: User, duel: Game, as_user: Login, client: Client
) -> None:
    """Only its players replay a game being played: its table offered the replay to a
    watcher too, a link that then refused them (or asked a visitor to sign in first, to
    refuse them after). Once the game is over, everybody is offered it."""
    replay = f'href="/games/{duel.pk}/replay/"'
    assert replay in as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    for watcher in (as_user(mallory), client):
        assert replay not in watcher.get(f"/games/{duel.pk}/").content.decode()
    game = finish(duel)
    for watcher in (as_user(mallory), client):
        assert replay in watcher.get(f"/games/{game.pk}/").content.decode()
