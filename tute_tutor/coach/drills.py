"""Drills: for each skill of the lesson path, short sittings with a target and stars.

A skill's id is the id of its lesson (``lessons/<id>.toml``); :data:`SKILLS` lists the
lessons that have a drill. A skill trains one or more *items*: a quiz kind asking about
one rule (:mod:`tute_tutor.quiz`, every question generated from a real position and
answered by the engine), or :data:`BEST_CARD`, a position of a real deal where one card
is clearly best by the exact solver (the last tricks of an :mod:`ending
<tute_tutor.coach.endings>`, the learner's side to play; for the themes ``cantes`` and
``stock``, a :mod:`puzzle <tute_tutor.coach.puzzles>` of that theme turned so that the
learner's seat plays: guarding a cante, the last trick of the two players' stock), or
:data:`MATCH_POINTS`, the match points a real finished hand gives
(:mod:`tute_tutor.quiz.match_points`).

A **sitting** (:func:`sitting`) is :attr:`Spec.count` (6 to 10) items drawn from the seed:
the same skill, seed and rules give the same items; a skill that mixes questions with
best-card positions starts with a question (its position is made meanwhile,
:func:`make_ahead`). Its **target** is
:attr:`Spec.target` right answers in a row. **Stars** (:func:`stars`): none until the
target is reached; then 3 with no miss in the whole sitting, 2 with one miss, 1 with more.
A sitting ends when every item is answered, or early once the target can no longer be
reached (:func:`score`); a new sitting (another seed) is the retry.

**Rules**: a sitting uses the rules it is given (the sidebar's rule set and flags) when
they can ask every item of the skill and have the table size the skill is about
(:attr:`Spec.players`); otherwise the skill's own rule set (:attr:`Spec.preset`: tute a
dos or a tres for their lessons, four players for the others), so that a lesson about
the stock drills with a stock. A skill about house flags (:attr:`Spec.flags`: the
partner exemption, the strict variants) sets them on either, whatever the sidebar says,
and asks only decisions the flags change (:data:`SWITCHED`), so that every item tests
the flag; other skills narrow their decisions in the same way (:attr:`Spec.accept`).

>>> from tute_tutor.engine.variants import find_rules
>>> drill = sitting("pisar", 7, find_rules("clasico"))
>>> len(drill.items), drill.target
(8, 5)
>>> question = drill.question(0, "en")
>>> drill.is_right(0, question.answer), drill.is_right(0, ())
(True, False)
>>> stars([True] * 8, 5), stars([False, True, True, True, True, True, True, True], 5)
(3, 2)
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final

from tute_tutor.ai.solver import Solver
from tute_tutor.coach.endings import LEARNER, EndingPlay, ending_at
from tute_tutor.coach.puzzles import (
    MIN_MARGIN,
    Puzzle,
    PuzzleError,
    classify,
    iter_puzzles,
    puzzle_at,
)
from tute_tutor.engine.cards import CARDS, FULL_DECK_MASK, Card
from tute_tutor.engine.errors import TuteError, shown
from tute_tutor.engine.game import CABALLO, REY, Game
from tute_tutor.engine.legal import PlayAnalysis, analyse_play
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.quiz import match_points
from tute_tutor.quiz.generator import check_answer, generate_question, kinds_for, rules_for
from tute_tutor.quiz.kind import Accept
from tute_tutor.quiz.question import DIFFICULTIES, QuizQuestion

MAX_STARS: Final = 3
"""Most stars a sitting earns."""
BEST_CARD: Final = "best_card"
"""The item kind "which card is best here?" (judged by the exact solver)."""
MATCH_POINTS: Final = match_points.KIND
"""The item kind "how many match points does this hand give your side?"
(:mod:`tute_tutor.quiz.match_points`)."""


class DrillError(TuteError):
    """A drill that cannot be made (unknown skill, an item of another kind)."""

    code = "bad_drill"


@dataclass(frozen=True, slots=True)
class Spec:
    """What a skill drills: its items (kind, rule), their number, the target, the rule
    set to use when the given one cannot ask them."""

    items: tuple[tuple[str, str], ...]
    count: int = 8
    target: int = 5
    preset: str = "clasico"
    players: int | None = None
    """The table size the skill is about (its lesson's variant), or None for any."""
    flags: tuple[tuple[str, Any], ...] = ()
    """House flags the skill is about, set on whatever rules the sitting uses."""
    difficulty: int = 1
    """The lowest quiz difficulty its items use (2: positions with two or more cards on
    the table, which a trumped trick needs)."""
    accept: str = ""
    """The test every decision item (``legal``, ``obligation``) passes:
    :data:`SWITCHED`, :data:`PAIR_LED` or :data:`STOCK_EDGE`; empty: any decision of the
    item's obligation."""


SWITCHED: Final = "switched"
"""Only decisions whose legal cards change when the skill's :attr:`Spec.flags` are off."""
PAIR_LED: Final = "pair-led"
"""Only decisions where the player holds the rey and caballo of the suit led, not sung."""
STOCK_EDGE: Final = "stock-edge"
"""Only the last trick with a stock (two cards left in it) and the first trick after it
(the stock just gone, full hands): where the free play ends and the duties come back."""

SPECS: Final[dict[str, Spec]] = {
    "baraja": Spec((("trick_winner", "trick_lead_suit"),)),
    "puntos": Spec((("trick_points", "card_points"),)),
    "reparto": Spec((("trick_winner", "trick_trumped"), ("obligation", "salida"))),
    "asistir-montar": Spec((("legal", "asistir"), ("legal", "montar"),
                            ("obligation", "asistir"), ("obligation", "montar"))),
    "fallar": Spec((("legal", "fallar"), ("obligation", "fallar"), ("renuncio", "fallar"))),
    "pisar": Spec((("legal", "pisar"), ("obligation", "pisar"), ("renuncio", "pisar"))),
    "baza-fallada": Spec((("trick_winner", "trick_trumped"), ("legal", "pisar"),
                          ("obligation", "asistir"))),
    "companero": Spec((("renuncio", "montar"), ("renuncio", "fallar"),
                       ("renuncio", "pisar")), players=4),
    "cantes": Spec((("cante", "cante_20"), ("cante", "cante_40"), ("cante", "cante_sung"),
                    ("cante", "cante_timing"))),
    "tute": Spec((("cante", "cante_tute"), ("hand_winner", "hand_tute")), count=6, target=4),
    "recuento": Spec((("hand_winner", "hand_points"), ("hand_winner", "hand_ultimas"),
                      ("hand_winner", "hand_cantes"), ("trick_points", "card_points"))),
    "tute-a-tres": Spec((("legal", "asistir"), ("legal", "montar"), ("legal", "fallar"),
                         ("obligation", "pisar")), preset="a-tres", players=3),
    "tute-a-dos": Spec((("legal", "robo"), ("obligation", "robo"), ("legal", "libre")),
                       preset="a-dos", players=2),
    "tute-a-dos-cambio": Spec((("swap", "swap_seven"), ("swap", "swap_two"),
                               ("swap", "swap_none"), ("cante", "cante_timing")),
                              preset="a-dos", players=2),
    "tute-a-dos-arrastre": Spec((("legal", "asistir"), ("legal", "montar"),
                                 ("legal", "fallar"), ("renuncio", "montar")), preset="a-dos",
                                players=2),
    "estrategia": Spec(((BEST_CARD, ""),), count=6, target=4),
    "contar-cartas": Spec(((BEST_CARD, "counting"), (BEST_CARD, "")), count=6, target=4),
    "diez-de-ultimas": Spec(((BEST_CARD, "last-trick"),), count=6, target=4),
    "jugar-en-pareja": Spec(((BEST_CARD, ""),), count=6, target=4, players=4),
    "errores": Spec(((BEST_CARD, ""),), count=6, target=4),
    "exencion": Spec((("legal", "companero"), ("obligation", "companero")), players=4,
                     flags=(("partner_exemption", True),), accept=SWITCHED),
    "guardar-cante": Spec((("legal", "montar"), ("legal", "asistir"), ("cante", "cante_timing"),
                           ("cante", "cante_20"), ("cante", "cante_40"),
                           (BEST_CARD, "cantes")), players=4, difficulty=2,
                          accept=PAIR_LED),
    "mazo-a-dos": Spec((("obligation", "robo"), ("legal", "montar"), ("legal", "fallar"),
                        ("swap", "swap_seven"), ("swap", "swap_none"),
                        ("cante", "cante_timing"), ("cante", "cante_20"),
                        (BEST_CARD, "stock")), preset="a-dos", players=2,
                       accept=STOCK_EDGE),
    "partida": Spec(tuple((MATCH_POINTS, rule) for rule in match_points.RULES),
                    preset="ludoteka"),
    "variantes": Spec((("legal", "montar"), ("obligation", "montar"), ("legal", "fallar"),
                       ("obligation", "fallar")), players=4,
                      flags=(("overtake_when_trumped", True),
                             ("trump_when_cannot_overtrump", True)), difficulty=2,
                      accept=SWITCHED),
}
"""Every skill with a drill, by lesson id: every lesson of the path has one."""

SKILLS: Final[tuple[str, ...]] = tuple(SPECS)
"""The skill ids (lesson ids) that have drills."""


@dataclass(frozen=True, slots=True)
class Item:
    """One variant of a sitting: what it asks and the seed it is made from."""

    kind: str
    rule: str
    seed: int
    difficulty: int = 1


def _with_flags(rules: Rules, flags: Iterable[tuple[str, Any]]) -> Rules:
    wanted = dict(flags)
    if not wanted:
        return rules
    return find_rules(rules.ruleset, {**rules.overrides_dict(), **wanted})


def _switched(rules: Rules, flags: tuple[tuple[str, Any], ...]) -> Accept:
    default = Rules()
    without = _with_flags(rules, ((name, getattr(default, name)) for name, _ in flags))

    def accept(analysis: PlayAnalysis, game: Game) -> bool:
        other = analyse_play(analysis.hand, analysis.trick, analysis.trump, without,
                             analysis.stock_left)
        return other.legal != analysis.legal

    return accept


def _pair_led(analysis: PlayAnalysis, game: Game) -> bool:
    suit = analysis.lead_suit
    if suit is None or suit in game.sung_suits or analysis.obligation not in ("asistir",
                                                                              "montar"):
        return False
    return {CARDS[10 * suit + REY], CARDS[10 * suit + CABALLO]} <= set(analysis.hand)


def _stock_edge(analysis: PlayAnalysis, game: Game) -> bool:
    if analysis.stock_left:
        return analysis.stock_left <= game.players
    return len(analysis.hand) == game.rules.hand_size


def accept_for(skill: str, rules: Rules) -> Accept | None:
    """The test the decision items of a sitting of ``skill`` under ``rules`` (the
    sitting's own, :func:`rules_for_skill`) pass (:attr:`Spec.accept`), None for any."""
    spec = spec_of(skill)
    if spec.accept == SWITCHED:
        return _switched(rules, spec.flags)
    if spec.accept == PAIR_LED:
        return _pair_led
    if spec.accept == STOCK_EDGE:
        return _stock_edge
    return None


def _can_ask(rules: Rules, kind: str, rule: str) -> bool:
    if kind == BEST_CARD:
        return True
    if kind == MATCH_POINTS:
        return rule in match_points.rules_for(rules)
    return kind in kinds_for(rules) and any(rule in rules_for(kind, rules, d)
                                            for d in DIFFICULTIES)


def rules_for_skill(skill: str, rules: Rules) -> Rules:
    """The rules a sitting of ``skill`` uses: ``rules`` when they fit its table size and
    can ask every item, the skill's own rule set otherwise; either way with the skill's
    :attr:`Spec.flags` set."""
    spec = spec_of(skill)
    own = _with_flags(find_rules(spec.preset), spec.flags)
    if spec.players not in (None, rules.players):
        return own
    flagged = _with_flags(rules, spec.flags)
    if all(_can_ask(flagged, kind, rule) for kind, rule in spec.items):
        return flagged
    return own


def spec_of(skill: str) -> Spec:
    """The spec of ``skill``; a one-line :class:`DrillError` for an unknown one."""
    found = SPECS.get(skill) if isinstance(skill, str) else None
    if found is None:
        raise DrillError(f"no drill for skill {str(skill)[:60]!r} "
                         f"(skills: {', '.join(SKILLS)})")
    return found


def _difficulty(rules: Rules, kind: str, rule: str, lowest: int = 1) -> int:
    if kind in (BEST_CARD, MATCH_POINTS):
        return 1
    return next(d for d in (*DIFFICULTIES[lowest - 1:], *DIFFICULTIES)
                if rule in rules_for(kind, rules, d))


@dataclass(frozen=True)
class Sitting:
    """One sitting of a skill: its items, its target, the rules it is played under."""

    skill: str
    seed: int
    rules: Rules
    items: tuple[Item, ...]
    target: int

    def __len__(self) -> int:
        return len(self.items)

    def question(self, index: int, lang: str = "es") -> QuizQuestion:
        """The quiz question of item ``index`` in ``lang`` (a quiz kind's item)."""
        item = self.items[index]
        if item.kind == BEST_CARD:
            raise DrillError(f"item {index} asks for the best card: use position()")
        if item.kind == MATCH_POINTS:
            return match_points.match_question(item.seed, self.rules, item.rule, lang)
        return generate_question(item.kind, item.seed, self.rules, lang=lang,
                                 difficulty=item.difficulty, rule=item.rule,
                                 accept=accept_for(self.skill, self.rules))

    def position(self, index: int) -> Puzzle:
        """The position of a :data:`BEST_CARD` item (seat 0 to play)."""
        item = self.items[index]
        if item.kind != BEST_CARD:
            raise DrillError(f"item {index} is a {item.kind} question: use question()")
        return best_card(item.seed, self.rules, item.rule)

    def is_right(self, index: int, chosen: Iterable[str]) -> bool:
        """Does ``chosen`` (option values; a card code for a best card) answer item
        ``index`` right, by the engine (or the solver)?"""
        picked = [str(value) for value in chosen]
        if self.items[index].kind == BEST_CARD:
            if len(picked) != 1:
                return False
            try:
                card = Card.parse(picked[0])
            except TuteError:
                return False
            return self.position(index).is_best(card.index)
        return self.check(self.question(index, "en"), picked)

    def check(self, question: QuizQuestion, chosen: Iterable[str]) -> bool:
        """Does ``chosen`` answer ``question`` (an item of this sitting) right?"""
        if question.kind == MATCH_POINTS:
            return match_points.check(question, chosen)
        return check_answer(question, chosen)


def sitting(skill: str, seed: int, rules: Rules) -> Sitting:
    """The sitting of ``skill`` drawn from ``seed`` under ``rules`` (see the module doc)."""
    spec = spec_of(skill)
    used = rules_for_skill(skill, rules)
    rng = random.Random(f"drill/{skill}/{seed}")
    order = list(spec.items)
    rng.shuffle(order)
    quiz = [at for at, (kind, _) in enumerate(order) if kind != BEST_CARD]
    if order[0][0] == BEST_CARD and quiz:  # a question first: the position is made meanwhile
        order.insert(0, order.pop(quiz[0]))
    items = tuple(Item(kind, rule, rng.randrange(2**31), _difficulty(used, kind, rule,
                                                                       spec.difficulty))
                  for kind, rule in (order[i % len(order)] for i in range(spec.count)))
    return Sitting(skill=skill, seed=seed, rules=used, items=items, target=spec.target)


# ----------------------------------------------------------------- best card
@lru_cache(maxsize=512)
def best_card(seed: int, rules: Rules, theme: str = "") -> Puzzle:
    """A position of the last tricks of a real deal with seat 0 to play and one card
    clearly best by the solver (every other legal card worth at least ``MIN_MARGIN``
    less; at most two best cards): the first one met with best play by everyone, of
    ``theme`` (one of :data:`tute_tutor.coach.puzzles.THEMES`, read off the position as
    the puzzles read it; empty: any).

    The themes of :data:`PUZZLE_THEMES` come from the puzzles instead
    (:func:`_from_puzzles`): the endings' play never holds a pair still to sing nor a
    stock.

    Kept once made (a pure function of its arguments), so that it can be made ahead:
    :func:`make_ahead`."""
    if theme in PUZZLE_THEMES:
        return _from_puzzles(seed, rules, theme)
    for attempt in range(MAX_DEALS):
        start = ending_at(seed, rules, attempt)
        if start is None:
            continue
        play = EndingPlay(start)
        while True:
            play.advance()
            if play.finished:
                break
            values = play.values()
            top = max(values.values())
            best = tuple(sorted(c for c, v in values.items() if v == top))
            rest = [v for c, v in values.items() if c not in best]
            if len(best) <= 2 and rest and max(rest) <= top - MIN_MARGIN:
                found = _puzzle(start.id, play, values, best)
                if not theme or found.theme == theme:
                    return found
            play.play(best[0])
    raise DrillError(f"no best-card position of theme {shown(theme or 'any')} for seed {seed} "
                     f"under {rules.ruleset}")


MAX_DEALS: Final = 300
"""Deals tried for one best-card position before giving up."""
PUZZLE_THEMES: Final = ("cantes", "stock")
"""Best-card themes drawn from the puzzles of the sitting's rules instead of the endings:
``cantes`` (guarding a cante: the best card is neither card of a pair the seat may still
sing, and one of them could be played or the best card opens the singing) and ``stock``
(the last trick of the two players' stock, valued over its draws)."""


CANTES_SEED: Final = 1
"""The puzzle seed whose cantes puzzles :data:`CANTES_INDICES` lists."""
CANTES_INDICES: Final[dict[str, tuple[int, ...]]] = {
    "clasico": (
        8, 10, 55, 62, 69, 95, 121, 182, 204, 248, 391, 430, 443, 450, 459, 522, 597,
        611, 694, 742, 803, 813, 835, 868, 890, 1075, 1092, 1098, 1116, 1124, 1143,
        1170, 1235, 1371, 1391, 1412, 1413, 1420, 1491, 1523,
    ),
    "estricto": (
        3, 4, 35, 36, 39, 43, 48, 49, 56, 72, 76, 78, 79, 87, 89, 93, 118, 119, 136,
        142, 145, 149, 152, 160,
    ),
    "las40": (
        6, 38, 41, 135, 143, 216, 228, 255, 256, 289, 315, 346, 371, 377, 383, 389,
        447, 512, 513, 519, 535, 628, 635, 690,
    ),
    "ludoteka": (
        1, 25, 92, 122, 136, 147, 177, 209, 292, 323, 343, 380, 407, 446, 495, 512,
        520, 588, 610, 652, 683, 744, 757, 773,
    ),
}
"""For the four-player presets as they are (no flags changed): deal indices of seed
:data:`CANTES_SEED` whose puzzle is a ``cantes`` one, listed once from the quick search
(the tests make them again). A cantes position is one of them, made again from its
index alone: the search over deals that finds one takes seconds, making a known one a
fraction of that."""


def _from_puzzles(seed: int, rules: Rules, theme: str) -> Puzzle:
    """A puzzle of ``theme`` under ``rules`` (its rule set and flags), turned so that the
    learner's seat 0 is the one to play (every seat moved round the table alike: the
    same partners, the same values; its id still makes the puzzle as it was dealt,
    :func:`~tute_tutor.coach.puzzles.puzzle_by_id`): for ``cantes`` under a preset of
    :data:`CANTES_INDICES`, the one listed at ``seed``; else the first of ``seed`` found
    the quick way (:func:`~tute_tutor.coach.puzzles.iter_puzzles`, ``quick``)."""
    flags = rules.overrides_dict() or None
    known = CANTES_INDICES.get(rules.ruleset, ()) if theme == "cantes" and not flags else ()
    if known:
        index = known[seed % len(known)]
        found = puzzle_at(rules.ruleset, CANTES_SEED, index, quick=theme)
        if found is not None and found.theme == theme:
            return _turned(found)
    try:
        for puzzle in iter_puzzles(seed, rules.ruleset, theme, flags=flags, quick=True):
            return _turned(puzzle)
    except PuzzleError as error:
        raise DrillError(str(error)) from None
    raise DrillError(f"no best-card position of theme {shown(theme)} for seed {seed} "
                     f"under {rules.ruleset}")


def _turned(puzzle: Puzzle) -> Puzzle:
    """``puzzle`` with every seat moved so that the seat to play is seat 0."""
    shift = puzzle.to_play
    players = puzzle.players
    hands = tuple(puzzle.hands[(seat + shift) % players] for seat in range(players))
    return replace(puzzle, hands=hands, leader=(puzzle.leader - shift) % players,
                   to_play=LEARNER, reason=None,
                   samples=tuple(tuple(h[(seat + shift) % players] for seat in range(players))
                                 for h in puzzle.samples),
                   known=tuple(puzzle.known[(seat + shift) % players]
                               for seat in range(players)) if puzzle.known else ())


def make_ahead(drill: Sitting, index: int) -> threading.Thread | None:
    """Make the best-card position of item ``index`` in a background thread (None when
    there is no such item), so that it is ready when the learner gets there."""
    if not 0 <= index < len(drill) or drill.items[index].kind != BEST_CARD:
        return None
    key = (drill.items[index].seed, drill.rules, drill.items[index].rule)
    with _AHEAD_LOCK:
        if key in _AHEAD:  # already being made
            return None
        _AHEAD.add(key)

    def work() -> None:
        try:
            best_card(*key)
        finally:
            with _AHEAD_LOCK:
                _AHEAD.discard(key)

    worker = threading.Thread(target=work, name="best-card-ahead", daemon=True)
    worker.start()
    return worker


_AHEAD_LOCK: Final = threading.Lock()
_AHEAD: Final[set[tuple[int, Rules, str]]] = set()


def _puzzle(ending_id: str, play: EndingPlay, values: dict[int, int],
            best: tuple[int, ...]) -> Puzzle:
    hands = tuple(play.hands)
    held = 0
    for hand in hands:
        held |= hand
    trick = tuple(play.trick)
    played = FULL_DECK_MASK & ~held & ~sum(1 << c for c in trick)
    ordered = tuple(sorted(values.items(), key=lambda item: (-item[1], item[0])))
    theme = classify(play.rules, play.ending.trump, hands, trick, LEARNER, played, values,
                     best)
    return Puzzle(id=f"{ending_id}/{len(play.verdicts)}", ruleset=play.rules.ruleset,
                  theme=theme, trump=play.ending.trump, hands=hands, leader=play.leader,
                  trick=trick, to_play=LEARNER, values=ordered, best=best, played=played)


def card_value(puzzle: Puzzle, card: int) -> int:
    """The solver's value of ``card`` in ``puzzle`` (tests check it against a new solve)."""
    from tute_tutor.ai.solver import Position

    position = Position.from_rules(find_rules(puzzle.ruleset), puzzle.hands, puzzle.trump,
                                   puzzle.leader, puzzle.trick)
    return Solver(position, puzzle.to_play).card_values()[card]


# ----------------------------------------------------------------- score and stars
@dataclass(frozen=True, slots=True)
class Score:
    """Where a sitting stands after some answers."""

    right: int
    asked: int
    streak: int
    """Right answers in a row, ending with the last one."""
    best_streak: int
    reached: bool
    finished: bool
    """Every item answered, or the target out of reach."""
    stars: int

    @property
    def misses(self) -> int:
        """Wrong answers so far."""
        return self.asked - self.right


def stars(answers: Sequence[bool], target: int) -> int:
    """Stars of a sitting's answers: 0 until ``target`` right in a row; then 3 with no
    miss, 2 with one, 1 with more."""
    run = best = 0
    for right in answers:
        run = run + 1 if right else 0
        best = max(best, run)
    if best < target:
        return 0
    misses = sum(1 for right in answers if not right)
    return 3 if misses == 0 else 2 if misses == 1 else 1


def score(answers: Sequence[bool], target: int, count: int) -> Score:
    """The score of the first answers of a sitting of ``count`` items."""
    run = best = 0
    for right in answers:
        run = run + 1 if right else 0
        best = max(best, run)
    reached = best >= target
    left = count - len(answers)
    finished = len(answers) >= count or (not reached and run + left < target)
    return Score(right=sum(answers), asked=len(answers), streak=run, best_streak=best,
                 reached=reached, finished=finished, stars=stars(answers, target))


def star_symbols(count: int) -> str:
    """``count`` of three stars drawn as symbols (filled, then empty).

    >>> star_symbols(2)
    '★★☆'
    """
    return "★" * count + "☆" * (MAX_STARS - count)


def card_codes(cards: Iterable[int]) -> list[str]:
    """Card indices as codes (``12c``)."""
    return [str(CARDS[c]) for c in cards]


__all__ = [
    "BEST_CARD",
    "CANTES_INDICES",
    "CANTES_SEED",
    "MATCH_POINTS",
    "MAX_STARS",
    "PAIR_LED",
    "PUZZLE_THEMES",
    "SKILLS",
    "SPECS",
    "STOCK_EDGE",
    "SWITCHED",
    "DrillError",
    "Item",
    "Score",
    "Sitting",
    "Spec",
    "accept_for",
    "best_card",
    "card_codes",
    "card_value",
    "make_ahead",
    "rules_for_skill",
    "score",
    "sitting",
    "spec_of",
    "star_symbols",
    "stars",
]
