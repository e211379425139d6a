"""Reading the other seats' play: which guessed deals explain the cards they chose.

:mod:`tute_tutor.ai.knowledge` keeps only what the rules prove (a seat that did not
follow has none of the suit). Players also choose among their legal cards, and most
choose the way the simple rules of :func:`~tute_tutor.ai.heuristics.rule_card` do: win
cheaply, keep pairs, throw nothing to an opponent. A guessed deal in which those rules
would have made a seat play the card it did play explains the play better than one in
which they would not.

:func:`observations` lists, from one seat's view, every earlier play of another seat
that was a real choice, with the public facts of its moment; :func:`play_weight` gives
a guessed deal weight 1, times ``mismatch`` for each observed card the simple rules
would not have chosen with that deal's cards. Level 4 draws a pool of deals and keeps
the heaviest (weighted sampling without replacement), so its playouts start from deals
that agree with how the others played. Only plays made with more than ``endgame`` cards
in hand count: near the end players calculate rather than follow rules of thumb.

Cantes tell too: every computer level, and nearly every person, sings as soon as it
may. :func:`silences` lists the seats that could have sung after a trick and did not;
a guessed deal that gives such a seat a whole unsung pair at that moment explains the
silence badly, and :func:`play_weight` multiplies it by ``unsung`` for each.

Hands are rebuilt from public facts only: a seat's hand at a past moment is the hand
the guessed deal gives it now plus the cards it has played since. Two players draw from
the stock between tricks, so this reading is for three and four players.

>>> from tute_tutor.engine.game import Game
>>> import random
>>> game = Game.deal("clasico", rng=random.Random(1), dealer=0)
>>> observations(game.view(0))
[]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tute_tutor.ai.heuristics import (
    ALL_CARDS,
    PAIR_MASKS,
    TrickInfo,
    rule_card,
    threats_of,
    uncounted_guess,
)
from tute_tutor.ai.knowledge import World, legal_for
from tute_tutor.engine.game import SeatView
from tute_tutor.engine.tricks import POINTS, partner_is_winning, play_into_trick


@dataclass(frozen=True, slots=True)
class PlayObservation:
    """One card another seat played, with what was public when it chose it."""

    seat: int
    card: int
    since: int  # the cards this seat played from this moment on (this one included)
    played_before: int  # every card played in the hand before this one
    trick: TrickInfo  # the open trick as it stood
    sung: int  # suits sung before this trick (bit per suit)
    partner_winning: bool
    opponents_after: int  # opponents of ``seat`` still to play on this trick
    trick_cards: int = 0  # the cards already on this trick (mask)


def observations(view: SeatView) -> list[PlayObservation]:
    """Every card played by a seat other than ``view.seat`` this hand (none in two
    players), newest first."""
    rules = view.rules
    if rules.has_stock:
        return []
    players = rules.players
    trump = view.trump
    tricks: list[tuple[int, Sequence[int], int]] = [
        (record.leader, [c.index for c in record.cards], record.number)
        for record in view.tricks]
    if view.trick:
        tricks.append((view.trick_seats[0], [c.index for c in view.trick],
                       len(view.tricks) + 1))
    sung_after: dict[int, int] = {}
    for cante in view.cantes:
        sung_after[cante.after_trick] = sung_after.get(cante.after_trick, 0) | 1 << cante.suit
    moments = []
    played = 0
    for leader, cards, number in tricks:
        sung = 0
        for after, suits in sung_after.items():
            if after < number:
                sung |= suits
        info = TrickInfo()
        on_trick = 0
        for position, card in enumerate(cards):
            seat = (leader + position) % players
            moments.append((seat, card, played, TrickInfo(info.lead, info.high, info.best,
                                                          info.winner, info.points,
                                                          position), sung, on_trick))
            on_trick |= 1 << card
            info.lead, info.high, info.best, wins = play_into_trick(card, info.lead,
                                                                    info.high, info.best,
                                                                    trump)
            if wins:
                info.winner = seat
            info.points += POINTS[card]
            played |= 1 << card
    out: list[PlayObservation] = []
    since = [0] * players
    for seat, card, played_before, info, sung, on_trick in reversed(moments):
        since[seat] |= 1 << card
        if seat == view.seat:
            continue
        first = (seat - info.count) % players
        partner_winning = partner_is_winning(rules.has_teams, info.count,
                                             (info.winner - first) % players)
        opponents_after = sum(
            1 for later in range(info.count + 1, players)
            if rules.team_of((first + later) % players) != rules.team_of(seat))
        out.append(PlayObservation(seat, card, since[seat], played_before, info, sung,
                                   partner_winning, opponents_after, on_trick))
    return out


@dataclass(frozen=True, slots=True)
class Silence:
    """A seat that could have sung after a trick and sang nothing."""

    seat: int
    since: int  # the cards this seat played after that trick
    pairs: tuple[int, ...]  # rey-caballo masks of the suits still unsung then


def silences(view: SeatView) -> list[Silence]:
    """Every moment after a won trick in which another seat may have sung and did not
    (none in two players). A moment still open is left out: its seats may sing yet."""
    rules = view.rules
    if rules.has_stock:
        return []
    players = rules.players
    last = len(view.tricks)
    if view.moment_open and not view.trick:
        last -= 1
    singers_at: dict[int, set[int]] = {}
    sung_by: dict[int, int] = {}
    for cante in view.cantes:
        singers_at.setdefault(cante.after_trick, set()).add(cante.seat)
        sung_by[cante.after_trick] = sung_by.get(cante.after_trick, 0) | 1 << cante.suit
    out: list[Silence] = []
    since = [0] * players
    for seat, card in zip(view.trick_seats, view.trick, strict=True):
        since[seat] |= card.bit
    for record in reversed(view.tricks):
        if record.number <= last:
            sang = singers_at.get(record.number, set())
            if rules.cante_by == "team" and rules.has_teams:
                able = [record.winner, (record.winner + 2) % 4]
            else:
                able = [record.winner]
            if rules.cantes_per_trick == "one" and sang:
                able = []
            sung = 0
            for number, suits in sung_by.items():
                if number <= record.number:
                    sung |= suits
            pairs = tuple(PAIR_MASKS[s] for s in range(4) if not sung >> s & 1)
            for seat in able:
                if seat != view.seat and seat not in sang and pairs:
                    out.append(Silence(seat, since[seat], pairs))
        for seat, card in zip(record.seats(players), record.cards, strict=True):
            since[seat] |= card.bit
    return out


def rules_of_thumb_card(observation: PlayObservation, hand: int, view: SeatView,
                        counts: bool = True) -> int:
    """The card the simple rules pick for the observed seat holding ``hand`` then, or
    -1 when it had no choice. A seat that ``counts`` knows which cards were played
    before and expects only its opponents to beat it; one that does not (level 2, and
    the many people who do not count) takes every card not in its hand or on the trick
    to be still out, and the next seat, whoever it is, to follow suit."""
    rules = view.rules
    info = observation.trick
    legal = legal_for(hand, info.lead, info.high, info.best, view.trump, rules,
                      partner_winning=observation.partner_winning)
    if not legal & (legal - 1):
        return -1
    if counts:
        unseen = ALL_CARDS & ~hand & ~observation.played_before
        threats = threats_of(info.lead, view.trump,
                             [(unseen, False)] * observation.opponents_after)
    else:
        unseen, threats = uncounted_guess(hand, observation.trick_cards, info.lead,
                                          view.trump, rules.players - 1 - info.count)
    return rule_card(observation.seat, hand, legal, info, view.trump, rules.players,
                     sung=observation.sung, unseen=unseen, threats=threats)


def play_weight(world: World, seen: Sequence[PlayObservation], view: SeatView, *,
                mismatch: float, endgame: int, quiet: Sequence[Silence] = (),
                unsung: float = 1.0, uncounted: float = 0.0) -> float:
    """How well ``world`` explains the observed plays: for each seat, ``mismatch`` to
    the power of its plays (made with more than ``endgame`` cards) the simple rules
    would not choose, times ``unsung`` for each of the ``quiet`` seats that held a whole
    pair then.

    A seat may be of two kinds, and keeps its kind all hand: one that counts the cards
    played (read by default) and, with odds ``uncounted``, one that does not (level 2,
    and many people), whose every play is read, the last ones too (it does not
    calculate at the end); a seat's factor is the two kinds' powers of ``mismatch``
    mixed in those odds."""
    weight = 1.0
    for silence in quiet:
        hand = world.hands[silence.seat] | silence.since
        if any(hand & pair == pair for pair in silence.pairs):
            weight *= unsung
    kinds = (True, False) if uncounted > 0 else (True,)
    misses: dict[int, list[int]] = {}
    for observation in seen:
        hand = world.hands[observation.seat] | observation.since
        late = hand.bit_count() <= endgame
        if late and uncounted <= 0:
            continue
        seat = misses.setdefault(observation.seat, [0, 0])
        for kind, counts in enumerate(kinds):
            if late and counts:
                continue  # near the end a player who counts calculates
            choice = rules_of_thumb_card(observation, hand, view, counts)
            if choice >= 0 and choice != observation.card:
                seat[kind] += 1
    for counting, plain in misses.values():
        weight *= (1 - uncounted) * mismatch ** counting + uncounted * mismatch ** plain
    return weight


def heaviest(worlds: Sequence[World], weights: Sequence[float], count: int,
             rng: random.Random) -> list[World]:
    """``count`` of ``worlds`` drawn without replacement in proportion to ``weights``
    (Efraimidis and Spirakis: the largest ``u ** (1 / w)`` keys win)."""
    keyed = sorted(((rng.random() ** (1.0 / w) if w > 0 else 0.0, i)
                    for i, w in enumerate(weights)), reverse=True)
    return [worlds[i] for _, i in keyed[:count]]
