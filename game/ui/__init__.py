"""The browser table: the only package that touches the DOM (``js``, ``pyodide``).

It imports the engine, never the reverse. ``params`` and ``markup`` are pure (tested
natively); ``table``, ``pointer`` and ``app`` talk to the page.
"""
