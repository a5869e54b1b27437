"""The one-click links of emails that have been used: each signs somebody in once."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_time_zone_empty_follows_the_browser"),
    ]

    operations = [
        migrations.CreateModel(
            name="SpentLink",
            fields=[
                ("digest", models.CharField(max_length=64, primary_key=True, serialize=False)),
                ("spent_at", models.DateTimeField(db_index=True)),
            ],
        ),
    ]
