"""NUM-X Objectifs in words, in English and in French: cards, objectives, every kind of move
(as recorded, and as others read it while it is secret), the end of a round, the score
lines, the options, where the game stands and what a moment asks."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.descriptions import refusal
from games.engine.objectifs import IllegalAction, apply, parse_action
from games.engine.objectifs.positions import arrange
from games.rulesets.objectifs import descriptions
from games.rulesets.objectifs.site import SITE

NAMES = ["Alice", "Bob", "Carol"]
CONFIG = {"players": 3}
NBSP = "\u00a0"

MOVES = [
    (
        {"type": "play", "cards": ["7", "7"], "rows": [{"seat": 1, "card": "7"}]},
        "lay 7 and 7, with 7 from the malus cards of Bob",
        "poser 7 et 7, avec 7 (dans les cartes Malus devant Bob)",
    ),
    (
        {
            "type": "play",
            "cards": ["joker"],
            "as": "infinity",
            "action": {"type": "malus", "card": "malus+2/+1", "target": "all"},
        },
        "lay X-Joker as Infinity, then play Malus + (2 into the hand, 1 onto the malus cards) "
        "on everyone",
        "poser X-Joker (valeur Infini), puis jouer Malus + (2 en main, 1 en cartes Malus) sur "
        "tous les joueurs",
    ),
    (
        {"type": "echange", "target": "all", "direction": "left", "from": 2},
        "play Echange: every player's malus cards go to their left-hand neighbour (the card "
        "from the malus cards of Carol)",
        f"jouer Echange{NBSP}: les cartes Malus de chaque joueur passent à son voisin de gauche "
        "(la carte prise dans les cartes Malus devant Carol)",
    ),
    (
        {"type": "echange", "target": 1},
        "play Echange: swap malus cards with Bob",
        f"jouer Echange{NBSP}: échanger les cartes Malus avec Bob",
    ),
    ({"type": "draw"}, "draw a card from the pile", "piocher une carte"),
    (
        {"type": "draw", "card": "-2", "from": 1},
        "draw \u22122 from the malus cards of Bob",
        "piocher \u22122 dans les cartes Malus devant Bob",
    ),
    ({"type": "pass"}, "pass", "passer"),
    (
        {"type": "lay", "cards": ["3", "12"]},
        "lay 3 and 12 as malus cards",
        "poser 3 et 12 en cartes Malus",
    ),
    (
        {"type": "lay"},
        "choose two malus cards (shown once every player has chosen)",
        "choisir deux cartes Malus (montrées quand tous les joueurs auront choisi)",
    ),
    (
        {"type": "replace", "cards": ["3"], "draws": 1},
        "complete the malus cards with 3 and a card drawn from the pile",
        "compléter les cartes Malus avec 3 et une carte piochée",
    ),
    (
        {"type": "replace", "cards": [], "draws": 2},
        "complete the malus cards with 2 cards drawn from the pile",
        "compléter les cartes Malus avec 2 cartes piochées",
    ),
    (
        {"type": "deal", "cards": 91, "objectives": 10},
        "deal 13 cards and an objective to each player",
        "distribuer 13 cartes et un Objectif à chaque joueur",
    ),
]


#: Moves naming Bob's seat, as Bob reads them: "your malus cards", "you", not "Bob".
OWN = [
    (
        {"type": "play", "cards": ["7", "7"], "rows": [{"seat": 1, "card": "7"}]},
        "lay 7 and 7, with 7 from your malus cards",
        "poser 7 et 7, avec 7 (dans vos cartes Malus)",
    ),
    (
        {"type": "echange", "target": 1},
        "play Echange: swap malus cards with you",
        f"jouer Echange{NBSP}: échanger les cartes Malus avec vous",
    ),
    (
        {"type": "malus", "card": "malus+1/+1", "target": 1},
        "play Malus + (1 into the hand, 1 onto the malus cards) on you",
        "jouer Malus + (1 en main, 1 en cartes Malus) sur vous",
    ),
    (
        {"type": "draw", "card": "-2", "from": 1},
        "draw \u22122 from your malus cards",
        "piocher \u22122 dans vos cartes Malus",
    ),
]


@pytest.mark.parametrize(
    ("action", "english", "french", "viewer"),
    [(*move, None) for move in MOVES] + [(*move, 1) for move in OWN],
)
def test_every_kind_of_move_in_english_and_french(
    action: dict[str, object], english: str, french: str, viewer: int | None
) -> None:
    with translation.override("en"):
        assert SITE.describe_action(action, NAMES, CONFIG, viewer) == english
    with translation.override("fr"):
        assert SITE.describe_action(action, NAMES, CONFIG, viewer) == french


def test_a_deal_without_the_objective_cards_deals_cards_only() -> None:
    deal = {"type": "deal", "cards": 91, "objectives": 0}
    assert SITE.describe_action(deal, NAMES, {"players": 3, "objectives": False}) == (
        "deal 13 cards to each player"
    )


def test_the_end_of_a_round_says_how_it_ended_every_objective_and_the_scores() -> None:
    ended = {
        "type": "round-ended",
        "seat": None,
        "action": {
            "round": 2,
            "end": "shed",
            "seat": 1,
            "first_out": 1,
            "objectives": ["pair", "under-5", "neighbour"],
            "achieved": [True, False, False],
            "scores": [8, -12, 0],
        },
    }
    with translation.override("en"):
        assert SITE.describe_event(ended, NAMES, 0, CONFIG) == (
            "Round 2 ends at once: Bob has shed every card, hand and malus cards. Objectives: "
            "you (Pair): achieved, Bob (Fewer than 5): missed and Carol (Right-hand "
            "neighbour): missed. Scores of the round: you +8, Bob \u221212 and Carol 0."
        )
        # The reader who ended it is "you", with the verb to match.
        assert SITE.describe_event(ended, NAMES, 1, CONFIG).startswith(
            "Round 2 ends at once: you have shed every card, hand and malus cards. Objectives: "
            "Alice (Pair): achieved, you (Fewer than 5): missed"
        )
    with translation.override("fr"):
        said = SITE.describe_event(ended, NAMES, 0, CONFIG)
        theirs = SITE.describe_event(ended, NAMES, 1, CONFIG)
    assert said.startswith(f"Fin immédiate de la manche 2{NBSP}: Bob s’est débarrassé")
    assert f"vous (Paire){NBSP}: réussi" in said and "Bob \u221212" in said
    assert theirs.startswith(f"Fin immédiate de la manche 2{NBSP}: vous vous êtes débarrassé")
    assert "Alice +8, vous \u221212" in theirs


def test_a_move_with_what_chance_gave_and_what_it_did() -> None:
    laid = {
        "type": "play",
        "seat": 2,
        "action": {
            "type": "play",
            "cards": ["9", "9", "9"],
            "effects": {"facteur_x": True, "trick_won_by": 2},
        },
        "facts": {"from_pile": {"0": [None, None]}, "to_rows": {"0": ["4"]}},
    }
    with translation.override("en"):
        assert SITE.describe_event(laid, NAMES, 0, CONFIG) == (
            "Carol: lay 9, 9 and 9. A Facteur X, out of turn! The trick is over: Carol starts "
            "the next. You drew 2 cards into your hand. Drawn face up onto your malus cards: 4."
        )
        assert SITE.describe_event(laid, NAMES, 1, CONFIG).endswith(
            "Alice drew 2 cards into their hand. Drawn face up onto the malus cards of Alice: 4."
        )
    with translation.override("fr"):
        said = SITE.describe_event(laid, NAMES, 2, CONFIG)
    assert said.startswith(f"Vous{NBSP}: poser 9, 9 et 9. Un Facteur X, hors tour{NBSP}!")
    assert f"Le tour est fini{NBSP}: vous commencez le suivant." in said
    assert "Alice a pioché 2 cartes en main." in said
    with translation.override("fr"):
        mine = SITE.describe_event(laid, NAMES, 0, CONFIG)
    assert mine.endswith(f"Piochée face visible sur vos cartes Malus{NBSP}: 4.")


def test_cards_objectives_score_lines_options_and_progress() -> None:
    with translation.override("en"):
        assert descriptions.card("infinity") == "Infinity"
        assert descriptions.card("-1") == "\u22121" and descriptions.card(None) == "a hidden card"
        assert descriptions.objective_text("exactly-13") == (
            "Exactly 13: malus cards worth exactly 13 points (bonus 23)"
        )
        assert SITE.describe_score_line("round-4.objective") == "round 4: objective"
        assert SITE.describe_config({"players": 5, "objectives": False, "infinity_four": True}) == (
            "5 players, no Objective cards, Infini 4"
        )
        assert SITE.describe_score(-12) == "\u221212 points" and SITE.describe_score(1) == "1 point"
    with translation.override("fr"):
        assert descriptions.card("joker") == "X-Joker" and descriptions.card("infinity") == "Infini"
        assert descriptions.objective("first-out") == "Se défausser en premier"
        assert SITE.describe_score_line("round-4.hand") == f"manche 4{NBSP}: cartes restées en main"
        assert SITE.describe_score(-12) == "\u221212 points" and SITE.describe_score(0) == "0 point"


def test_what_a_moment_asks_in_both_languages() -> None:
    view = {
        "seat": 0,
        "phase": "replace",
        "due": [2, 0, 0],
        "hand_sizes": [1, 5, 5],
        "pile_size": 30,
        "hands": [["5"], None, None],
        "objectives": ["under-5", None, None],
        "plis": [],
        "rows": [[], [], []],
        "round": 1,
        "tricks": 2,
        "results": [],
        "totals": [0, 0, 0],
    }
    with translation.override("en"):
        assert SITE.describe_task(view) == (
            "The trick is over: complete your malus cards with 2 cards, from your hand or "
            "drawn from the pile."
        )
        assert SITE.describe_task(view, out_of_turn=True).startswith("You may lay a Facteur X")
        # The table shows the hand and the objective in their panel; the mail says them.
        assert (
            "You hold 5. Your objective — Fewer than 5: malus cards worth fewer than 5 points "
            "(bonus 10).\n" in SITE.position_words(view, NAMES)
        )
    with translation.override("fr"):
        said = SITE.describe_task({**view, "phase": "play", "plis": [{"cards": ["3"]}]})
        position = SITE.position_words(view, NAMES)
    assert said.startswith("Couvrez le pli du dessus, jouez un Echange ou un Malus +, piochez")
    assert "Votre Objectif — Moins de 5" in position


def test_pair_and_two_specials_say_they_ask_for_exactly_two_malus_cards() -> None:
    """The engine scores *Pair* and *Two special cards* only on exactly two malus cards (a
    third card misses them): the objective's words, on the table and in the mails, say so."""
    missed = arrange(["5", "8 9"], ["8 8 3", "1 2"], objectives="pair two-specials")
    missed = apply(missed, 0, parse_action("play 5"))  # seat 0's last card
    missed = apply(missed, 1, parse_action("pass"))  # the trick, and the round, are over
    assert not missed.results[0].seats[0].achieved
    with translation.override("en"):
        assert descriptions.objective_text("pair") == (
            "Pair: exactly two similar malus cards, which then count 0 "
            "(bonus: the value of one of the two cards)"
        )
        assert descriptions.objective_text("two-specials") == (
            "Two special cards: exactly two malus cards, both special, which then count 0 "
            "(bonus 20)"
        )
    with translation.override("fr"):
        assert descriptions.objective_text("pair").startswith(
            f"Paire{NBSP}: exactement deux cartes Malus similaires, qui comptent alors 0"
        )
        assert descriptions.objective_text("two-specials").startswith(
            f"Deux cartes spéciales{NBSP}: exactement deux cartes Malus, toutes deux spéciales, "
            "qui comptent alors 0"
        )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "The pli on top: X-Joker as 9 and 9."),
        ("fr", f"Le pli du dessus{NBSP}: X-Joker (valeur 9) et 9."),
    ],
)
def test_the_mail_says_what_an_x_joker_on_top_stands_for(language: str, said: str) -> None:
    """Nothing else tells a player who plays by email what the X-Joker was laid as."""
    view = {
        "seat": 0,
        "phase": "play",
        "plis": [{"seat": 1, "cards": ["joker", "9"], "value": "9"}],
        "hands": [[], None, None],
        "objectives": [None, None, None],
        "rows": [[], [], []],
        "round": 1,
        "tricks": 0,
        "results": [],
        "totals": [0, 0, 0],
    }
    with translation.override(language):
        text = descriptions.position(view, NAMES)
    assert said in text


def on_top(*cards: str, value: str) -> dict[str, object]:
    """A view in play with a pli of ``cards`` of ``value`` on top."""
    return {"phase": "play", "plis": [{"seat": 1, "cards": list(cards), "value": value}]}


@pytest.mark.parametrize(
    ("language", "top", "said"),
    [
        (
            "en",
            on_top("8", value="8"),
            "Next pli: 1 card higher than 8, or 2 cards of any one value (2 × 8 fuse with the "
            "pli on top: Fusion X). Out of turn, anyone may lay a Facteur X: more cards, of a "
            "higher value.",
        ),
        (
            "en",
            on_top("9", "joker", value="9"),
            "Next pli: 2 cards higher than 9, or 3 cards of any one value (3 × 9 fuse with the "
            "pli on top: Fusion X). Out of turn, anyone may lay a Facteur X: more cards, of a "
            "higher value.",
        ),
        (
            "fr",
            on_top("8", value="8"),
            f"Pli suivant{NBSP}: 1 carte supérieure à 8, ou 2 cartes d’une même valeur, quelle "
            f"qu’elle soit (2 × 8 fusionnent avec le pli du dessus{NBSP}: Fusion X). Hors tour, "
            f"chacun peut poser un Facteur X{NBSP}: plus de cartes, d’une valeur supérieure.",
        ),
        (
            "fr",
            on_top("9", "9", value="9"),
            f"Pli suivant{NBSP}: 2 cartes supérieures à 9, ou 3 cartes d’une même valeur, quelle "
            f"qu’elle soit (3 × 9 fusionnent avec le pli du dessus{NBSP}: Fusion X). Hors tour, "
            f"chacun peut poser un Facteur X{NBSP}: plus de cartes, d’une valeur supérieure.",
        ),
        # Nothing is higher than Infinity: one card more, of any value, is all that covers it.
        (
            "en",
            on_top("infinity", value="infinity"),
            "Next pli: 2 cards of any one value (2 × Infinity fuse with the pli on top: "
            "Fusion X). Nothing is higher than Infinity: no Facteur X can cover it.",
        ),
        (
            "fr",
            on_top("infinity", "infinity", value="infinity"),
            f"Pli suivant{NBSP}: 3 cartes d’une même valeur, quelle qu’elle soit (3 × Infini "
            f"fusionnent avec le pli du dessus{NBSP}: Fusion X). Rien n’est supérieur à "
            f"Infini{NBSP}: aucun Facteur X ne peut le couvrir.",
        ),
    ],
)
def test_the_next_pli_says_which_cards_cover_and_which_fuse(
    language: str, top: dict[str, object], said: str
) -> None:
    """The table, the "your turn" mail and the API say what covers the pli on top: as many
    cards, higher, or one card more of any one value, which fuses with it when it is the
    pli's own value (*Fusion X*); on Infinity only the card more."""
    with translation.override(language):
        assert descriptions.next_pli(top) == said


@pytest.mark.parametrize(
    ("moves", "french"),
    [
        # French elides before a vowel ("de Infini"), and "un" would give Num-X a gender:
        # a card named after the word "carte" reads right whatever its name.
        (["0 play infinity"], "aucune carte Infini dans votre main"),
        (["0 play 9@1"], "aucune carte 9 parmi les cartes Malus de la place 1"),
        (["0 echange@0 1"], "aucune carte Echange parmi les cartes Malus de la place 0"),
        (["0 play 7 7"], "il vous resterait une carte Num-X seule"),
        # The move is written in the notation, which French replies write too.
        (["0 echange all"], f"dites dans quel sens{NBSP}: echange all right, ou echange all left"),
        # The card is spelt as everywhere else, as the rule book writes it.
        (["0 echange 1 right"], "un Echange avec un seul joueur est un simple échange, sans sens"),
        (["0 play 7", "2 play 9 9 + echange 1"], "un Facteur X ne porte ni Echange ni Malus +"),
    ],
)
def test_a_refused_move_names_its_card_in_french_as_french_writes_it(
    moves: list[str], french: str
) -> None:
    """What a French player reads when a move (the last of ``moves``, each its seat and
    its notation) is refused, at the table or in the reply to their mail."""
    state = arrange(["7 7 num-x", "echange 9", "9 9 echange"], ["1 2", "8 echange", "3 4"])
    *before, (seat, last) = [move.split(" ", 1) for move in moves]
    for mover, move in before:
        state = apply(state, int(mover), parse_action(move))
    with pytest.raises(IllegalAction) as refused:
        apply(state, int(seat), parse_action(last))
    with translation.override("fr"):
        said = refusal(refused.value, SITE.refusal_argument)
    assert french in said


def test_an_echange_with_one_player_and_a_direction_is_refused_in_plain_english() -> None:
    state = arrange(["7 echange", "9"], ["1 2", "8 3"])
    with pytest.raises(IllegalAction) as refused:
        apply(state, 0, parse_action("echange 1 right"))
    with translation.override("en"):
        said = refusal(refused.value, SITE.refusal_argument)
    assert "an Echange with one player is a plain swap, with no direction" in said


def test_first_out_speaks_to_its_holder_as_every_objective_does() -> None:
    """An objective is said to the player who holds it ("your malus cards", "your
    right-hand neighbour"): French says « votre main » too, not « sa main »."""
    with translation.override("fr"):
        said = descriptions.objective_text("first-out")
    assert said == (
        f"Se défausser en premier{NBSP}: être le premier de la manche à vider votre main (bonus 10)"
    )


def test_a_player_using_their_own_malus_cards_is_told_so() -> None:
    """ "Alice: lay 2, with 2 from the malus cards of Alice" named her twice: the malus
    cards of the player who moves are their own."""
    laid = {
        "type": "play",
        "seat": 0,
        "action": {
            "type": "play",
            "cards": ["2"],
            "rows": [{"seat": 0, "card": "2"}, {"seat": 2, "card": "2"}],
            "action": {"type": "echange", "target": 1, "from": 0},
        },
    }
    with translation.override("en"):
        assert SITE.describe_event(laid, NAMES, 1, CONFIG) == (
            "Alice: lay 2, with 2 from their own malus cards and 2 from the malus cards of "
            "Carol, then play Echange: swap malus cards with you (the card from their own "
            "malus cards)."
        )
        assert "with 2 from your malus cards" in SITE.describe_event(laid, NAMES, 0, CONFIG)
    with translation.override("fr"):
        said = SITE.describe_event(laid, NAMES, 1, CONFIG)
    assert said.startswith(
        f"Alice{NBSP}: poser 2, avec 2 (dans ses propres cartes Malus) et 2 (dans les cartes "
        "Malus devant Carol)"
    )
    assert said.endswith("(la carte prise dans ses propres cartes Malus).")
