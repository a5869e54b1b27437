"""Reports quote the line they report (its author, their name at the table, its words, the
table's name) and stand when the line or an account goes (SET_NULL, was CASCADE)."""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def quote_the_lines(apps: Any, schema_editor: Any) -> None:
    """Fill the quote of the reports filed before: every one still has its line."""
    report_model = apps.get_model("chat", "ChatReport")
    reports = list(report_model.objects.select_related("line", "line__game"))
    for report in reports:
        report.author_id = report.line.author_id
        report.speaker = report.line.name
        report.text = report.line.text
        report.table = report.line.game.name
    report_model.objects.bulk_update(reports, ["author", "speaker", "text", "table"])


class Migration(migrations.Migration):
    dependencies = [
        ("chat", "0003_report_fields_named"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    # The rows are filled last: PostgreSQL refuses to alter a table whose rows this
    # transaction changed while their foreign keys' checks are still deferred.
    operations = [
        migrations.AlterField(
            model_name="chatreport",
            name="line",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="reports",
                to="chat.chatline",
                verbose_name="message",
            ),
        ),
        migrations.AlterField(
            model_name="chatreport",
            name="reporter",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="reported by",
            ),
        ),
        migrations.AddField(
            model_name="chatreport",
            name="author",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
                verbose_name="said by",
            ),
        ),
        migrations.AddField(
            model_name="chatreport",
            name="speaker",
            field=models.CharField(default="", max_length=40, verbose_name="name at the table"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="chatreport",
            name="text",
            field=models.CharField(default="", max_length=500, verbose_name="words"),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="chatreport",
            name="table",
            field=models.CharField(default="", max_length=80, verbose_name="table"),
            preserve_default=False,
        ),
        migrations.RunPython(quote_the_lines, migrations.RunPython.noop),
    ]
