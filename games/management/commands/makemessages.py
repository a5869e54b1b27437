"""Django's ``makemessages``, with each game's messages in the game's own catalogue.

Django already files an app's messages (its Python and templates) in the catalogue of the
nearest ``locale/`` folder above them: a game's adapter package (``games/rulesets/<id>/``)
keeps its own, ``games/rulesets/<id>/locale/``. A game's engine lives elsewhere
(``games/engine/<id>/``, pure Python, its rule statements marked with a ``gettext_noop`` of
its own, its refusals' messages found in its ``IllegalAction`` calls); this command files
those in the game's catalogue too, so that a game's French stays in the game's folders.
Messages no game owns (the platform's, and engine modules two games share) go to the
site's catalogue, ``locale/``.

msgmerge runs without fuzzy matching: a new message left untranslated is found by the
catalogue tests, where a guess borrowed from another game's sentence would pass unseen.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import Any, ClassVar

from django.core.management.commands import makemessages

from games.registry import GAMES, rule_set


def engine_catalogues() -> dict[str, str]:
    """Each registered game's engine folder → its adapter's ``locale/`` folder."""
    found = {}
    for game_id, package in GAMES.items():
        engine = importlib.import_module(type(rule_set(game_id)).__module__.rpartition(".")[0])
        adapter = importlib.import_module(package)
        assert engine.__file__ is not None and adapter.__file__ is not None
        found[str(Path(engine.__file__).parent)] = str(Path(adapter.__file__).parent / "locale")
    return found


class Command(makemessages.Command):
    # A refusal's message, written where the engine raises it, is found for translation
    # as it is (games.engine.ruleset.IllegalAction).
    xgettext_options: ClassVar[list[str]] = [
        *makemessages.Command.xgettext_options,
        "--keyword=IllegalAction:2",
    ]
    msgmerge_options: ClassVar[list[str]] = [
        *makemessages.Command.msgmerge_options,
        "--no-fuzzy-matching",
    ]

    def find_files(self, root: str) -> list[Any]:
        files = super().find_files(root)
        catalogues = engine_catalogues()
        for found in files:
            folder = os.path.abspath(found.dirpath)
            for engine, locale in catalogues.items():
                if folder == engine or folder.startswith(engine + os.sep):
                    found.locale_dir = locale
                    if locale not in self.locale_paths:
                        self.locale_paths.append(locale)
        return list(files)
