"""Work a request starts that its user need not wait for, done once the response is sent.

Without a broker (the embedded default) Celery runs tasks eagerly, in the process that
sends them: a move would wait for the consumers and for composing and sending its emails.
Work queued here during a request runs when Django sends ``request_finished``, which WSGI
servers do once the response is written; outside a request (a command, a task, a test
calling a service) it runs at once.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.core.signals import request_finished, request_started

logger = logging.getLogger(__name__)
_local = threading.local()


def run_after_response(work: Callable[[], object]) -> None:
    """Run ``work`` once this thread's response is sent, or now if no request is under way."""
    queue: list[Callable[[], object]] | None = getattr(_local, "queue", None)
    if queue is None:
        work()
    else:
        queue.append(work)


@contextmanager
def held() -> Iterator[None]:
    """Hold back the work queued inside the block until it ends, then queue it as
    :func:`run_after_response` would: many moves committed one by one (a table played out)
    wake the consumers once they are all recorded, so that they see them as one batch."""
    outer: list[Callable[[], object]] | None = getattr(_local, "queue", None)
    _local.queue = []
    try:
        yield
    finally:
        work, _local.queue = _local.queue, outer
        for each in work:
            run_after_response(each)


def _start(**kwargs: Any) -> None:
    _local.queue = []


def _finish(**kwargs: Any) -> None:
    queue = getattr(_local, "queue", None) or []
    _local.queue = None
    for work in queue:
        try:
            work()
        except Exception:
            # The response is gone: the work's own retries and sweeps recover it (an outbox
            # row stays unsent, a consumer stays behind and is caught up).
            logger.exception("work after the response failed")


request_started.connect(_start, dispatch_uid="games.after_response.start")
request_finished.connect(_finish, dispatch_uid="games.after_response.finish")
