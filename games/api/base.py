"""What every game's API serializers build on: strict request bodies and the fields a
seat's view always has. Game adapters (``games/rulesets/<id>/api.py``) import this module,
never :mod:`games.api.serializers`, which composes them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
    """A request body that refuses keys it does not know, naming each: a misspelt optional
    key would otherwise be dropped silently and its default used."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(str(key) for key in data if key not in self.fields)
            if unknown:
                raise serializers.ValidationError(
                    {key: [_("Unknown field: %(key)s.") % {"key": key}] for key in unknown}
                )
        return super().to_internal_value(data)


class StrictSchema(OpenApiSerializerExtension):
    """A strict serializer's schema says it takes no other keys (``additionalProperties``):
    the games' pieces are composed in oneOfs, where an object with one game's keys must not
    also be valid as another game's (NUM-X's configuration as Maya's, say)."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": False}


class SeatViewBase(serializers.Serializer):
    """The fields every game's seat view has; a game's view serializer extends it."""

    rules = serializers.CharField(help_text="The game's id: which view this is.")
    sequence = serializers.IntegerField(
        help_text="The number of the last event this view reflects: send it back as "
        "`expected_sequence` with your move."
    )
    seat = serializers.IntegerField(allow_null=True, help_text="Your seat; null: a spectator.")
    phase = serializers.CharField(help_text="The game's own name for the moment.")


def discriminated(
    base: type[serializers.Serializer],
    name: str,
    field: str,
    value: str,
    doc: str = "",
    **fields: serializers.Field,
) -> type[serializers.Serializer]:
    """``base`` with ``field`` fixed to ``value`` (a one-choice enum) and ``fields`` added: a
    member of a oneOf whose discriminator is ``field``, named ``name`` in the schema."""
    fixed = serializers.ChoiceField(choices=[value], help_text=f"Always `{value}`.")
    attributes = {field: fixed, **fields, "__module__": base.__module__, "__doc__": doc}
    return type(name, (base,), attributes)


def refuse(field: serializers.Field, key: str, **kwargs: Any) -> NoReturn:
    """Refuse a field's value with its error message ``key`` (``Field.fail``, typed as the
    raise it is)."""
    message = field.error_messages[key].format(**kwargs)
    raise serializers.ValidationError(message, code=key)
