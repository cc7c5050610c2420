"""Why a move is illegal, in one line a player understands ("9♠ cannot go on 7♥").

Only called after a move has been found missing from the legal list, so it may be slow and
plain; it never decides legality itself.
"""

from __future__ import annotations

from typing import Protocol

from .cards import DOWN, KING, pretty, rank_of
from .i18n import _, ngettext
from .names import by_pile_word, the
from .notation import ANY_FOUNDATION, F0, STOCK, T0, WASTE, pile_name
from .rules import Build, Empty, Rules


class Position(Protocol):
    """What an explanation reads of a game (state.Game is one): no import of state.py,
    which asks this module why a move is illegal."""

    rules: Rules
    piles: list[tuple[int, ...]]
    redeals_left: int | None

    @property
    def found(self) -> range: ...

    @property
    def tab(self) -> range: ...

    @property
    def status(self) -> str: ...


def why_illegal(game: Position, m: tuple[int, int, int]) -> str:
    src, dst, n = m
    rules, piles = game.rules, game.piles
    title = _(rules.title)
    if game.status == "won":
        return _("the game is already won")
    if src == STOCK:
        if (dst, n) not in ((WASTE, 1), (STOCK, 0)):
            # Translators: s and r are move text (a record's "s", "r"): keep them
            return _("the stock only deals (s) or is turned over (r)")
        return _why_not_stock(game, n)
    if src == ANY_FOUNDATION:
        # Translators: f is move text (a record's "t3>f"): keep it
        return _("f is a destination only: whichever foundation takes the card")
    if n < 1:
        return _("a move carries at least one card")
    for pile in (src, dst):
        exists = pile in (STOCK, WASTE, ANY_FOUNDATION) or pile in game.found or pile in game.tab
        if pile in (STOCK, WASTE) and rules.passes == 0:
            exists = False
        if not exists:
            # Translators: {pile} is a pile in move text ("t7", "s"): a record names it
            text = _("{game} has no pile {pile}")
            return text.format(game=title, pile=pile_name(pile))
    if F0 <= src < T0:
        return _("cards never leave a foundation")
    if dst in (STOCK, WASTE):
        return _("cards cannot be played to {pile}").format(pile=the(rules, dst))
    if src == dst:
        return _("a pile cannot move onto itself")
    p = piles[src]
    if not p:
        return _("{pile} is empty").format(pile=the(rules, src))
    if src == WASTE and n > 1:
        return _("only the top card of the waste can move")
    if n > len(p):
        text = ngettext("{pile} has only {n} card", "{pile} has only {n} cards", len(p))
        return text.format(pile=the(rules, src), n=len(p))
    run = p[-n:]
    if any(c >= DOWN for c in run):
        return _("that would move a face-down card")
    head = run[0]
    if n > 1:
        if (dst >= F0 and dst < T0) or dst == ANY_FOUNDATION:
            return _("cards go to a foundation one at a time")
        if rules.unit is None:
            return _("in {game} cards move one at a time").format(game=title)
        if not all(rules.unit.fits(run[i + 1], run[i]) for i in range(n - 1)):
            return _not_a_run(rules.unit, n).format(pile=the(rules, src), game=title, n=n)
    if dst == ANY_FOUNDATION or F0 <= dst < T0:
        return _why_not_foundation(game, head, dst)
    q = piles[dst]
    if not q:
        if rules.empty is Empty.NONE:
            return _("empty fans stay empty (house rule)")
        if rules.empty is Empty.KINGS and rank_of(head) != KING:
            if rules.unit is None:
                return by_pile_word(
                    rules,
                    _("only a King may fill an empty column"),
                    _("only a King may fill an empty fan"),
                )
            return by_pile_word(
                rules,
                _("only a King or a King-led run may fill an empty column"),
                _("only a King or a King-led run may fill an empty fan"),
            )
        return _("that move is not allowed")
    return _cannot_go_on(head, q[-1])


def _not_a_run(unit: Build, n: int) -> str:
    """Why the top ``n`` cards do not move together: {pile}, {game} and {n} to fill in."""
    if unit is Build.SAME_COLOUR:
        return ngettext(
            "the top {n} card of {pile} is not a run that moves together "
            "(in {game} runs move as a unit only when built in same colour)",
            "the top {n} cards of {pile} are not a run that moves together "
            "(in {game} runs move as a unit only when built in same colour)",
            n,
        )
    if unit is Build.ALTERNATE_COLOURS:
        return ngettext(
            "the top {n} card of {pile} is not a run that moves together "
            "(in {game} runs move as a unit only when built in alternate colours)",
            "the top {n} cards of {pile} are not a run that moves together "
            "(in {game} runs move as a unit only when built in alternate colours)",
            n,
        )
    return ngettext(
        "the top {n} card of {pile} is not a run that moves together "
        "(in {game} runs move as a unit only when built in same suit)",
        "the top {n} cards of {pile} are not a run that moves together "
        "(in {game} runs move as a unit only when built in same suit)",
        n,
    )


def _cannot_go_on(c: int, onto: int) -> str:
    # Translators: {card} and {onto} are cards as "9♠", "10♥"
    return _("{card} cannot go on {onto}").format(card=pretty(c), onto=pretty(onto))


def _why_not_foundation(game: Position, c: int, dst: int) -> str:
    if dst == ANY_FOUNDATION:
        return _("no foundation takes {card} yet").format(card=pretty(c))
    q = game.piles[dst]
    if not q:
        if rank_of(c) != 0:
            return _("only an Ace starts a foundation")
        first = next(f for f in game.found if not game.piles[f])
        text = _("an Ace goes to the first empty foundation, {pile}")
        return text.format(pile=the(game.rules, first))
    if rank_of(q[-1]) + 1 == rank_of(c) and (q[-1] & 3) == (c & 3):
        twin = next(f for f in game.found if game.piles[f] == q)
        text = _("{card} goes to the first of the matching foundations, {pile}")
        return text.format(card=pretty(c), pile=the(game.rules, twin))
    return _cannot_go_on(c, q[-1])


def _why_not_stock(game: Position, n: int) -> str:
    rules, piles = game.rules, game.piles
    title = _(rules.title)
    if rules.passes == 0 and not rules.shuffle_redeals:
        return _("{game} has no stock").format(game=title)
    if n:  # deal
        if rules.passes == 0:
            # Translators: r is move text (a record's "r"): keep it
            return _("{game} has no stock (r redeals the fans)").format(game=title)
        if game.redeals_left != 0 and piles[WASTE]:
            # Translators: r is move text (a record's "r"): keep it
            return _("the stock is empty (turn the waste over with r)")
        return _("the stock is empty")
    if rules.shuffle_redeals:
        return _("no redeals left")
    if piles[STOCK]:
        return _("the stock is not empty yet")
    if not piles[WASTE]:
        return _("the waste is empty")
    if rules.passes == 1:
        return _("{game} allows one pass through the stock, no redeal").format(game=title)
    return _("no redeals left")
