"""NMBR 9's placements, events and table in words, in the reader's language (the table, the
history, the "your turn" emails and the API's descriptions all say things the same way)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.descriptions import actor, common_event, number, reason_text
from games.engine.nmbr9 import CARDS
from games.rulesets.nmbr9.stacks import tops


def coordinate(value: int) -> str:
    """A grid coordinate, written with a minus sign (U+2212) when negative."""
    return number(value)


def square(x: int, y: int) -> str:
    """A square of the grid as the notation writes it: ``3,-2`` (with minus signs)."""
    return f"{coordinate(x)},{coordinate(y)}"


def a_digit(digit: int) -> str:
    """A tile or card of ``digit`` with its article: "a 7", "an 8" (in French "un 7",
    "un 8")."""
    if digit == 8:
        return _("an %(digit)d") % {"digit": digit}
    return _("a %(digit)d") % {"digit": digit}


def action(data: Mapping[str, Any], names: Sequence[str]) -> str:
    """What an action does, from its JSON form (as recorded, possibly redacted: another
    seat's placement of the current card has no square until every seat has placed)."""
    kind = data.get("type")
    if kind == "place":
        if "x" not in data:
            return _("place %(a_digit)s, where stays secret until everyone has placed") % {
                "a_digit": a_digit(int(data["digit"]))
            }
        return _("place %(a_digit)s at %(square)s, turned %(turn)d°") % {
            "a_digit": a_digit(int(data["digit"])),
            "square": square(int(data["x"]), int(data["y"])),
            "turn": int(data["turn"]),
        }
    if kind == "shuffle":
        return _("shuffle the %(n)d cards face down") % {"n": CARDS}
    return str(kind)


def event(entry: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> str:
    """One entry of a redacted event log (``selectors.event_log``), as a sentence. A solo
    game ends with a score and no winner: its end says the score."""
    if entry["type"] == "game-ended" and len(entry["action"]["scores"]) == 1:
        (points,) = entry["action"]["scores"]
        return _("The game is over: %(score)s.") % {"score": score(int(points))}
    common = common_event(entry, names, viewer)
    if common is not None:
        return common
    data = entry["action"]
    seat = entry["seat"]
    who = actor(seat, viewer, names)
    said = [_("%(who)s: %(what)s.") % {"who": who, "what": action(data, names)}]
    done = data.get("effects") or {}
    if "level" in done:
        said.append(landed(int(data["digit"]), int(done["level"])))
    turned_up = (entry.get("facts") or {}).get("card")
    if turned_up is not None:
        number = int(done["card"]) + 1 if "card" in done else 1
        said.append(card_turned(number, int(turned_up)))
    if data.get("reason"):
        said.append(reason_text(data["reason"]))
    return " ".join(said)


def landed(digit: int, level: int) -> str:
    """Where a placed tile landed and what it scores: "It lies on level 2: 16 points."."""
    if level == 0:
        return _("It lies on the table (level 0): no points.")
    points = digit * level
    return ngettext(
        "It lies on level %(level)d: %(points)d point.",
        "It lies on level %(level)d: %(points)d points.",
        points,
    ) % {"level": level, "points": points}


def card_turned(number: int, digit: int) -> str:
    """A card turned up: "Card 12 of 20 is turned up: a 7."."""
    return _("Card %(number)d of %(cards)d is turned up: %(a_digit)s.") % {
        "number": number,
        "cards": CARDS,
        "a_digit": a_digit(digit),
    }


_SCORE_LINE = "nmbr9.level-"


def score_rule(rule: str) -> str:
    """The name of a line of the breakdown (``nmbr9.level-2``: the tiles of level 2)."""
    if rule.startswith(_SCORE_LINE) and rule[len(_SCORE_LINE) :].isdigit():
        return _("tiles on level %(level)d") % {"level": int(rule[len(_SCORE_LINE) :])}
    return rule


def score(points: int) -> str:
    """A score in points."""
    return ngettext("%(n)d point", "%(n)d points", points) % {"n": points}


def config(data: Mapping[str, Any]) -> str:
    """A game's options in words: "3 players", "solo (beat your own best)"."""
    players = int(data["players"])
    if players == 1:
        return _("solo (beat your own best)")
    return ngettext("%(n)d player", "%(n)d players", players) % {"n": players}


def progress(phase: str, step: int) -> str:
    """Where the game stands: the card being placed."""
    if phase == "game-over":
        return _("Game over")
    if phase == "shuffle":
        return _("The cards are being shuffled")
    return _("Card %(number)d of %(cards)d") % {"number": step, "cards": CARDS}


def task(view: Mapping[str, Any], out_of_turn: bool = False) -> str:
    """What this moment asks of the seat whose ``view`` this is: the card and where to
    place its tile (for the table's status and the "your turn" email)."""
    pending = view.get("pending")
    if view["seat"] is None or pending is None:
        return ""
    words = _("Card %(number)d of %(cards)d is %(a_digit)s: place your tile.") % {
        "number": len(view["turned"]),
        "cards": CARDS,
        "a_digit": a_digit(pending["card"]),
    }
    if pending["first"]:
        return words + " " + _("Your first tile goes at 0,0, turned as you like.")
    return words + " " + _("Everyone places it at the same time; nobody sees where until all have.")


def stack_help(view: Mapping[str, Any]) -> str:
    """The seat's own stack, for a reply to the email that asks it to place a tile: a
    player who plays by email sees nothing else of it ("" before its first tile)."""
    pending, seat = view.get("pending"), view["seat"]
    if seat is None or pending is None or pending["first"]:
        return ""
    return (
        _(
            "Your tiles seen from above: each square shows the digit of its top tile and "
            "that tile's level (2/0: a 2 on the table), a dot where there is none; x "
            "across, y down, as in a move."
        )
        + "\n"
        + board(view["stacks"][seat])
    )


def board(tiles: Sequence[Mapping[str, Any]]) -> str:
    """A stack drawn in text for a "your turn" email, where a player who plays by reply
    sees it: each square its top tile's digit/level (``.`` the table), a square of table
    around, the columns' x across and the rows' y down, in the notation's coordinates
    (negative ones with the minus sign, as :func:`square` and the table write them; shown
    here as "-").

    >>> from games.descriptions import MINUS
    >>> print(board([{"digit": 1, "x": 0, "y": 0, "turn": 0, "level": 0}]).replace(MINUS, "-"))
    x      -1   0   1   2
    y -1    .   .   .   .
    y 0     . 1/0 1/0   .
    y 1     .   . 1/0   .
    y 2     .   . 1/0   .
    y 3     .   . 1/0   .
    y 4     .   .   .   .
    """
    top = tops(tiles)

    def drawn(x: int, y: int) -> str:
        if (x, y) not in top:
            return "."
        level, _index, digit = top[(x, y)]
        return f"{digit}/{level}"

    xs = range(min(x for x, _y in top) - 1, max(x for x, _y in top) + 2)
    ys = range(min(y for _x, y in top) - 1, max(y for _x, y in top) + 2)
    label = max(len(f"y {coordinate(y)}") for y in ys) + 1
    lines = ["x".ljust(label) + "".join(f"{coordinate(x):>4}" for x in xs)]
    for y in ys:
        cells = "".join(f"{drawn(x, y):>4}" for x in xs)
        lines.append(f"y {coordinate(y)}".ljust(label) + cells)
    return "\n".join(line.rstrip() for line in lines)
