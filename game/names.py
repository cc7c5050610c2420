"""Each pile's one name, as the player reads, hears and sees it (pure).

A pile has one name in a game, used by everything that speaks to a person: hints and
explanations, the screen reader's announcer, the keyboard's messages, the rules panel,
and the small number the table shows on it (game/ui/markup.py). The stock and the waste
are one of a kind and have only a word; foundations and tableau piles have a word and a
number, counted as the player reads the table: left to right, then row by row (the top
row's foundations from the left; Linus's fans in the grid's rows, which the page fills
left to right in this order at every width, static/css/table.css).

The move notation (``t3>f``, game/notation.py) is the engine's record format, not a name:
it counts the same way, so ``t3`` is column 3 and ``f2`` foundation 2.
"""

from __future__ import annotations

from .i18n import _, pgettext
from .notation import ANY_FOUNDATION, F0, STOCK, T0, WASTE, GameError
from .rules import Rules


def piles(rules: Rules) -> list[int]:
    """The piles of a game in reading order: stock and waste (if it has a stock), the
    foundations, then the tableau piles."""
    stock = [STOCK, WASTE] if rules.passes != 0 else []
    found = range(F0, F0 + rules.foundations)
    return [*stock, *found, *range(T0, T0 + len(rules.tableau))]


def number(rules: Rules, pile: int) -> int | None:
    """The number a pile is called by and shown with (1 for the leftmost), None for the
    stock and the waste."""
    if pile not in piles(rules):
        raise GameError(f"{rules.title} has no pile number {pile}")
    if pile in (STOCK, WASTE):
        return None
    return pile - (F0 if pile < T0 else T0) + 1


def name(rules: Rules, pile: int) -> str:
    """``stock``, ``waste``, ``foundation 2``, ``column 3`` (``fan 12`` in Linus): the
    pile's one name, lower case, as it stands inside a sentence."""
    return _form(
        rules,
        pile,
        pgettext("pile in a sentence", "stock"),
        pgettext("pile in a sentence", "waste"),
        # Translators: a pile's name inside a sentence ("7♥ to foundation 2"); {n} is its
        # number, counted from the left
        pgettext("pile in a sentence", "foundation {n}"),
        pgettext("pile in a sentence", "column {n}"),
        pgettext("pile in a sentence", "fan {n}"),
    )


def names(rules: Rules) -> dict[int, str]:
    """Every pile of a game and its name, in reading order."""
    return {p: name(rules, p) for p in piles(rules)}


def the(rules: Rules, pile: int) -> str:
    """The name as a sentence says it: ``the stock``, ``column 3``; ``a foundation`` for
    move text's ``f`` (whichever foundation takes the card)."""
    if pile == ANY_FOUNDATION:
        # Translators: whichever foundation takes the card, inside a sentence ("to a foundation")
        return pgettext("pile in a sentence", "a foundation")
    text = name(rules, pile)
    if pile == STOCK:
        return pgettext("pile in a sentence", "the stock")
    if pile == WASTE:
        return pgettext("pile in a sentence", "the waste")
    return text


def title(rules: Rules, pile: int) -> str:
    """The name at the start of a label: ``Stock``, ``Column 3``."""
    return _form(
        rules,
        pile,
        pgettext("pile title", "Stock"),
        pgettext("pile title", "Waste"),
        # Translators: a pile's name at the start of a label ("Foundation 2, empty")
        pgettext("pile title", "Foundation {n}"),
        pgettext("pile title", "Column {n}"),
        pgettext("pile title", "Fan {n}"),
    )


def _form(
    rules: Rules, pile: int, stock: str, waste: str, foundation: str, column: str, fan: str
) -> str:
    """Of a pile's name in one form (each written whole for the catalogs), the one for
    ``pile``, its number filled in."""
    n = number(rules, pile)
    if pile == STOCK:
        return stock
    if pile == WASTE:
        return waste
    return (foundation if pile < T0 else by_pile_word(rules, column, fan)).format(n=n)


def by_pile_word(rules: Rules, column: str, fan: str) -> str:
    """Of one message written for each word a game may call its tableau piles by (a
    translation may differ in more than the word: gender, case), the one for ``rules``."""
    return fan if rules.pile == "fan" else column


def legend(rules: Rules) -> str:
    """How the piles are named, for the rules panel: the words and how they are counted."""
    if rules.passes == 0:  # Linus's grid: counted as you read
        text = by_pile_word(
            rules,
            _(
                "Names: columns 1 to {last}, counted as you read: left to right, row by row; "
                "foundations 1 to {foundations}, from the left. "
                "The small numbers on the table show them."
            ),
            _(
                "Names: fans 1 to {last}, counted as you read: left to right, row by row; "
                "foundations 1 to {foundations}, from the left. "
                "The small numbers on the table show them."
            ),
        )
    else:
        text = by_pile_word(
            rules,
            _(
                "Names: columns 1 to {last}, from the left; foundations 1 to {foundations}, "
                "from the left. The small numbers on the table show them."
            ),
            _(
                "Names: fans 1 to {last}, from the left; foundations 1 to {foundations}, "
                "from the left. The small numbers on the table show them."
            ),
        )
    return text.format(last=len(rules.tableau), foundations=rules.foundations)
