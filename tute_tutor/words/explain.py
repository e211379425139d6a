"""Sentences in Spanish and English built from a :class:`PlayAnalysis` and its reasons.

Nothing here decides a rule: every sentence reads the obligation code, the refusal
reasons and the cards the analysis already holds.

>>> from tute_tutor.engine.variants import find_rules
>>> from tute_tutor.engine.cards import parse_cards
>>> from tute_tutor.engine.legal import analyse_play
>>> a = analyse_play(parse_cards("12c,4c,5b"), parse_cards("10c"), 0, find_rules("clasico"))
>>> print(explain(a, "es"))  # doctest: +NORMALIZE_WHITESPACE
Tienes copas: debes asistir, y tu rey de copas supera a la sota de copas de la mesa,
así que debes montar con él. Ahora gana la baza la sota de copas, de un rival.
"""

from __future__ import annotations

from collections.abc import Sequence

from tute_tutor.engine.cards import Card, suit_name
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.words.cards import is_feminine
from tute_tutor.words.catalog import t, t_count


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "es"


def _say(key: str, lang: str, **values: object) -> str:
    """One sentence of the ``explain`` area of the message catalogue."""
    return t(f"explain.{key}", _lang(lang), **values)


def card_name(card: Card, lang: str) -> str:
    """A card's name with its article: ``el rey de copas``."""
    return card.name_with_article(_lang(lang))


def join_names(cards: Sequence[Card], lang: str) -> str:
    """``el rey de copas y el caballo de copas`` / ``the king of cups and ...``."""
    names = [card_name(c, lang) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + f" {_say('and', lang)} " + names[-1]


def _winning_sentence(a: PlayAnalysis, lang: str) -> str:
    if a.winning is None:
        return ""
    key = "winning_partner" if a.winning_by == "partner" else "winning_opponent"
    return " " + _say(key, lang, best=card_name(a.winning, lang))


def _contract(text: str) -> str:
    """Spanish contractions: ``a el`` is ``al``, ``de el`` is ``del``."""
    return text.replace(" a el ", " al ").replace(" de el ", " del ")


def explain(a: PlayAnalysis, lang: str = "es") -> str:
    """Why the legal cards are the legal cards, for the player to move (second person)."""
    return _contract(_explain(a, lang))


def _fields(a: PlayAnalysis, lang: str) -> dict[str, str]:
    return {
        "lead": suit_name(a.lead_suit, lang) if a.lead_suit is not None else "",
        "trump": suit_name(a.trump, lang),
        "high": card_name(a.high_lead, lang) if a.high_lead is not None else "",
        "best": card_name(a.winning, lang) if a.winning is not None else "",
        "legal": join_names(a.legal, lang),
    }


def _explain(a: PlayAnalysis, lang: str) -> str:
    values = _fields(a, lang)
    code = a.obligation
    if code == "salida":
        return _say("salida", lang)
    if code == "robo":
        text = t_count("explain.robo", a.stock_left, _lang(lang), stock=a.stock_left)
    elif code == "montar":
        if len(a.legal) == 1:
            own = card_name(a.legal[0], lang).split(" ", 1)[1]
            key = "montar_one_f" if is_feminine(a.legal[0].index) else "montar_one_m"
            text = _say(key, lang, own=own, **values)
        else:
            text = _say("montar_many", lang, **values)
    elif code == "asistir":
        if a.is_trumped and not a.overtake_when_trumped and a.beating_cards():
            text = _say("asistir_cut", lang, **values)
        elif len(a.legal) == 1:
            text = _say("asistir_only", lang, **values)
        else:
            text = _say("asistir_any", lang, **values)
    elif code == "fallar":
        text = _say("fallar_low" if a.is_trumped else "fallar", lang, **values)
    elif code == "pisar":
        text = _say("pisar", lang, **values)
    elif code == "companero":
        holds_lead = any(c.suit == a.lead_suit for c in a.legal)
        text = _say("companero_follow" if holds_lead else "companero_any", lang, **values)
    elif a.is_trumped and any(c.suit == a.trump for c in a.hand):  # libre
        text = _say("libre_cannot_overtrump", lang, **values)
    elif a.lead_suit == a.trump:
        text = _say("libre_trumps_led", lang, **values)
    else:
        text = _say("libre", lang, **values)
    return text + _winning_sentence(a, lang)


def explain_refusal(a: PlayAnalysis, card: Card, lang: str = "es") -> str:
    """Why ``card`` may not be played (one sentence); the rule's explanation if it may."""
    reason = a.refused_reason(card)
    if reason is None:
        return explain(a, lang)
    key = f"refuse_{reason}"
    if reason == "must_beat" and len(a.legal) > 1:
        key = "refuse_must_beat_many"  # "X and Y beat Z": the verb agrees with the list
    return _contract(_say(key, lang, name=card_name(card, lang), **_fields(a, lang)))


def describe_play(player: str, a: PlayAnalysis, card: Card, lang: str = "es") -> str:
    """Announce another player's card with the obligation behind it (third person)."""
    name = card_name(card, lang)
    lead = suit_name(a.lead_suit, lang) if a.lead_suit is not None else ""
    if card not in a.legal:
        why = explain_refusal(a, card, lang).split(": ", 1)[-1]
        return _say("play.renuncio", lang, player=player, name=name, why=why)
    return _contract(_say(f"play.{a.obligation}", lang, player=player, name=name, lead=lead))
