"""The grid rules: a grid is one piece of true calculations, across and down, as a crossword.

*Disposer les tuiles, dans un format de grille, verticalement ou horizontalement, afin de
créer des calculs.* Every line of two or more tiles side by side, across and down, is read
as a calculation and must hold (:mod:`games.engine.numenko.calculation`): a tile laid
against another makes a run, as the rule book's second "Non autorisé" example shows; every
tile is part of one; and the grid is one piece.
"""

from __future__ import annotations

from games.engine.numenko.calculation import Fault, fault
from games.engine.numenko.errors import IllegalAction
from games.engine.numenko.grid import Grid, Run, pieces, runs


def verdicts(grid: Grid) -> list[tuple[Run, Fault | None]]:
    """Every run of ``grid`` (rows first, then columns) with the rule it breaks and why, or
    ``None`` where it holds: what a table marks right or wrong while a grid is built.

    >>> from games.engine.numenko.notation import parse_grid
    >>> grid = parse_grid("2x4=8 / ..+ / ..1=5")
    >>> [(run.text, found and found.rule) for run, found in verdicts(grid)]
    [('2x4=8', None), ('1=5', 'numenko.operation'), ('4+1', 'numenko.one-equals')]
    """
    return [(run, fault(run.text)) for run in runs(grid)]


def check_grid(grid: Grid) -> None:
    """Nothing if ``grid`` keeps the grid rules, else :class:`IllegalAction` naming the first
    wrong run (rows first, top to bottom, then columns, left to right) and the rule it
    breaks. An empty grid keeps them.

    >>> from games.engine.numenko.notation import parse_grid
    >>> check_grid(parse_grid("2x4=8"))
    >>> check_grid(parse_grid("92x4=8"))
    Traceback (most recent call last):
    ...
    games.engine.numenko.errors.IllegalAction: 92x4=8 (across in row 1, columns 1-6): ...
    """
    for run, found in verdicts(grid):
        if found is not None:
            # The run (its text and place) and the fault are values the site says in the
            # reader's language.
            raise IllegalAction(found.rule, "%(run)s: %(why)s", run=run, why=found)
    if len(grid.squares) == 1:
        raise IllegalAction("numenko.lone-tile", "a single tile makes no calculation")
    count = pieces(grid)
    if count > 1:
        raise IllegalAction(
            "numenko.connected", "the grid is in %(count)s separate pieces", count=count
        )


def is_valid(grid: Grid) -> bool:
    """Whether ``grid`` keeps the grid rules.

    >>> from games.engine.numenko.notation import parse_grid
    >>> is_valid(parse_grid("2x4=8 / ..... / 1+1=2"))
    False
    """
    try:
        check_grid(grid)
    except IllegalAction:
        return False
    return True
