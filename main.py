"""PyScript's entry point: start the table (all of it lives in game.ui)."""

from game.ui.app import start

start()
