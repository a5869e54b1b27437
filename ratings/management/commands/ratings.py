"""``python manage.py ratings rebuild``: throw every rating away and rate all finished
games again, in the order they ended (docs/ratings.md). Ratings are derived data: this is
the way back to what the games say, after a change of the rating rules or a doubt."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from ratings.services import rebuild


class Command(BaseCommand):
    help = "Ratings: rebuild them all from the finished games."

    def add_arguments(self, parser: CommandParser) -> None:
        commands = parser.add_subparsers(dest="command", required=True)
        commands.add_parser("rebuild", help="forget every rating, rate all finished games again")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["command"] == "rebuild":
            self.stdout.write(json.dumps(rebuild(), indent=2))
