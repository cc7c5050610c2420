"""The rules of a game as text, generated from its declaration so it can never drift.

The page's rules panel shows these lines; the command line can print them too.
"""

from __future__ import annotations

from .rules import Build, Empty, FaceDown, Rules

_COUNT = {1: "one", 2: "two", 3: "three"}


def _tableau(rules: Rules) -> str:
    sizes = rules.tableau
    if len(set(sizes)) == 1:
        shape = f"{len(sizes)} piles of {sizes[0]}"
    elif sizes == tuple(range(1, len(sizes) + 1)):
        shape = f"{len(sizes)} piles of 1, 2, … {len(sizes)} cards"
    else:
        counts = {s: sizes.count(s) for s in sorted(set(sizes), reverse=True)}
        shape = f"{len(sizes)} fans: " + " and ".join(
            f"{n} of {s} card{'s' * (s > 1)}" for s, n in counts.items()
        )
    return f"Tableau: {shape} ({sum(sizes)} cards), {rules.face_down.value}."


def _build(rules: Rules) -> str:
    how = {
        Build.SAME_COLOUR: "in the same colour (red on red, black on black)",
        Build.ALTERNATE_COLOURS: "in alternate colours (red on black, black on red)",
        Build.SAME_SUIT: "in suit",
    }[rules.build]
    return f"Build tableau piles down {how}."


def _runs(rules: Rules) -> str:
    if rules.unit is None:
        return "Cards move one at a time; runs never move as a unit."
    of = (
        "descending in one suit"
        if rules.unit is Build.SAME_SUIT
        else (f"built down in {rules.unit.value}")
    )
    extra = ""
    if rules.unit is not rules.build:
        extra = " Other runs move one card at a time."
    return f"A run {of} moves as a unit, of any length.{extra}"


def _empty(rules: Rules) -> str:
    runs = rules.unit is not None
    if rules.empty is Empty.ANY:
        return "An empty pile takes any card" + " or movable run." * runs + "." * (not runs)
    if rules.empty is Empty.KINGS:
        return (
            "An empty pile takes only a King"
            + " or a run headed by a King." * runs
            + ("." * (not runs))
        )
    return "An empty pile stays empty."


def _stock(rules: Rules) -> str:
    if rules.passes == 0:
        text = "No stock: every card is dealt to the tableau."
        if rules.shuffle_redeals:
            text += (
                f" {_COUNT.get(rules.shuffle_redeals, str(rules.shuffle_redeals)).capitalize()} "
                "redeals: gather the tableau, shuffle, and deal again in threes (r)."
            )
        else:
            text += " No redeal."
        return text
    base = f"Stock: {rules.stock_size} cards, dealt one at a time to the waste (s)."
    if rules.passes is None:
        return base + " Turn the waste over as often as you like (r)."
    if rules.passes == 1:
        return base + " One pass, no redeal."
    return (
        base
        + f" The waste may be turned over {_COUNT[rules.passes - 1]} time"
        + ("s" * (rules.passes > 2) + f" ({_COUNT[rules.passes]} passes in all, r).")
    )


def rules_text(rules: Rules) -> list[str]:
    """Lines describing the game, house rules in force included."""
    decks = "One deck" if rules.decks == 1 else f"{_COUNT[rules.decks].capitalize()} decks"
    lines = [
        f"Goal: move all {rules.cards} cards to the {rules.foundations} foundations, "
        "each built up in suit from Ace to King.",
        f"{decks}. " + _tableau(rules),
        "Foundations: only an Ace starts one; cards never leave a foundation.",
        _build(rules),
        _runs(rules),
        _empty(rules),
        _stock(rules),
    ]
    if rules.face_down is not FaceDown.NONE:
        lines.append("A face-down card turns up as soon as it is uncovered.")
    for house in rules.house_rules:
        state = "on" if house.name in rules.active else "off"
        lines.append(f"House rule {house.name} ({state}): {house.summary}")
    return lines
