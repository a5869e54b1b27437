"""The placement rules, one by one, on drawn stacks. Drawings show the stack from above: each
square the digit of its top tile (or, where said, its level); ``.`` is the bare table.

Every stack here is built through the rules themselves (``build``), so each drawing is a
position a player can reach."""

from games.engine.nmbr9 import Stack
from games.engine.nmbr9.positions import build

from .conftest import breaks, drawn, lands, picture


def test_the_first_tile_goes_at_the_origin_turned_as_you_like() -> None:
    """« Vous pouvez orienter la première tuile de votre pile comme vous le souhaitez »."""
    for turn in (0, 90, 180, 270):
        assert lands(Stack(), f"place 7 at 0,0 turn {turn}").tiles[0].level == 0
    assert breaks(Stack(), "place 7 at 3,-2") == "nmbr9.origin"


def test_a_tile_shares_an_edge_with_a_tile_of_its_level() -> None:
    """« Deux tuiles sont adjacentes lorsqu'elles ont un bord en commun »."""
    stack = build("place 0 at 0,0", "place 1 at 3,0")
    assert drawn(stack) == picture("""
        00011
        0.0.1
        0.0.1
        000.1
    """)


def test_a_corner_is_not_enough() -> None:
    """« (un coin ne suffit pas) »: the 1 below would meet the 0 at one corner only.

    ###..
    #.#..
    #.#..
    ###..
    ...##
    ....#
    """
    stack = build("place 0 at 0,0")
    assert breaks(stack, "place 1 at 3,4") == "nmbr9.touch"
    assert breaks(stack, "place 1 at 9,9") == "nmbr9.touch"


def test_a_tile_on_level_1_rests_on_the_level_below_covering_two_tiles() -> None:
    """« doit chevaucher au moins deux tuiles du Niveau directement inférieur »: the 1 lies
    across the two 0s, so it is on level 1 and scores 1 × 1."""
    stack = build("place 0 at 0,0", "place 0 at 3,0", "place 1 at 2,0")
    assert drawn(stack) == picture("""
        001100
        0.01.0
        0.01.0
        000100
    """)
    assert drawn(stack, "level") == picture("""
        001100
        0.01.0
        0.01.0
        000100
    """)
    assert stack.tiles[-1].level == 1 and stack.tiles[-1].points == 1


def test_a_tile_covering_a_single_tile_is_refused() -> None:
    """The 1 lying on the left 0 alone covers one tile."""
    stack = build("place 0 at 0,0", "place 0 at 3,0")
    assert breaks(stack, "place 1 at 1,0") == "nmbr9.two-tiles"


def test_no_square_lies_over_a_gap() -> None:
    """« Aucune partie de la tuile ne doit se retrouver au-dessus d'un vide »: the hole of a
    0, or the table beside the stack, is a gap."""
    stack = build("place 0 at 0,0", "place 0 at 3,0")
    # Over the holes of the 0s.
    assert breaks(stack, "place 1 at 0,0") == "nmbr9.support"
    # Half on the right 0, half on the table.
    assert breaks(stack, "place 7 at 4,0") == "nmbr9.support"


def test_no_square_lies_on_a_step_between_two_levels() -> None:
    """A tile cannot lie partly on level 1 and partly on level 0: it would not lie flat."""
    stack = build("place 9 at 0,0", "place 9 at 3,0", "place 6 at 0,0 turn 90")
    assert drawn(stack, "level") == picture("""
        111100
        110100
        11.00.
        00.00.
    """)
    assert breaks(stack, "place 1 at 3,0") == "nmbr9.support"


def test_the_first_tile_of_a_level_touches_nothing_the_next_touch_it() -> None:
    """« La première tuile placée sur un Niveau n'a pas besoin de respecter cette règle »."""
    ground = build(
        "place 9 at 0,0",
        "place 9 at 3,0",
        "place 9 at 0,4 turn 180",
        "place 9 at 3,4 turn 180",
        "place 9 at 6,0",
    )
    first = lands(ground, "place 1 at 0,1 turn 0")
    assert first.tiles[-1].level == 1
    # Another 1 on level 1, away from the first: refused; beside it: accepted.
    assert breaks(first, "place 1 at 5,0 turn 0") == "nmbr9.touch"
    assert lands(first, "place 1 at 2,0 turn 90").tiles[-1].level == 1


def test_the_level_is_where_the_footprint_lands() -> None:
    """Decision: the notation names no level. Put down at a footprint, a tile lands on what
    is under it: on the table where all is free, on level h + 1 where every square is the top
    of a tile of level h. The same footprint is never two levels."""
    stack = build("place 0 at 0,0", "place 0 at 3,0")
    assert lands(stack, "place 1 at 6,0").tiles[-1].level == 0
    assert lands(stack, "place 1 at 2,0").tiles[-1].level == 1


def test_placed_tiles_never_move() -> None:
    """« une fois qu'elle est posée, vous ne pouvez plus la déplacer »: a placement only adds."""
    stack = build("place 0 at 0,0", "place 0 at 3,0")
    after = lands(stack, "place 1 at 2,0")
    assert after.tiles[:2] == stack.tiles


def test_a_tile_turns_only_by_quarter_turns() -> None:
    from games.engine.nmbr9 import IllegalAction, settle

    try:
        settle(Stack(), 7, 0, 0, 45)
    except IllegalAction as error:
        assert error.rule == "nmbr9.orientation"
    else:
        raise AssertionError("a tile turned by 45 degrees was accepted")
