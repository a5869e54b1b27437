from django.contrib import admin

from tournaments.models import Entry, Stage, Table, TablePlayer, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    fk_name = "tournament"
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "organiser", "format", "table_size", "stage_count", "status")
    list_filter = ("status", "format")
    search_fields = ("name", "organiser__username")
    raw_id_fields = ("organiser",)
    inlines = (EntryInline,)


class TablePlayerInline(admin.TabularInline):
    model = TablePlayer
    extra = 0
    raw_id_fields = ("entry",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "forced_at", "recorded_at")
    raw_id_fields = ("game", "stage")
    inlines = (TablePlayerInline,)


@admin.register(Stage)
class StageAdmin(admin.ModelAdmin):
    list_display = ("__str__", "is_final", "started_at", "finished_at")
    raw_id_fields = ("tournament",)
