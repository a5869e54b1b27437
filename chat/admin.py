"""The moderators' side of the chat: the reports filed, as they were filed, and the actions
that remove the lines they report and restore those removed by mistake."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.timezone import template_localtime
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from chat.models import ChatLine, ChatReport
from chat.moderators import moderates
from chat.services import around, remove_lines, restore_lines


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Reports, newest first, each with its line, the table where it was said, the reporter
    and why. Nobody adds, changes or deletes one here, a superuser no more than anyone: a
    report stays as its reporter filed it."""

    list_display = ("created_at", "reason", "message", "at_table", "reporter", "removed")
    list_filter = ("reason", ("line__removed_at", admin.EmptyFieldListFilter))
    list_select_related = ("line", "line__game", "reporter")
    ordering = ("-created_at",)
    fields = (
        "message",
        "conversation",
        "at_table",
        "author",
        "reporter",
        "reason",
        "note",
        "created_at",
        "sent_at",
        "removed",
    )
    readonly_fields = fields
    actions = ("remove_lines", "restore_lines")

    @admin.display(description=_("message"))
    def message(self, report: ChatReport) -> str:
        return report.quote

    @admin.display(description=_("conversation"))
    def conversation(self, report: ChatReport) -> SafeString | str:
        """The lines said just before and after the one reported (marked), who said each
        and when: what the moderators need to judge it, at a private table too, whose
        page opens to its players alone."""
        if report.line is None:
            return gettext(
                "The message is gone: its table was cancelled, or its author's account deleted."
            )
        lines = around(report.line)
        return format_html(
            '<ol class="conversation">{}</ol>',
            format_html_join(
                "", "<li>{}</li>", ((_said(line, line.pk == report.line_id),) for line in lines)
            ),
        )

    @admin.display(description=_("table"))
    def at_table(self, report: ChatReport) -> SafeString | str:
        """The table, linked when anyone may watch it (a private one opens to its players
        alone; a cancelled one is only a name)."""
        if report.line is None or not report.line.game.is_public:
            return report.table_name
        return format_html(
            '<a href="{}">{}</a>',
            reverse("games:game", args=(report.line.game_id,)),
            report.table_name,
        )

    @admin.display(description=_("removed"), boolean=True)
    def removed(self, report: ChatReport) -> bool | None:
        """Whether the line was removed; unknown once it went with its table."""
        return report.line.removed if report.line is not None else None

    def has_view_permission(self, request: HttpRequest, obj: ChatReport | None = None) -> bool:
        """The moderators read the reports: those the reports are mailed to
        (:func:`chat.moderators.moderates`), and nobody else."""
        return moderates(request.user)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: ChatReport | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: ChatReport | None = None) -> bool:
        """Reports are kept for good: whatever becomes of a line, its reports say it was
        reported, and by whom."""
        return False

    def has_remove_permission(self, request: HttpRequest) -> bool:
        """The moderators remove lines, and restore them."""
        return moderates(request.user)

    @admin.action(description=_("Remove the reported messages"), permissions=("remove",))
    def remove_lines(self, request: HttpRequest, reports: QuerySet[ChatReport]) -> None:
        removed = remove_lines(_lines_of(reports), by=request.user)  # type: ignore[arg-type]
        self.message_user(
            request,
            ngettext("%(count)d message removed.", "%(count)d messages removed.", removed)
            % {"count": removed},
        )

    @admin.action(description=_("Restore the removed messages"), permissions=("remove",))
    def restore_lines(self, request: HttpRequest, reports: QuerySet[ChatReport]) -> None:
        """Put back the lines of ``reports`` removed by mistake."""
        restored = restore_lines(_lines_of(reports))
        self.message_user(
            request,
            ngettext("%(count)d message restored.", "%(count)d messages restored.", restored)
            % {"count": restored},
        )


def _said(line: ChatLine, reported: bool) -> SafeString:
    """One line of a conversation: when, who, the words (marked if ``reported``, and said
    removed if the moderators removed it)."""
    words = f"{line.text} ({gettext('removed')})" if line.removed else line.text
    return format_html(
        '<time datetime="{}">{}</time> <b>{}</b>: {}',
        line.said_at.isoformat(),
        localize(template_localtime(line.said_at)),
        line.name,
        format_html("<mark>{}</mark>", words) if reported else words,
    )


def _lines_of(reports: QuerySet[ChatReport]) -> QuerySet[ChatLine]:
    """The lines ``reports`` report (one each, however many reports a line has)."""
    return ChatLine.objects.filter(pk__in=reports.values("line_id"))
