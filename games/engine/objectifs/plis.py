"""What makes a pli, and what covers the pli on top: checking one, and listing them all.

*Jouer une carte de valeur supérieure à la précédente. Jouer un nombre de cartes supérieur
de 1 au pli précédent, avec des cartes de même valeur.* A pli is classic cards of one value,
X-Jokers taking it, or a lone Num-X. With ``n`` cards of value ``v`` on top, a player on
their turn lays ``n`` cards of a higher value, or ``n + 1`` cards of any one value (of value
``v`` they fuse with the pli on top: *Fusion X*), or more cards still of a higher value;
a lone X-Joker may also take a value lower than ``v`` when ``n`` is 1. Anyone, out of turn,
lays a *Facteur X*: more cards, of a higher value. Checking (:func:`pli_value`,
:func:`refusal`) and listing (:func:`plis`) state the same rules from both sides; the tests
play every listed pli and try unlisted ones to keep them agreeing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from games.engine.objectifs.actions import HAND, Play, RowCard
from games.engine.objectifs.cards import INFINITY, JOKER, NUMX, VALUES, Card, Kind, value_text
from games.engine.objectifs.errors import IllegalAction
from games.engine.objectifs.state import Pli


def pli_value(cards: Sequence[Card], named: int | None) -> int | None:
    """The value of a pli of ``cards`` (``named``: the value its X-Jokers name), ``None``
    for a lone Num-X; :class:`IllegalAction` for cards that make no pli."""
    if not cards:
        raise IllegalAction("pli.same-value", "a pli holds at least one card")
    value: int | None = None
    for card in cards:
        if card.is_action:
            raise IllegalAction("pli.action-card", f"{card} is played as itself, not in a pli")
        if card.kind is Kind.NUMX:
            if len(cards) > 1:
                raise IllegalAction("pli.num-x", "Num-X is laid alone")
            return None
        if card.kind is Kind.CLASSIC:
            if value is None:
                value = card.value
            elif card.value != value:
                raise IllegalAction("pli.same-value", f"{value_text(value)} and {card} differ")
    if value is not None:
        if named is not None:
            raise IllegalAction("pli.joker-value", "X-Jokers take the classic cards' value")
        return value
    if named is None or named not in VALUES:
        raise IllegalAction("pli.joker-value", "say which value the X-Jokers stand for")
    return named


def refusal(count: int, value: int, lone_joker: bool, top: Pli | None, in_turn: bool) -> str | None:
    """The rule a pli of ``count`` cards of ``value`` breaks when laid on ``top`` on its
    player's turn (``in_turn``) or out of it, or ``None`` when it covers. ``lone_joker``: a
    single X-Joker laid without a classic card.

    >>> from games.engine.objectifs.cards import parse_cards
    >>> two_nines = Pli(0, parse_cards("9 9"), 9)
    >>> refusal(2, 10, False, two_nines, True), refusal(3, 1, False, two_nines, True)
    (None, None)
    >>> refusal(2, 8, False, two_nines, True), refusal(3, 9, False, two_nines, False)
    ('pli.higher', 'facteur.shape')
    """
    if top is None:
        return None if in_turn else "facteur.shape"
    if top.value is None:
        return "pli.num-x"
    on_top = len(top.cards)
    if not in_turn:
        return None if count > on_top and value > top.value else "facteur.shape"
    if count == on_top:
        if value > top.value or (lone_joker and value != top.value):
            return None
        return "pli.higher"
    if count == on_top + 1 or (count > on_top and value > top.value):
        return None
    return "pli.count"


def fuses(count: int, value: int | None, top: Pli | None, in_turn: bool) -> bool:
    """Whether the pli joins the one on top (*Fusion X*): on its player's turn, one card
    more than it holds, of its value."""
    return in_turn and top is not None and value == top.value and count == len(top.cards) + 1


def ends_trick(pli: Pli, infinity_four: bool) -> bool:
    """Whether laying ``pli`` ends the trick at once: Num-X always (*met fin immédiatement
    au tour en cours*), four cards of Infinity with the table option *Infini 4*."""
    return pli.value is None or (infinity_four and pli.value == INFINITY and len(pli.cards) >= 4)


#: A place cards come from: :data:`~games.engine.objectifs.actions.HAND`, or a seat.
Source = int


def plis(
    hand: Sequence[Card], rows: Sequence[Sequence[Card]], top: Pli | None, in_turn: bool
) -> Iterator[Play]:
    """Every pli (without an Echange or Malus +) that covers ``top`` from ``hand`` and the
    malus cards ``rows``, each once (copies of a face in one place are one choice)."""
    sources: list[tuple[Source, Sequence[Card]]] = [(HAND, hand), *enumerate(rows)]
    if top is not None and in_turn:
        for source, cards in sources:
            if NUMX in cards:
                yield _play(((source, NUMX),))
    jokers = [(source, cards.count(JOKER)) for source, cards in sources if JOKER in cards]
    by_value: dict[int, list[tuple[Source, int]]] = {}
    for source, cards in sources:
        counts: dict[int, int] = {}
        for card in cards:
            if card.kind is Kind.CLASSIC:
                assert card.value is not None
                counts[card.value] = counts.get(card.value, 0) + 1
        for value, count in counts.items():
            by_value.setdefault(value, []).append((source, count))
    joker_choices = list(product(*(range(count + 1) for _, count in jokers)))
    for value in VALUES:
        classics = by_value.get(value, [])
        if not classics and not jokers:
            continue
        for taken in product(*(range(count + 1) for _, count in classics)):
            classic_count = sum(taken)
            for extra in joker_choices:
                count = classic_count + sum(extra)
                if count == 0:
                    continue
                lone = classic_count == 0 and count == 1
                if refusal(count, value, lone, top, in_turn) is not None:
                    continue
                chosen = [
                    *_copies(classics, taken, Card(Kind.CLASSIC, value)),
                    *_copies(jokers, extra, JOKER),
                ]
                yield _play(tuple(chosen), value if classic_count == 0 else None)


def _copies(
    sources: Sequence[tuple[Source, int]], taken: Sequence[int], card: Card
) -> Iterator[tuple[Source, Card]]:
    """``card`` from each source, as many times as taken from it."""
    for (source, _), count in zip(sources, taken, strict=True):
        for _ in range(count):
            yield source, card


def _play(chosen: tuple[tuple[Source, Card], ...], named: int | None = None) -> Play:
    return Play(
        tuple(card for source, card in chosen if source == HAND),
        tuple(RowCard(source, card) for source, card in chosen if source != HAND),
        named,
    )
