"""NUM-X's cards, moves, events and table in words, in the reader's language (the table, the
history, the emails, the API's descriptions all say things the same way)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.descriptions import (
    actor,
    and_list,
    common_event,
    pli_on_top,
    reason_text,
    seat_lines,
    signed,
    who,
    you_hold,
)
from games.engine.numx import Face, GameConfig, Kind
from games.engine.numx import cards as engine_cards

#: A Joker's name, as the table and the mails find it among a pli's cards: it stands for
#: the pli's value there.
JOKER = engine_cards.JOKER.to_json()

_COLOURS = {
    "blue": lambda: _("blue"),
    "red": lambda: _("red"),
    "yellow": lambda: _("yellow"),
    "green": lambda: _("green"),
    "rainbow": lambda: _("Rainbow"),
    "shadow": lambda: _("Shadow"),
}
_KINDS = {
    Kind.JOKER: lambda: _("Joker"),
    Kind.INFINITY: lambda: _("Infinity"),
    Kind.NUMX: lambda: _("Num-X"),
    Kind.FLIP: lambda: _("Flip"),
    Kind.SWIPE: lambda: _("Swipe"),
    Kind.ECLAIR: lambda: _("Eclair"),
    Kind.QUANTUM: lambda: _("Quantum"),
    Kind.BLOCK: lambda: _("Block"),
}


def card(name: str | None) -> str:
    """``blue-7`` → "blue 7"; ``None`` (a hidden card) → "a hidden card"."""
    # A table names the same few dozen faces over and over (hand, moves, history).
    return _card(name, translation.get_language())


@functools.lru_cache(maxsize=1024)
def _card(name: str | None, language: str | None) -> str:
    if name is None:
        return _("a hidden card")
    face = Face.parse(name)
    if face.kind is Kind.NUMBER:
        assert face.colour is not None
        return f"{_COLOURS[face.colour.value]()} {face.value}"
    if face.kind is Kind.MALUS:
        return _("Malus (hand %(hand)s, score %(score)s)") % {
            "hand": signed(face.hand),
            "score": signed(face.score),
        }
    return _KINDS[face.kind]()


def joker_words(value: int) -> str:
    """A Joker laid in a pli, with the value it stands for there: "Joker as 9"."""
    return _("Joker as %(value)d") % {"value": value}


def face_down_words(card_words: str) -> str:
    """A face-down score card the reader knows, in words: "blue 7, face down"."""
    return _("%(card)s, face down") % {"card": card_words}


def cards(names: Sequence[str | None]) -> str:
    """A list of cards in words: "blue 7, red 7 and Rainbow 7"."""
    return and_list([card(name) for name in names])


def _seat(
    target: Any, names: Sequence[str], config: GameConfig, viewer: int | None, player: int | None
) -> str:
    """The seats ``player``'s card aims at, as ``viewer`` reads them."""
    if target == "all":
        return _("everyone")
    if target == "between":
        return _between(names, config, viewer, player)
    return who(int(target), viewer, names)


def _between(
    names: Sequence[str], config: GameConfig, viewer: int | None, player: int | None
) -> str:
    # One record is everyone's history: each reader is told the partners as they know them.
    assert player is not None, "a Block on 'between' is said from its player"
    partner = config.partner(player)
    if viewer == player:
        return _("the players between you and your partner")
    if viewer == partner:
        return _("the players between %(player)s and you") % {"player": names[player]}
    return _("the players between %(player)s and their partner %(partner)s") % {
        "player": names[player],
        "partner": names[partner],
    }


def _malus_target(
    target: Any, names: Sequence[str], config: GameConfig, viewer: int | None, player: int | None
) -> str:
    # From edition 3 a Malus on ``all`` spares its player (and partner): older games keep
    # "everyone", which is what it did in them.
    if target == "all" and config.malus_on_opponents_only:
        return _("every opponent")
    return _seat(target, names, config, viewer, player)


_SIMPLE = {
    "pass": lambda: _("pass"),
    "draw": lambda: _("draw a card"),
    "refill": lambda: _("keep the hand and draw up to a full hand"),
    "reset": lambda: _("discard the hand and draw a new one"),
    "choice": lambda: _("choose for round 2"),
    "deal": lambda: _("deal the cards"),
    "shuffle": lambda: _("shuffle the draw pile for round 2"),
}


def action(
    data: dict[str, Any],
    names: Sequence[str],
    config: GameConfig,
    viewer: int | None = None,
    player: int | None = None,
) -> str:
    """What ``player``'s action does, from its JSON form (as recorded, possibly redacted),
    in a game of ``config`` (whose rules edition says whom a Malus on ``all`` hits), as
    ``viewer`` reads it: "you" for their own seat. ``player`` None: the viewer's own move
    (its button); a Block on the players between partners names them from the player.

    >>> eclair = {"type": "eclair", "mine": 0, "theirs": 1, "target": 0}
    >>> action(eclair, ["alice", "bob"], GameConfig(players=2), viewer=0, player=1)
    'play Eclair with you: swap own score card 1 for your score card 2'
    """
    if player is None:
        player = viewer
    kind = data.get("type")
    if kind == "play":
        text = cards(data["cards"])
        if "as" in data:
            text = _("%(cards)s as %(value)s") % {"cards": text, "value": data["as"]}
        if data.get("bonus"):
            return _("lay %(cards)s, then %(bonus)s") % {
                "cards": text,
                "bonus": action(data["bonus"], names, config, viewer, player),
            }
        return _("lay %(cards)s") % {"cards": text}
    if kind == "take":
        return _("take back score card %(position)d and %(move)s") % {
            "position": int(data["index"]) + 1,
            "move": action(data["play"], names, config, viewer, player),
        }
    if kind in _SIMPLE:
        return _SIMPLE[kind]()
    if kind == "pick":
        return _("pick %(card)s") % {"card": card(data.get("card"))}
    if kind == "complete":
        return _("complete the pli with %(card)s") % {"card": card(data["card"])}
    if kind in ("flip", "block", "quantum"):
        what = {"flip": _("Flip"), "block": _("Block"), "quantum": _("Quantum")}[kind]
        return _("play %(card)s on %(target)s") % {
            "card": what,
            "target": _seat(data["target"], names, config, viewer, player),
        }
    if kind == "swipe":
        side = _("right") if data["direction"] == "right" else _("left")
        return _("play Swipe %(side)s on %(target)s") % {
            "side": side,
            "target": _seat(data["target"], names, config, viewer, player),
        }
    if kind == "eclair" and int(data["target"]) == viewer:
        # Said whole for "you": "your score card", not "their". The actor's card is their
        # "own": the same words serve the player's own move button and the history of
        # everyone's moves, where "my" would be the reader's.
        return _(
            "play Eclair with you: swap own score card %(mine)d for your score card %(theirs)d"
        ) % {
            "mine": int(data["mine"]) + 1,
            "theirs": int(data["theirs"]) + 1,
        }
    if kind == "eclair":
        return _(
            "play Eclair with %(who)s: swap own score card %(mine)d for their score card %(theirs)d"
        ) % {
            "mine": int(data["mine"]) + 1,
            "theirs": int(data["theirs"]) + 1,
            "who": names[int(data["target"])],
        }
    if kind == "malus":
        return _("play %(card)s on %(target)s") % {
            "card": card(data["card"]),
            "target": _malus_target(data["target"], names, config, viewer, player),
        }
    if kind == "resolve":
        parts = []
        if data.get("discard"):
            parts.append(_("discard %(cards)s") % {"cards": cards(data["discard"])})
        if data.get("remove"):
            count = len(data["remove"])
            parts.append(
                ngettext("remove a score card", "remove %(n)d score cards", count) % {"n": count}
            )
        if data.get("place"):
            count = len(data["place"])
            parts.append(
                ngettext("place a drawn card", "place %(n)d drawn cards", count) % {"n": count}
            )
        return _("answer the Malus: %(what)s") % {"what": ", ".join(parts) or _("nothing")}
    if kind == "distribute":
        given = [
            _("%(card)s to %(who)s (%(how)s)")
            % {
                "card": card(p.get("card")),
                "who": who(int(p["seat"]), viewer, names),
                "how": _("face up") if p["face_up"] else _("face down"),
            }
            for p in data.get("placements", [])
        ]
        return (
            _("hand out %(cards)s") % {"cards": ", ".join(given)}
            if given
            else _("hand out nothing")
        )
    return str(kind)


def event(
    entry: dict[str, Any], names: Sequence[str], viewer: int | None, config: GameConfig
) -> str:
    """One entry of a redacted event log (``selectors.event_log``) of a game of ``config``,
    as a sentence."""
    common = common_event(entry, names, viewer)
    if common is not None:
        return common
    kind = entry["type"]
    data = entry["action"]
    if kind == "round-ended":
        if data["termination"] == "stalemate":
            return _("Round %(round)d ends: nobody can open a trick.") % {"round": data["round"]}
        if data["seat"] == viewer:
            # Said whole for "you": the verb agrees with its subject.
            return _("Round %(round)d ends: you have laid your last card.") % {
                "round": data["round"]
            }
        return _("Round %(round)d ends: %(who)s has laid their last card.") % {
            "round": data["round"],
            "who": names[data["seat"]],
        }
    seat = entry["seat"]
    sentence = _("%(who)s: %(what)s.") % {
        "who": actor(seat, viewer, names),
        "what": action(data, names, config, viewer, seat),
    }
    drawn = entry.get("facts", {}).get("from_pile", {})
    for taker, taken in drawn.items():
        if all(name is None for name in taken):
            got = ngettext("%(n)d card", "%(n)d cards", len(taken)) % {"n": len(taken)}
        else:
            got = cards(taken)
        if viewer is not None and taker == str(viewer):
            sentence += " " + _("You drew %(cards)s.") % {"cards": got}
        else:
            sentence += " " + _("%(who)s drew %(cards)s.") % {
                "who": names[int(taker)],
                "cards": got,
            }
    done = data.get("effects")
    if done:
        sentence += "".join(" " + said for said in effects(done, names, viewer, _played(data)))
        sentence += "".join(" " + said for said in _reached(data, done, names, viewer))
    reason = data.get("reason")
    if reason:
        sentence += " " + reason_text(reason)
    return sentence


def effects(
    done: Mapping[str, Any],
    names: Sequence[str],
    viewer: int | None,
    played: Mapping[str, Any] | None,
) -> list[str]:
    """What an Action card did to the table, from its recorded (and redacted) ``effects``,
    as ``viewer`` reads it ("you" for their own seat): how many score cards turned over or
    went to another row (a Swipe's, to whom), which were removed and from whose row, and
    which were drawn into a row (a hidden one as "a hidden card"). ``played``: the Action
    card (its JSON; ``None`` for a Malus answer), which says whether the cards slid (a
    Swipe) and whether a Flip or a Swipe aimed at everyone missed anyone.

    Every seat it names is public: who owns a score row, and who lost or received a card,
    the table shows to all; only a card's name may be hidden, and the redaction did that.
    """
    kind = played.get("type") if played else None
    said = []
    if done.get("turned"):
        n = len(done["turned"])
        said.append(
            ngettext("%(n)d score card turned over.", "%(n)d score cards turned over.", n)
            % {"n": n}
        )
    if done.get("moved") and kind == "swipe":
        # A Swipe's words name the row it takes from; the card lands on the neighbour's.
        n = len(done["moved"])
        receivers = sorted({int(entry["to"]) for entry in done["moved"]})
        said.append(
            ngettext(
                "%(n)d score card slid to a neighbouring row, received by %(players)s.",
                "%(n)d score cards slid to neighbouring rows, received by %(players)s.",
                n,
            )
            % {"n": n, "players": _players(receivers, names, viewer)}
        )
    elif done.get("moved"):
        n = len(done["moved"])
        said.append(
            ngettext(
                "%(n)d score card went to another score row.",
                "%(n)d score cards went to another score row.",
                n,
            )
            % {"n": n}
        )
    if played is not None and played.get("target") == "all" and kind in ("flip", "swipe"):
        said += _affected(done, names, viewer)
    said += [_removed(seat, taken, names, viewer) for seat, taken in _by_row(done)]
    if done.get("placed"):
        placed = [entry["card"] for entry in done["placed"]]
        said.append(
            ngettext(
                "Score card drawn from the pile: %(cards)s.",
                "Score cards drawn from the pile: %(cards)s.",
                len(placed),
            )
            % {"cards": cards(placed)}
        )
    return said


def _players(seats: Sequence[int], names: Sequence[str], viewer: int | None) -> str:
    """Seats as ``viewer`` reads them: "you and carol"."""
    return and_list([who(seat, viewer, names) for seat in seats])


def _affected(done: Mapping[str, Any], names: Sequence[str], viewer: int | None) -> list[str]:
    """The players a Flip or a Swipe on everyone reached, when it did not reach them all:
    a Quantum shields a row from other players' cards (and an empty row has nothing to
    turn or to give), so "everyone" alone would say too much."""
    reached = {int(entry["seat"]) for entry in done.get("turned", ())}
    for entry in done.get("moved", ()):
        reached |= {int(entry["from"]), int(entry["to"])}
    if not reached or len(reached) == len(names):
        return []
    return [
        ngettext("Player affected: %(players)s.", "Players affected: %(players)s.", len(reached))
        % {"players": _players(sorted(reached), names, viewer)}
    ]


def _by_row(done: Mapping[str, Any]) -> list[tuple[int, list[str | None]]]:
    """The removed score cards, grouped by the row they left, in seat order."""
    rows: dict[int, list[str | None]] = {}
    for entry in done.get("removed", ()):
        rows.setdefault(int(entry["seat"]), []).append(entry["card"])
    return sorted(rows.items())


def _removed(
    seat: int, taken: Sequence[str | None], names: Sequence[str], viewer: int | None
) -> str:
    """The score cards removed from ``seat``'s row (a Malus), as ``viewer`` reads it."""
    if seat == viewer:
        # Said whole for "you": "your row", not "you's".
        return ngettext(
            "Score card removed from your row: %(cards)s.",
            "Score cards removed from your row: %(cards)s.",
            len(taken),
        ) % {"cards": cards(taken)}
    return ngettext(
        "Score card removed from %(who)s's row: %(cards)s.",
        "Score cards removed from %(who)s's row: %(cards)s.",
        len(taken),
    ) % {"who": names[seat], "cards": cards(taken)}


#: The Action cards whose recorded ``effects`` name the seats they reached, under which key,
#: and how the history names those seats.
_REACHED: dict[str, tuple[str, Callable[[int], str]]] = {
    "block": (
        "blocked",
        lambda n: ngettext("Blocked player: %(players)s.", "Blocked players: %(players)s.", n),
    ),
    "quantum": (
        "locked",
        lambda n: ngettext("Locked player: %(players)s.", "Locked players: %(players)s.", n),
    ),
}


#: The types of the actions that play an Action card.
_ACTION_CARDS = ("flip", "swipe", "eclair", "block", "quantum", "malus")


def _played(data: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The Action card an action plays (its JSON), from the hand, as a Shadow's bonus or
    taken back from the score row; ``None`` if it plays none."""
    return next(
        (
            part
            for part in (data, data.get("bonus"), data.get("play"))
            if isinstance(part, Mapping) and part.get("type") in _ACTION_CARDS
        ),
        None,
    )


def _reached(
    data: Mapping[str, Any], done: Mapping[str, Any], names: Sequence[str], viewer: int | None
) -> list[str]:
    """Whom a Block blocked or a Quantum locked, as ``viewer`` reads them ("you" for their
    own seat), from its recorded ``effects`` (``done``), played from the hand, as a Shadow's
    bonus or taken back from the score row, when the move's words did not name them all: a
    Block on "everyone" or on the players between partners, a Quantum on one player of a
    team (it locks the team). A card that reached just the one player it names says no
    more."""
    played = _played(data)
    if played is None or played["type"] not in _REACHED:
        return []
    key, words = _REACHED[played["type"]]
    seats = [int(seat) for seat in done.get(key, ())]
    if not seats or seats == [played.get("target")]:
        return []
    return [words(len(seats)) % {"players": _players(seats, names, viewer)}]


_SCORE_RULES = {
    "x-trem": lambda: _("X-Trem"),
    "shadow-cancels-rainbow": lambda: _("Shadow cancels Rainbow"),
    "combination": lambda: _("combination"),
    "rainbow-pair": lambda: _("Rainbow pair"),
    "pair": lambda: _("pair"),
    "colour": lambda: _("colour"),
    "face-value": lambda: _("face value"),
    "no-value": lambda: _("no value"),
}


#: A line of the colour rule names its colour: ``colour.blue`` (a final score's breakdown
#: has a line per colour, which "colour" alone would not tell apart).
_COLOUR_LINE = "colour."


def score_rule(rule: str) -> str:
    """The name of a scoring rule (``ScoreRule.value``), or of a breakdown's line of the
    colour rule (``colour.blue``), in words.

    >>> score_rule("colour.blue"), score_rule("pair")
    ('colour (blue)', 'pair')
    """
    colour = _COLOURS.get(rule.removeprefix(_COLOUR_LINE))
    if rule.startswith(_COLOUR_LINE) and colour is not None:
        return _("colour (%(colour)s)") % {"colour": colour()}
    named = _SCORE_RULES.get(rule)
    return named() if named else rule


def next_pli(view: Mapping[str, Any], infinity_on_infinity: bool = False) -> str:
    """What the next pli must be, in words (``infinity_on_infinity``: the table option);
    outside the play of a trick, what the centre waits for instead."""
    phase = view.get("phase", "play")
    if phase == "opening-pick":
        return _(
            "The opening pick: each player lays a card face down; they are shown together "
            "and each becomes its player's first score card. The player whose number is the "
            "smallest that nobody else picked starts."
        )
    if phase == "distribution":
        return _("The trick is won: its winner hands out the score cards.")
    if phase == "between-rounds":
        return _(
            "Round %(round)d is over: each player chooses how to start round %(next)d, "
            "keeping their hand and refilling it, or discarding it and drawing anew."
        ) % {"round": view["round"], "next": view["round"] + 1}
    if phase != "play":
        return ""
    plis = view["plis"]
    if not plis:
        return _("New trick: the first pli has 1, 2 or 3 cards (3 with a Rainbow or Shadow).")
    top = plis[-1]
    if top["value"] is None:
        if infinity_on_infinity and top["cards"][0] == "infinity":
            return _("Only Num-X or another Infinity goes on an Infinity.")
        return _("Only Num-X goes on %(card)s.") % {"card": card(top["cards"][0])}
    count = len(top["cards"])
    return ngettext(
        "Next pli: higher than %(value)d, with %(count)d card "
        "(one more with a Rainbow, one fewer with a Shadow).",
        "Next pli: higher than %(value)d, with %(count)d cards "
        "(one more with a Rainbow, one fewer with a Shadow).",
        count,
    ) % {"value": top["value"], "count": count}


def plis(view: dict[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """The centre: each pli with who laid (and who completed) it."""
    return _named(view["plis"], names)


def _named(plis: list[dict[str, Any]], names: Sequence[str]) -> list[dict[str, Any]]:
    return [
        {
            **pli,
            "name": names[pli["seat"]],
            "completer": names[pli["completed_by"]] if pli["completed_by"] >= 0 else None,
        }
        for pli in plis
    ]


def last_trick(view: dict[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """The trick finished last (None before the first ends): its number within its round,
    its round if that is not the round being played (round 1's last trick at the start of
    X-Game's round 2), its plis, its winner, whether it was blank (no eligible pli), and the
    score cards each player received, in the order handed out (a card the reader may not
    know as ``None``)."""
    last = view["last_trick"]
    if last is None:
        return None
    received: dict[int, list[dict[str, Any]]] = {}
    for given in last["handed"]:
        received.setdefault(given["seat"], []).append(given)
    return {
        "number": last["number"],
        "round": last["round"] if last["round"] != view["round"] else None,
        "winner": names[last["winner"]],
        "plis": _named(last["plis"], names),
        "blank": not any(pli["eligible"] for pli in last["plis"]),
        "received": [(names[seat], row) for seat, row in received.items()],
    }


def face_down_legend(view: dict[str, Any]) -> dict[str, bool]:
    """Which kinds of face-down score card the reader's table shows: ``known`` (its face
    shown in a frame) and ``unknown`` (a back)."""
    face_down = [c for row in view["rows"] for c in row if not c["face_up"]]
    last = view["last_trick"]
    face_down += [c for c in (last["handed"] if last else []) if not c["face_up"]]
    return {
        "known": any(c["card"] is not None for c in face_down),
        "unknown": any(c["card"] is None for c in face_down),
    }


def drawn_card(view: Mapping[str, Any], names: Sequence[str]) -> dict[str, Any] | None:
    """A drawn card that must be played: who drew it, whether the reader did, and the card
    if the view shows it (to the drawer, or in a finished game's replay)."""
    pending = view["pending"]
    if not pending or pending["kind"] != "drawn-card":
        return None
    (seat,) = pending["seats"]
    card = (pending["cards"] or [None])[0]
    return {"name": names[seat], "mine": view["seat"] == seat, "card": card}


def task(view: Mapping[str, Any], out_of_turn: bool = False) -> str:
    """What this moment asks of the seat whose ``view`` this is."""
    if out_of_turn:
        return _("The top pli can be completed with your Rainbow, out of turn, if you wish.")
    pending = view["pending"] or {}
    if view["phase"] == "opening-pick":
        return _(
            "Choose the card you lay face down for the opening pick: it becomes your first "
            "score card, and the smallest number nobody else picked starts."
        )
    if view["phase"] == "between-rounds":
        return _("Choose for round 2: keep your hand and refill it, or discard it and draw anew.")
    if pending.get("kind") == "distribution":
        return _("You won the trick: hand out the score cards.")
    if pending.get("kind") == "malus":
        return _("A Malus hit you: choose what to discard, remove or place.")
    if pending.get("kind") == "drawn-card":
        drawn = (pending.get("cards") or [None])[0]
        if drawn is None:  # another seat's view: the card is the drawer's to know
            return _("Play the card you drew.")
        return _(
            "Play the card you drew, %(card)s: a drawn card that can be played must be "
            "played at once."
        ) % {"card": card(drawn)}
    return _("Lay a pli, play an Action card, take back a score card, draw or pass.")


def position(view: Mapping[str, Any], names: Sequence[str]) -> str:
    """What the "your turn" email says of the table, which a player who plays by email
    sees nowhere else: the pli on top, the reader's hand (the moves listed name only the
    cards that may be laid) and every score row, its cards numbered from 1 as the moves'
    words name them ("take back score card 2") and set apart by a middle dot (a face-down
    card reads "blue 7, face down"). Once the reader's own row holds a card, which a move
    as written may name by its position (``take 0: …``, ``eclair 1 0 2``), it says that
    the notation counts from 0: it round-trips, and the API's clients send it."""
    lines = []
    if view["plis"]:
        lines.append(pli_on_top(view["plis"][-1], card, joker_words, JOKER))
        lines.append(next_pli(view, bool(view["config"].get("infinity_on_infinity"))))
    hand = view["hands"][view["seat"]] if view["seat"] is not None else None
    if hand is not None:
        lines.append(you_hold(hand, cards))
    lines.append(_("Score rows:"))
    rows = []
    for row in view["rows"]:
        shown = [
            f"{index} "
            + (
                card(entry["card"])
                if entry["face_up"]
                else face_down_words(card(entry["card"]))
                if entry["card"] is not None
                else _("a face-down card")
            )
            for index, entry in enumerate(row, start=1)
        ]
        rows.append(" · ".join(shown) if shown else _("no score card"))
    lines += seat_lines(rows, view["seat"], names)
    if view["seat"] is not None and view["rows"][view["seat"]]:
        lines.append(
            _(
                "In the moves as written, score cards count from 0 at the left end: take 0 "
                "takes back score card 1."
            )
        )
    return "\n".join(lines)


def malus_help(view: Mapping[str, Any]) -> str:
    """How a Malus target answers by email reply: what the Malus asks, how ``resolve`` is
    written, and an answer written out (the first cards of the hand, the first score
    cards, every drawn card face up at the left end)."""
    pending, seat = view["pending"], view["seat"]
    hand = view["hands"][seat] or []
    row = view["rows"][seat]
    drawn = pending["cards"] or []
    discard = min(pending.get("discard", 0), len(hand))
    remove = min(pending.get("remove", 0), len(row))
    asked = []
    if discard:
        asked.append(
            ngettext("discard %(n)d card of your hand", "discard %(n)d cards of your hand", discard)
            % {"n": discard}
        )
    if remove:
        asked.append(
            ngettext("remove %(n)d of your score cards", "remove %(n)d of your score cards", remove)
            % {"n": remove}
        )
    if drawn:
        asked.append(_("place %(cards)s in your score row") % {"cards": cards(drawn)})
    example = ["resolve"]
    if discard:
        example += ["discard", *hand[:discard]]
    if remove:
        example += ["remove", *(str(index) for index in range(remove))]
    if drawn:
        example += ["place", *("up-left" for _card in drawn)]
    return _(
        "The Malus asks you to %(what)s. Write resolve, then discard and the cards, remove "
        "and the positions of the score cards, counted from 0 at the left end (0 for your "
        "score card 1 above, 1 for your card 2, and so on), place and, for each card drawn, "
        "up or down and -left or -right. For example: %(example)s"
    ) % {"what": and_list(asked), "example": " ".join(example)}
