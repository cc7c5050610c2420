"""The rules of a game in plain words, generated from its declaration so they can never drift.

The page's rules panel shows these lines, in the order a rules page reads: the goal, the
layout, how cards move, the stock, then the house rules with their state. No notation and
no identifiers: a new player reads them.
"""

from __future__ import annotations

from .names import legend
from .rules import Build, Empty, FaceDown, Rules

_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count(n: int) -> str:
    """``2`` → ``two``; larger numbers stay digits, as rules pages write them."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _nth(n: int) -> str:
    """``1`` → ``1st``, ``2`` → ``2nd``, ``11`` → ``11th``."""
    last = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th") if n % 100 not in (11, 12, 13) else "th"
    return f"{n}{last}"


def _listed(items: list[str]) -> str:
    """``["1", "3", "5"]`` → ``1, 3 and 5``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def _plural(pile: str, n: int) -> str:
    return pile + "s" * (n != 1)


def _goal(rules: Rules) -> str:
    decks = "one deck" if rules.decks == 1 else f"{_count(rules.decks)} decks"
    return (
        f"Goal: move all {rules.cards} cards ({decks}) to the {rules.foundations} foundations. "
        "Build each foundation up in one suit, from Ace to King."
    )


def _shape(rules: Rules) -> str:
    """``7 piles of 7 cards``, ``7 piles of 1 to 7 cards``, ``18 fans: 17 of 3 cards and ...``"""
    sizes = rules.tableau
    piles = f"{len(sizes)} {_plural(rules.pile, len(sizes))}"
    if len(set(sizes)) == 1:
        return f"{piles} of {_cards(sizes[0])}"
    if sizes == tuple(range(1, len(sizes) + 1)):
        return f"{piles} of 1 to {_cards(len(sizes))}, left to right"
    counts = {s: sizes.count(s) for s in sorted(set(sizes), reverse=True)}
    parts = [f"{n} {_plural(rules.pile, n)} of {_cards(s)}" for s, n in counts.items()]
    return f"{piles}: {_listed(parts)}"


def _face_down(rules: Rules) -> str:
    """Which cards lie face down, read from the declaration's own pattern."""
    if rules.face_down is FaceDown.NONE:
        return "All cards are dealt face up."
    sizes = set(rules.tableau)
    if len(sizes) != 1:
        return f"Cards are dealt {rules.face_down.value}."
    size = sizes.pop()
    down = [i + 1 for i in range(size) if rules.face_down.is_down(i, size)]
    up = [i + 1 for i in range(size) if i + 1 not in down]
    if down == list(range(1, size)):
        return (
            f"In each {rules.pile}, the bottom {_count(len(down))} cards are face down "
            "and the top card is face up."
        )
    return (
        f"In each {rules.pile}, counting from the bottom, the {_listed([_nth(n) for n in down])} "
        f"cards are face down and the others are face up."
        if up
        else f"Every card is dealt face down except the top one of each {rules.pile}."
    )


def _layout(rules: Rules) -> list[str]:
    lines = [f"Layout: {_shape(rules)} ({_cards(sum(rules.tableau))} in all). {_face_down(rules)}"]
    if rules.face_down is not FaceDown.NONE:
        lines.append("A face-down card turns face up as soon as no card covers it.")
    return lines


def _foundations(rules: Rules) -> str:
    if rules.decks > 1:
        start = "any Ace can start any empty foundation"
    else:
        start = "only an Ace can start a foundation"
    return f"Foundations: {start}. A card on a foundation stays there."


def _build(rules: Rules) -> str:
    how = {
        Build.SAME_COLOUR: "in the same colour: red on red, black on black",
        Build.ALTERNATE_COLOURS: "in alternating colours: red on black, black on red",
        Build.SAME_SUIT: "in the same suit: spades on spades, hearts on hearts, and so on",
    }[rules.build]
    return f"Build the {rules.pile}s down, one rank at a time, {how}."


def _runs(rules: Rules) -> str:
    if rules.unit is None:
        return "Move one card at a time. A run of cards never moves together."
    kind = {
        Build.SAME_COLOUR: "in the same colour",
        Build.ALTERNATE_COLOURS: "in alternating colours",
        Build.SAME_SUIT: "in one suit",
    }[rules.unit]
    text = f"A run of cards going down {kind} moves together, however long it is."
    if rules.unit is not rules.build:
        text += " Other runs move one card at a time."
    return text


def _empty(rules: Rules) -> str:
    pile, runs = rules.pile, rules.unit is not None
    if rules.empty is Empty.ANY:
        return f"Any card{' or run' * runs} can fill an empty {pile}."
    if rules.empty is Empty.KINGS:
        return f"Only a King{', or a run starting with a King,' * runs} can fill an empty {pile}."
    return f"An empty {pile} stays empty: nothing can fill it."


def _stock(rules: Rules) -> str:
    if rules.passes == 0:
        text = f"Stock: none. All {rules.cards} cards are dealt to the {rules.pile}s."
        redeals = rules.shuffle_redeals
        if redeals:
            return text + (
                f" You have {_count(redeals)} redeal{'s' * (redeals != 1)}: gather the cards "
                f"left in the {rules.pile}s, shuffle them, and deal them again in threes."
            )
        return text + " There is no redeal."
    text = (
        f"Stock: the other {rules.stock_size} cards, face down. Deal a card from the stock "
        "to the waste at any time; the top card of the waste can be played."
    )
    if rules.passes is None:
        return text + (
            " When the stock is empty, turn the waste over to make a new stock, "
            "as often as you like: the passes are unlimited."
        )
    if rules.passes == 1:
        return text + " You go through the stock once: the waste is never turned over."
    again = "once" if rules.passes == 2 else f"{_count(rules.passes - 1)} times"
    return text + (
        f" When the stock is empty, turn the waste over to make a new stock, {again}: "
        f"{_count(rules.passes)} passes in all."
    )


def rules_text(rules: Rules) -> list[str]:
    """Lines describing the game in plain words, the house rules in force included."""
    lines = [
        _goal(rules),
        *_layout(rules),
        legend(rules),
        _foundations(rules),
        _build(rules),
        _runs(rules),
        _empty(rules),
        _stock(rules),
    ]
    for house in rules.house_rules:
        state = "on" if house.name in rules.active else "off"
        # the summary names the rule at its end for Settings; here the title says it first
        summary = house.summary.removesuffix(f" ({house.title}).")
        summary += "" if summary.endswith(".") else "."
        lines.append(f"House rule: {house.title} ({state}). {summary}")
    return lines


def in_brief(rules: Rules) -> str:
    """The game in one sentence, for the welcome: ``One deck dealt to 7 columns, every card
    face up; build down in the same colour, runs of one suit move together; one pass through
    the stock.``"""
    decks = "One deck" if rules.decks == 1 else f"{_count(rules.decks).capitalize()} decks"
    piles = f"{len(rules.tableau)} {_plural(rules.pile, len(rules.tableau))}"
    face = {
        FaceDown.NONE: "every card face up",
        FaceDown.ALL_BUT_TOP: "only the top card of each face up",
        FaceDown.EVEN: "every other card face down",
    }[rules.face_down]
    how = {
        Build.SAME_COLOUR: "in the same colour",
        Build.ALTERNATE_COLOURS: "in alternating colours",
        Build.SAME_SUIT: "in suit",
    }[rules.build]
    if rules.unit is None:
        runs = "one card at a time"
    elif rules.unit is rules.build:
        runs = "runs move together"
    else:
        runs = {
            Build.SAME_COLOUR: "runs of one colour move together",
            Build.ALTERNATE_COLOURS: "runs in alternating colours move together",
            Build.SAME_SUIT: "runs of one suit move together",
        }[rules.unit]
    if rules.passes == 0:
        stock = "no stock"
    elif rules.passes is None:
        stock = "go through the stock as often as you like"
    else:
        stock = f"{_count(rules.passes)} pass{'es' * (rules.passes != 1)} through the stock"
    return f"{decks} dealt to {piles}, {face}; build down {how}, {runs}; {stock}."
