"""Template filters of the tournament pages."""

from __future__ import annotations

from fractions import Fraction

from django import template

from tournaments.mail import points_said
from tournaments.selectors import StandingLine, podium_words

register = template.Library()


@register.filter
def points(value: Fraction | int | None) -> str:
    """Tournament points as the standings show them: ``8``, ``4.67``; empty for none."""
    if value is None or value == "":
        return ""
    return points_said(Fraction(value))


@register.filter
def stage_points(points_by_stage: dict[int, Fraction], stage: int) -> str:
    """A player's points in one stage (empty if they did not play it)."""
    value = points_by_stage.get(stage)
    return "" if value is None else points_said(value)


@register.filter
def podium_line(line: StandingLine) -> str:
    """A podium line after its place, as the organiser's last mail says it too."""
    return podium_words(line)
