"""``python manage.py numx ...``: the rules engines and the event store from the command line.

numx simulate --rules ID --games N --players P --seed S [--config JSON] [--persist]
                                   play N games of a registered game between bots (JSON
                                   summary; --config holds the game's options, such as
                                   '{"mode": "x-game", "teams": true}'; --persist plays
                                   them through the event store and lists their ids as
                                   game_ids)
numx sweep [--rules ID] [--seconds S] [--seed N]
                                   random games of each example configuration of a
                                   registered game (every game without --rules), round
                                   after round for S seconds of CPU each (one of each at
                                   least); a summary line per game, a failure exit on any
                                   error (CI's sweep)
numx export GAME [--output FILE]   write a game's full event log (JSON), with its chain
numx verify FILE [--witness N:HEAD ...]
                                   check the log's chain and replay it, checking every
                                   event (and each chance move against the seed revealed);
                                   print its summary, its head and what it vouches for
                                   (the game and its players as its creation recorded
                                   them). --witness: a head printed for event N (an
                                   email's footer, the table), which the log must hold
numx import FILE [--name NAME]     load a verified log of a finished game as a new game
numx catch-up                      let lagging consumers handle missed events, once
numx tick                          send due reminders and apply passed move deadlines, once
numx demo                          demo players, a finished game to replay, a game to play
                                   (and a tournament, from the tournaments app)
numx mailin [--host H] [--port P]  receive replies to the game emails by SMTP (the
                                   notifications app's ``mailin`` command)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.test.utils import override_settings

from games import deadlines, demo
from games.bots import play_bot_game
from games.engine.ruleset import ConfigError, NotationError, RuleSet
from games.events import consumers, store
from games.events.log import LogError, export_game, import_log, verify
from games.models import Game
from games.registry import default_game, game_ids
from games.simulation import simulate, sweep


class Command(BaseCommand):
    help = "Game tools: simulate bot games, export, verify and import game logs, run the clock."

    def add_arguments(self, parser: CommandParser) -> None:
        commands = parser.add_subparsers(dest="command", required=True)
        sim = commands.add_parser("simulate", help="play games between random legal bots")
        sim.add_argument("--rules", choices=game_ids(), default=default_game())
        sim.add_argument("--games", type=int, default=100)
        sim.add_argument("--players", type=int, default=4)
        sim.add_argument("--seed", type=int, default=0)
        sim.add_argument(
            "--config", type=json.loads, default={}, help="the game's options (JSON object)"
        )
        sim.add_argument("--persist", action="store_true", help="play through the event store")
        swept = commands.add_parser("sweep", help="random games of every configuration")
        swept.add_argument("--rules", choices=game_ids(), action="append")
        swept.add_argument("--seconds", type=float, default=60.0)
        swept.add_argument("--seed", type=int, default=0)
        export = commands.add_parser("export", help="write a game's full event log")
        export.add_argument("game", type=int)
        export.add_argument("--output", type=Path, help="file to write (default: stdout)")
        check = commands.add_parser("verify", help="replay a log and check every event")
        check.add_argument("file", type=Path)
        check.add_argument(
            "--witness",
            action="append",
            type=_witness,
            metavar="N:HEAD",
            help="a head printed for event N (at least its first 12 hex digits)",
        )
        load = commands.add_parser(
            "import", help="load a verified log of a finished game as a new game"
        )
        load.add_argument("file", type=Path)
        load.add_argument(
            "--name", help="the new game's name (default: the one its creation recorded)"
        )
        commands.add_parser("catch-up", help="let lagging consumers handle missed events")
        commands.add_parser("tick", help="send due reminders, apply passed move deadlines")
        commands.add_parser("demo", help="seed demo players and games (idempotent)")
        mailin = commands.add_parser("mailin", help="receive replies to the emails by SMTP")
        mailin.add_argument("--host", default="127.0.0.1")
        mailin.add_argument("--port", type=int, default=2525)

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            result = getattr(self, "_" + options["command"].replace("-", "_"))(options)
        except (NotationError, ConfigError) as error:
            raise CommandError(str(error)) from error
        except LogError as error:
            raise CommandError(
                f"not imported: {error}" if options["command"] == "import" else str(error)
            ) from error
        if result is not None:
            self.stdout.write(json.dumps(result, indent=2))

    def _simulate(self, options: dict[str, Any]) -> dict[str, Any]:
        if not isinstance(options["config"], dict):
            raise CommandError("--config must be a JSON object")
        played: list[int] = []

        def through_the_store(
            rules: RuleSet[Any], config: dict[str, Any], rng: random.Random
        ) -> tuple[Any, int]:
            name = f"Simulated game {len(played) + 1}"
            game = play_bot_game(config, rng, name=name, rules=rules.name)
            played.append(game.pk)
            moves = game.events.filter(seat__gte=0).count()
            return store.load(game.pk, game.rules).state, moves

        summary = simulate(
            options["rules"],
            options["games"],
            options["players"],
            options["config"],
            options["seed"],
            **({"play": through_the_store} if options["persist"] else {}),
        )
        return {**summary, "game_ids": played} if options["persist"] else summary

    def _sweep(self, options: dict[str, Any]) -> None:
        failed = []
        for game_id in options["rules"] or game_ids():
            run = sweep(game_id, options["seconds"], options["seed"])
            self.stdout.write(
                f"sweep: {game_id}: {run['games_finished']}/{run['games']} games finished "
                f"over {len(run['configs'])} configurations in {run['seconds']} s "
                f"(seed {options['seed']})"
            )
            for error in run["errors"]:
                self.stderr.write(f"sweep: {game_id}: {error}")
            if run["errors"]:
                failed.append(game_id)
        if failed:
            raise CommandError(f"random games failed: {', '.join(failed)}")

    def _export(self, options: dict[str, Any]) -> None:
        try:
            log = export_game(options["game"])
        except Game.DoesNotExist:
            raise CommandError(f"there is no game {options['game']}") from None
        text = json.dumps(log, indent=1)
        if options["output"] is None:
            self.stdout.write(text)
        else:
            options["output"].write_text(text)
            self.stderr.write(f"wrote {len(log['events'])} events to {options['output']}")

    def _verify(self, options: dict[str, Any]) -> dict[str, Any]:
        witnesses = dict(options["witness"] or [])
        return verify(_read(options["file"]), witnesses).report()

    def _import(self, options: dict[str, Any]) -> dict[str, Any]:
        game = import_log(_read(options["file"]), name=options["name"])
        return {"game_id": game.pk, "name": game.display_name, "events": game.last_sequence}

    def _catch_up(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"lagging_games": consumers.catch_up()}

    def _tick(self, options: dict[str, Any]) -> dict[str, int]:
        return deadlines.tick()

    def _mailin(self, options: dict[str, Any]) -> None:
        # By name: the listener belongs to the notifications app, which games never imports.
        call_command("mailin", host=options["host"], port=options["port"])

    def _demo(self, options: dict[str, Any]) -> None:
        # Starting the demo game owes its two players a "your turn" mail: with the console
        # backend of the embedded default, two whole MIME messages would bury the logins
        # below. Those mails go nowhere; the ones the demo's play sends later still show.
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend"):
            seeded = demo.seed()
        # The address the emails link (SITE_URL, `make run`'s by default): a site served
        # elsewhere is told so there, and said so here alike.
        self.stdout.write(
            f"\nNUM-X by mail demo: open {settings.SITE_URL}/ and log in as\n"
            f"  {demo.EMAILS[0]} / {demo.PASSWORD}  (or {demo.EMAILS[1]}, same password)\n"
            f"  a game in progress:              /games/{seeded.playing}/\n"
            f"  a finished game to replay:       /games/{seeded.finished}/replay/\n"
        )
        for what, path in seeded.more:
            self.stdout.write(f"  {what + ':':<32} {path}\n")


def _witness(text: str) -> tuple[int, str]:
    """``18:3fa9c2e01b7d`` → (18, "3fa9c2e01b7d"): a head as an email or the table prints it."""
    number, _, head = text.partition(":")
    if not number.isdigit() or not head:
        raise ValueError(f"not N:HEAD: {text}")
    return int(number), head.strip()


def _read(path: Path) -> Any:
    try:
        text = sys.stdin.read() if str(path) == "-" else path.read_text()
        return json.loads(text)
    except (OSError, json.JSONDecodeError) as error:
        raise CommandError(f"cannot read {path}: {error}") from error
