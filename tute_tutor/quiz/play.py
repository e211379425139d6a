"""Random hands played through the engine, and the one search every kind uses.

Every question comes from a random deal played with random legal cards and random
declarations; :func:`search` plays hands until one yields a wanted position and draws
one of the positions it saw.

>>> s = generate_scenario(random.Random(3), "clasico", obligation="pisar")
>>> s.analyse().obligation
'pisar'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Final, TypeVar

from tute_tutor.engine.cards import CARDS, Card
from tute_tutor.engine.errors import shown
from tute_tutor.engine.game import CABALLO, REY, Game
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.formats.scenario import Scenario
from tute_tutor.quiz.question import QuizError, parse_difficulty

MAX_GAMES: Final = 400
"""Random hands tried before a wanted position is declared out of reach."""

T = TypeVar("T")
Visit = Callable[[Game, str], bool]


def search(rng: random.Random, play: Callable[[int], Sequence[T]], missing: str, *,
           tries: int = MAX_GAMES) -> T:
    """Play random hands until one yields candidates, then draw one of them.

    ``play(attempt)`` plays one hand and returns what it found in it (empty: try
    again); after ``tries`` empty hands a :class:`QuizError` says ``missing``.
    """
    for attempt in range(tries):
        found = play(attempt)
        if found:
            return rng.choice(found)
    raise QuizError(missing)


def deal(rng: random.Random, rules: Rules) -> Game:
    """A random deal: random dealer, sometimes the first hand of a match."""
    return Game.deal(rules, rng=rng, dealer=rng.randrange(rules.players),
                     first_hand=rng.random() < 0.25)


def deal_with_tute(rng: random.Random, rules: Rules) -> tuple[Game, int]:
    """A deal where one seat holds four reyes or four caballos (about 1 deal in 50)."""
    for _ in range(20_000):
        game = deal(rng, rules)
        holders = [s for s in range(rules.players) if game.tute_kind(s) is not None]
        if holders:
            return game, holders[0]
    raise QuizError("no deal with a tute found")  # pragma: no cover - 1 in 50 deals


def _declare_randomly(game: Game, rng: random.Random, chance: float) -> None:
    """The seats asked after a trick, in the engine's order, make some of the declarations
    they may (tute, swap, cantes) and pass the others."""
    while not game.finished and (seat := game.declarer) is not None:
        if game.can_tute(seat) and rng.random() < chance:
            game.declare_tute(seat)
            return
        if game.can_swap(seat) and rng.random() < chance:
            game.swap(seat)
            continue
        suits = game.declarable_cantes(seat)
        if suits and rng.random() < chance:
            game.cante(seat, rng.choice(suits))
            continue
        game.pass_turn(seat)


def play_randomly(game: Game, rng: random.Random, *, chance: float = 0.85,
                  protect: int | None = None, visit: Visit | None = None) -> Game:
    """Play random legal cards to the end; ``visit(game, "moment" | "play")`` may stop it.

    ``protect`` is a seat that keeps its reyes and caballos while it can (so a dealt
    tute survives until it may be declared).
    """
    while not game.finished:
        if game.moment is not None:
            if visit is not None and visit(game, "moment"):
                return game
            _declare_randomly(game, rng, chance)
            if game.finished:
                break
        if visit is not None and visit(game, "play"):
            return game
        legal = list(game.analyse().legal)
        if protect is not None and game.turn == protect:
            plain = [c for c in legal if c.strength not in (REY, CABALLO)]
            legal = plain or legal
        game.play(rng.choice(legal))
    return game


def pair(suit: int) -> tuple[Card, Card]:
    """The rey and caballo of ``suit`` (a cante)."""
    return CARDS[10 * suit + REY], CARDS[10 * suit + CABALLO]


def holds(game: Game, seat: int, card: Card) -> bool:
    """Whether ``seat`` holds ``card`` now."""
    return bool(game.hands[seat] >> card.index & 1)


# =========================================================================== decisions
def obligations_for(rules: Rules, difficulty: int = 2) -> list[str]:
    """Obligation codes a rule set produces, narrowed by difficulty.

    Beginners meet the one-rule cases; pisar needs three cards on the table, the
    partner exemption needs its flag and teams, robo the two-player stock.
    """
    codes = ["salida", "asistir", "montar", "fallar", "libre"]
    if rules.players >= 3:
        codes.append("pisar")
    if rules.has_partner_exemption:
        codes.append("companero")
    if rules.has_stock:
        codes.append("robo")
    if difficulty <= 1:
        codes = [c for c in codes if c not in ("pisar", "companero")]
    elif difficulty >= 3:
        codes = [c for c in codes if c not in ("salida", "robo")]
    return codes


def _fits_difficulty(analysis: PlayAnalysis, difficulty: int, players: int) -> bool:
    if analysis.obligation in ("salida", "robo"):
        return True
    if difficulty <= 1:
        return len(analysis.trick) <= 1 or analysis.obligation in ("pisar", "companero")
    if difficulty >= 3:
        return len(analysis.trick) >= 2 or players == 2
    return True


def generate_scenario(rng: random.Random, rules: Rules | str = "clasico", *,
                      obligation: str | None = None, difficulty: int = 1) -> Scenario:
    """A real decision from a random hand, with the wanted ``obligation`` code if given.

    ``rules`` may be a preset id, short for ``find_rules(id)``.
    """
    if isinstance(rules, str):
        rules = find_rules(rules)
    scenario, _ = scenario_and_analysis(rng, rules, obligation=obligation,
                                        difficulty=difficulty)
    return scenario


def scenario_and_analysis(rng: random.Random, rules: Rules, *, obligation: str | None,
                          difficulty: int,
                          accept: Callable[[PlayAnalysis, Game], bool] | None = None,
                          ) -> tuple[Scenario, PlayAnalysis]:
    """A decision with the wanted obligation (``accept`` may narrow it), and its analysis.

    The first quarter of the hands tried must also fit the difficulty.
    """
    ruleset = rules.ruleset
    difficulty = parse_difficulty(difficulty)
    possible = obligations_for(rules, 2) + obligations_for(rules, 3)
    wanted = obligation or rng.choice(obligations_for(rules, difficulty))
    if wanted not in possible:
        raise QuizError(f"obligation {shown(wanted)} never happens under {ruleset} with these "
                        "flags "
                        f"(possible: {', '.join(dict.fromkeys(possible))})")

    def one_hand(attempt: int) -> list[PlayAnalysis]:
        strict = attempt < MAX_GAMES // 4
        found: list[PlayAnalysis] = []

        def visit(game: Game, moment: str) -> bool:
            if moment != "play":
                return False
            analysis = game.analyse()
            if analysis.obligation != wanted:
                return False
            if strict and not _fits_difficulty(analysis, difficulty, rules.players):
                return False
            if accept is not None and not accept(analysis, game):
                return False
            found.append(analysis)
            return False

        play_randomly(deal(rng, rules), rng, visit=visit)
        return found

    chosen = search(rng, one_hand,
                    f"no position with obligation {shown(wanted)} found under {ruleset}")
    scenario = Scenario(ruleset=ruleset, trump=chosen.trump, hand=chosen.hand,
                        trick=chosen.trick, overrides=rules.overrides_dict(),
                        stock_left=chosen.stock_left)
    return scenario, chosen


# =========================================================================== tricks
def pick_trick(rng: random.Random, new_deal: Callable[[], Game],
               want: Callable[[tuple[Card, ...], int], bool], missing: str,
               ) -> tuple[Game, int, dict[str, Any]]:
    """A finished trick of a random hand that ``want`` accepts: the game, the trick's
    index and the record up to it."""

    def one_hand(attempt: int) -> list[tuple[Game, int, dict[str, Any]]]:
        marks: list[tuple[int, dict[str, Any]]] = []
        seen = [0]

        def look(game: Game) -> None:
            if len(game.tricks) > seen[0]:
                seen[0] = len(game.tricks)
                if want(game.tricks[-1].cards, game.trump):
                    marks.append((len(game.tricks) - 1, game.to_record()))

        def visit(game: Game, moment: str) -> bool:
            look(game)
            return False

        game = play_randomly(new_deal(), rng, visit=visit)
        look(game)  # the last trick has no moment after it
        return [(game, index, record) for index, record in marks]

    return search(rng, one_hand, missing)
