"""The coach's sentences: why a computer played its card, and the mistakes of a review.

Every sentence reads a :class:`~tute_tutor.coach.reasons.Reason` or a
:class:`~tute_tutor.coach.mistakes.Mistake` (data from the coach) and names cards in the
deck spoken (:mod:`tute_tutor.words.cards`); nothing here looks at the position again.

>>> from tute_tutor.coach.reasons import Fact, Reason
>>> from tute_tutor.engine.cards import Card
>>> reason = Reason(1, Card.parse("2c"), (Fact("leads_low", card=Card.parse("1c")),))
>>> reason_text(reason, "Bruno", "en")
'Bruno leads a low card, the two of cups: the ace of cups has not been played yet.'
>>> mistake_name("pair_broken", "es")
'Una pareja rota'
"""

from __future__ import annotations

from tute_tutor.coach.mistakes import MistakeKind
from tute_tutor.coach.reasons import Edge, Fact, Reason
from tute_tutor.engine.cards import CARDS, Card
from tute_tutor.engine.game import SWAP_WITH_SEVEN
from tute_tutor.words.cards import card_name, figure_words, suit_word, tute_word
from tute_tutor.words.catalog import t, t_count

MAX_REASON_CHARS = 600
"""A reason is at most a few sentences: longer text is cut (never expected)."""


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "es"


def _named(card: Card | None, lang: str, article: bool = True) -> str:
    return card_name(card.index, lang, article) if card is not None else ""


def _capital(text: str) -> str:
    """The text with its first letter in capitals (a name opening a sentence)."""
    return text[:1].upper() + text[1:]


def _contract(text: str) -> str:
    """Spanish contractions: ``a el`` is ``al``, ``de el`` is ``del``."""
    return text.replace(" a el ", " al ").replace(" de el ", " del ")


def fact_text(fact: Fact, card: Card | None, player: str, lang: str = "es") -> str:
    """One sentence for one fact about ``card`` (None for a declaration) of ``player``."""
    lang = _lang(lang)
    fields: dict[str, object] = {
        "player": player, "card": _named(card, lang), "named": _named(fact.card, lang),
        "named_bare": _named(fact.card, lang, article=False),
        "named_cap": _capital(_named(fact.card, lang)),
        "suit": suit_word(fact.suit, lang) if fact.suit is not None else "",
        "count": fact.count,
    }
    kind = fact.kind
    if kind == "forced":
        return t(f"coach.forced.{fact.code or 'salida'}", lang, **fields)
    if kind == "draws_trumps":
        return t_count("coach.play.draws_trumps", fact.count, lang, **fields)
    if kind in ("keeps_trump", "keeps_pair", "cheapest_winner"):
        words = figure_words(lang)
        return t(f"coach.keep.{kind}", lang, king_cap=_capital(words["the_king"]),
                 knight=words["the_knight"], **fields)
    if kind == "declares_tute":
        return t("coach.declare.declares_tute", lang,
                 kind=tute_word(fact.code or "reyes", lang), **fields)
    if kind == "swaps":
        face = fact.card
        given = None
        if face is not None:
            given = CARDS[10 * face.suit + (4 if face.strength in SWAP_WITH_SEVEN else 0)]
        return t("coach.declare.swaps", lang, given=_named(given, lang), **fields)
    if kind in ("sings_forty", "sings_twenty"):
        return t(f"coach.declare.{kind}", lang, **fields)
    return t(f"coach.play.{kind}", lang, **fields)


def edge_text(edge: Edge, lang: str = "es") -> str:
    """Why a rated card was preferred: its value over the next best card."""
    lang = _lang(lang)
    runner = _named(edge.runner_up, lang)
    basis = "exact" if edge.basis == "exact" else "playouts"
    margin = round(edge.margin)
    if margin == 0:
        return t(f"coach.edge.equal_{basis}", lang, runner=runner, worlds=edge.worlds)
    if margin < 0:  # level 4 weighs the win, and level 3's card, besides the points
        less = t_count(f"coach.edge.{basis}_less", -margin, lang, runner=runner,
                       worlds=edge.worlds)
        if edge.why == "wins" and edge.worlds:
            own, other = (round(100 * w / edge.worlds) for w in edge.wins)
            return less + " " + t("coach.edge.why_wins", lang, own=own, other=other,
                                  runner=runner)
        if edge.why == "sound":
            return less + " " + t("coach.edge.why_sound", lang)
        return less
    return t_count(f"coach.edge.{basis}", margin, lang, runner=runner, worlds=edge.worlds)


def reason_text(reason: Reason, player: str, lang: str = "es") -> str:
    """The whole reason in a few sentences: what the card does, what it keeps, and for a
    rated choice its edge over the next best card."""
    parts = [fact_text(fact, reason.card, player, lang) for fact in reason.facts]
    if reason.edge is not None:
        parts.append(edge_text(reason.edge, lang))
    text = " ".join(p for p in parts if p)
    return _contract(text)[:MAX_REASON_CHARS]


def mistake_name(kind: MistakeKind, lang: str = "es") -> str:
    """The name of a mistake kind ("A pair broken")."""
    return t(f"coach.mistake.name.{kind}", _lang(lang))


def mistake_lesson(kind: MistakeKind, lang: str = "es") -> str:
    """The one-line lesson of a mistake kind."""
    return t(f"coach.mistake.lesson.{kind}", _lang(lang))


def mistake_line(kind: MistakeKind, cost_text: str, lang: str = "es") -> str:
    """"A pair broken. Trick 3: ... cost 20 points ... Lesson: ..." on one line."""
    return t("coach.mistake.heading", _lang(lang), mistake=mistake_name(kind, lang),
             cost=cost_text, lesson=mistake_lesson(kind, lang))
