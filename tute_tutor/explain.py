"""Sentences in Spanish and English built from a :class:`PlayAnalysis` and its reasons.

Nothing here decides a rule: every sentence reads the obligation code, the refusal
reasons and the cards the analysis already holds.

>>> from tute_tutor.rules import find_rules
>>> from tute_tutor.cards import parse_cards
>>> from tute_tutor.legal import analyse_play
>>> a = analyse_play(parse_cards("12c,4c,5b"), parse_cards("10c"), 0, find_rules("clasico"))
>>> print(explain(a, "es"))  # doctest: +NORMALIZE_WHITESPACE
Tienes copas: debes asistir, y tu rey de copas supera a la sota de copas de la mesa,
así que debes montar con él. Ahora gana la baza la sota de copas, de un rival.
"""

from __future__ import annotations

from collections.abc import Sequence

from tute_tutor.cards import Card, suit_name
from tute_tutor.legal import PlayAnalysis


def _lang(lang: str) -> str:
    return "en" if lang == "en" else "es"


def card_name(card: Card, lang: str) -> str:
    """A card's name with its article: ``el rey de copas``."""
    return card.name_with_article(_lang(lang))


def join_names(cards: Sequence[Card], lang: str) -> str:
    """``el rey de copas y el caballo de copas`` / ``the king of cups and ...``."""
    names = [card_name(c, lang) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    word = " y " if _lang(lang) == "es" else " and "
    return ", ".join(names[:-1]) + word + names[-1]


def _winning_sentence(a: PlayAnalysis, lang: str) -> str:
    if a.winning is None:
        return ""
    who_es = "de tu compañero" if a.winning_by == "partner" else "de un rival"
    who_en = "your partner's" if a.winning_by == "partner" else "an opponent's"
    if _lang(lang) == "es":
        return f" Ahora gana la baza {card_name(a.winning, lang)}, {who_es}."
    return f" The trick is being won by {card_name(a.winning, lang)}, {who_en} card."


def _contract(text: str) -> str:
    """Spanish contractions: ``a el`` is ``al``, ``de el`` is ``del``."""
    return text.replace(" a el ", " al ").replace(" de el ", " del ")


def explain(a: PlayAnalysis, lang: str = "es") -> str:
    """Why the legal cards are the legal cards, for the player to move (second person)."""
    return _contract(_explain(a, lang))


def _explain(a: PlayAnalysis, lang: str) -> str:
    es = _lang(lang) == "es"
    lead = suit_name(a.lead_suit, lang) if a.lead_suit is not None else ""
    trump = suit_name(a.trump, lang)
    high = card_name(a.high_lead, lang) if a.high_lead is not None else ""
    best = card_name(a.winning, lang) if a.winning is not None else ""
    legal = join_names(a.legal, lang)
    code = a.obligation
    if code == "salida":
        return ("Sales tú: la primera carta de la baza es libre, puedes jugar cualquiera."
                if es else "You lead: the first card of a trick is free, you may play any card.")
    if code == "robo":
        text = (f"Quedan {a.stock_left} cartas por robar: mientras dure el mazo no hay "
                "obligación de asistir, montar ni fallar, puedes jugar cualquier carta."
                if es else
                f"{a.stock_left} cards are left to draw: while the stock lasts there is no "
                "obligation to follow, beat or trump, you may play any card.")
    elif code == "montar":
        if len(a.legal) == 1:
            own = card_name(a.legal[0], lang).split(" ", 1)[1]
            pronoun = "ella" if a.legal[0].rank == 10 else "él"
            text = (f"Tienes {lead}: debes asistir, y tu {own} supera a {high} de la mesa, "
                    f"así que debes montar con {pronoun}." if es else
                    f"You hold {lead}: you must follow suit, and your {own} beats {high} on "
                    "the table, so you must play it (montar).")
        else:
            text = (f"Tienes {lead}: debes asistir, y {legal} superan a {high} de la mesa, "
                    "así que debes montar con una de ellas." if es else
                    f"You hold {lead}: you must follow suit, and {legal} beat {high} on the "
                    "table, so you must play one of them (montar).")
    elif code == "asistir":
        if a.is_trumped and a.beating_cards():
            text = (f"Tienes {lead}: debes asistir. La baza ya está fallada con {best}, así que "
                    f"no hace falta montar: vale cualquiera de tus {lead}." if es else
                    f"You hold {lead}: you must follow suit. The trick is already trumped with "
                    f"{best}, so you need not beat {high}: any of your {lead} will do.")
        elif len(a.legal) == 1:
            text = (f"Tienes {lead}: debes asistir. Tu única carta de {lead} es "
                    f"{legal} y no supera a {high}, pero debes echarla." if es else
                    f"You hold {lead}: you must follow suit. Your only {lead} card is {legal}; "
                    f"it does not beat {high}, but you must play it.")
        else:
            text = (f"Tienes {lead}: debes asistir. Ninguna de tus {lead} supera a {high}, "
                    "así que puedes echar cualquiera de ellas." if es else
                    f"You hold {lead}: you must follow suit. None of your {lead} beats {high}, "
                    "so any of them will do.")
    elif code == "fallar":
        if a.is_trumped:
            text = (f"No tienes {lead} y ninguno de tus triunfos supera a {best}, pero esta "
                    f"regla obliga a echar triunfo igualmente ({legal})." if es else
                    f"You have no {lead} and none of your trumps beats {best}, but this rule "
                    f"still makes you play a trump ({legal}).")
        else:
            text = (f"No tienes {lead} y nadie ha fallado todavía: debes fallar con un triunfo "
                    f"de {trump}; cualquiera de ellos gana la baza." if es else
                    f"You have no {lead} and nobody has trumped yet: you must play a trump "
                    f"({trump}); any of them wins the trick (fallar).")
    elif code == "pisar":
        text = (f"No tienes {lead} y la baza ya está fallada con {best}: debes pisar con un "
                f"triunfo mayor ({legal})." if es else
                f"You have no {lead} and the trick is already trumped with {best}: you must "
                f"overtrump with a higher trump ({legal}) (pisar).")
    elif code == "companero":
        holds_lead = any(c.suit == a.lead_suit for c in a.legal)
        if es:
            rest = (f"solo tienes que asistir a {lead}." if holds_lead
                    else "puedes echar cualquier carta.")
            text = (f"Tu compañero va ganando con {best}: con la exención del compañero no "
                    f"tienes que montar, fallar ni pisar; {rest}")
        else:
            rest = (f"you only have to follow {lead}." if holds_lead
                    else "you may play any card.")
            text = (f"Your partner is winning with {best}: under the partner exemption you "
                    f"need not beat, trump or overtrump; {rest}")
    else:  # libre
        if a.is_trumped and any(c.suit == a.trump for c in a.hand):
            text = (f"No tienes {lead} y ninguno de tus triunfos supera a {best}: no puedes "
                    "pisar, así que puedes echar cualquier carta." if es else
                    f"You have no {lead} and none of your trumps beats {best}: you cannot "
                    "overtrump, so you may play any card.")
        elif a.lead_suit == a.trump:
            text = (f"Han salido triunfos ({trump}) y no te queda ninguno: puedes echar "
                    "cualquier carta." if es else
                    f"Trumps ({trump}) were led and you have none left: you may play any card.")
        else:
            text = (f"No tienes {lead} ni triunfos de {trump}: puedes echar cualquier carta."
                    if es else
                    f"You have neither {lead} nor trumps ({trump}): you may play any card.")
    return text + _winning_sentence(a, lang)


def explain_refusal(a: PlayAnalysis, card: Card, lang: str = "es") -> str:
    """Why ``card`` may not be played (one sentence); the rule's explanation if it may."""
    return _contract(_explain_refusal(a, card, lang))


def _explain_refusal(a: PlayAnalysis, card: Card, lang: str) -> str:
    es = _lang(lang) == "es"
    reason = a.refused_reason(card)
    name = card_name(card, lang)
    lead = suit_name(a.lead_suit, lang) if a.lead_suit is not None else ""
    high = card_name(a.high_lead, lang) if a.high_lead is not None else ""
    best = card_name(a.winning, lang) if a.winning is not None else ""
    legal = join_names(a.legal, lang)
    if reason is None:
        return explain(a, lang)
    if reason == "must_follow":
        return (f"No puedes jugar {name}: tienes {lead} y debes asistir ({legal})." if es else
                f"You cannot play {name}: you hold {lead} and must follow suit ({legal}).")
    if reason == "must_beat":
        return (f"No puedes jugar {name}: {legal} supera a {high} y debes montar." if es else
                f"You cannot play {name}: {legal} beats {high} and you must beat it (montar).")
    if reason == "must_trump":
        return (f"No puedes jugar {name}: no tienes {lead} y debes fallar con un triunfo "
                f"({legal})." if es else
                f"You cannot play {name}: you have no {lead} and must trump ({legal}).")
    if reason == "must_overtrump":
        return (f"No puedes jugar {name}: debes pisar {best} con un triunfo mayor ({legal})."
                if es else
                f"You cannot play {name}: you must overtrump {best} with a higher trump "
                f"({legal}).")
    return (f"No puedes jugar {name}: no puedes pisar {best}, pero debes echar triunfo "
            f"({legal})." if es else
            f"You cannot play {name}: you cannot overtrump {best}, but you must still play a "
            f"trump ({legal}).")


def describe_play(player: str, a: PlayAnalysis, card: Card, lang: str = "es") -> str:
    """Announce another player's card with the obligation behind it (third person)."""
    es = _lang(lang) == "es"
    name = card_name(card, lang)
    lead = suit_name(a.lead_suit, lang) if a.lead_suit is not None else ""
    if card not in a.legal:
        why = explain_refusal(a, card, lang).split(": ", 1)[-1]
        return (f"¡Renuncio! {player} echa {name}, pero no podía: {why}" if es else
                f"Renuncio! {player} plays {name}, but may not: {why}")
    code = a.obligation
    lines_es = {
        "salida": f"{player} sale con {name}.",
        "robo": f"{player} echa {name} (queda mazo: juego libre).",
        "asistir": f"{player} tiene {lead}: asiste con {name}.",
        "montar": f"{player} tiene {lead} y puede superar la baza: debe montar y echa {name}.",
        "fallar": f"{player} no tiene {lead}: debe fallar y echa {name}.",
        "pisar": f"{player} no tiene {lead} y la baza está fallada: debe pisar y echa {name}.",
        "libre": f"{player} no tiene {lead} ni puede ganar con triunfo: juego libre, echa {name}.",
        "companero": f"{player} deja ganar a su compañero (exención) y echa {name}.",
    }
    lines_en = {
        "salida": f"{player} leads {name}.",
        "robo": f"{player} plays {name} (stock open: free play).",
        "asistir": f"{player} holds {lead}: follows with {name}.",
        "montar": f"{player} holds {lead} and can beat the trick: must do so and plays {name}.",
        "fallar": f"{player} has no {lead}: must trump and plays {name}.",
        "pisar": f"{player} has no {lead} and the trick is trumped: must overtrump and plays "
                 f"{name}.",
        "libre": f"{player} has no {lead} and cannot win with a trump: free to play {name}.",
        "companero": f"{player} lets the partner win (exemption) and plays {name}.",
    }
    return _contract((lines_es if es else lines_en)[code])
