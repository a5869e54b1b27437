"""How the API's OpenAPI schema is made: drf-spectacular's, with what every answer carries."""

from __future__ import annotations

from typing import Any

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter

from games.api.scopes import TokenScope


class Schema(AutoSchema):
    """drf-spectacular's, documenting the ``RateLimit-*`` headers every answer counted
    against the requester's rate carries (:class:`games.api.throttling.TokenRateThrottle`),
    the token scope each operation needs (:mod:`games.api.scopes`): its 401 and 403, and
    the 414 of an address too long for the web server.

    DRF counts a request once its credentials and the token's scope are accepted: a 401,
    and a 403 for a scope the token lacks, are answered before, and carry no ``RateLimit-*``
    headers; nor does a 414, which never reaches the site."""

    def get_override_parameters(self) -> list[Any]:
        return [*super().get_override_parameters(), *RATE_LIMIT]

    def get_operation(self, *args: Any, **kwargs: Any) -> Any:
        operation = super().get_operation(*args, **kwargs)
        if not operation:
            return operation
        responses = operation.setdefault("responses", {})
        responses["414"] = URI_TOO_LONG
        if "401" in responses:
            responses["401"].pop("headers", None)  # refused before the request is counted
        self._document_scope(operation, responses)
        # Keep the answers in the order of their codes, as drf-spectacular writes them.
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def _document_scope(self, operation: dict[str, Any], responses: dict[str, Any]) -> None:
        scopes = [
            permission.needed(self.method)
            for permission in self.view.get_permissions()
            if isinstance(permission, TokenScope)
        ]
        if not scopes or "401" not in responses:
            return
        scope = scopes[0]
        operation["description"] = (
            f"{operation.get('description', '')}\n\nA token needs the `{scope}` scope."
        ).strip()
        unauthorized = responses["401"]
        unauthorized["description"] = "No credentials, or an unknown, expired or revoked token."
        lacking = f"The token lacks the `{scope}` scope."
        if "403" in responses:
            # The operation's own 403 is counted and carries the RateLimit-* headers, which
            # stay declared (optional, as every header): the scope's carries none.
            responses["403"]["description"] += f" Or: {lacking.lower()}"
        else:
            responses["403"] = {**unauthorized, "description": lacking}


#: Any address may be refused by the web server before the API reads it: gunicorn reads a
#: request's first line (method, path and query) up to 4,094 bytes.
URI_TOO_LONG = {
    "description": "The address is too long (its request line over 4,094 bytes, the query "
    "included): the server refused it unread, and nothing was done."
}

RATE_LIMIT = [
    OpenApiParameter(
        name,
        int,
        OpenApiParameter.HEADER,
        response=True,
        description=description,
    )
    for name, description in (
        ("RateLimit-Limit", "The requests your token may make in a window (`API_RATE`)."),
        ("RateLimit-Remaining", "The requests left to you in the window now."),
        (
            "RateLimit-Reset",
            "Seconds until the oldest request of the window leaves it, giving one back.",
        ),
    )
]


class TokenKey(OpenApiAuthenticationExtension):
    """How a named token is sent (:mod:`accounts.tokens`): after ``Token`` or ``Bearer``,
    the second of which drf-spectacular's own description (a "required prefix Token") denies."""

    target_class = "accounts.tokens.NamedTokenAuthentication"
    name = "tokenAuth"
    priority = 1

    def get_security_definition(self, auto_schema: AutoSchema) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A key from your profile's API tokens, sent as `Token <key>` or "
            "`Bearer <key>` (OAuth 2.0's prefix, which client generators write by default).",
        }
