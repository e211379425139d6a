"""What a quiz kind is: the contract every module in :mod:`tute_tutor.quiz.kinds` fills.

A kind module defines one :class:`QuizKind` named ``KIND``; :mod:`tute_tutor.quiz.registry`
finds it. The kind's ``build`` receives a :class:`Context` (the seeded random source, the
rules, the language, the difficulty and the rule to train) and returns the finished
:class:`~tute_tutor.quiz.question.QuizQuestion` through :meth:`Context.question`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tute_tutor.engine.game import Game
from tute_tutor.engine.legal import PlayAnalysis
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz.play import deal
from tute_tutor.quiz.question import Board, Display, QuizQuestion

Accept = Callable[[PlayAnalysis, Game], bool]
"""A test on a decision (its analysis and the game at that moment)."""


def exact_answer(question: QuizQuestion, chosen: Iterable[str]) -> bool:
    """The usual answer check: exactly the right options, no more, no fewer."""
    return set(chosen) == set(question.answer)


@dataclass(frozen=True)
class QuizKind:
    """One kind of question: its generator, its answer check and how it is drawn.

    The explanation is written by ``build`` in the context's language from the kind's
    catalogue keys (``quiz.*`` in ``words/{es,en}/quiz.toml``).
    """

    id: str
    order: int
    """Place in teaching order (lists of kinds are sorted by it)."""
    rules: Callable[[Rules, int], list[str]]
    """The rules (spaced-repetition keys) it trains under some rules, at a difficulty."""
    build: Callable[[Context], QuizQuestion]
    """The generator: one question about ``context.rule``, explanation included."""
    answer_type: str
    """What an answer is, for ``tute-tutor quiz --list-kinds``."""
    checked_with: str
    """The command that checks an answer: ``legal`` (a scenario) or ``replay`` (a record)."""
    display: Display
    multi: bool = False
    needs_stock: bool = False
    """Only rule sets with a stock (two players) can ask it."""
    check: Callable[[QuizQuestion, Iterable[str]], bool] = exact_answer
    """The answer check: whether the chosen option values are right."""

    def available(self, rules: Rules) -> bool:
        """Whether ``rules`` can ask this kind."""
        return rules.has_stock or not self.needs_stock


@dataclass
class Context:
    """What one question is built from (a fresh one per question)."""

    rng: random.Random
    rules: Rules
    lang: str
    difficulty: int
    rule: str
    kind: QuizKind
    accept: Accept | None = None
    """Narrows the decisions the decision kinds (``legal``, ``obligation``) may ask about:
    only a position it accepts is asked (the drills use it, e.g. only decisions that a
    house flag changes)."""

    def deal(self) -> Game:
        """A fresh random deal under the context's rules."""
        return deal(self.rng, self.rules)

    def question(self, *, board: Board, **fields: Any) -> QuizQuestion:
        """The question with the context's kind, rules, rule, difficulty and language."""
        return QuizQuestion(kind=self.kind.id, ruleset=self.rules.ruleset,
                            overrides=self.rules.overrides_dict(), rule=self.rule,
                            difficulty=self.difficulty, lang=self.lang,
                            multi=self.kind.multi, display=self.kind.display, board=board,
                            **fields)
