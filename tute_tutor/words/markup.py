"""User text inside Markdown: shown as the letters typed, never run as markup.

Every place that puts text a user sent (a URL parameter, a scenario from a share link
or an upload, a pasted record, a teacher's field, a profile name) into Markdown passes it
through :func:`escape_markdown` first; Streamlit then shows it as plain letters. No
Streamlit here: ``ui/`` and ``render/`` both use it.

Backslash escapes alone are not enough for Streamlit: its GitHub-flavoured Markdown turns
bare ``http://``, ``www.`` and ``a@b.c`` text into links after the escapes are read.
An invisible word joiner (U+2060) after ``:`` and ``@`` and before ``.`` breaks those
patterns without changing what the reader sees.

>>> escape_markdown("[Log in](http://example.invalid)")
'\\\\[Log in\\\\]\\\\(http\\\\:\\u2060\\\\/\\\\/example\\u2060\\\\.invalid\\\\)'
>>> escape_markdown("**bold**\\n# title")
'\\\\*\\\\*bold\\\\*\\\\* \\\\# title'
"""

from __future__ import annotations

import html
import unicodedata
from typing import Final

WORD_JOINER: Final = "\u2060"
"""Zero-width, no line break: splits an autolink pattern invisibly."""

_PUNCTUATION: Final = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
"""ASCII punctuation: CommonMark lets a backslash escape each of these."""


def escape_markdown(text: object) -> str:
    """``text`` as one line of Markdown that shows exactly these letters.

    Every ASCII punctuation character is backslash-escaped (no emphasis, link, image,
    heading, list, table, HTML tag, entity, math or Streamlit directive can start), line
    breaks and other control characters become spaces (no new block), and autolink
    patterns are broken with a word joiner. Leading spaces are dropped: four of them
    would start an indented code block, which shows the backslashes.
    """
    out: list[str] = []
    for char in str(text):
        if char in _PUNCTUATION:
            if char == ".":
                out.append(WORD_JOINER)
            out.append("\\" + char)
            if char in ":@":
                out.append(WORD_JOINER)
        elif unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            out.append(" ")
        else:
            out.append(char)
    return "".join(out).lstrip(" ")


def escape_html(text: object) -> str:
    """``text`` for HTML or SVG (element text and quoted attributes): ``&<>"'`` escaped."""
    return html.escape(str(text), quote=True)


__all__ = ["WORD_JOINER", "escape_html", "escape_markdown"]
