"""``window.solitaire``: the embedding API's commands for a script in the page itself (a
bot, the browser's console, the tests), where no parent window posts them (README:
Embedding)::

    solitaire.command({type: "newGame", game: "linus", deal: 5})  // ""
    solitaire.command({type: "undo"})                              // ""
    solitaire.command({type: "newGame", game: "chess"})            // "newGame needs a game: …"
    solitaire.about()  // {game, deal, rules, status, moves}: a "status" event's fields

A command is checked as a posted one is (messages.check) and carried out at once, before
``command`` returns: its answer is "" or the one-line reason it was refused (a malformed
command, or a game open in another tab). The object is there once the table is ready.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import js
from pyodide.ffi import create_proxy, to_js

from .dom import guarded, json_of
from .messages import Command, check

NAME = "solitaire"  # window.solitaire

_kept: list[Any] = []  # the proxies JavaScript calls, for the life of the page


def install(run: Callable[[Command], str], about: Callable[[], dict[str, Any]]) -> None:
    """Put ``window.solitaire`` in place: ``run`` carries a command out (its answer: "" or
    why not); ``about`` gives the game shown."""

    def command(data: Any = None) -> str:
        try:
            return run(check(json_of(data)))
        except ValueError as e:
            return str(e)

    def described() -> Any:
        return to_js(about(), dict_converter=js.Object.fromEntries)

    def answered(data: Any = None) -> str:
        said = ["something went wrong (see the console); the game is safe"]

        def carry_out() -> None:
            said[0] = command(data)

        guarded(carry_out)()  # a bug: logged and told in one line, as for any input
        return said[0]

    api = js.Object.new()
    for name, fn in (("command", answered), ("about", described)):
        proxy = create_proxy(fn)
        _kept.append(proxy)
        setattr(api, name, proxy)
    setattr(js.window, NAME, js.Object.freeze(api))
