"""The profile's display name as it is taken (``accounts.names.name_key``): filled by 0007,
made unique by 0008 (PostgreSQL refuses to change a table's constraints in the
transaction that updated its rows)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("accounts", "0005_drf_tokens_become_named_tokens")]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="name_key",
            field=models.TextField(blank=True, editable=False, null=True),
        ),
    ]
