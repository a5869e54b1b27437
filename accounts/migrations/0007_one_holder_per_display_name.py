"""Before names were unique, two members could share one (or names alike but for capitals
or look-alike letters). The member who signed up first keeps it; each later one keeps it
with the first free number, "Alice (2)", and so do their seats (a seat is named after its
player's current name), as the README's accounts section says. Chat lines keep the name
said under."""

from typing import Any

from django.db import migrations

from accounts.names import free_name, name_key


def forwards(apps: Any, schema_editor: Any) -> None:
    Profile = apps.get_model("accounts", "Profile")
    Seat = apps.get_model("games", "Seat")
    profiles = list(Profile.objects.exclude(display_name="").order_by("user_id"))
    taken = {name_key(profile.display_name) for profile in profiles}
    kept: set[str] = set()
    for profile in profiles:
        key = name_key(profile.display_name)
        if key and key in kept:
            profile.display_name = free_name(profile.display_name, taken.__contains__)
            key = name_key(profile.display_name)
            taken.add(key)
            Seat.objects.filter(user_id=profile.user_id).update(name=profile.display_name)
        kept.add(key)
        profile.name_key = key or None
        profile.save(update_fields=["display_name", "name_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0006_display_name_key"),
        ("games", "0019_open_tables_play_no_round"),
    ]

    # Backwards: the numbers stay (nothing tells them from a name chosen so).
    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
