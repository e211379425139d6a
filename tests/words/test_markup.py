"""The one escaping helper: user text inside Markdown shows as typed and never runs."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.hostile import HOSTILE_TEXTS, LIVE_TEXTS, hostile_text, live_markup
from tute_tutor.words.markup import WORD_JOINER, escape_html, escape_markdown

_MD = __import__("markdown_it").MarkdownIt("gfm-like", {"html": True})


def _rendered_text(markdown: str) -> str:
    """The letters a reader sees: rendered HTML without tags, entities decoded."""
    import html
    import re

    body = _MD.render(markdown)
    return html.unescape(re.sub(r"<[^>]+>", "", body)).strip()


def test_every_hostile_example_renders_as_plain_text() -> None:
    for text in LIVE_TEXTS:
        assert live_markup(text), text  # raw, it would be live: the check can fail
    for text in HOSTILE_TEXTS:
        escaped = escape_markdown(text)
        assert live_markup(escaped) == [], text
        assert "\n" not in escaped


@given(hostile_text())
@example("    {")  # four leading spaces: an indented code block, backslashes shown
@example("\t\t*x*")
@settings(max_examples=200, deadline=None)
def test_escaped_text_shows_the_same_letters_and_nothing_live(text: str) -> None:
    escaped = escape_markdown(text)
    assert live_markup(escaped) == []
    seen = _rendered_text(escaped).replace(WORD_JOINER, "")
    expected = " ".join(
        "".join(" " if ord(c) < 32 or c in "\x7f\u2028\u2029" or 0x80 <= ord(c) < 0xA0
                else c for c in text).split())
    assert " ".join(seen.replace("\ufffd", "\x00").split()) == \
        " ".join(expected.split()) or "\x00" in text


def test_html_escaping_covers_quotes_and_tags() -> None:
    assert escape_html("<a href='x'>&\"") == "&lt;a href=&#x27;x&#x27;&gt;&amp;&quot;"


@given(st.text(max_size=60))
def test_html_escaped_text_has_no_tag_or_attribute_break(text: str) -> None:
    escaped = escape_html(text)
    assert not set(escaped) & set("<>\"'")
