"""Why a computer played its card: a :class:`Reason` as data, true of the position.

A reason is read off the seat's :class:`~tute_tutor.engine.game.SeatView` (only what that
seat could know: its hand, the table, the cards seen) and the computer's
:class:`~tute_tutor.ai.base.Decision` (the card, its basis and, for the levels that rate
cards, the value of every legal card). It holds :class:`Fact` values: first what the card
does (the kinds of :data:`PLAY_KINDS`), then what it keeps (:data:`KEEP_KINDS`), and for a
rated choice the :class:`Edge` it had over the next best card. Every kind is a statement
about the position that a test checks with its own code ("master": no card still unseen
beats it; "partner winning": the partner's card wins the trick as it stands).

>>> from tute_tutor.ai.base import Decision
>>> from tute_tutor.engine.game import Game
>>> from tute_tutor.engine.cards import Card, mask_of, parse_cards
>>> from tute_tutor.engine.variants import find_rules
>>> hands = [mask_of(parse_cards(h)) for h in ("1c,4b", "3c,5b", "2c,6b", "4c,7b")]
>>> game = Game(find_rules("clasico"), 3, hands, Card.parse("7o").index)
>>> _ = game.play(Card.parse("1c"))
>>> view = game.view(1)
>>> reason = reason_for(view, Decision(Card.parse("3c"), "forced"))
>>> reason.kind, reason.facts[0].code
('forced', 'asistir')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from tute_tutor.ai.base import (
    Action,
    Basis,
    CanteAction,
    Decision,
    Preferred,
    SwapAction,
    TuteAction,
)
from tute_tutor.engine.cards import CARDS, SUIT_MASKS, Card
from tute_tutor.engine.game import CABALLO, REY, SeatView
from tute_tutor.engine.legal import analyse_play
from tute_tutor.engine.tricks import ABOVE, play_into_trick

PLAY_KINDS: Final = (
    "forced",          # the only legal card; ``obligation`` says why
    "takes_last",      # wins the trick and nobody plays after it
    "takes_master",    # wins it and no card still unseen can beat it
    "takes_cheapest",  # wins it for now with the cheapest card that wins it
    "takes",           # wins it for now (a dearer winner kept back or spent)
    "feeds_safe",      # points on the partner's trick, which nobody still to play can beat
    "feeds",           # points on the partner's trick, winning for now
    "under_partner",   # no points on the partner's winning trick
    "throws_cheapest",  # cannot win the trick: the card with the fewest points
    "throws",          # cannot win the trick: a card with points all the same
    "ducks",           # could win it but plays its cheapest card and lets it go
    "plays",           # could win it, plays a card that does not, not the cheapest
    "draws_trumps",    # leads a trump while other trumps are still out (arrastrar)
    "leads_master",    # leads a card that no unseen card of its suit beats
    "leads_low",       # leads low: ``card`` (the top of that suit) is still out
    "leads",           # leads a strong card although a higher one is still out
)
"""What a card does, one of these first in every play reason."""
KEEP_KINDS: Final = (
    "keeps_trump",     # could have played a trump, kept ``card`` for the last tricks
    "keeps_pair",      # could have broken a pair it may still sing, kept it whole
    "cheapest_winner",  # of the cards that win the trick, the one worth the fewest points
)
"""What a play keeps or saves, after its first fact."""
DECLARATION_KINDS: Final = ("sings_forty", "sings_twenty", "declares_tute", "swaps")
"""A declaration of the moment after a trick: a cante, a tute, the two-player swap."""
REASON_KINDS: Final = PLAY_KINDS + KEEP_KINDS + DECLARATION_KINDS
KEEP_TRUMP_HAND: Final = 4
""""Keeps a trump for the last tricks" is said with at most this many cards in hand."""

Kind = Literal[
    "forced", "takes_last", "takes_master", "takes_cheapest", "takes", "feeds_safe",
    "feeds", "under_partner", "throws_cheapest", "throws", "ducks", "plays",
    "draws_trumps", "leads_master", "leads_low", "leads", "keeps_trump", "keeps_pair",
    "cheapest_winner", "sings_forty", "sings_twenty", "declares_tute", "swaps"]


@dataclass(frozen=True, slots=True)
class Fact:
    """One true statement about a card or declaration.

    ``card`` is the card the statement names besides the one played: the partner's
    winning card (feeds), the card still out (leads_low), the trump or the rey kept, the
    face-up card taken in a swap. ``count`` is the number of trumps still out for
    draws_trumps; ``code`` the engine's obligation for forced (``asistir``,
    ``montar``...) and the kind of a tute (``reyes``, ``caballos``).
    """

    kind: Kind
    card: Card | None = None
    suit: int | None = None
    count: int = 0
    code: str = ""


@dataclass(frozen=True, slots=True)
class Edge:
    """Why a rated card was preferred: its value over the next best card.

    Values are the computer's own (points for its side from here to the end of the
    hand): ``exact`` by the solver, ``playouts`` by level 4's playouts; ``worlds`` deals
    consistent with the seat's view were rated.
    """

    margin: float
    runner_up: Card
    basis: Basis
    worlds: int
    why: Preferred = ""
    """When the card is worth fewer points than ``runner_up``: why it was chosen
    (:attr:`tute_tutor.ai.base.Decision.why`)."""
    wins: tuple[float, float] = (0.0, 0.0)
    """With ``why`` "wins": the worlds the side wins the hand in with the card and with
    ``runner_up``."""

    def to_json(self) -> list[object]:
        """``[margin, runner-up, basis, worlds]``, then ``why`` and the two win counts
        when the card was chosen for a reason other than its points."""
        out: list[object] = [self.margin, str(self.runner_up), self.basis, self.worlds]
        if self.why:
            out += [self.why, self.wins[0], self.wins[1]]
        return out

    @classmethod
    def from_json(cls, item: Sequence[object]) -> Edge | None:
        """What :meth:`to_json` gave, or None when it does not fit an edge."""
        if len(item) not in (4, 7):
            return None
        margin, card, basis, worlds, *rest = item
        if not (isinstance(margin, int | float) and abs(margin) <= 1000
                and isinstance(worlds, int) and 0 <= worlds <= 10_000
                and basis in ("exact", "playouts") and isinstance(card, str)):
            return None
        try:
            runner = Card.parse(card)
        except ValueError:
            return None
        edge = cls(float(margin), runner, "exact" if basis == "exact" else "playouts",
                   worlds)
        if not rest:
            return edge
        why, own, other = rest
        if why not in ("wins", "sound") or not (isinstance(own, int | float) and isinstance(
                other, int | float) and 0 <= own <= worlds and 0 <= other <= worlds):
            return None
        return cls(edge.margin, runner, edge.basis, worlds,
                   "wins" if why == "wins" else "sound", (float(own), float(other)))


@dataclass(frozen=True, slots=True)
class Reason:
    """Why ``seat`` played ``card`` (None for a declaration): its facts, first the main one."""

    seat: int
    card: Card | None
    facts: tuple[Fact, ...]
    edge: Edge | None = None

    @property
    def kind(self) -> Kind:
        """The main fact's kind."""
        return self.facts[0].kind


# --------------------------------------------------------------------------- reading the position
def _beaters(card: Card, trump: int) -> int:
    """Cards that beat ``card`` whatever was led: higher of its suit, any trump if it is none."""
    above = ABOVE[card.index]
    return above if card.suit == trump else above | SUIT_MASKS[trump]


def _trick_after(view: SeatView, card: Card | None = None) -> tuple[int, int, int, int]:
    """(lead, high, best, position of the winning card) of the open trick, plus ``card``."""
    lead = high = best = -1
    position = -1
    played = [c.index for c in view.trick] + ([card.index] if card is not None else [])
    for i, index in enumerate(played):
        lead, high, best, wins = play_into_trick(index, lead, high, best, view.trump)
        if wins:
            position = i
    return lead, high, best, position


def wins_now(view: SeatView, card: Card) -> bool:
    """Whether ``card`` would be winning the open trick once played."""
    return _trick_after(view, card)[3] == len(view.trick)


def is_last_to_play(view: SeatView) -> bool:
    """The seat plays the trick's last card."""
    return len(view.trick) == view.players - 1


def no_unseen_beats(view: SeatView, card: Card) -> bool:
    """No card this seat has not seen can beat ``card`` (a master card)."""
    return not view.unseen_mask() & _beaters(card, view.trump)


def partner_winning_card(view: SeatView) -> Card | None:
    """The partner's card when it is winning the open trick as it stands (four players)."""
    if not view.rules.has_teams or not view.trick:
        return None
    position = _trick_after(view)[3]
    seat = view.trick_seats[position]
    if seat != (view.seat + 2) % 4:
        return None
    return view.trick[position]


def pair_suits(view: SeatView) -> list[int]:
    """Suits whose rey and caballo the seat holds unsung, while it may still sing them."""
    if view.rules.has_stock and view.stock_left == 0:
        return []
    return [s for s in range(4) if s not in view.sung_suits
            and view.hand_mask >> (10 * s + REY) & 1 and view.hand_mask >> (10 * s + CABALLO) & 1]


def top_unseen(view: SeatView, suit: int) -> Card | None:
    """The highest card of ``suit`` this seat has not seen, if any."""
    mask = view.unseen_mask() & SUIT_MASKS[suit]
    return CARDS[mask.bit_length() - 1] if mask else None


# --------------------------------------------------------------------------- the reasons
def reason_for(view: SeatView, decision: Decision) -> Reason:
    """Why the seat of ``view`` plays ``decision.card`` (``view`` is taken before it)."""
    card = decision.card
    legal = view.legal or (card,)
    if len(legal) == 1:
        analysis = analyse_play(view.hand, view.trick, view.trump, view.rules,
                                view.stock_left)
        return Reason(view.seat, card, (Fact("forced", code=analysis.obligation),))
    main = _lead_fact(view, card) if not view.trick else _follow_fact(view, card, legal)
    facts = [main, *_keep_facts(view, card, legal, main)]
    return Reason(view.seat, card, tuple(facts), _edge(decision))


def _lead_fact(view: SeatView, card: Card) -> Fact:
    if card.suit == view.trump:
        out = (view.unseen_mask() & SUIT_MASKS[view.trump]).bit_count()
        if out:
            return Fact("draws_trumps", suit=view.trump, count=out)
    top = top_unseen(view, card.suit)
    if top is None or not top.beats(card):
        return Fact("leads_master")
    if card.points < 10:
        return Fact("leads_low", card=top)
    return Fact("leads", card=top)


def _follow_fact(view: SeatView, card: Card, legal: Sequence[Card]) -> Fact:
    if wins_now(view, card):
        if is_last_to_play(view):
            return Fact("takes_last")
        if no_unseen_beats(view, card):
            return Fact("takes_master")
        winners = [c for c in legal if wins_now(view, c)]
        if card.points == min(c.points for c in winners):
            return Fact("takes_cheapest")
        return Fact("takes")
    partner = partner_winning_card(view)
    if partner is not None:
        if card.points == 0:
            return Fact("under_partner", card=partner)
        if is_last_to_play(view) or no_unseen_beats(view, partner):
            return Fact("feeds_safe", card=partner)
        return Fact("feeds", card=partner)
    cheapest = card.points == min(c.points for c in legal)
    if not any(wins_now(view, c) for c in legal):
        return Fact("throws_cheapest" if cheapest else "throws")
    return Fact("ducks" if cheapest else "plays")


def _keep_facts(view: SeatView, card: Card, legal: Sequence[Card], main: Fact) -> list[Fact]:
    facts: list[Fact] = []
    if main.kind in ("takes_last", "takes_master"):
        winners = [c for c in legal if wins_now(view, c)]
        if len(winners) > 1 and card.points < min(c.points for c in winners if c != card):
            facts.append(Fact("cheapest_winner"))
    trumps_kept = [c for c in view.hand if c.suit == view.trump and c != card]
    if (card.suit != view.trump and trumps_kept and len(view.hand) <= KEEP_TRUMP_HAND
            and any(c.suit == view.trump for c in legal)):
        facts.append(Fact("keeps_trump", card=max(trumps_kept, key=lambda c: c.index)))
    for suit in pair_suits(view):
        pair = {CARDS[10 * suit + REY], CARDS[10 * suit + CABALLO]}
        if card not in pair and pair & set(legal):
            facts.append(Fact("keeps_pair", card=CARDS[10 * suit + REY], suit=suit))
    return facts


def _edge(decision: Decision) -> Edge | None:
    others = [(c, v) for c, v in decision.values if c != decision.card]
    own = decision.value_of(decision.card)
    if own is None or not others:
        return None
    runner_up, value = max(others, key=lambda pair: (pair[1], -pair[0].index))
    margin = round(own - value, 1)
    if round(margin) < 0 and decision.why:
        return Edge(margin, runner_up, decision.basis, decision.worlds, decision.why,
                    decision.wins)
    return Edge(margin, runner_up, decision.basis, decision.worlds)


def declaration_reasons(view: SeatView, actions: Sequence[Action]) -> list[Reason]:
    """Why the seat of ``view`` makes each of ``actions`` (its declarations this moment).

    Plays among them are skipped (their reason is :func:`reason_for`'s).
    """
    out = []
    for action in actions:
        if isinstance(action, CanteAction):
            kind: Kind = "sings_forty" if action.suit == view.trump else "sings_twenty"
            fact = Fact(kind, card=CARDS[10 * action.suit + REY], suit=action.suit)
        elif isinstance(action, TuteAction):
            fact = Fact("declares_tute", code=action.kind or tute_kind(view))
        elif isinstance(action, SwapAction) and view.face_up is not None:
            fact = Fact("swaps", card=view.face_up, suit=view.trump)
        else:
            continue
        out.append(Reason(view.seat, None, (fact,)))
    return out


def tute_kind(view: SeatView) -> str:
    """"reyes" or "caballos": the four the seat holds (for a tute declared with no kind)."""
    for rank_strength, kind in ((REY, "reyes"), (CABALLO, "caballos")):
        if all(view.hand_mask >> (10 * s + rank_strength) & 1 for s in range(4)):
            return kind
    return ""


__all__ = ["DECLARATION_KINDS", "KEEP_KINDS", "PLAY_KINDS", "REASON_KINDS", "Edge", "Fact",
           "Reason", "declaration_reasons", "is_last_to_play", "no_unseen_beats",
           "pair_suits", "partner_winning_card", "reason_for", "top_unseen", "tute_kind",
           "wins_now"]
