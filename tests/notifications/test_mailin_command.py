"""``manage.py numx mailin``: an SMTP server on 127.0.0.1 that takes mail for the reply
addresses only, until it is stopped."""

from __future__ import annotations

import os
import signal
import smtplib
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.notifications.test_real_services import free_port

ROOT = Path(__file__).resolve().parents[2]


def test_numx_mailin_listens_on_localhost_for_reply_addresses_only() -> None:
    port = free_port()
    env = {**os.environ, "NUMX_REPLY_DOMAIN": "reply.numx.test"}
    server = subprocess.Popen(
        [sys.executable, "manage.py", "numx", "mailin", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                client = smtplib.SMTP("127.0.0.1", port, timeout=10)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the listener did not start: {server.stdout.read()!r}")  # type: ignore[union-attr]
                time.sleep(0.2)
        with client:
            client.ehlo()
            client.mail("bob@example.com")
            assert client.rcpt("play+1-2-0-abcdefghijklmnop@reply.numx.test")[0] == 250
            assert client.rcpt("Play+1-2-0-ABCDEFGHIJKLMNOP@REPLY.numx.test")[0] == 250
            assert client.rcpt("root@reply.numx.test")[0] == 550
            assert client.rcpt("play+1-2-0-abcdefghijklmnop@elsewhere.test")[0] == 550
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    assert server.returncode == 0
