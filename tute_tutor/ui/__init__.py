"""The only package that imports Streamlit: session settings and widgets the pages share.

Pages stay thin: they call :func:`settings` for the language, deck style and rule set,
:func:`tr` for messages, and the engine for everything else.

- :mod:`tute_tutor.ui.state`: the settings (session, URL, browser locale) and ``tr``.
- :mod:`tute_tutor.ui.layout`: the settings sidebar and helpers to draw or pick cards.
- :mod:`tute_tutor.ui.lessons`: the lessons page; :mod:`tute_tutor.ui.rules`: the
  rules reference page.
"""

from __future__ import annotations

from tute_tutor.ui.state import Settings, settings, tr

__all__ = ["Settings", "settings", "tr"]
