"""Hostile input shared by the fuzz tests: text that would run as Markdown or HTML if it
were echoed raw, numbers past every limit, Unicode look-alikes, and a check that renders
Markdown the way GitHub-flavoured Markdown does (links, images, bare URLs, raw HTML)."""

from __future__ import annotations

import re

from hypothesis import strategies as st
from markdown_it import MarkdownIt

HOSTILE_HOST = "example.invalid"
"""Every link or image in the corpus points here: it must never show up live."""

LIVE_TEXTS = (
    f"[Log in](http://{HOSTILE_HOST}/login)",
    f"![x](http://{HOSTILE_HOST}/p.png)",
    f"<img src=http://{HOSTILE_HOST}/i.png>",
    f"<a href='http://{HOSTILE_HOST}'>x</a>",
    f"http://{HOSTILE_HOST}/bare",
    f"www.{HOSTILE_HOST}",
    f"mail@{HOSTILE_HOST}",
    "<script>alert(1)</script>",
)
"""Texts that render as a link, an image or a script when echoed raw."""

HOSTILE_TEXTS = (
    *LIVE_TEXTS,
    "**bold** _it_ `code` ~~s~~ # title",
    "line one\n# heading\n- item\n\n| a | b |\n|---|---|",
    ":red[colour] :material/home: $x^2$",
    "&lt;b&gt; &#60;i&#62;",
    "²",
    "٣",
    "9" * 5000,
    "\u202eevil\u200b\u0000",
    "x" * 20_000,
)
"""One example of each class of markup and oversized input (fix the class, not these)."""


def hostile_text() -> st.SearchStrategy[str]:
    """The corpus, pieces of it glued together, and any text."""
    piece = st.sampled_from(HOSTILE_TEXTS)
    return st.one_of(piece, st.lists(piece, min_size=2, max_size=3).map(" ".join),
                     st.text(max_size=40))


_MARKDOWN = MarkdownIt("gfm-like", {"html": True})
_MARKDOWN.linkify.tlds(["invalid"], True)  # bare www.x.invalid and a@x.invalid link too
_LIVE = re.compile(r"<(a|img|script|iframe|object|embed)\b[^>]*>", re.IGNORECASE)


def live_markup(markdown: str) -> list[str]:
    """The tags that a Markdown text renders to and that come from the hostile corpus:
    links and images to :data:`HOSTILE_HOST`, and script, frame and object tags."""
    found = []
    for match in _LIVE.finditer(_MARKDOWN.render(markdown)):
        tag = match.group(0)
        if HOSTILE_HOST in tag or match.group(1).lower() not in ("a", "img"):
            found.append(tag)
    return found


_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")


def seen(markdown: str) -> str:
    """What a reader sees of escaped Markdown: backslash escapes and word joiners gone."""
    return _ESCAPE.sub(r"\1", markdown).replace("\u2060", "")
