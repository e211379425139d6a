"""The only package that imports Streamlit: session settings and widgets the pages share.

Pages stay thin: they call :func:`settings` for the language, deck style and rule set,
:func:`tr` for messages, and the engine for everything else.
"""

from __future__ import annotations

from tute_tutor.ui.state import Settings, settings, tr

__all__ = ["Settings", "settings", "tr"]
