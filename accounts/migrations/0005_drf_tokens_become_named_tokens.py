"""Each account's DRF token becomes a named token "API token" with every scope and the
same key and expiry, so that the scripts using it go on working; the DRF token is then
deleted (nothing reads that table any more)."""

from datetime import timedelta
from hashlib import sha256
from typing import Any

from django.conf import settings
from django.db import migrations


def forwards(apps: Any, schema_editor: Any) -> None:
    Token = apps.get_model("authtoken", "Token")
    ApiToken = apps.get_model("accounts", "ApiToken")
    days = timedelta(days=settings.NUMX_API_TOKEN_DAYS)
    ApiToken.objects.bulk_create(
        ApiToken(
            user_id=token.user_id,
            name="API token",
            digest=sha256(token.key.encode()).hexdigest(),
            prefix=token.key[:8],
            can_read=True,
            can_play=True,
            can_chat=True,
            created=token.created,
            expires=token.created + days,
        )
        for token in Token.objects.all()
    )
    Token.objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_named_api_tokens_and_bot_accounts"),
        ("authtoken", "0004_alter_tokenproxy_options"),
    ]

    # Backwards: the keys cannot be rebuilt from their digests; going back leaves the
    # accounts without a DRF token (they make a new one on the profile page).
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
