"""Declared game options: names, kinds, defaults and allowed values.

Each game lists its options as :class:`Option` values. The registry uses
them to validate ``load_game(name, **options)`` generically, to coerce text
from the command line, and to describe every game in ``list_games()``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def _to_bool(value: Any, where: str) -> bool:
    """A flag given as a bool or as text such as ``yes`` or ``0``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in _TRUE | _FALSE:
        return value.lower() in _TRUE
    raise OptionError(f"{where}: expected true or false")


def _to_int(value: Any, where: str) -> int:
    """A whole number given as a number or text (a float only when it is whole)."""
    converted: int = _to_number(value, where, int, "a whole number")
    if isinstance(value, float) and not value.is_integer():
        raise OptionError(f"{where}: expected a whole number")
    return converted


def _to_float(value: Any, where: str) -> float:
    """A number given as a number or text."""
    converted: float = _to_number(value, where, float, "a number")
    return converted


def _to_number(value: Any, where: str, kind: type, words: str) -> Any:
    """``kind(value)``; a bool is refused though Python counts it a number."""
    # int() also overflows (on an infinite float); float() of a huge int is left to raise.
    errors = (TypeError, ValueError, OverflowError) if kind is int else (TypeError, ValueError)
    if isinstance(value, bool):
        raise OptionError(f"{where}: expected {words}")
    try:
        return kind(value)
    except errors:
        raise OptionError(f"{where}: expected {words}") from None


def _to_text(value: Any, where: str) -> str:
    """Text, compared in lower case."""
    if not isinstance(value, str):
        raise OptionError(f"{where}: expected text")
    return value.lower()


#: How a value is read for each kind of option (text for any other kind).
_CONVERTERS: dict[type, Callable[[Any, str], Any]] = {
    bool: _to_bool,
    int: _to_int,
    float: _to_float,
}


@dataclass(frozen=True)
class Option:
    """One option of a game.

    ``default`` is what the option is when not given; ``None`` means "derived
    from another option" (e.g. Go's komi follows the rule set), which
    ``default_text`` then explains.

    ``help`` is the terse text of the command line; ``label``, ``explanation`` and
    ``choice_labels`` are the player's words for the browser app's create form (a
    plain name, one sentence, and a name per choice), served by the catalog so that
    they are translated in one place (decision record 0089). ``main`` puts the option
    beside the presets instead of under "more options". An option whose every choice
    has a word gives only ``choice_labels``: their values are its ``choices``.
    """

    name: str
    kind: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    default_text: str | None = None
    label: str = ""
    explanation: str = ""
    choice_labels: tuple[tuple[Any, str], ...] = ()
    main: bool = False

    def __post_init__(self) -> None:
        if self.choices is None and self.choice_labels:
            object.__setattr__(self, "choices", tuple(value for value, _ in self.choice_labels))

    def choice_label(self, value: Any) -> str:
        """The player's word for a choice (the value itself when it has none)."""
        labels: dict[Any, str] = dict(self.choice_labels)
        return labels.get(value, str(value))

    def describe_allowed(self) -> str:
        """The allowed values in words, for error messages and listings."""
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        if self.minimum is not None and self.maximum is not None:
            return (
                f"{self.kind.__name__} from {self._fmt(self.minimum)} to {self._fmt(self.maximum)}"
            )
        if self.kind is bool:
            return "true or false"
        return self.kind.__name__

    def _limits(self) -> dict[str, Any]:
        """The allowed values as an error's params: the choices as they are written, or
        the range's ``min`` and ``max`` (numbers, for a client to write in its language)."""
        if self.choices is not None:
            return {"allowed": ", ".join(str(c) for c in self.choices)}
        if self.minimum is not None and self.maximum is not None:
            return {"min": self.minimum, "max": self.maximum}
        return {}

    def _fmt(self, x: float) -> str:
        return str(int(x)) if float(x).is_integer() else str(x)

    def coerce(self, value: Any) -> Any:
        """Check ``value`` (or its text form) and return it as the option's kind."""
        where = f"option {self.name}={value!r}"
        if value is None and self.default is None:
            return None
        read: Callable[[Any, str], Any] = _CONVERTERS.get(self.kind, _to_text)
        converted = read(value, where)
        if (
            (self.choices is not None and converted not in self.choices)
            or (self.minimum is not None and converted < self.minimum)
            or (self.maximum is not None and converted > self.maximum)
        ):
            raise OptionError(
                f"{where}: allowed values are {self.describe_allowed()}",
                reason="option-value",
                params={
                    "option": self.label or self.name,
                    "value": str(value)[:40],
                    **self._limits(),
                },
            )
        return converted


@dataclass(frozen=True)
class Preset:
    """A named starting point of a game for the create form: a few option values
    (``Go 9×9``, ``Abalone for 3``); every option not given keeps its default."""

    name: str
    label: str
    explanation: str
    options: Mapping[str, Any]


def validate_options(
    game: str, specs: tuple[Option, ...], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Return every option of ``specs`` with ``given`` checked and merged over defaults.

    Unknown names raise :class:`OptionError` listing the valid ones. Options
    given as ``None`` count as not given.
    """
    known = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(known))
    if unknown:
        valid = ", ".join(sorted(known)) or "(none)"
        raise OptionError(
            f"{game} has no option {unknown[0]!r}; valid options: {valid}",
            reason="unknown-option",
            params={"option": str(unknown[0])[:40]},
        )
    values: dict[str, Any] = {}
    for spec in specs:
        raw = given.get(spec.name)
        values[spec.name] = spec.default if raw is None else spec.coerce(raw)
    return values
