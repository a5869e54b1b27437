"""Maya's cards, moves, events and table in words, in the reader's language (the table, the
history, the "your turn" emails and the API's descriptions all say things the same way)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.descriptions import (
    MINUS,
    actor,
    and_list,
    common_event,
    number,
    reason_text,
    signed,
)
from games.engine.maya.cards import MAX_STEP

_SPECIALS = {
    "joker": lambda: _("Joker"),
    "skip": lambda: _("Skip"),
    "reverse": lambda: _("Reverse"),
    "temple": lambda: _("Temple of Zero"),
}


def card(name: str | None) -> str:
    """A card in words: ``+4`` → "+4", ``-3`` → "-3" (with a minus sign, U+2212),
    ``temple`` → "Temple of Zero"; ``None`` (a hidden card) → "a hidden card"."""
    if name is None:
        return _("a hidden card")
    special = _SPECIALS.get(name)
    return special() if special else name.replace("-", MINUS)


def cards(names: Sequence[str | None]) -> str:
    """A list of cards in words: "+4, -2 and Skip"."""
    return and_list([card(name) for name in names])


def played(entry: Mapping[str, Any]) -> str:
    """One card of a play (``{"card", "as"?}``): a Joker says what it counts as."""
    if "as" in entry:
        return _("a Joker as %(value)s") % {"value": signed(int(entry["as"]))}
    return card(str(entry["card"]))


def plays(entries: Sequence[Mapping[str, Any]]) -> str:
    """A play's cards in order: "Temple of Zero, then -2"."""
    return _(", then ").join(played(entry) for entry in entries)


def action(data: Mapping[str, Any], names: Sequence[str], viewer: int | None = None) -> str:
    """What an action does, from its JSON form (as recorded, possibly redacted), as
    ``viewer`` reads it: their own secret number is theirs.

    >>> action({"type": "guess", "target": 0, "number": 7}, ["alice", "bob"], viewer=0)
    'guess that your secret number is 7'
    """
    kind = data.get("type")
    if kind == "play":
        return _("play %(cards)s") % {"cards": plays(data["cards"])}
    if kind == "guess" and int(data["target"]) == viewer:
        # Said whole: "your secret number", where the name would read "of you".
        return _("guess that your secret number is %(number)d") % {"number": int(data["number"])}
    if kind == "guess":
        return _("guess that the secret number of %(who)s is %(number)d") % {
            "who": names[int(data["target"])],
            "number": int(data["number"]),
        }
    if kind == "start":
        return _("start the count at %(count)s") % {"count": number(int(data["count"]))}
    if kind == "deal":
        return _("deal five cards to each player and turn up the next one")
    if kind == "mix":
        return _("mix the secret-number tokens; each player draws one")
    if kind == "shuffle":
        return _("shuffle the discard pile into a new draw pile")
    return str(kind)


def event(entry: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> str:
    """One entry of a redacted event log (``selectors.event_log``), as a sentence."""
    common = common_event(entry, names, viewer)
    if common is not None:
        return common
    data = entry["action"]
    seat = entry["seat"]
    who = actor(seat, viewer, names)
    said = [_("%(who)s: %(what)s.") % {"who": who, "what": action(data, names, viewer)}]
    said += _effects(seat, data.get("effects") or {}, data, names, viewer)
    said += _facts(entry.get("facts") or {}, names, viewer)
    if data.get("reason"):
        said.append(reason_text(data["reason"]))
    return " ".join(said)


def _effects(
    seat: int,
    done: Mapping[str, Any],
    data: Mapping[str, Any],
    names: Sequence[str],
    viewer: int | None,
) -> list[str]:
    said = []
    if "skipped" in done:
        # Said whole for "you": the verb agrees with its subject in French.
        if done["skipped"] == viewer:
            said.append(_("You lose a turn."))
        else:
            said.append(_("%(who)s loses a turn.") % {"who": names[done["skipped"]]})
    if done.get("reversed"):
        said.append(_("The order of play turns round."))
    if "count" in done:
        said.append(_("The count is %(count)s.") % {"count": number(done["count"])})
    if "revealed" in done:
        said.append(_("Secret number %(number)d revealed!") % {"number": done["revealed"]})
    if "right" in done:
        if done["right"]:
            said.append(_("Right: the token is won."))
        elif done.get("token") is None:
            said.append(_("Wrong: the guesser's token goes to the opponent."))
        elif int(data["target"]) == viewer:
            said.append(
                _("Wrong: you win the guesser's token, %(number)d.") % {"number": done["token"]}
            )
        else:
            said.append(
                _("Wrong: %(who)s wins the guesser's token, %(number)d.")
                % {"who": names[int(data["target"])], "number": done["token"]}
            )
    return said


def _facts(found: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> list[str]:
    said = []
    if "start" in found:
        start = found["start"]
        if start["count"] is None and viewer == len(names) - 1:
            said.append(
                _("%(card)s is turned up: you, the dealer, choose the starting count.")
                % {"card": card(start["card"])}
            )
        elif start["count"] is None:
            # A Joker: the dealer, the last seat, names the count by a move of their own.
            said.append(
                _("%(card)s is turned up: %(dealer)s, the dealer, chooses the starting count.")
                % {"card": card(start["card"]), "dealer": names[-1]}
            )
        else:
            said.append(
                _("%(card)s is turned up: the count starts at %(count)s.")
                % {"card": card(start["card"]), "count": number(start["count"])}
            )
    for taker, taken in (found.get("dealt") or {}).items():
        if viewer is not None and taker == str(viewer) and None not in taken:
            said.append(_("Your hand: %(cards)s.") % {"cards": cards(taken)})
    for taker, taken in (found.get("from_pile") or {}).items():
        if None in taken:
            got = ngettext("%(n)d card", "%(n)d cards", len(taken)) % {"n": len(taken)}
        else:
            got = cards(taken)
        # Said whole for "you": the verb agrees with its subject in French.
        if viewer is not None and taker == str(viewer):
            said.append(_("You drew %(cards)s.") % {"cards": got})
        else:
            said.append(_("%(who)s drew %(cards)s.") % {"who": names[int(taker)], "cards": got})
    for holder, token in (found.get("tokens") or {}).items():
        if token is None:
            said.append(_("%(who)s drew a secret number.") % {"who": names[int(holder)]})
        elif viewer is not None and holder == str(viewer):
            said.append(_("You drew secret number %(number)d.") % {"number": token})
        else:
            said.append(
                _("%(who)s drew secret number %(number)d.")
                % {"who": names[int(holder)], "number": token}
            )
    return said


_SCORE_RULES = {
    "maya.revealed": lambda: _("secret numbers reached"),
    "maya.guessed": lambda: _("tokens won by a right guess"),
    "maya.defended": lambda: _("tokens won from a wrong guess"),
}


def score_rule(rule: str) -> str:
    """The name of a scoring rule (a way of winning tokens) in words."""
    named = _SCORE_RULES.get(rule)
    return named() if named else rule


def config(data: Mapping[str, Any]) -> str:
    """A game's options in words: "3 players, expert variant"."""
    players = int(data["players"])
    text = ngettext("%(n)d player", "%(n)d players", players) % {"n": players}
    return text + (_(", expert variant") if data.get("expert") else "")


def progress(phase: str, won: int, turn: int) -> str:
    """Where the game stands: the turn being played and the tokens won so far."""
    if phase == "game-over":
        return _("Game over")
    if phase == "start":
        return _("A Joker is turned up: the dealer chooses the starting count")
    # Everyone's tokens, said so: "0 tokens won" read as the reader's own.
    return ngettext(
        "Turn %(turn)d · %(won)d token won in all", "Turn %(turn)d · %(won)d tokens won in all", won
    ) % {"turn": turn, "won": won}


def direction(value: int) -> str:
    """The direction of play in words."""
    return _("up the seats (clockwise)") if value > 0 else _("down the seats (reversed)")


def task(view: Mapping[str, Any], out_of_turn: bool = False) -> str:
    """What this moment asks of the seat whose ``view`` this is: the count, what it holds,
    its secret number, and what to do (for the table's status and the "your turn" email);
    for the dealer of a Joker turned up, the starting count to choose."""
    seat = view["seat"]
    if view["phase"] == "start" and seat in view["awaiting"]:
        return _(
            "A Joker is turned up: as the dealer, choose the count the game starts at, "
            "from %(low)s to %(high)s but not 0. You hold %(cards)s."
        ) % {
            "low": number(-MAX_STEP),
            "high": number(MAX_STEP),
            "cards": cards(view["hands"][seat] or []),
        }
    if seat is None or view["phase"] != "play":
        return ""
    hand = view["hands"][seat] or []
    words = _("The count is %(count)s; you hold %(cards)s; your secret number is %(secret)s.") % {
        "count": number(view["count"]),
        "cards": cards(hand) if hand else _("no card"),
        "secret": view["secrets"][seat],
    }
    if view["config"].get("expert"):
        what = _(
            "Play a card to move the count (bringing it to your secret number wins you a "
            "token), or guess an opponent's number."
        )
    else:
        what = _(
            "Play a card to move the count: bringing it to your secret number wins you a token."
        )
    return f"{words} {what}"


def then_another(effect: str) -> str:
    """A card's effect followed by the card it makes its player play at once (a
    first-edition two-player Skip)."""
    return _("%(effect)s, then another card") % {"effect": effect}


def another_if_you_like(effect: str) -> str:
    """A Temple's effect, followed by the card it lets its player play at once, or not."""
    return _("%(effect)s, then another card if you like") % {"effect": effect}
