"""A table's log in words: the sentence for one thing that happened at a table.

What happened is the engine's history (:class:`tute_tutor.engine.game.HistoryEntry`);
the practice table (:class:`tute_tutor.table.controller.Announcement`), the rooms
(:class:`tute_tutor.live.room.LogEntry`, worded by :mod:`tute_tutor.live.words`) and the
review read it and word it here (catalogue ``practice.log.*``); only the seats' names and
who reads the log ("you") are theirs.
"""

from __future__ import annotations

from tute_tutor.engine.cards import suit_name
from tute_tutor.engine.game import HistoryEntry
from tute_tutor.words.cards import tute_word
from tute_tutor.words.catalog import t
from tute_tutor.words.explain import card_name, describe_play, explain


def _pair_name(suit: int, points: int, lang: str) -> str:
    """The pair sung: "las cuarenta" (40 points) or "las veinte en copas"."""
    key = "practice.log.cuarenta" if points == 40 else "practice.log.veinte"
    return t(key, lang, suit=suit_name(suit, lang))


def line_text(line: HistoryEntry, name: str, *, you: bool, players: int,
              lang: str) -> str | None:
    """The sentence for a ``deal``, ``play``, ``cante``, ``tute``, ``swap``, ``trick`` or
    ``draw`` entry by the seat called ``name`` (second person when ``you`` read it) at a
    table of ``players``; None for any other kind (the caller words those)."""
    kind = line.kind
    suffix = "_you" if you else ""
    card = card_name(line.card, lang) if line.card is not None else ""
    if kind == "deal":
        key = "practice.log.deal_stock" if players == 2 else "practice.log.deal"
        return t(key + suffix, lang, dealer=name, card=card, trump=suit_name(line.suit or 0, lang))
    if kind == "play":
        assert line.analysis is not None and line.card is not None
        if you:
            return t("practice.log.you_play", lang, card=card) + " " + explain(line.analysis,
                                                                                lang)
        return describe_play(name, line.analysis, line.card, lang)
    if kind == "cante":
        return t("practice.log.cante" + suffix, lang, name=name,
                 pair=_pair_name(line.suit or 0, line.points, lang), points=line.points)
    if kind == "tute":
        tute = tute_word("reyes" if line.points == 12 else "caballos", lang)
        return t("practice.log.tute" + suffix, lang, name=name, kind=tute)
    if kind == "swap":
        other = card_name(line.other, lang) if line.other is not None else ""
        return t("practice.log.swap" + suffix, lang, name=name, given=card, taken=other)
    if kind == "trick":
        key = "practice.log.trick_last" if line.last else "practice.log.trick"
        return t(key + suffix, lang, name=name, card=card, points=line.points)
    if kind == "draw":
        return t("practice.log.draw" + suffix, lang, name=name, card=card)
    return None


__all__ = ["line_text"]
