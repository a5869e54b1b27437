from django.contrib import admin

from accounts.models import ApiToken, Profile

admin.site.register(Profile)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """A member's tokens, without their keys (the database has only their digests)."""

    list_display = ("name", "user", "prefix", "created", "expires", "last_used", "revoked")
    readonly_fields = ("digest", "prefix", "created", "last_used")
