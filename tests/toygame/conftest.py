"""Toy's own tests: its rules alone, and its adapter on the site."""

from tests.toygame.fixtures import toy_installed

__all__ = ["toy_installed"]
