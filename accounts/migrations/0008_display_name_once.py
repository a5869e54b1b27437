"""No two members hold display names alike (``accounts.names.name_key``): the database
decides between two who take one at the same moment."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("accounts", "0007_one_holder_per_display_name")]

    operations = [
        migrations.AddConstraint(
            model_name="profile",
            constraint=models.UniqueConstraint(fields=("name_key",), name="display_name_once"),
        ),
    ]
