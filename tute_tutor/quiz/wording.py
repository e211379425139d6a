"""Words shared by several quiz kinds: players, sides, facts about a decision or a trick.

Every text comes from the ``quiz`` catalogues (``words/{es,en}/quiz.toml``).
"""

from __future__ import annotations

from collections.abc import Iterable

from tute_tutor.engine.cards import SUIT_LETTERS, Card, suit_name
from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.question import Board
from tute_tutor.words.cards import figure_words
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.explain import card_name, join_names


def tr(key: str, lang: str, **values: object) -> str:
    """The quiz catalogue's text ``quiz.<key>`` in ``lang``; ``{king}``, ``{the_knight}``
    and the other figure words are always there, in the words of the deck spoken."""
    return t(f"quiz.{key}", lang, **{**figure_words(lang), **values})


def cards_text(cards: Iterable[Card], lang: str) -> str:
    """Cards named in a list ("nothing" when there are none)."""
    listed = list(cards)
    return join_names(listed, lang) if listed else tr("nothing", lang)


def card_labels(cards: Iterable[Card], lang: str) -> tuple[str, ...]:
    """Each card's name, as option labels."""
    return tuple(c.name(lang) for c in cards)


def player(seat: int, lang: str) -> str:
    """"Player 3"."""
    return tr("player", lang, n=seat + 1)


def side_label(side: int, rules: Rules, lang: str) -> str:
    """A team (with its players) or, without teams, a player."""
    if rules.has_teams:
        return tr("team", lang, name="AB"[side], a=side + 1, b=side + 3)
    return player(side, lang)


def played_text(cards: Iterable[Card], labels: Iterable[str], lang: str) -> str:
    """"the as de oros (player 2), the ..." for cards on the table."""
    return ", ".join(f"{card_name(c, lang)} ({who})"
                     for c, who in zip(cards, labels, strict=True))


def rules_fact(rules: Rules, lang: str, *topics: str) -> list[str]:
    """The facts that say which flags of ``topics`` are in force."""
    facts = []
    for topic in topics:
        if topic == "cante_by" and rules.has_teams:
            facts.append(tr(f"fact_cante_by_{rules.cante_by}", lang))
        elif topic == "overtake" and rules.overtake_when_trumped:
            facts.append(tr("fact_overtake", lang))
        elif topic == "low_trump" and rules.trump_when_cannot_overtrump:
            facts.append(tr("fact_low_trump", lang))
        elif topic == "exemption" and rules.has_partner_exemption:
            facts.append(tr("fact_exemption", lang))
    return facts


def stock_fact(stock_left: int, lang: str) -> str:
    """How many cards the stock still holds."""
    if not stock_left:
        return tr("fact_stock_empty", lang)
    return t_count("quiz.fact_stock", stock_left, lang, n=stock_left)


# =========================================================================== decisions
def trick_labels(trick_length: int, rules: Rules, lang: str) -> list[str]:
    """Who played each card of the trick, seen by the player to move."""
    labels = []
    for i in range(trick_length):
        back = trick_length - i
        partner = rules.has_teams and back == 2
        labels.append(tr("partner" if partner else "opponent", lang))
    return labels


def decision_facts(analysis: PlayAnalysis, rules: Rules, lang: str) -> list[str]:
    """Trump, the table, the hand, the stock and the flags of a decision."""
    trick = list(analysis.trick)
    table = played_text(trick, trick_labels(len(trick), rules, lang), lang)
    facts = [tr("fact_trump", lang, suit=suit_name(analysis.trump, lang)),
             tr("fact_table", lang, cards=table) if trick else tr("fact_lead", lang),
             tr("fact_hand", lang, cards=cards_text(analysis.hand, lang))]
    if rules.has_stock:
        facts.append(stock_fact(analysis.stock_left, lang))
    facts += rules_fact(rules, lang, "overtake", "low_trump", "exemption")
    return facts


def decision_board(analysis: PlayAnalysis, rules: Rules, lang: str) -> Board:
    """The trump, the hand and the table of a decision."""
    return Board(trump=SUIT_LETTERS[analysis.trump],
                 hand=tuple(str(c) for c in analysis.hand),
                 trick=tuple(str(c) for c in analysis.trick),
                 trick_labels=tuple(trick_labels(len(analysis.trick), rules, lang)))


def decision_highlight(analysis: PlayAnalysis) -> tuple[str, ...]:
    """The legal cards and the card winning the trick."""
    matter = [*analysis.legal, *([analysis.winning] if analysis.winning else [])]
    return tuple(dict.fromkeys(str(c) for c in matter))


# =========================================================================== tricks
def trick_facts(game: Game, index: int, lang: str) -> tuple[list[str], list[str]]:
    """Trump and trick ``index`` of ``game`` as facts, and who played each card."""
    trick = game.tricks[index]
    labels = [player(s, lang) for s in trick.seats(game.players)]
    facts = [tr("fact_trump", lang, suit=suit_name(game.trump, lang)),
             tr("fact_trick", lang, n=trick.number,
                cards=played_text(trick.cards, labels, lang))]
    return facts, labels


def trick_board(game: Game, index: int, labels: list[str]) -> Board:
    """Trump and trick ``index`` of ``game``."""
    trick = game.tricks[index]
    return Board(trump=SUIT_LETTERS[game.trump], trick=tuple(str(c) for c in trick.cards),
                 trick_labels=tuple(labels), trick_number=trick.number)


def cante_words(suit: int, trump: int, lang: str) -> str:
    """"las 20 en oros" or "las 40 en copas"."""
    if suit == trump:
        return tr("cante_40_in", lang, suit=suit_name(suit, lang))
    return tr("cante_20_in", lang, suit=suit_name(suit, lang))
