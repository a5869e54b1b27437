"""How a delivery is signed (docs/bots-api.md shows a receiver's check)."""

from __future__ import annotations

import hashlib
import hmac

#: The headers a delivery carries.
TIMESTAMP_HEADER = "X-Numx-Timestamp"
SIGNATURE_HEADER = "X-Numx-Signature"
EVENT_HEADER = "X-Numx-Event"
DELIVERY_HEADER = "X-Numx-Delivery"


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """``sha256=`` and the hex HMAC-SHA256, keyed by the endpoint's secret, of
    ``"{timestamp}.{body}"``: the timestamp is signed, so a replayed delivery shows its age.

    >>> signature("s", 1, b"{}")
    'sha256=b253639bcd705ed1cda3073f66104f16988bd40272584dea7d0d345ae93e61cc'
    """
    message = str(timestamp).encode() + b"." + body
    return "sha256=" + hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
