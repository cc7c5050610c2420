"""The rules of a game in plain words, generated from its declaration so they can never drift.

The page's rules panel shows these lines, in the order a rules page reads: the goal, the
layout, how cards move, the stock, then the house rules with their state. No notation and
no identifiers: a new player reads them.
"""

from __future__ import annotations

from .i18n import _, ngettext, pgettext
from .names import by_pile_word, legend
from .rules import Build, Empty, FaceDown, Rules


def _count(n: int) -> str:
    """``2`` → ``two``; larger numbers stay digits, as rules pages write them."""
    words = (
        # Translators: a small number as rules pages write it ("two decks", "two passes");
        # where number words change with the noun (Polish dwa/dwie), write digits: "2"
        pgettext("number in words", "no"),
        pgettext("number in words", "one"),
        pgettext("number in words", "two"),
        pgettext("number in words", "three"),
        pgettext("number in words", "four"),
        pgettext("number in words", "five"),
        pgettext("number in words", "six"),
        pgettext("number in words", "seven"),
        pgettext("number in words", "eight"),
        pgettext("number in words", "nine"),
        pgettext("number in words", "ten"),
    )
    return words[n] if 0 <= n < len(words) else str(n)


def _nth(n: int) -> str:
    """``1`` → ``1st``, ``2`` → ``2nd``, ``11`` → ``11th``."""
    if n % 100 in (11, 12, 13) or n % 10 not in (1, 2, 3):
        # Translators: an ordinal number: a card's place in a pile, counted from the bottom
        # ("the 2nd, 4th and 6th cards"); English has four endings, your language may need one
        text = pgettext("ordinal", "{n}th")
    else:
        text = (
            pgettext("ordinal", "{n}st"),
            pgettext("ordinal", "{n}nd"),
            pgettext("ordinal", "{n}rd"),
        )[n % 10 - 1]
    return text.format(n=n)


def _listed(items: list[str]) -> str:
    """``["1", "3", "5"]`` → ``1, 3 and 5``."""
    if len(items) == 1:
        return items[0]
    # Translators: the end of a list: {items} is the ones before the last, comma-separated
    return pgettext("list", "{items} and {last}").format(
        items=", ".join(items[:-1]), last=items[-1]
    )


def _decks(rules: Rules) -> str:
    """``one deck``, ``two decks``."""
    n = rules.decks
    return ngettext("{count} deck", "{count} decks", n).format(count=_count(n))


def _piles(rules: Rules, n: int) -> str:
    """``7 columns``, ``1 fan``."""
    return by_pile_word(
        rules,
        ngettext("{n} column", "{n} columns", n),
        ngettext("{n} fan", "{n} fans", n),
    ).format(n=n)


def _goal(rules: Rules) -> str:
    cards = ngettext("{n} card", "{n} cards", rules.cards).format(n=rules.cards)
    n = rules.foundations
    foundations = ngettext("{n} foundation", "{n} foundations", n).format(n=n)
    # Translators: {cards}: "52 cards"; {decks}: "one deck"; {foundations}: "4 foundations"
    goal = _("Goal: move all {cards} ({decks}) to the {foundations}.")
    build = _("Build each foundation up in one suit, from Ace to King.")
    return f"{goal.format(cards=cards, decks=_decks(rules), foundations=foundations)} {build}"


def _of(rules: Rules, piles: int, cards: int) -> str:
    """``7 columns of 3 cards``."""
    # Translators: {piles} counts columns or fans ("7 columns"); each holds {n} cards
    text = ngettext("{piles} of {n} card", "{piles} of {n} cards", cards)
    return text.format(piles=_piles(rules, piles), n=cards)


def _shape(rules: Rules) -> str:
    """``7 piles of 7 cards``, ``7 piles of 1 to 7 cards``, ``18 fans: 17 of 3 cards and ...``"""
    sizes = rules.tableau
    if len(set(sizes)) == 1:
        return _of(rules, len(sizes), sizes[0])
    piles = _piles(rules, len(sizes))
    if sizes == tuple(range(1, len(sizes) + 1)):
        # Translators: {piles} counts columns ("7 columns"), holding 1 card, 2 cards… {n} cards
        text = ngettext(
            "{piles} of 1 to {n} card, left to right",
            "{piles} of 1 to {n} cards, left to right",
            len(sizes),
        )
        return text.format(piles=piles, n=len(sizes))
    counts = {s: sizes.count(s) for s in sorted(set(sizes), reverse=True)}
    parts = [_of(rules, n, s) for s, n in counts.items()]
    # Translators: {piles}: "18 fans"; {kinds}: "17 fans of 3 cards and 1 fan of 1 card"
    return _("{piles}: {kinds}").format(piles=piles, kinds=_listed(parts))


def _face_down(rules: Rules) -> str:
    """Which cards lie face down, read from the declaration's own pattern."""
    if rules.face_down is FaceDown.NONE:
        return _("All cards are dealt face up.")
    sizes = set(rules.tableau)
    if len(sizes) != 1:
        if rules.face_down is FaceDown.ALL_BUT_TOP:
            return _("Cards are dealt all but the top card face down.")
        return _("Cards are dealt the 2nd, 4th and 6th cards from the bottom face down.")
    size = sizes.pop()
    down = [i + 1 for i in range(size) if rules.face_down.is_down(i, size)]
    up = [i + 1 for i in range(size) if i + 1 not in down]
    n = len(down)
    if down == list(range(1, size)):
        text = by_pile_word(
            rules,
            ngettext(
                "In each column, the bottom {count} card is face down and the top card is face up.",
                "In each column, the bottom {count} cards are face down "
                "and the top card is face up.",
                n,
            ),
            ngettext(
                "In each fan, the bottom {count} card is face down and the top card is face up.",
                "In each fan, the bottom {count} cards are face down and the top card is face up.",
                n,
            ),
        )
        return text.format(count=_count(n))
    if not up:
        return by_pile_word(
            rules,
            _("Every card is dealt face down except the top one of each column."),
            _("Every card is dealt face down except the top one of each fan."),
        )
    # Translators: {places} lists places in a pile, counted from the bottom ("2nd, 4th and 6th")
    text = by_pile_word(
        rules,
        ngettext(
            "In each column, counting from the bottom, the {places} card is face down "
            "and the others are face up.",
            "In each column, counting from the bottom, the {places} cards are face down "
            "and the others are face up.",
            n,
        ),
        ngettext(
            "In each fan, counting from the bottom, the {places} card is face down "
            "and the others are face up.",
            "In each fan, counting from the bottom, the {places} cards are face down "
            "and the others are face up.",
            n,
        ),
    )
    return text.format(places=_listed([_nth(k) for k in down]))


def _layout(rules: Rules) -> list[str]:
    total = sum(rules.tableau)
    # Translators: {shape} is how the cards are dealt ("7 columns of 1 to 7 cards, left to
    # right"); {n} counts all the cards dealt
    text = ngettext(
        "Layout: {shape} ({n} card in all).", "Layout: {shape} ({n} cards in all).", total
    )
    lines = [f"{text.format(shape=_shape(rules), n=total)} {_face_down(rules)}"]
    if rules.face_down is not FaceDown.NONE:
        lines.append(_("A face-down card turns face up as soon as no card covers it."))
    return lines


def _foundations(rules: Rules) -> str:
    if rules.decks > 1:
        return _(
            "Foundations: any Ace can start any empty foundation. "
            "A card on a foundation stays there."
        )
    return _("Foundations: only an Ace can start a foundation. A card on a foundation stays there.")


def _build(rules: Rules) -> str:
    if rules.build is Build.SAME_COLOUR:
        return by_pile_word(
            rules,
            _(
                "Build the columns down, one rank at a time, in the same colour: "
                "red on red, black on black."
            ),
            _(
                "Build the fans down, one rank at a time, in the same colour: "
                "red on red, black on black."
            ),
        )
    if rules.build is Build.ALTERNATE_COLOURS:
        return by_pile_word(
            rules,
            _(
                "Build the columns down, one rank at a time, in alternating colours: "
                "red on black, black on red."
            ),
            _(
                "Build the fans down, one rank at a time, in alternating colours: "
                "red on black, black on red."
            ),
        )
    return by_pile_word(
        rules,
        _(
            "Build the columns down, one rank at a time, in the same suit: "
            "spades on spades, hearts on hearts, and so on."
        ),
        _(
            "Build the fans down, one rank at a time, in the same suit: "
            "spades on spades, hearts on hearts, and so on."
        ),
    )


def _runs(rules: Rules) -> str:
    if rules.unit is None:
        return _("Move one card at a time. A run of cards never moves together.")
    text = {
        Build.SAME_COLOUR: _(
            "A run of cards going down in the same colour moves together, however long it is."
        ),
        Build.ALTERNATE_COLOURS: _(
            "A run of cards going down in alternating colours moves together, however long it is."
        ),
        Build.SAME_SUIT: _(
            "A run of cards going down in one suit moves together, however long it is."
        ),
    }[rules.unit]
    if rules.unit is not rules.build:
        text += " " + _("Other runs move one card at a time.")
    return text


def _empty(rules: Rules) -> str:
    runs = rules.unit is not None
    if rules.empty is Empty.ANY:
        if runs:
            return by_pile_word(
                rules,
                _("Any card or run can fill an empty column."),
                _("Any card or run can fill an empty fan."),
            )
        return by_pile_word(
            rules, _("Any card can fill an empty column."), _("Any card can fill an empty fan.")
        )
    if rules.empty is Empty.KINGS:
        if runs:
            return by_pile_word(
                rules,
                _("Only a King, or a run starting with a King, can fill an empty column."),
                _("Only a King, or a run starting with a King, can fill an empty fan."),
            )
        return by_pile_word(
            rules,
            _("Only a King can fill an empty column."),
            _("Only a King can fill an empty fan."),
        )
    return by_pile_word(
        rules,
        _("An empty column stays empty: nothing can fill it."),
        _("An empty fan stays empty: nothing can fill it."),
    )


def _stock(rules: Rules) -> str:
    if rules.passes == 0:
        n = rules.cards
        text = by_pile_word(
            rules,
            ngettext(
                "Stock: none. All {n} card is dealt to the columns.",
                "Stock: none. All {n} cards are dealt to the columns.",
                n,
            ),
            ngettext(
                "Stock: none. All {n} card is dealt to the fans.",
                "Stock: none. All {n} cards are dealt to the fans.",
                n,
            ),
        ).format(n=n)
        redeals = rules.shuffle_redeals
        if not redeals:
            return text + " " + _("There is no redeal.")
        more = by_pile_word(
            rules,
            ngettext(
                "You have {count} redeal: gather the cards left in the columns, "
                "shuffle them, and deal them again in threes.",
                "You have {count} redeals: gather the cards left in the columns, "
                "shuffle them, and deal them again in threes.",
                redeals,
            ),
            ngettext(
                "You have {count} redeal: gather the cards left in the fans, "
                "shuffle them, and deal them again in threes.",
                "You have {count} redeals: gather the cards left in the fans, "
                "shuffle them, and deal them again in threes.",
                redeals,
            ),
        )
        return f"{text} {more.format(count=_count(redeals))}"
    n = rules.stock_size
    text = ngettext(
        "Stock: the other {n} card, face down. Deal a card from the stock "
        "to the waste at any time; the top card of the waste can be played.",
        "Stock: the other {n} cards, face down. Deal a card from the stock "
        "to the waste at any time; the top card of the waste can be played.",
        n,
    ).format(n=n)
    passes = rules.passes
    if passes is None:
        more = _(
            "When the stock is empty, turn the waste over to make a new stock, "
            "as often as you like: the passes are unlimited."
        )
    elif passes == 1:
        more = _("You go through the stock once: the waste is never turned over.")
    elif passes == 2:
        more = _(
            "When the stock is empty, turn the waste over to make a new stock, once: "
            "two passes in all."
        )
    else:
        # Translators: {again} is how many times the waste is turned over, {count} the
        # passes through the stock (one more), both in words ("two", "three")
        more = ngettext(
            "When the stock is empty, turn the waste over to make a new stock, "
            "{again} times: {count} pass in all.",
            "When the stock is empty, turn the waste over to make a new stock, "
            "{again} times: {count} passes in all.",
            passes,
        ).format(again=_count(passes - 1), count=_count(passes))
    return f"{text} {more}"


def _house_rule(rules: Rules, name: str, title: str, summary: str) -> str:
    """``House rule: Kings only (off). Only Kings (or King-led runs) fill empty columns.``"""
    # the summary names the rule at its end for Settings; here the title says it first
    summary = summary.removesuffix(f" ({title}).")
    summary += "" if summary.endswith(".") else "."
    if name in rules.active:
        text = _("House rule: {title} (on).")
    else:
        text = _("House rule: {title} (off).")
    return f"{text.format(title=title)} {summary}"


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
        lines.append(_house_rule(rules, house.name, _(house.title), _(house.summary)))
    return lines


def in_brief(rules: Rules) -> str:
    """The game in one sentence, for the welcome: ``One deck dealt to 7 columns, every card
    face up; build down in the same colour, runs of one suit move together; one pass through
    the stock.``"""
    piles = _piles(rules, len(rules.tableau))
    # Translators: the start of a game's description in one sentence: {count} is a number
    # in words ("one deck dealt to 7 columns"); the sentence's first letter is raised
    dealt = ngettext(
        "{count} deck dealt to {piles}", "{count} decks dealt to {piles}", rules.decks
    ).format(count=_count(rules.decks), piles=piles)
    if rules.face_down is FaceDown.NONE:
        face = _("every card face up")
    elif rules.face_down is FaceDown.ALL_BUT_TOP:
        # Translators: "of each" column (or fan)
        face = _("only the top card of each face up")
    else:
        face = _("every other card face down")
    build = {
        Build.SAME_COLOUR: _("build down in the same colour"),
        Build.ALTERNATE_COLOURS: _("build down in alternating colours"),
        Build.SAME_SUIT: _("build down in suit"),
    }[rules.build]
    if rules.unit is None:
        runs = _("one card at a time")
    elif rules.unit is rules.build:
        runs = _("runs move together")
    else:
        runs = {
            Build.SAME_COLOUR: _("runs of one colour move together"),
            Build.ALTERNATE_COLOURS: _("runs in alternating colours move together"),
            Build.SAME_SUIT: _("runs of one suit move together"),
        }[rules.unit]
    if rules.passes == 0:
        stock = _("no stock")
    elif rules.passes is None:
        stock = _("go through the stock as often as you like")
    else:
        stock = ngettext(
            "{count} pass through the stock", "{count} passes through the stock", rules.passes
        ).format(count=_count(rules.passes))
    # Translators: a game in one sentence, made of the phrases above: "One deck dealt to
    # 7 columns, every card face up; build down in the same colour, runs move together;
    # one pass through the stock."
    text = _("{dealt}, {face}; {build}, {runs}; {stock}.").format(
        dealt=dealt, face=face, build=build, runs=runs, stock=stock
    )
    return text[:1].upper() + text[1:]
