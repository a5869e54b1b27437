"""``python manage.py mailin [--host H] [--port P]`` (also ``numx mailin``): listen for
replies by SMTP until interrupted (:mod:`notifications.mailin`)."""

from __future__ import annotations

import signal
import threading
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from notifications.mailin import DEFAULT_PORT, listener
from notifications.reply_address import reply_domain


class Command(BaseCommand):
    help = "Receive replies to the game emails by SMTP (moves by email reply)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
        parser.add_argument("--port", type=int, default=DEFAULT_PORT)

    def handle(self, *args: Any, **options: Any) -> None:
        if not reply_domain():
            raise CommandError("NUMX_REPLY_DOMAIN is empty: replies are off")
        server = listener(options["host"], options["port"])
        try:
            server.start()
        except (OSError, RuntimeError) as error:
            where = f"{options['host']}:{options['port']}"
            raise CommandError(f"cannot listen on {where}: {error}") from error
        self.stdout.write(
            f"listening on {options['host']}:{options['port']} for play+…@{reply_domain()}"
            " (Ctrl-C to stop)"
        )
        stop = threading.Event()
        signal.signal(signal.SIGTERM, lambda *_: stop.set())
        try:
            stop.wait()
        except KeyboardInterrupt:
            pass
        finally:
            server.stop()
