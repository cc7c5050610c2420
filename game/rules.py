"""The four games as data: one short declaration each, read by the one engine in state.py.

Nothing here knows about positions; it answers "may this card go on that one" through
tables built once per build rule, so move generation is a lookup, not a computation.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cache

from .cards import DOWN, KING, SPAN, is_red, rank_of, suit_of
from .i18n import N_, _
from .notation import shown


class Build(Enum):
    """How a card goes onto a face-up tableau card one rank higher."""

    SAME_COLOUR = "same colour"
    ALTERNATE_COLOURS = "alternate colours"
    SAME_SUIT = "same suit"

    def fits(self, c: int, onto: int) -> bool:
        """May card ``c`` go on ``onto``? Face-down cards never take or give."""
        if c >= DOWN or onto >= DOWN or rank_of(c) + 1 != rank_of(onto):
            return False
        if self is Build.SAME_SUIT:
            return suit_of(c) == suit_of(onto)
        same = is_red(c) == is_red(onto)
        return same if self is Build.SAME_COLOUR else not same


@cache
def accepts(build: Build) -> tuple[tuple[int, ...], ...]:
    """For every code (face-down ones too), the face-up cards that may go on it."""
    return tuple(tuple(c for c in range(52) if build.fits(c, t)) for t in range(SPAN))


@cache
def links(build: Build) -> bytes:
    """``links[lower * SPAN + upper]`` is 1 when ``upper`` sits on ``lower`` in a run."""
    return bytes(build.fits(u, lo) for lo in range(SPAN) for u in range(SPAN))


class Empty(Enum):
    """What an empty tableau pile takes."""

    ANY = "any card or movable run"
    KINGS = "only a King or a run headed by a King"
    NONE = "nothing: it stays empty"

    def takes(self, c: int) -> bool:
        return self is Empty.ANY or (self is Empty.KINGS and rank_of(c) == KING)


class FaceDown(Enum):
    """Which cards of a freshly dealt tableau pile lie face down (counted from the bottom)."""

    NONE = "all face up"
    ALL_BUT_TOP = "all but the top card face down"
    EVEN = "the 2nd, 4th and 6th cards from the bottom face down"

    def is_down(self, index: int, size: int) -> bool:
        if self is FaceDown.ALL_BUT_TOP:
            return index < size - 1
        return self is FaceDown.EVEN and index % 2 == 1


@dataclass(frozen=True)
class HouseRule:
    name: str  # the keyword of new_game(), e.g. "kings_only"
    summary: str  # one plain sentence for the rules and settings panels (N_: shown as _())
    changes: dict[str, object] = field(hash=False)
    title: str = ""  # a few words for menus: "Kings only" (N_)


@dataclass(frozen=True)
class Rules:
    name: str  # "blind-alleys": the name new_game() takes
    title: str  # "Blind Alleys" (N_: shown as _(), matched as it is)
    decks: int
    tableau: tuple[int, ...]  # cards dealt to each pile, left to right
    face_down: FaceDown
    build: Build  # how tableau piles build down
    unit: Build | None  # the runs that move as a unit; None: one card at a time
    empty: Empty
    passes: int | None  # passes through the stock; None: unlimited; 0: no stock
    shuffle_redeals: int = 0  # Linus house rule: gather, shuffle and deal again in threes
    pile: str = "column"  # the word for a tableau pile, "column" or "fan" (game/names.py)
    blurb: str = ""  # the game's character in a line, for the first visit's welcome (N_)
    house_rules: tuple[HouseRule, ...] = ()
    active: tuple[str, ...] = ()  # names of the house rules in force

    @property
    def foundations(self) -> int:
        return 4 * self.decks

    @property
    def cards(self) -> int:
        return 52 * self.decks

    @property
    def stock_size(self) -> int:
        return self.cards - sum(self.tableau)

    def with_house_rules(self, **chosen: bool) -> Rules:
        """A copy with the named house rules switched on (unknown names are an error)."""
        known = {h.name: h for h in self.house_rules}
        for key, value in chosen.items():
            if key not in known:
                # Translators: a game record names a house rule the game lacks; {rule} and
                # {options} are the record's own names of house rules ("kings_only")
                text = (
                    _("{game} has no house rule {rule} (it has: {options})")
                    if known
                    else _("{game} has no house rule {rule} (it has: none)")
                )
                raise ValueError(
                    text.format(game=_(self.title), rule=shown(key), options=", ".join(known))
                )
            if not isinstance(value, bool):
                text = _("house rule {rule} must be true or false, not {value}")
                raise ValueError(text.format(rule=repr(key), value=shown(value)))
        on = tuple(name for name in known if chosen.get(name))
        rules = self
        for name in on:
            rules = replace(rules, **known[name].changes)  # type: ignore[arg-type]
        return replace(rules, active=on)


WHITEHEAD = Rules(
    name="whitehead",
    # Translators: the name of a solitaire game; keep it unless players know it by another
    title=N_("Whitehead"),
    decks=1,
    tableau=(1, 2, 3, 4, 5, 6, 7),
    face_down=FaceDown.NONE,
    build=Build.SAME_COLOUR,
    unit=Build.SAME_SUIT,
    empty=Empty.ANY,
    passes=1,
    blurb=N_("Every card is in sight from the start: a good first game."),
    house_rules=(
        HouseRule("kings_only", N_("Only Kings (or King-led runs) fill empty columns."),
                  {"empty": Empty.KINGS}, N_("Kings only")),
    ),
)  # fmt: skip

BLIND_ALLEYS = Rules(
    name="blind-alleys",
    title=N_("Blind Alleys"),
    decks=1,
    tableau=(3,) * 6,
    face_down=FaceDown.ALL_BUT_TOP,
    build=Build.ALTERNATE_COLOURS,
    unit=Build.ALTERNATE_COLOURS,
    empty=Empty.ANY,
    passes=2,
    blurb=N_("Most cards start hidden: uncover them before the stock runs out."),
)

LINUS = Rules(
    name="linus",
    title=N_("Linus"),
    decks=1,
    tableau=(3,) * 17 + (1,),
    face_down=FaceDown.NONE,
    build=Build.ALTERNATE_COLOURS,
    unit=None,
    empty=Empty.KINGS,
    passes=0,
    pile="fan",
    blurb=N_("A puzzle in plain sight: plan every move from the deal."),
    house_rules=(
        # Translators: end with the house rule's title in brackets, as its own translation
        # says it: the rules panel, which names the rule first, leaves it off
        HouseRule("pgs", N_("Empty fans stay empty; two redeals shuffle the fans and deal "
                            "them again in threes (Pretty Good Solitaire)."),
                  # Translators: a house rule named after the solitaire program whose rules these are
                  {"empty": Empty.NONE, "shuffle_redeals": 2}, N_("Pretty Good Solitaire")),
    ),
)  # fmt: skip

UNLIMITED = Rules(
    name="unlimited",
    title=N_("Unlimited"),
    decks=2,
    tableau=(7,) * 7,
    face_down=FaceDown.EVEN,
    build=Build.SAME_SUIT,
    unit=Build.SAME_SUIT,
    empty=Empty.KINGS,
    passes=None,
    blurb=N_("The long game: 104 cards and eight foundations to fill."),
)

GAMES: dict[str, Rules] = {r.name: r for r in (WHITEHEAD, BLIND_ALLEYS, LINUS, UNLIMITED)}


def find_rules(name: str, **house_rules: bool) -> Rules:
    """The declaration for a game name (``"blind-alleys"``), with house rules applied."""
    rules = GAMES.get(name)
    if rules is None:
        # Translators: {games} lists the names a game record may give ("whitehead, linus")
        text = _("unknown game {name} (games: {games})")
        raise ValueError(text.format(name=shown(name), games=", ".join(GAMES)))
    return rules.with_house_rules(**house_rules)
