"""The examples in the docstrings of the pure modules hold (pytest collects doctests only
under its test paths)."""

from __future__ import annotations

import doctest
from types import ModuleType

import pytest

from tournaments import seating, standings


@pytest.mark.parametrize("module", [seating, standings])
def test_the_examples_in_the_docstrings_hold(module: ModuleType) -> None:
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
