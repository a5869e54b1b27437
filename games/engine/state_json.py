"""A game's state as JSON and back, read from the type hints of its class: the form a
snapshot stores it in (``RuleSet.state_to_json``).

The data never names a class: what each part is comes from the state's type hints, so a
stored snapshot is plain JSON, readable by anything, tied to no module path, and reading
one builds only the classes the state declares (pickle, which this replaced, rebuilds
whatever a row names). The form of each kind of hint:

- ``int``, ``str``, ``bool``, ``None``: themselves (a bool is no int here, nor the reverse);
- an enum: its value;
- ``tuple[X, ...]`` and ``tuple[X, Y]``: a list;
- ``frozenset[X]``: a sorted list, so that equal states write equal JSON;
- a class with ``to_json()`` and a static ``from_json(data)``: its own form (a game's
  configuration, NUM-X's interned cards), which comes first;
- a frozen dataclass or a named tuple: an object of its fields by name. A dataclass field
  declared ``compare=False`` or ``init=False`` is a cache its ``__post_init__`` rebuilds
  from the others: left out;
- ``X | None``: null, or X's form;
- a union of several types (``DrawnCard | Distributing``, ``Face | str``): the member's form
  in a one-key object named after its class, ``{"DrawnCard": {...}}``.

Anything else (a dict, a list, ``Any``, a float, a mutable dataclass) is refused with a
:class:`StateJsonError` naming the type, and so is data that does not fit the hints, with
the path to the part at fault.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Pile:
...     tokens: tuple[int, ...]
...     owners: frozenset[str] = frozenset()
...     winner: int | None = None
>>> to_json(Pile((3, 1), frozenset({"b", "a"})), Pile)
{'tokens': [3, 1], 'owners': ['a', 'b'], 'winner': None}
>>> from_json({"tokens": [3, 1], "owners": ["a", "b"], "winner": None}, Pile)
Pile(tokens=(3, 1), owners=frozenset({...}), winner=None)
>>> from_json({"tokens": [3, "1"], "owners": [], "winner": None}, Pile)
Traceback (most recent call last):
...
games.engine.state_json.StateJsonError: at tokens[1]: expected an int, found '1'
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

#: A JSON value, as ``json.dumps`` writes and ``json.loads`` reads it (no floats: no state
#: holds one).
Json = None | bool | int | str | list["Json"] | dict[str, "Json"]

T = TypeVar("T")


class StateJsonError(ValueError):
    """A type the codec cannot write, or data that does not fit the type it is read as;
    ``path`` leads to the part at fault (``trick.plis[0].cards``)."""

    def __init__(self, message: str, path: str = "") -> None:
        self.message = message
        self.path = path
        super().__init__(f"at {path}: {message}" if path else message)

    def within(self, step: str) -> StateJsonError:
        """The same error, one level further out (``step`` is a field name or ``[i]``)."""
        inner = self.path if self.path.startswith("[") or not self.path else f".{self.path}"
        return StateJsonError(self.message, f"{step}{inner}")


def to_json(value: object, kind: Any) -> Json:
    """``value``, of the type hint ``kind``, as JSON (raises :class:`StateJsonError`).

    >>> to_json((1, None), tuple[int | None, ...])
    [1, None]
    """
    return _codec(kind).encode(value)


def from_json(data: Json, kind: type[T]) -> T:
    """The value of type ``kind`` written as ``data`` by :func:`to_json` (raises
    :class:`StateJsonError` if the data does not fit the type).

    >>> from_json([1, None], tuple[int | None, ...])
    (1, None)
    """
    hint: Any = kind  # a type hint, which a bare ``type[T]`` is not always (a union)
    found: T = _codec(hint).decode(data)
    return found


@dataclass(frozen=True)
class _Codec:
    encode: Callable[[Any], Json]
    decode: Callable[[Json], Any]


def _refuse(message: str) -> typing.NoReturn:
    raise StateJsonError(message)


def _name(kind: Any) -> str:
    return kind.__name__ if isinstance(kind, type) else repr(kind)


@functools.cache
def _codec(kind: Any) -> _Codec:
    """How to write and read values of the type hint ``kind``, worked out once per type."""
    origin = typing.get_origin(kind)
    if kind is None or kind is type(None):
        return _Codec(_exactly(type(None)), _exactly(type(None)))
    if kind in (int, str, bool):
        return _Codec(_exactly(kind), _exactly(kind))
    if origin in (typing.Union, types.UnionType):
        return _union(typing.get_args(kind))
    if origin is tuple:
        return _tuple(typing.get_args(kind))
    if origin is frozenset:
        return _frozenset(typing.get_args(kind)[0])
    if not isinstance(kind, type) or origin is not None:
        _refuse(f"cannot store a {_name(kind)} in a state's JSON")
    if issubclass(kind, enum.Enum):
        return _enum(kind)
    if callable(getattr(kind, "to_json", None)) and callable(getattr(kind, "from_json", None)):
        return _own_form(kind)
    if dataclasses.is_dataclass(kind) or (issubclass(kind, tuple) and hasattr(kind, "_fields")):
        return _record(kind)
    _refuse(f"cannot store a {_name(kind)} in a state's JSON")


def _a(name: str) -> str:
    """``name`` with its article: a str, an int."""
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def _expect(value: Any, kind: type) -> None:
    """Refuses a value that is not of ``kind`` itself: not True for an int, nor 1 for a
    bool, nor a named tuple for a tuple (it would read back as another class)."""
    if type(value) is not kind:
        what = "null" if kind is type(None) else _a(kind.__name__)
        raise StateJsonError(f"expected {what}, found {value!r}")


def _exactly(kind: type) -> Callable[[Any], Any]:
    """The form of an int, a str, a bool and None: the value itself, checked."""

    def check(value: Any) -> Any:
        _expect(value, kind)
        return value

    return check


def _enum(kind: type[enum.Enum]) -> _Codec:
    if not all(type(member.value) in (int, str) for member in kind):
        _refuse(f"{kind.__name__}'s values are not all ints or strings")

    def encode(value: Any) -> Json:
        _expect(value, kind)
        found: Json = value.value
        return found

    def decode(data: Json) -> Any:
        try:
            return kind(data)
        except ValueError:
            raise StateJsonError(f"{data!r} is no {kind.__name__}") from None

    return _Codec(encode, decode)


def _sequence_of(data: Json, what: str) -> list[Json]:
    if type(data) is not list:
        raise StateJsonError(f"expected a list ({what}), found {data!r}")
    return data


def _each(items: list[Any], convert: Callable[[Any], Any]) -> list[Any]:
    """``convert`` of each item, an error naming the item's index."""
    converted = []
    for index, item in enumerate(items):
        try:
            converted.append(convert(item))
        except StateJsonError as error:
            raise error.within(f"[{index}]") from None
    return converted


def _tuple(args: tuple[Any, ...]) -> _Codec:
    if len(args) == 2 and args[1] is Ellipsis:
        item = _codec(args[0])

        def encode_all(value: Any) -> Json:
            _expect(value, tuple)
            return _each(list(value), item.encode)

        def decode_all(data: Json) -> Any:
            return tuple(_each(_sequence_of(data, "a tuple"), item.decode))

        return _Codec(encode_all, decode_all)
    items = [_codec(arg) for arg in args]

    def pairs(parts: list[Any]) -> list[tuple[_Codec, Any]]:
        """Each item's codec with the item, once the length is checked."""
        if len(parts) != len(items):
            raise StateJsonError(f"expected {len(items)} items, found {parts!r}")
        return list(zip(items, parts, strict=True))

    def encode(value: Any) -> Json:
        _expect(value, tuple)
        return _each(pairs(list(value)), lambda pair: pair[0].encode(pair[1]))

    def decode(data: Json) -> Any:
        parts = pairs(_sequence_of(data, "a tuple"))
        return tuple(_each(parts, lambda pair: pair[0].decode(pair[1])))

    return _Codec(encode, decode)


def _sort_key(item: Json) -> tuple[int, int, str]:
    """Numbers in their order, then strings in theirs, then anything else by its JSON."""
    if isinstance(item, int):
        return (0, item, "")
    if isinstance(item, str):
        return (1, 0, item)
    return (2, 0, json.dumps(item, sort_keys=True))


def _frozenset(arg: Any) -> _Codec:
    item = _codec(arg)

    def encode(value: Any) -> Json:
        _expect(value, frozenset)
        return sorted(_each(list(value), item.encode), key=_sort_key)

    def decode(data: Json) -> Any:
        return frozenset(_each(_sequence_of(data, "a frozenset"), item.decode))

    return _Codec(encode, decode)


def _union(args: tuple[Any, ...]) -> _Codec:
    members = [arg for arg in args if arg is not type(None)]
    optional = len(members) < len(args)
    inner = _codec(members[0]) if len(members) == 1 else _tagged(members)
    if not optional:
        return inner

    def encode(value: Any) -> Json:
        return None if value is None else inner.encode(value)

    def decode(data: Json) -> Any:
        return None if data is None else inner.decode(data)

    return _Codec(encode, decode)


def _tagged(members: list[Any]) -> _Codec:
    """A union of several classes: each value in a one-key object named after its class."""
    if not all(isinstance(member, type) for member in members):
        _refuse(f"a union of several types holds classes only, not {members!r}")
    by_class = {member: (member.__name__, _codec(member)) for member in members}
    by_tag = {tag: codec for tag, codec in by_class.values()}
    if len(by_tag) != len(members):
        _refuse(f"two members of the union {members!r} have the same name")

    def encode(value: Any) -> Json:
        found = by_class.get(type(value))
        if found is None:
            raise StateJsonError(f"{value!r} is none of {', '.join(by_tag)}")
        tag, codec = found
        try:
            return {tag: codec.encode(value)}
        except StateJsonError as error:
            raise error.within(tag) from None

    def decode(data: Json) -> Any:
        if type(data) is not dict or len(data) != 1:
            raise StateJsonError(f"expected one of {', '.join(by_tag)} by name, found {data!r}")
        ((tag, inner),) = data.items()
        codec = by_tag.get(tag)
        if codec is None:
            raise StateJsonError(f"{tag!r} is none of {', '.join(by_tag)}")
        try:
            return codec.decode(inner)
        except StateJsonError as error:
            raise error.within(tag) from None

    return _Codec(encode, decode)


def _own_form(kind: type) -> _Codec:
    """A class that writes and reads its own JSON form (``to_json``, ``from_json``)."""
    # Through getattr: ``type`` has no such member for mypy.
    read = getattr(kind, "from_json")  # noqa: B009

    def encode(value: Any) -> Json:
        _expect(value, kind)
        written: Json = value.to_json()
        return written

    def decode(data: Json) -> Any:
        try:
            found = read(data)
        except ValueError as error:
            raise StateJsonError(f"not {_a(kind.__name__)}: {error}") from None
        if type(found) is not kind:
            raise StateJsonError(f"{kind.__name__}.from_json gave {_a(type(found).__name__)}")
        return found

    return _Codec(encode, decode)


def _record(kind: type) -> _Codec:
    """A frozen dataclass or a named tuple, as an object of its fields by name. Its fields'
    codecs are worked out at first use, so that a type may hold itself."""
    if dataclasses.is_dataclass(kind):
        names = _dataclass_fields(kind)
    else:
        # A named tuple's fields, through getattr: ``type`` has no such member for mypy.
        names = list(getattr(kind, "_fields"))  # noqa: B009
    hints = typing.get_type_hints(kind)
    expected = set(names)
    codecs: list[tuple[str, _Codec]] | None = None

    def fields() -> list[tuple[str, _Codec]]:
        nonlocal codecs
        if codecs is None:
            built = []
            for name in names:
                try:
                    built.append((name, _codec(hints[name])))
                except StateJsonError as error:
                    raise error.within(name) from None
            codecs = built  # whole or not at all, for a thread reading it meanwhile
        return codecs

    def encode(value: Any) -> Json:
        _expect(value, kind)
        data: dict[str, Json] = {}
        for name, codec in fields():
            try:
                data[name] = codec.encode(getattr(value, name))
            except StateJsonError as error:
                raise error.within(name) from None
        return data

    def decode(data: Json) -> Any:
        if type(data) is not dict:
            raise StateJsonError(f"expected {_a(kind.__name__)} object, found {data!r}")
        if data.keys() != expected:
            unknown = sorted(data.keys() - expected)
            missing = sorted(expected - data.keys())
            raise StateJsonError(f"{_a(kind.__name__)} with unknown {unknown}, missing {missing}")
        values = {}
        for name, codec in fields():
            try:
                values[name] = codec.decode(data[name])
            except StateJsonError as error:
                raise error.within(name) from None
        return kind(**values)

    return _Codec(encode, decode)


def _dataclass_fields(kind: type) -> list[str]:
    """The fields a frozen dataclass's JSON form holds: not its caches (``compare=False``
    or ``init=False`` fields), which it must rebuild itself, so must have a default."""
    params = getattr(kind, "__dataclass_params__", None)
    if params is None or not params.frozen:
        _refuse(f"{kind.__name__} is not a frozen dataclass")
    kept = []
    for field in dataclasses.fields(kind):
        if field.init and field.compare:
            kept.append(field.name)
        elif field.init and (
            field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        ):
            _refuse(f"{kind.__name__}.{field.name} is left out (a cache) but has no default")
    return kept
