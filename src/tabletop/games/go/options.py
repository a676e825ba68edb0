"""Go's options: one object holding every rule decision, with the rule-set presets.

The defaults are those of docs/rules/go.md §7: Japanese rules (territory scoring, simple
ko, suicide forbidden, komi 6.5) on 19x19. A preset fills in every part not
given explicitly, so ``rules="chinese", komi=5.5`` is Chinese rules with a
different komi.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.errors import OptionError
from tabletop.core.options import Option, Preset
from tabletop.i18n import N_

HANDICAP_SIZES = (9, 13, 19)

#: Each rule set's parts (KataGo's rules document, docs/rules/go.md §7.1).
PRESETS: dict[str, dict[str, Any]] = {
    "japanese": {
        "ko": "simple",
        "scoring": "territory",
        "suicide": "forbidden",
        "komi": 6.5,
        "handicap_bonus": "none",
    },
    "chinese": {
        "ko": "simple",
        "scoring": "area",
        "suicide": "forbidden",
        "komi": 7.5,
        "handicap_bonus": "n",
    },
    "aga": {
        "ko": "situational",
        "scoring": "area",
        "suicide": "forbidden",
        "komi": 7.5,
        "handicap_bonus": "n-1",
    },
    "tromp-taylor": {
        "ko": "positional",
        "scoring": "area",
        "suicide": "multi-stone",
        "komi": 7.5,
        "handicap_bonus": "none",
    },
}

#: Komi in a handicap game unless given (docs/rules/go.md §5.3, §6.3).
HANDICAP_KOMI = 0.5


def _rule_set_part(name: str, help_text: str, **words: Any) -> Option:
    """An option of text that the rule set decides when it is not given (``PRESETS``);
    ``words`` are its player's words (label, explanation, choice_labels)."""
    return Option(name, str, None, help_text, default_text=N_("from the rule set"), **words)


OPTION_SPECS: tuple[Option, ...] = (
    Option(
        "size",
        int,
        19,
        "board size (9, 13 and 19 are the usual ones)",
        minimum=5,
        maximum=25,
        label=N_("Board size"),
        explanation=N_("Lines each way: 9 is quick, 13 is longer, 19 is the full game."),
    ),
    Option(
        "rules",
        str,
        "japanese",
        "rule-set preset; it decides every part below that is not given",
        # i18n: the create form's choice of Go rule set (Japanese, Chinese, AGA, Tromp-Taylor).
        label=N_("Rule set"),
        explanation=N_(
            "How the game is counted at the end and a few rare cases; "
            "Japanese and Chinese rules almost always give the same winner."
        ),
        choice_labels=(
            ("japanese", N_("Japanese")),
            ("chinese", N_("Chinese")),
            ("aga", N_("American (AGA)")),
            ("tromp-taylor", N_("Tromp-Taylor (for computers)")),
        ),
        main=True,
    ),
    _rule_set_part(
        "ko",
        "ko rule",
        label=N_("Repeating positions"),
        explanation=N_(
            "Which earlier positions may not come back: only the one just before "
            "(simple), or any earlier one."
        ),
        choice_labels=(
            ("simple", N_("only the last one (simple ko)")),
            ("positional", N_("any earlier board")),
            ("situational", N_("any earlier board with the same player to move")),
        ),
    ),
    _rule_set_part(
        "scoring",
        "scoring method",
        label=N_("Counting"),
        explanation=N_(
            "Territory counts your empty points and prisoners; area counts your "
            "empty points and your stones on the board."
        ),
        choice_labels=(("territory", N_("territory")), ("area", N_("area"))),
    ),
    _rule_set_part(
        "suicide",
        "whether a move may take its own chain of two or more stones off the board",
        label=N_("Self-capture"),
        explanation=N_("Whether you may play a stone that captures your own group of two or more."),
        choice_labels=(("forbidden", N_("not allowed")), ("multi-stone", N_("allowed"))),
    ),
    Option(
        "komi",
        float,
        None,
        "points given to White, in exact halves",
        minimum=-150,
        maximum=150,
        default_text=N_("6.5 territory, 7.5 area, 0.5 with handicap"),
        label=N_("Komi"),
        explanation=N_("Points White gets for moving second; a half point means no draw."),
    ),
    Option(
        "handicap",
        int,
        0,
        "fixed handicap stones (2..9 on 9x9, 13x13, 19x19)",
        minimum=0,
        maximum=9,
        label=N_("Handicap stones"),
        explanation=N_(
            "Black starts with this many stones on the board (2 to 9), "
            "to even a game between players of different strength; 0 for none."
        ),
    ),
    _rule_set_part(
        "handicap_bonus",
        "points White gets per handicap stone under area scoring: none, n or n-1",
        label=N_("Points for handicap stones"),
        explanation=N_(
            "With area counting, the points White gets back for Black's handicap stones."
        ),
        choice_labels=(
            ("none", N_("none")),
            ("n", N_("one per stone")),
            ("n-1", N_("one per stone but the first")),
        ),
    ),
    Option(
        "seki",
        str,
        "simple",
        "territory scoring: simple counts every one-colour region; taxed (Japanese) "
        "counts no territory for groups in seki",
        label=N_("Territory in seki"),
        explanation=N_(
            "With territory counting, whether the empty points inside a group "
            "in seki (living together with the other side) count."
        ),
        choice_labels=(("simple", N_("counts")), ("taxed", N_("does not count (Japanese)"))),
    ),
)

#: The create form's starting points: the three usual boards (the rule set beside them).
START_PRESETS: tuple[Preset, ...] = (
    Preset("9x9", N_("9×9"), N_("A quick game, for learning: about 10 minutes."), {"size": 9}),
    Preset("13x13", N_("13×13"), N_("A medium game: about half an hour."), {"size": 13}),
    Preset(
        "19x19",
        N_("19×19"),
        N_("The full board of the classic game: an hour or more."),
        {"size": 19},
    ),
)


@dataclass(frozen=True)
class GoOptions:
    """Every rule decision of a Go game, resolved (no part left to a preset)."""

    size: int = 19
    rules: str = "japanese"
    ko: str = "simple"
    scoring: str = "territory"
    suicide: str = "forbidden"
    komi: float = 6.5
    handicap: int = 0
    handicap_bonus: str = "none"
    seki: str = "simple"

    @classmethod
    def resolve(cls, values: dict[str, Any]) -> GoOptions:
        """Fill parts not given from the rule-set preset and check the combination."""
        preset = PRESETS[values["rules"]]
        resolved: dict[str, Any] = {
            key: values[key] for key in ("size", "rules", "handicap", "seki")
        }
        for key in ("ko", "scoring", "suicide", "handicap_bonus"):
            given = values.get(key)
            resolved[key] = preset[key] if given is None else given
        size, handicap = resolved["size"], resolved["handicap"]
        if handicap == 1:
            raise OptionError("option handicap=1: a handicap is 2 to 9 stones (0 for none)")
        if handicap and size not in HANDICAP_SIZES:
            raise OptionError(
                f"option handicap={handicap}: fixed handicap points exist only on 9x9, 13x13 "
                f"and 19x19, not {size}x{size}"
            )
        if resolved["seki"] != "simple" and resolved["scoring"] != "territory":
            raise OptionError(
                f"option seki={resolved['seki']!r}: the seki tax applies to territory scoring only"
            )
        komi = values.get("komi")
        if komi is None:
            komi = HANDICAP_KOMI if handicap else preset["komi"]
        if not float(komi * 2).is_integer():
            raise OptionError(f"option komi={komi}: komi must be a whole or half number")
        resolved["komi"] = float(komi)
        return cls(**resolved)

    @property
    def agreed_dead_stones(self) -> bool:
        """Whether the count after two passes waits for the players to agree on the dead
        stones. Tromp-Taylor rules count every stone on the board as alive: no agreement."""
        return self.rules != "tromp-taylor"

    @property
    def superko(self) -> bool:
        """True when any earlier position (not just the ko) may not be recreated."""
        return self.ko != "simple"
