"""The French catalogue: every message translated, the committed .mo in step with the .po,
and French pages for French browsers.

The .po is read with the small parser below (the standard library has none), so that a
fresh clone checks its catalogue without GNU gettext. When code gains a new message,
`makemessages` adds it untranslated and these tests fail until it is translated and the
catalogue recompiled (README: `makemessages`, then `compilemessages`).
"""

from __future__ import annotations

import gettext
import importlib
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from games import registry
from games.engine.numx import GameConfig
from games.rulesets.numx import descriptions


def _catalogues() -> dict[str, Path]:
    """The site's French catalogue, and each registered game's (its own ``locale/``)."""
    found = {"site": Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES"}
    for game_id, package in registry.GAMES.items():
        folder = Path(importlib.import_module(package).__file__ or "").parent
        found[game_id] = folder / "locale" / "fr" / "LC_MESSAGES"
    return found


CATALOGUES = _catalogues()

#: French plural forms: 0 and 1 take the singular.
PLURAL_FORMS = "nplurals=2; plural=(n > 1);"

NBSP = "\u00a0"
#: A NUM-X game of today's rules edition, whose moves are said.
GAME = GameConfig(2)


# --- A small .po reader ---------------------------------------------------------------


@dataclass
class Entry:
    """One message of a .po file, its strings unescaped."""

    line: int
    msgid: str = ""
    msgid_plural: str | None = None
    msgctxt: str | None = None
    #: Plain entries have one form, numbered 0; plural entries one per plural form.
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        """The catalogue key, as msgfmt writes it (context, EOT, msgid)."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b"}
_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+"(.*)"$')


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(0)), text)


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file (obsolete ``#~`` entries left out), header included."""
    entries: list[Entry] = []
    current: Entry | None = None
    flags: set[str] = set()
    target: tuple[str, int] | None = None  # the keyword that continuation lines extend

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            finish()
            target = None
            continue
        if line.startswith("#"):
            if line.startswith("#,"):
                if current is not None and current.msgstr:
                    finish()
                flags |= {flag.strip() for flag in line[2:].split(",") if flag.strip()}
            continue
        match = _KEYWORD.match(line)
        if match:
            keyword, index, value = match.group(1), match.group(2), _unquote(match.group(3))
            if keyword in ("msgctxt", "msgid") and (current is None or current.msgstr):
                finish()
            if current is None:
                current, flags = Entry(line=number, flags=flags), set()
            if keyword.startswith("msgstr"):
                target = ("msgstr", int(index or 0))
                current.msgstr[target[1]] = value
            else:
                target = (keyword, 0)
                setattr(current, keyword, value)
            continue
        if line.startswith('"') and line.endswith('"') and current is not None and target:
            value = _unquote(line[1:-1])
            if target[0] == "msgstr":
                current.msgstr[target[1]] += value
            else:
                setattr(current, target[0], (getattr(current, target[0]) or "") + value)
            continue
        raise ValueError(f"django.po:{number}: cannot read {raw!r}")
    finish()
    return entries


def header(entries: list[Entry]) -> dict[str, str]:
    (head,) = [entry for entry in entries if entry.msgid == "" and entry.msgctxt is None]
    fields = (line.partition(":") for line in head.msgstr[0].splitlines() if line)
    return {name.strip(): value.strip() for name, _sep, value in fields}


def messages(entries: list[Entry]) -> list[Entry]:
    return [entry for entry in entries if entry.key != ""]


def french_plural(n: int) -> int:
    return int(n > 1)


_PLACEHOLDER = re.compile(r"%\((\w+)\)[-+ #0]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]")


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


@pytest.fixture(scope="module", params=sorted(CATALOGUES))
def where(request: pytest.FixtureRequest) -> Path:
    """A catalogue's folder: the site's, then each game's."""
    return CATALOGUES[request.param]


@pytest.fixture(scope="module")
def entries(where: Path) -> list[Entry]:
    return parse_po((where / "django.po").read_text(encoding="utf-8"))


# --- The .po: complete, not fuzzy, placeholders kept ------------------------------------


def test_the_parser_reads_plurals_continuations_and_escapes() -> None:
    sample = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        '#: a.py:1\n#, python-format\nmsgid "%(n)d card"\nmsgid_plural "%(n)d cards"\n'
        'msgstr[0] "%(n)d carte"\nmsgstr[1] "%(n)d "\n"cartes"\n\n'
        '#, fuzzy\nmsgctxt "pile"\nmsgid "say \\"hi\\"\\n"\nmsgstr ""\n\n'
        '#~ msgid "gone"\n#~ msgstr "parti"\n'
    )
    head, plural, fuzzy = parse_po(sample)
    assert header([head]) == {"Language": "fr"}
    assert (plural.msgid, plural.msgid_plural) == ("%(n)d card", "%(n)d cards")
    assert plural.msgstr == {0: "%(n)d carte", 1: "%(n)d cartes"}
    assert plural.flags == {"python-format"}
    assert (fuzzy.key, fuzzy.msgstr, fuzzy.flags) == ('pile\x04say "hi"\n', {0: ""}, {"fuzzy"})


def test_the_header_is_french_with_french_plurals(entries: list[Entry]) -> None:
    head = header(entries)
    assert head["Language"] == "fr"
    assert head["Plural-Forms"] == PLURAL_FORMS
    assert head["Content-Type"] == "text/plain; charset=UTF-8"
    (first,) = [entry for entry in entries if entry.key == ""]
    assert "fuzzy" not in first.flags, "msgfmt ignores a fuzzy header (and its plural rule)"


def test_every_message_is_translated_and_none_is_fuzzy(entries: list[Entry]) -> None:
    assert len(messages(entries)) > 20
    fuzzy = [f"django.po:{e.line} {e.msgid!r}" for e in messages(entries) if "fuzzy" in e.flags]
    assert fuzzy == [], "fuzzy entries are left out of the .mo: review them"
    untranslated = [
        f"django.po:{e.line} {e.msgid!r}"
        for e in messages(entries)
        if not all(e.msgstr.get(i) for i in range(2 if e.msgid_plural is not None else 1))
    ]
    assert untranslated == []


def test_french_double_punctuation_follows_a_no_break_space(entries: list[Entry]) -> None:
    """French sets a space before ":", ";", "!" and "?", one that never breaks the line
    ("Revoir la partie : …"); a plain space would let the sign start a line. Quoted
    examples of what to type (« 4: 8/4/2/1 ») are notation, left as typed."""
    wrong = [
        f"django.po:{e.line} {text!r}"
        for e in messages(entries)
        for text in e.msgstr.values()
        if re.search(r"(?:\w|[)»])[:;!?](?:\s|$)| [:;!?]", re.sub(r"«[^»]*»", "«»", text))
    ]
    assert wrong == []


def test_french_writes_e_mail_with_its_hyphen(entries: list[Entry]) -> None:
    """The site's French writes « e-mail » everywhere (« un e-mail quand c’est à vous de
    jouer »): failed before, the profile's « les liens des emails passés » was the one
    "emails". Placeholders (``%(email)s``) and addresses are no words."""
    wrong = [
        f"django.po:{e.line} {text!r}"
        for e in messages(entries)
        for text in e.msgstr.values()
        if re.search(r"(?<![-\w(@/.])emails?\b", text, re.IGNORECASE)
    ]
    assert wrong == []


#: Placeholders that stand for a player's name (or a list of names).
_PERSON = r"(?:who|name|names|player|others|target|organiser|inviter|dealer|creator|host)"
#: Placeholders that stand for a card, or a value a card may have ("Infini", "Eclair").
_CARD = r"(?:card|cards|value|top|first)"


def test_french_never_needs_to_elide_before_a_name_or_a_card(entries: list[Entry]) -> None:
    """A name may start with a vowel: "de %(who)s" would read "les cartes Malus de Alice"
    where French writes "d’Alice", and the catalogue cannot know which; so may a card
    ("pas de Infini"). French sentences are turned so that no word that elides ("de",
    "que", "le"...) comes before a name or a card ("aucune carte %(card)s")."""
    eliding = re.compile(
        rf"\b(?:de|que|le|la|je|me|te|se|ne|lorsque|puisque|jusque) %\((?:{_PERSON}|{_CARD})\)s",
        re.IGNORECASE,
    )
    wrong = [
        f"django.po:{e.line} {text!r}"
        for e in messages(entries)
        for text in e.msgstr.values()
        if eliding.search(text)
    ]
    assert wrong == []


def test_translations_keep_every_placeholder(entries: list[Entry]) -> None:
    wrong = []
    for e in messages(entries):
        if "python-format" not in e.flags:
            continue
        if e.msgid_plural is None:
            if placeholders(e.msgstr[0]) != placeholders(e.msgid):
                wrong.append(e.msgid)
        else:
            known = placeholders(e.msgid) | placeholders(e.msgid_plural)
            forms = [placeholders(text) for text in e.msgstr.values()]
            # A singular may say "a card" where the plural says "%(n)d cards".
            if not all(form <= known for form in forms) or forms[-1] != placeholders(
                e.msgid_plural
            ):
                wrong.append(e.msgid)
    assert wrong == []


def test_line_breaks_match(entries: list[Entry]) -> None:
    """msgfmt --check-format refuses an msgstr that starts or ends otherwise than its msgid."""
    wrong = [
        e.msgid
        for e in messages(entries)
        for text in e.msgstr.values()
        if text.startswith("\n") != e.msgid.startswith("\n")
        or text.endswith("\n") != e.msgid.endswith("\n")
    ]
    assert wrong == []


# --- The committed .mo is the .po compiled ----------------------------------------------


def test_the_committed_mo_matches_the_po(where: Path, entries: list[Entry]) -> None:
    with (where / "django.mo").open("rb") as fp:
        compiled = gettext.GNUTranslations(fp)
    stale = []
    for e in messages(entries):
        if e.msgid_plural is None:
            got = (
                compiled.gettext(e.msgid)
                if e.msgctxt is None
                else compiled.pgettext(e.msgctxt, e.msgid)
            )
            if got != e.msgstr[0]:
                stale.append((e.msgid, got, e.msgstr[0]))
            continue
        for n in (0, 1, 2, 5):
            want = e.msgstr[french_plural(n)]
            got = (
                compiled.ngettext(e.msgid, e.msgid_plural, n)
                if e.msgctxt is None
                else compiled.npgettext(e.msgctxt, e.msgid, e.msgid_plural, n)
            )
            if got != want:
                stale.append((f"{e.msgid} (n={n})", got, want))
    assert stale == [], f"{where}/django.mo is stale: run make messages"


def test_the_mo_holds_no_message_the_po_lost(where: Path, entries: list[Entry]) -> None:
    with (where / "django.mo").open("rb") as fp:
        compiled = gettext.GNUTranslations(fp)
    expected = {e.key for e in messages(entries)}
    # GNUTranslations keeps its catalogue in _catalog: msgid, or (msgid, form) for plurals.
    held = {key[0] if isinstance(key, tuple) else key for key in compiled._catalog}  # type: ignore[attr-defined]
    assert held - {""} == expected
    assert compiled.info()["plural-forms"] == PLURAL_FORMS


# --- French pages for French readers ----------------------------------------------------


@pytest.mark.django_db
def test_a_french_browser_gets_the_home_page_in_french(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5").content.decode()
    assert '<html lang="fr">' in page
    assert "Jouez à cinq jeux de nombres avec des amis au loin" in page
    assert "c’est à vous de jouer" in page
    assert ">S’inscrire</a>" in page and "Play five number games" not in page


@pytest.mark.django_db
def test_an_english_browser_still_gets_english(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.9").content.decode()
    assert '<html lang="en">' in page and "Play five number games with friends" in page


def test_moves_and_cards_in_french() -> None:
    names = ["Alice", "Bob"]
    with translation.override("fr"):
        assert descriptions.action({"type": "pass"}, names, GAME) == "passer"
        assert descriptions.action({"type": "draw"}, names, GAME) == "piocher une carte"
        assert (
            descriptions.cards(["blue-7", "red-7", "rainbow-7"]) == "bleu 7, rouge 7 et Rainbow 7"
        )
        assert descriptions.card("infinity") == "Infini" and descriptions.card("eclair") == "Éclair"
        assert descriptions.card(None) == "une carte cachée"
        assert (
            descriptions.action({"type": "complete", "card": "rainbow-9"}, names, GAME)
            == "compléter le pli avec Rainbow 9"
        )
        assert (
            descriptions.action({"type": "block", "target": "all"}, names, GAME)
            == "jouer Block sur tous les joueurs"
        )
        resolve = {"type": "resolve", "discard": [], "remove": [0, 1], "place": [[True, "left"]]}
        assert descriptions.action(resolve, names, GAME) == (
            f"répondre au Malus{NBSP}: retirer 2 cartes Score, placer 1 carte piochée"
        )


def test_the_table_speaks_the_rule_books_words() -> None:
    _, ngettext = translation.gettext, translation.ngettext
    with translation.override("fr"):
        assert _("Your turn.") == "À vous de jouer."
        assert (
            _("Round %(round)d, trick %(trick)d") % {"round": 1, "trick": 3} == "Manche 1, tour 3"
        )
        assert _("Hand out the score cards") == "Répartir les cartes Score"
        in_hand = ngettext("%(n)s card in hand", "%(n)s cards in hand", 0) % {"n": 0}
        assert in_hand == "0 carte en main", "French puts 0 in the singular"
    with translation.override("en"):
        assert _("Your turn.") == "Your turn."
