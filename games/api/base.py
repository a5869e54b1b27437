"""What every game's API serializers build on: strict request bodies and the fields a
seat's view always has. Game adapters (``games/rulesets/<id>/api.py``) import this module,
never :mod:`games.api.serializers`, which composes them."""

from __future__ import annotations

import copy
import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from django.utils.translation import gettext as _
from drf_spectacular.extensions import (
    OpenApiSerializerExtension,
    OpenApiSerializerFieldExtension,
)
from drf_spectacular.plumbing import get_doc
from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
    """A request body that refuses keys it does not know, naming each: a misspelt optional
    key would otherwise be dropped silently and its default used. A key the server only
    answers (read-only, such as a configuration's ``edition``) is unknown too: the schema's
    request component leaves it out, and dropping it would answer a request for another
    value as if it had been heard. Its values must also be
    of the JSON type its schema says (:func:`json_type_error`): DRF reads ``0`` and
    ``"yes"`` as booleans, ``5`` as text, ``"2"`` as an integer, which the schema refuses,
    so that a client could not tell what is accepted."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = sorted(
                str(key) for key in data if key not in self.fields or self.fields[key].read_only
            )
            if unknown:
                raise serializers.ValidationError(
                    {key: [_("Unknown field: %(key)s.") % {"key": key}] for key in unknown}
                )
            mistyped = {
                key: [error]
                for key, field in self.fields.items()
                if key in data and (error := json_type_error(field, data[key])) is not None
            }
            if mistyped:
                raise serializers.ValidationError(mistyped)
            data = {key: _as_choice(self.fields.get(key), value) for key, value in data.items()}
        return super().to_internal_value(data)


def json_type_error(field: serializers.Field, value: Any) -> str | None:
    """What is wrong with ``value`` for ``field`` if it is not of the JSON type the field's
    schema says (null where the field allows it), in the field's own words; None if it is.
    As JSON Schema says, ``2.0`` is an integer, and equal to the choice ``2``.

    >>> json_type_error(serializers.BooleanField(), 0)
    'Must be a valid boolean.'
    >>> json_type_error(serializers.IntegerField(), True)
    'A valid integer is required.'
    >>> json_type_error(serializers.IntegerField(), 2.0) is None
    True
    >>> json_type_error(serializers.ChoiceField(choices=[0, 1]), "1")
    '"1" is not a valid choice.'
    >>> json_type_error(serializers.CharField(allow_null=True), None) is None
    True
    """
    if value is None and field.allow_null:
        return None
    if isinstance(field, serializers.MultipleChoiceField):
        return None  # a list, whose items DRF checks against the choices
    if isinstance(field, serializers.ChoiceField):
        if any(_json_equal(value, choice) for choice in field.choices):
            return None
        return str(field.error_messages["invalid_choice"].format(input=value))
    if isinstance(field, serializers.ListField) and isinstance(value, list):
        return next(
            (error for item in value if (error := json_type_error(field.child, item))), None
        )
    for kind, wanted in _JSON_TYPES:
        if isinstance(field, kind):
            return None if _json_type(value) in wanted else str(field.error_messages["invalid"])
    return None


def _as_choice(field: serializers.Field | None, value: Any) -> Any:
    """``value`` as the choice of ``field`` it equals (``2`` for ``2.0``), which DRF's
    ChoiceField looks up by its text; any other value as it is."""
    if isinstance(field, serializers.ChoiceField) and not isinstance(
        field, serializers.MultipleChoiceField
    ):
        return next((choice for choice in field.choices if _json_equal(value, choice)), value)
    return value


def _json_type(value: Any) -> str:
    """The JSON Schema type of a value read from JSON ("integer" for ``2.0`` too)."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    return "string" if isinstance(value, str) else "other"


def _json_equal(value: Any, choice: Any) -> bool:
    """Whether JSON Schema holds ``value`` equal to ``choice`` (``1.0`` is ``1``; ``true``
    is not, though Python says so)."""
    return _json_type(value) == _json_type(choice) and value == choice


#: The JSON Schema types each field whose schema is a JSON primitive takes.
_JSON_TYPES: tuple[tuple[type[serializers.Field], tuple[str, ...]], ...] = (
    (serializers.BooleanField, ("boolean",)),
    (serializers.IntegerField, ("integer",)),
    (serializers.FloatField, ("integer", "number")),
    (serializers.CharField, ("string",)),
)


class StrictSchema(OpenApiSerializerExtension):
    """A strict serializer's schema says it takes no other keys (``additionalProperties``):
    the games' pieces are composed in oneOfs, where an object with one game's keys must not
    also be valid as another game's (NUM-X's configuration as Maya's, say)."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        # drf-spectacular describes a serializer without a docstring by its nearest base's:
        # this class's is a note for the code's readers, not what the body means.
        target = self.target if isinstance(self.target, type) else type(self.target)
        if get_doc(target) == get_doc(StrictSerializer):
            schema.pop("description", None)
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


class Fixed(serializers.ChoiceField):
    """A field with one value, which tells a member of a union from the others (a game's
    ``rules``, an action's ``type``) or says what one member always holds (chance's seat in
    its moves): its schema is that value as a ``const``, not a one-choice enum, so that
    generated clients get no enum class per value (which drf-spectacular would name by a
    hash once two members share the value)."""

    def __init__(self, value: str | int, **kwargs: Any) -> None:
        self.value = value
        super().__init__(choices=[value], **kwargs)


class FixedSchema(OpenApiSerializerFieldExtension):
    target_class = Fixed

    def map_serializer_field(self, auto_schema: Any, direction: Any) -> Any:
        kind = "integer" if isinstance(self.target.value, int) else "string"
        return {"type": kind, "const": self.target.value}


def discriminated(
    base: type[serializers.Serializer],
    name: str,
    field: str,
    value: str,
    doc: str = "",
    *,
    implied: bool = False,
    **fields: serializers.Field,
) -> type[serializers.Serializer]:
    """``base`` with ``field`` fixed to ``value`` (a one-choice enum) and ``fields`` added: a
    member of a oneOf whose discriminator is ``field``, named ``name`` in the schema.
    ``implied``: the field may be left out (this member is the one meant then)."""
    fixed = Fixed(
        value,
        required=not implied,
        help_text=f"`{value}`, which may be left out." if implied else f"Always `{value}`.",
    )
    attributes = {field: fixed, **fields, "__module__": base.__module__, "__doc__": doc}
    return type(name, (base,), attributes)


def refuse(field: serializers.Field, key: str, **kwargs: Any) -> NoReturn:
    """Refuse a field's value with its error message ``key`` (``Field.fail``, typed as the
    raise it is)."""
    message = field.error_messages[key].format(**kwargs)
    raise serializers.ValidationError(message, code=key)


# What the event log serves ------------------------------------------------------------------


class Record(StrictSerializer):
    """An event's ``action`` as the event log serves it (and, with its ``facts``, as an
    exported log records it): a player's action, chance's or a milestone's data, each
    game's per event type (``ApiSchema.events``), made by :func:`record`."""


def record(
    name: str,
    type_name: str | None,
    doc: str,
    *,
    like: type[serializers.Serializer] | None = None,
    hidden: tuple[str, ...] = (),
    **fields: serializers.Field,
) -> type[serializers.Serializer]:
    """A game's :class:`Record` named ``name``: the fields of ``like`` (the action form a
    player sends, when the event records one), those named in ``hidden`` left out of what
    a viewer who may not know them reads, and ``fields`` added or replacing; ``type`` fixed
    to ``type_name`` (None: a milestone, whose data has no ``type``)."""
    copied = {
        key: _optional(field) if key in hidden else _copy(field)
        for key, field in (like._declared_fields.items() if like is not None else ())
        if key != "type"
    }
    fixed = {} if type_name is None else {"type": Fixed(type_name, help_text=f"`{type_name}`.")}
    attributes = {**fixed, **copied, **fields, "__module__": __name__, "__doc__": doc}
    return type(name, (Record,), attributes)


def _copy(field: serializers.Field, **changes: Any) -> serializers.Field:
    """A fresh field made as ``field`` was (its child fields fresh too: DRF's deep copy
    makes them anew), with ``changes`` to its arguments."""
    kwargs = {**copy.deepcopy(field._kwargs), **changes}  # type: ignore[attr-defined]
    return type(field)(*copy.deepcopy(field._args), **kwargs)  # type: ignore[attr-defined]


def _optional(field: serializers.Field) -> serializers.Field:
    """``field``, left out of what a viewer who may not know it reads."""
    help_text = field._kwargs.get("help_text") or ""  # type: ignore[attr-defined]
    hidden = "Left out while it is hidden from you."
    return _copy(field, required=False, help_text=f"{help_text} {hidden}".strip())


@dataclass(frozen=True)
class Facts:
    """What chance decides during one type of event (its ``facts``: the cards drawn...), as
    a game's ``ApiSchema.facts`` gives it: ``shape``, a strict serializer whose fields are
    required where every such event that records facts has them, and ``optional``: some
    events of the type record none (served as an empty object, left out of a payload)."""

    shape: type[serializers.Serializer]
    optional: bool = False

    def served(self) -> type[serializers.Serializer]:
        """The facts as the event log serves them, an empty object where chance decided
        nothing: ``shape``, or for a type that may record none, ``shape`` with every field
        optional (``NumxFactsIfAny``), unless it already was."""
        return _if_any(self.shape) if self.optional else self.shape


@functools.cache
def _if_any(shape: type[serializers.Serializer]) -> type[serializers.Serializer]:
    declared = shape._declared_fields
    if not any(field.required for field in declared.values()):
        return shape
    attributes = {key: _copy(field, required=False) for key, field in declared.items()}
    return type(
        shape.__name__.removesuffix("Serializer") + "IfAnySerializer",
        (shape,),
        {
            **attributes,
            "__module__": shape.__module__,
            "__doc__": f"{shape.__doc__} Empty when chance decided nothing.",
        },
    )


def per_seat(child: serializers.Field, **kwargs: Any) -> serializers.DictField:
    """What chance gave each seat, by seat number (as text: JSON object keys are)."""
    return serializers.DictField(child=child, **kwargs)


def cards(**kwargs: Any) -> serializers.ListField:
    """Cards by their names, a hidden one null where ``nullable`` cards are hidden."""
    nullable = kwargs.pop("nullable", False)
    return serializers.ListField(child=serializers.CharField(allow_null=nullable), **kwargs)


#: The end of a game (every game records it): each seat's final score, and the winners.
GameEndedRecord = record(
    "GameEndedRecord",
    None,
    "The game ended: each seat's final score and the winning seats (ties share the win; "
    "none in a game played for points alone).",
    scores=serializers.ListField(child=serializers.IntegerField()),
    winners=serializers.ListField(child=serializers.IntegerField()),
)


def dealt_order(
    kind: str, things: str = "cards", child: serializers.Field | None = None
) -> dict[str, serializers.Field]:
    """The fields of chance's shuffle or deal: the ``order`` drawn, replaced while the game
    runs by how many ``things`` it held (the order would tell what is hidden)."""
    return {
        "order": serializers.ListField(
            child=child or serializers.CharField(),
            required=False,
            help_text=f"The order chance drew, top first; left out while the game runs, "
            f"`{things}` saying how many there were.",
        ),
        things: serializers.IntegerField(
            required=False,
            help_text=f"How many {things} the {kind} held; left out once the "
            "game is over, `order` given instead.",
        ),
    }
