"""Generating quiz questions: the public entry points over the registered kinds.

>>> q = generate_question("legal", seed=7, rules="clasico", lang="en")
>>> q.kind, q.multi, set(q.answer) <= set(q.options)
('legal', True, True)
>>> q == generate_question("legal", seed=7, rules="clasico", lang="en")
True
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import Any

from tute_tutor.engine.errors import shown
from tute_tutor.engine.variants import PRESETS, Rules, find_rules
from tute_tutor.quiz.kind import Accept, Context
from tute_tutor.quiz.play import MAX_GAMES, generate_scenario, obligations_for
from tute_tutor.quiz.question import (
    DIFFICULTIES,
    DIFFICULTY_NAMES,
    QuizError,
    QuizQuestion,
    parse_difficulty,
)
from tute_tutor.quiz.registry import KINDS, REGISTRY, get_kind
from tute_tutor.quiz.wording import tr


def kinds_for(rules: Rules) -> list[str]:
    """The kinds a rule set can ask (``swap`` needs the two-player stock)."""
    return [k for k, kind in REGISTRY.items() if kind.available(rules)]


def rules_for(kind: str, rules: Rules, difficulty: int = 2) -> list[str]:
    """The rules (spaced-repetition keys) questions of ``kind`` train under ``rules``."""
    return get_kind(kind, rules).rules(rules, difficulty)


def all_rules(rules: Rules, kinds: Iterable[str] = KINDS) -> list[str]:
    """Every rule the given kinds can train, each once, in teaching order."""
    seen: list[str] = []
    for kind in kinds:
        if kind not in kinds_for(rules):
            continue
        for level in DIFFICULTIES:
            for rule in rules_for(kind, rules, level):
                if rule not in seen:
                    seen.append(rule)
    return seen


def kinds_training(rule: str, rules: Rules, kinds: Iterable[str] = KINDS) -> list[str]:
    """The kinds among ``kinds`` that can ask about ``rule``."""
    return [k for k in kinds if k in kinds_for(rules)
            and any(rule in rules_for(k, rules, d) for d in DIFFICULTIES)]


def generate_question(kind: str, seed: int, rules: Rules | str = "clasico", *,
                      lang: str = "es", difficulty: int | str = 1,
                      rule: str | None = None, accept: Accept | None = None) -> QuizQuestion:
    """One question of ``kind`` under ``rules`` (or a preset id), the same for the same
    arguments.

    ``rule`` picks what it trains (one of :func:`rules_for`); without it the rule is
    drawn evenly among the kind's rules, so obligations come out balanced. ``accept``
    narrows the decisions the decision kinds (``legal``, ``obligation``) ask about
    (:attr:`tute_tutor.quiz.kind.Context.accept`); the other kinds ignore it.
    """
    if isinstance(rules, str):
        rules = find_rules(rules)
    level = parse_difficulty(difficulty)
    spec = get_kind(kind, rules)
    rng = random.Random(seed)
    choices = spec.rules(rules, level)
    if rule is None:
        rule = rng.choice(choices)
    elif not any(rule in spec.rules(rules, d) for d in DIFFICULTIES):
        raise QuizError(f"kind {shown(kind)} cannot ask about rule {shown(rule)} under "
                        f"{rules.ruleset} "
                        f"(rules: {', '.join(choices)})")
    ctx = Context(rng, rules, "en" if lang == "en" else "es", level, rule, spec, accept)
    return replace(spec.build(ctx), seed=seed)


def check_answer(question: QuizQuestion, chosen: Iterable[str]) -> bool:
    """Whether ``chosen`` (option values) answers ``question`` right, by its kind's check."""
    return get_kind(question.kind).check(question, chosen)


def question_seed(seed: int, index: int) -> int:
    """The seed of question ``index`` of a quiz seeded ``seed`` (stable, documented)."""
    return seed * 100_003 + index


def generate_quiz(kind: str, seed: int, count: int, rules: Rules | str = "clasico", *,
                  lang: str = "es", difficulty: int | str = 1) -> list[QuizQuestion]:
    """``count`` questions of ``kind``: question ``i`` uses :func:`question_seed`."""
    return [generate_question(kind, question_seed(seed, i), rules, lang=lang,
                              difficulty=difficulty) for i in range(count)]


def describe_kinds(lang: str = "es", kinds: Collection[str] = KINDS) -> list[dict[str, Any]]:
    """What ``tute-tutor quiz --list-kinds`` prints: each kind, its rules and rule sets."""
    out = []
    for kind in kinds:
        spec = get_kind(kind)
        presets = [p for p, r in PRESETS.items() if spec.available(r)]
        rules = find_rules(presets[0])
        trained = list(dict.fromkeys(r for p in presets for d in DIFFICULTIES
                                     for r in spec.rules(find_rules(p), d)))
        out.append({"kind": kind, "title": kind_label(kind, lang),
                    "description": tr(f"kind_{kind}_help", lang),
                    "answer": spec.answer_type, "multi": spec.multi,
                    "checked_with": spec.checked_with,
                    "rulesets": presets, "rules": trained,
                    "difficulties": list(DIFFICULTIES),
                    "players": sorted({find_rules(p).players for p in presets}),
                    "example_rules": spec.rules(rules, 1)})
    return out


def rule_label(rule: str, lang: str = "es") -> str:
    """The name of a rule (spaced-repetition key) for charts and feedback."""
    return tr(f"rule_{rule}", lang)


def kind_label(kind: str, lang: str = "es") -> str:
    """The title of a question kind in ``lang``."""
    return tr(f"kind_{kind}", lang)


__all__ = ["DIFFICULTIES", "DIFFICULTY_NAMES", "KINDS", "MAX_GAMES", "QuizError",
           "QuizQuestion", "all_rules", "check_answer", "describe_kinds", "generate_question",
           "generate_quiz", "generate_scenario", "kind_label", "kinds_for", "kinds_training",
           "obligations_for", "parse_difficulty", "question_seed", "rule_label", "rules_for"]
