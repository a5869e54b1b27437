"""Game modes (Speed Run, X-Game, Family), the Teams option, and a game's configuration."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from games.engine.numx.cards import DECK_WITHOUT_ACTIONS, MALUS_VALUES, Card, deck, malus_face
from games.engine.numx.errors import ConfigError, NotationError
from games.engine.numx.scoring import FAMILY_SCORING, FULL_SCORING, ScoreRule
from games.engine.ruleset import gettext_noop

MIN_PLAYERS = 2
MAX_PLAYERS = 6

#: The rules as first played: a drawn or taken-back Rainbow never completes a pli. Games
#: recorded before editions existed have no ``edition`` in their configuration and replay
#: under these rules, since a drawn card that can now complete would change what follows.
FIRST_EDITION = 1
#: A drawn Rainbow, or one taken back from the score row, may complete the top pli (issue
#: #18).
SECOND_EDITION = 2
#: A Malus is aimed at opponents only (issue #18): never at its player, nor at a partner,
#: and ``all`` means every opponent.
THIRD_EDITION = 3
#: A trick opens with a card of the hand: a score card taken back opens one only with cards
#: of its player's hand, so that every round ends.
FOURTH_EDITION = 4
#: The edition of every new game: the latest.
EDITION = FOURTH_EDITION
EDITIONS = (FIRST_EDITION, SECOND_EDITION, THIRD_EDITION, FOURTH_EDITION)


class Mode(enum.Enum):
    """The three ways to play NUM-X; ``value`` is the mode's name in notation and URLs."""

    SPEED_RUN = "speed-run"
    X_GAME = "x-game"
    FAMILY = "family"


class TripleRule(enum.Enum):
    """Which plis of three cards must hold a Rainbow or a Shadow, a table option: the first
    pli of a trick only, where the book prints the rule (the default), or every pli."""

    OPENING = "opening"
    EVERY = "every"


@dataclass(frozen=True, slots=True)
class PliRules:
    """The table options that change which plis may be laid (see :func:`plis.check_shape`):
    every triple needs a Rainbow or a Shadow, and an Infinity may cut an Infinity."""

    every_triple: bool = False
    infinity_on_infinity: bool = False


#: The rule book's reading of both.
BOOK_PLI_RULES = PliRules()
#: The four combinations, built once: every pli laid or looked for asks for its table's.
_PLI_RULES = {
    (every, cut): PliRules(every, cut) for every in (False, True) for cut in (False, True)
}


#: The scoring rules a Family table may pick from (the others only name how a card scored).
CHOOSABLE_SCORING = tuple(rule for rule in ScoreRule if rule in FULL_SCORING)


@dataclass(frozen=True, slots=True)
class ModeRules:
    """What a mode changes: hand size, number of rounds, Action cards, scoring rules."""

    hand_size: int
    rounds: int
    action_cards: bool
    scoring: frozenset[ScoreRule]


MODE_RULES = {
    Mode.SPEED_RUN: ModeRules(hand_size=13, rounds=1, action_cards=True, scoring=FULL_SCORING),
    Mode.X_GAME: ModeRules(hand_size=10, rounds=2, action_cards=True, scoring=FULL_SCORING),
    Mode.FAMILY: ModeRules(hand_size=12, rounds=1, action_cards=False, scoring=FAMILY_SCORING),
}


@dataclass(frozen=True, slots=True)
class GameConfig:
    """Players, mode, the Teams option, the table's options and the rules edition of one
    game.

    ``edition`` says which version of the engine's rules the game is played under (see
    :data:`EDITION`); a configuration read without one is a :data:`FIRST_EDITION` game.

    With teams, partners sit opposite each other so that play alternates between teams:
    seats ``s`` and ``s + players // 2`` are partners (4 players: 0-2 and 1-3; 6 players:
    0-3, 1-4, 2-5).
    """

    players: int
    mode: Mode = Mode.SPEED_RUN
    teams: bool = False
    edition: int = EDITION
    triple_rule: TripleRule = TripleRule.OPENING
    #: A table option: an Infinity may cut an Infinity (the book's reading refuses it).
    infinity_on_infinity: bool = False
    #: A table option of Family games: the scoring rules that apply.
    family_scoring: frozenset[ScoreRule] = FAMILY_SCORING
    #: A table option of X-Game: every player picks a score card again at round 2's start.
    round_two_pick: bool = False
    #: A table option of the modes with Action cards: the five Malus cards' (hand X, score
    #: Y), kept in the order of their faces, so that the same five in another order are the
    #: same table (and the house five are the default, left out of the JSON).
    malus_values: tuple[tuple[int, int], ...] = MALUS_VALUES

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(
                gettext_noop("NUM-X is played by 2 to 6 players, not %(players)s"),
                players=self.players,
            )
        if self.teams and self.players not in (4, 6):
            raise ConfigError(gettext_noop("Teams are 2 or 3 teams of two: choose 4 or 6 players."))
        if self.edition not in EDITIONS:
            raise ConfigError(
                gettext_noop("unknown rules edition %(edition)r"), edition=self.edition
            )
        if self.family_scoring != FAMILY_SCORING and self.mode is not Mode.FAMILY:
            raise ConfigError(gettext_noop("Only a Family game chooses its scoring rules."))
        if not self.family_scoring <= FULL_SCORING:
            raise ConfigError(gettext_noop("the scoring rules are chosen among the rule book's"))
        if self.round_two_pick and self.rules.rounds < 2:
            raise ConfigError(gettext_noop("Only an X-Game has a round 2 to pick for."))
        if self.malus_values != MALUS_VALUES:
            if len(self.malus_values) != len(MALUS_VALUES):
                raise ConfigError(
                    gettext_noop("the Malus values are %(count)s pairs, one per Malus card"),
                    count=len(MALUS_VALUES),
                )
            try:
                faces = sorted(malus_face(hand, score) for hand, score in self.malus_values)
            except NotationError as error:
                raise ConfigError(error.template, **error.values) from None
            # The dataclass is frozen: its canonical order is set once, here.
            object.__setattr__(self, "malus_values", tuple((f.hand, f.score) for f in faces))
        if self.malus_values != MALUS_VALUES and not self.rules.action_cards:
            raise ConfigError(gettext_noop("Family is played without Malus cards."))

    @property
    def completes_when_drawn(self) -> bool:
        """Whether a drawn or taken-back Rainbow may complete the top pli (edition 2)."""
        return self.edition >= SECOND_EDITION

    @property
    def malus_on_opponents_only(self) -> bool:
        """Whether a Malus may only be aimed at opponents (edition 3); before, its player
        could aim it at themselves, and ``all`` included them.

        >>> GameConfig(3).malus_on_opponents_only
        True
        >>> GameConfig(3, edition=SECOND_EDITION).malus_on_opponents_only
        False
        """
        return self.edition >= THIRD_EDITION

    @property
    def opens_from_the_hand(self) -> bool:
        """Whether a trick's first pli holds a card of its player's hand (edition 4).

        Before, a score card taken back could open a trick alone: a player whom nobody
        could beat won that trick, handed the card back to their own row and opened again
        with it, and the round never ended.

        >>> GameConfig(3).opens_from_the_hand
        True
        >>> GameConfig(3, edition=THIRD_EDITION).opens_from_the_hand
        False
        """
        return self.edition >= FOURTH_EDITION

    @property
    def triple_every_pli(self) -> bool:
        """Whether every pli of three cards, not only a trick's first, needs a Rainbow or a
        Shadow (the table option ``"triple_rule": "every"``)."""
        return self.triple_rule is TripleRule.EVERY

    @property
    def pli_rules(self) -> PliRules:
        """The table options that change which plis may be laid."""
        return _PLI_RULES[self.triple_every_pli, self.infinity_on_infinity]

    @property
    def rules(self) -> ModeRules:
        return MODE_RULES[self.mode]

    @property
    def scoring(self) -> frozenset[ScoreRule]:
        """The scoring rules of this game: its mode's, or a Family table's own choice.

        >>> sorted(rule.value for rule in GameConfig(3, Mode.FAMILY).scoring)
        ['combination', 'pair', 'x-trem']
        >>> picked = frozenset({ScoreRule.PAIR})
        >>> GameConfig(3, Mode.FAMILY, family_scoring=picked).scoring == picked
        True
        """
        return self.family_scoring if self.mode is Mode.FAMILY else self.rules.scoring

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards this game is played with: the box with the table's Malus values (Family
        leaves the Action cards in the box).

        >>> [str(c) for c in GameConfig(2, malus_values=((1, 1),) * 5).deck[-2:]]
        ['malus+1/+1', 'malus+1/+1']
        """
        return deck(self.malus_values) if self.rules.action_cards else DECK_WITHOUT_ACTIONS

    @property
    def seats(self) -> range:
        return range(self.players)

    def team_of(self, seat: int) -> frozenset[int]:
        """The seats of ``seat``'s team; without teams, just ``seat``."""
        if not self.teams:
            return frozenset((seat,))
        half = self.players // 2
        return frozenset((seat % half, seat % half + half))

    def partner(self, seat: int) -> int:
        """``seat``'s partner (Teams option only)."""
        if not self.teams:
            raise ConfigError(gettext_noop("there are no partners without the Teams option"))
        return (seat + self.players // 2) % self.players

    def between_partners(self, seat: int) -> frozenset[int]:
        """The players sitting, in play order, between ``seat`` and their partner."""
        if not self.teams:
            raise ConfigError(gettext_noop("there are no partners without the Teams option"))
        half = self.players // 2
        return frozenset((seat + step) % self.players for step in range(1, half))

    def to_json(self) -> dict[str, object]:
        """The configuration as JSON; a table option appears only when it differs from the
        rule book's reading (its default), as the new-game form writes it."""
        data: dict[str, object] = {
            "players": self.players,
            "mode": self.mode.value,
            "teams": self.teams,
            "edition": self.edition,
        }
        if self.triple_rule is not TripleRule.OPENING:
            data["triple_rule"] = self.triple_rule.value
        if self.infinity_on_infinity:
            data["infinity_on_infinity"] = True
        if self.family_scoring != FAMILY_SCORING:
            data["family_scoring"] = [
                r.value for r in CHOOSABLE_SCORING if r in self.family_scoring
            ]
        if self.round_two_pick:
            data["round_two_pick"] = True
        if self.malus_values != MALUS_VALUES:
            data["malus_values"] = [list(pair) for pair in self.malus_values]
        return data

    @staticmethod
    def from_json(data: dict[str, object]) -> GameConfig:
        """Read a configuration; one without ``edition`` was recorded before editions
        existed and keeps the first edition's rules; a table option left out is the rule
        book's reading (``triple_rule`` on a trick's first pli only, no Infinity on an
        Infinity, Family's scoring rules, no pick at round 2's start), or the house Malus
        values.

        >>> GameConfig.from_json({"players": 3}).edition
        1
        >>> GameConfig.from_json({"players": 3, "triple_rule": "every"}).triple_every_pli
        True
        >>> GameConfig.from_json({"players": 3, "infinity_on_infinity": True}).pli_rules
        PliRules(every_triple=False, infinity_on_infinity=True)
        >>> GameConfig.from_json(GameConfig(players=3).to_json()).edition == EDITION
        True
        >>> own = [[1, 1], [2, -1], [1, 1], [-3, 3], [0, -2]]
        >>> GameConfig.from_json({"players": 3, "malus_values": own}).malus_values
        ((2, -1), (1, 1), (1, 1), (0, -2), (-3, 3))
        """
        players = data.get("players")
        if not isinstance(players, int):
            raise ConfigError(gettext_noop("players must be a number from 2 to 6"))
        try:
            mode = Mode(data.get("mode", Mode.SPEED_RUN.value))
        except ValueError:
            raise ConfigError(
                gettext_noop("unknown mode %(mode)r"), mode=data.get("mode")
            ) from None
        edition = data.get("edition", FIRST_EDITION)
        if not isinstance(edition, int) or isinstance(edition, bool):
            raise ConfigError(gettext_noop("unknown rules edition %(edition)r"), edition=edition)
        try:
            triple_rule = TripleRule(data.get("triple_rule", TripleRule.OPENING.value))
        except ValueError:
            raise ConfigError(
                gettext_noop("unknown triple rule %(rule)r: opening or every"),
                rule=data.get("triple_rule"),
            ) from None
        return GameConfig(
            players=players,
            mode=mode,
            teams=bool(data.get("teams", False)),
            edition=edition,
            triple_rule=triple_rule,
            infinity_on_infinity=_flag(data, "infinity_on_infinity"),
            family_scoring=_scoring(data.get("family_scoring")),
            round_two_pick=_flag(data, "round_two_pick"),
            malus_values=_malus_values(data.get("malus_values")),
        )


def _flag(data: dict[str, object], option: str) -> bool:
    """An on/off table option, off when left out."""
    value = data.get(option, False)
    if not isinstance(value, bool):
        raise ConfigError(
            gettext_noop("%(option)s is true or false, not %(value)r"), option=option, value=value
        )
    return value


def _scoring(names: object) -> frozenset[ScoreRule]:
    """A Family table's scoring rules from their names; Family's own when left out."""
    if names is None:
        return FAMILY_SCORING
    choosable = {rule.value: rule for rule in CHOOSABLE_SCORING}
    if not isinstance(names, list) or not all(
        isinstance(name, str) and name in choosable for name in names
    ):
        raise ConfigError(
            gettext_noop("family_scoring is a list of scoring rules among %(rules)s"),
            rules=", ".join(sorted(choosable)),
        )
    return frozenset(choosable[name] for name in names)


def _malus_values(pairs: object) -> tuple[tuple[int, int], ...]:
    """A table's Malus values from JSON pairs ``[hand X, score Y]``; the house five when left
    out. Their number and range are checked by :class:`GameConfig`."""
    if pairs is None:
        return MALUS_VALUES
    if not isinstance(pairs, list) or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
        for pair in pairs
    ):
        raise ConfigError(
            gettext_noop("malus_values is a list of pairs [hand X, score Y] of whole numbers")
        )
    return tuple((hand, score) for hand, score in pairs)
