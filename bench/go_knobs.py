"""The Go search's switches as command-line flags, one definition for every bench.

Each optional piece of Go knowledge is a field of ``SearchParams`` that is 0 (off) by
default until a match shows it pays; the search's tuning constants (exploration, RAVE's
equivalence, the prior's weight) are knobs too, to measure another value against the
default's. The default is the board's: ``search.default_params(size)`` (the move model is
on above 13x13, decision 0203), so every function here takes the board's size. The
benches that measure them (strength_go, go_learned_match, go_critical, go_search_cost,
go_opening) take the same flags from here, name in their ledger keys the knobs whose
value differs from ``KEY_BASE`` (the search the keys were first written for, so a ledger
written before a flag existed, or before a default moved, keeps its keys), and say the
knobs set away from the board's default in their reports.
"""

from __future__ import annotations

import argparse
import hashlib
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from arguments import rate, seconds, weight
from tabletop.ai.agent import Agent
from tabletop.ai.go.agent import GoSearchAgent
from tabletop.ai.go.search import SearchParams, default_params
from tabletop.ai.levels import LevelAgent
from tabletop.games.go import learned, move_model, spatial


@dataclass(frozen=True)
class Knob:
    """One switch: its flag, the SearchParams field, its type and its words."""

    flag: str
    field: str
    kind: Any
    words: str  # in a report: ", <words> at <value>"
    help: str  # in --help, after whose search it sets

    @property
    def key(self) -> str:
        """Its name in a ledger, which is also the flag's argparse dest (``low_liberty``)."""
        return self.flag.removeprefix("--").replace("-", "_")


KNOBS = (
    Knob(
        "--low-liberty",
        "low_liberty_rate",
        rate,
        "low-liberty replies",
        "the playouts' two-liberty reply rate (decision 0183)",
    ),
    Knob(
        "--lgrf",
        "last_good_reply_rate",
        rate,
        "last good replies",
        "the playouts' last good reply rate (decision 0186)",
    ),
    Knob(
        "--criticality",
        "criticality",
        weight,
        "criticality",
        "the tree's criticality weight (decision 0189)",
    ),
    Knob(
        "--nakade",
        "nakade_rate",
        rate,
        "eye-space vital points",
        "the eye-space vital point rate (decision 0191)",
    ),
    Knob(
        "--learned",
        "learned",
        weight,
        "learned shapes",
        "the learned shapes' prior term per log-gamma (decisions 0160, 0193)",
    ),
    Knob(
        "--local",
        "local_n",
        weight,
        "local answers",
        "the tree's virtual wins near the last move, by common fate graph (decision 0194)",
    ),
    Knob(
        "--model",
        "model_n",
        weight,
        "move model",
        "the tree's virtual wins per square root of the learned move model's probability",
    ),
    Knob(
        "--margin",
        "margin",
        rate,
        "margin share",
        "the share of a playout's value its margin gives (Pachi's val_scale)",
    ),
    Knob(
        "--explore",
        "explore",
        weight,
        "exploration",
        "the tree's UCB exploration constant",
    ),
    Knob(
        "--rave-k",
        "rave_k",
        seconds,  # a finite number above 0: the selection divides by it
        "RAVE equivalence",
        "the tree's RAVE equivalence (real visits at which AMAF weighs half)",
    ),
    Knob(
        "--prior-n",
        "prior_n",
        seconds,
        "prior weight",
        "the tree's virtual games of an even prior",
    ),
    Knob(
        "--prior-amaf",
        "prior_amaf",
        weight,
        "AMAF at the prior",
        "the tree's virtual AMAF games at the prior (heuristic MC-RAVE)",
    ),
)

#: The search the ledgers' keys are named against: the defaults when the knobs came
#: (2026-11-29), the same on every board. A default that moves since (exploration 0.2 to
#: 0, decision 0197; the move model at 80 above 13x13, decision 0203) is named in every
#: key written after it, so an older ledger's key never comes to mean another search, and
#: resuming it with today's code plays what it played.
KEY_BASE = replace(SearchParams(), explore=0.2)

#: Board sizes the benches play, for the help's defaults.
SIZES = (9, 13, 19)


def _default_words(field: str) -> str:
    """A knob's default in words for --help: one value, or one a board size."""
    values = {size: getattr(default_params(size), field) for size in SIZES}
    if len(set(values.values())) > 1:
        return "the default search's: " + ", ".join(f"{v} on {n}x{n}" for n, v in values.items())
    value = values[SIZES[0]]
    return "0: off (the default)" if value == 0 else f"the default search's: {value}"


def add_knobs(parser: argparse.ArgumentParser, whose: str, leave_out: tuple[str, ...] = ()) -> None:
    """Add a flag per knob (``whose``: whose search it sets, for the help; ``leave_out``:
    flags the bench defines its own way)."""
    for knob in KNOBS:
        if knob.flag not in leave_out:
            parser.add_argument(
                knob.flag,
                type=knob.kind,
                default=None,
                help=f"{whose} {knob.help}; {_default_words(knob.field)}",
            )


def _given(args: argparse.Namespace) -> list[tuple[Knob, Any]]:
    """The knobs given a value on the command line, with it."""
    found = ((knob, getattr(args, knob.key, None)) for knob in KNOBS)
    return [(knob, value) for knob, value in found if value is not None]


def _on(args: argparse.Namespace, size: int) -> list[tuple[Knob, Any]]:
    """The knobs given a value other than the size x size board's default search's."""
    default = default_params(size)
    return [(knob, value) for knob, value in _given(args) if value != getattr(default, knob.field)]


def any_on(args: argparse.Namespace, size: int) -> bool:
    """True when a knob is set away from the board's default search."""
    return bool(_on(args, size))


def knob_key(args: argparse.Namespace, size: int) -> dict[str, Any]:
    """The knobs whose value in this run on a size x size board (given, or the board's
    default search's) is away from :data:`KEY_BASE`'s, by ledger name (none when every
    one is at it), and ``weights``, the learned files' digest, when a knob that reads
    them is on."""
    default = default_params(size)
    key: dict[str, Any] = {}
    reads_weights = False
    for knob in KNOBS:
        given = getattr(args, knob.key, None)
        value = getattr(default, knob.field) if given is None else given
        if value != getattr(KEY_BASE, knob.field):
            key[knob.key] = value
        if knob.field in LEARNED_FIELDS and value:
            reads_weights = True
    if reads_weights:
        key["weights"] = weights_digest()
    return key


#: The fields whose search reads the learned weights files (the 3x3 shapes, the spatial
#: patterns, the move model's other features): a key with one of them on names the
#: files' digest too, so games played before a refit are never counted for the new weights.
LEARNED_FIELDS = ("learned", "model_n")


@cache
def weights_digest() -> str:
    """The first 12 hex digits of the SHA-256 of the learned weights files as they are."""
    digest = hashlib.sha256()
    for path in (learned.WEIGHTS_FILE, spatial.WEIGHTS_FILE, move_model.WEIGHTS_FILE):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def default_key(size: int) -> dict[str, Any]:
    """The board's default search's own knobs away from :data:`KEY_BASE`, by ledger name:
    for a bench whose other side plays the default search (go_learned_match)."""
    return knob_key(argparse.Namespace(), size)


def knob_params(args: argparse.Namespace, base: SearchParams) -> SearchParams:
    """``base`` (for most benches ``search.default_params(size)``, the board's default
    search) with every knob given a value set to it."""
    return replace(base, **{knob.field: value for knob, value in _given(args)})


def knob_words(args: argparse.Namespace, size: int) -> str:
    """The knobs set away from the board's default, in words (``", eye-space vital points
    at 1.0"``), or ""."""
    return "".join(f", {knob.words} at {value}" for knob, value in _on(args, size))


def given_words(args: argparse.Namespace) -> str:
    """The knobs given a value, in words, whatever the board's default (``", move model at
    80.0"``), or ""."""
    return "".join(f", {knob.words} at {value}" for knob, value in _given(args))


def knob_level(agent: Agent, args: argparse.Namespace) -> None:
    """Set the knobs given a value in a Go level's search (under its budget and noise; the
    level's search is already its board's default); nothing when none is given."""
    if _given(args):
        assert isinstance(agent, LevelAgent)
        search = agent.inner
        assert isinstance(search, GoSearchAgent), "every Go level is Go's own search"
        assert search.params is not None, "a level's search is its board's default"
        search.params = knob_params(args, search.params)
