"""A live class's deck: what each question is, as a small JSON spec, and the question
drawn from it in either language.

A spec is one of

- ``{"kind": "legal" | "obligation", "scenario": {...}}``: a decision from the teacher's
  builder, a share link or a file (docs/FORMATS.md, "Scenario");
- ``{"kind": K, "seed": N, "ruleset": R, "overrides": {...}, "difficulty": D,
  "rule": RULE}``: a generated question of any live kind (the quiz's generator makes the
  same question from the same spec, so every replica and every language agree).

The answer and the explanation always come from the engine (the quiz kinds).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import Rules, find_rules
from tute_tutor.formats.scenario import Scenario
from tute_tutor.live.classroom import LIVE_KINDS, ClassError
from tute_tutor.quiz.generator import generate_question, kinds_for, rules_for
from tute_tutor.quiz.kinds.obligation import DISTRACTORS, ORDER
from tute_tutor.quiz.play import obligations_for
from tute_tutor.quiz.question import Answering, Display, QuizQuestion, Reveal
from tute_tutor.quiz.registry import get_kind
from tute_tutor.quiz.wording import (
    card_labels,
    decision_board,
    decision_facts,
    decision_highlight,
    tr,
)
from tute_tutor.words.cards import deck_names, spoken_deck
from tute_tutor.words.explain import explain

SCENARIO_KINDS = ("legal", "obligation")


def scenario_specs(scenarios: Iterable[Scenario], kind: str = "legal") -> list[dict[str, Any]]:
    """One spec per scenario, each asked as ``kind`` (which cards / which obligation)."""
    if kind not in SCENARIO_KINDS:
        raise ClassError("bad_kind", kind=kind)
    return [{"kind": kind, "scenario": s.to_json()} for s in scenarios]


def generated_specs(kinds: Sequence[str], count: int, *, rules: Rules, difficulty: int,
                    seed: int, rule: str | None = None) -> list[dict[str, Any]]:
    """``count`` generated questions under ``rules`` taking turns among ``kinds``;
    ``rule`` (an obligation code or topic) narrows each kind that trains it."""
    usable = [k for k in kinds if k in LIVE_KINDS and k in kinds_for(rules)]
    if not usable:
        raise ClassError("bad_kind", kind=",".join(kinds))
    rng = random.Random(seed)
    specs = []
    for i in range(count):
        kind = usable[i % len(usable)]
        trained = rules_for(kind, rules, difficulty)
        chosen = rule if rule in trained else rng.choice(trained)
        specs.append({"kind": kind, "seed": rng.randrange(1 << 30),
                      "ruleset": rules.ruleset, "overrides": rules.overrides_dict(),
                      "difficulty": difficulty, "rule": chosen})
    return specs


def _scenario_question(spec: Mapping[str, Any], lang: str) -> QuizQuestion:
    kind = spec["kind"]
    scenario = Scenario.from_json(spec["scenario"])
    a = scenario.analyse()
    rules = scenario.rules
    common: dict[str, Any] = {
        "ruleset": scenario.ruleset, "overrides": dict(scenario.overrides),
        "rule": a.obligation, "difficulty": 2, "lang": lang,
        "facts": tuple(decision_facts(a, rules, lang)), "explanation": explain(a, lang),
        "scenario": scenario, "highlight": decision_highlight(a),
        "board": decision_board(a, rules, lang)}
    if kind == "legal":
        return QuizQuestion(kind="legal", ask=tr("ask_legal", lang),
                            options=tuple(str(c) for c in a.hand),
                            option_labels=card_labels(a.hand, lang),
                            answer=tuple(str(c) for c in a.legal), multi=True,
                            display=get_kind("legal").display, **common)
    possible = set(obligations_for(rules, 2) + obligations_for(rules, 3)) | {a.obligation}
    wrong = [c for c in DISTRACTORS[a.obligation] if c in possible]
    options = [c for c in ORDER if c == a.obligation or c in wrong]
    return QuizQuestion(kind="obligation", ask=tr("ask_obligation", lang),
                        options=tuple(options),
                        option_labels=tuple(tr(f"ob_{c}", lang) for c in options),
                        answer=(a.obligation,), multi=False,
                        display=Display(answering=Answering.BUTTONS, reveal=Reveal.HAND),
                        **common)


def _question(spec_json: str, lang: str) -> QuizQuestion:
    return _question_in(spec_json, lang, spoken_deck())


@lru_cache(maxsize=512)
def _question_in(spec_json: str, lang: str, deck: str) -> QuizQuestion:
    with deck_names(deck):
        return _make_question(spec_json, lang)


def _make_question(spec_json: str, lang: str) -> QuizQuestion:
    spec = json.loads(spec_json)
    kind = spec.get("kind")
    if kind not in LIVE_KINDS:
        raise ClassError("bad_kind", kind=str(kind))
    if "scenario" in spec:
        if kind not in SCENARIO_KINDS:
            raise ClassError("bad_kind", kind=kind)
        return _scenario_question(spec, lang)
    return generate_question(kind, int(spec["seed"]),
                             find_rules(spec["ruleset"], spec.get("overrides")), lang=lang,
                             difficulty=int(spec["difficulty"]),
                             rule=spec.get("rule"))


def question_for(spec: Mapping[str, Any], lang: str = "es") -> QuizQuestion:
    """The question a spec stands for, in ``lang`` (cached: a spec always gives the same
    question). A spec that makes no question raises ClassError ``bad_question``."""
    try:
        return _question(json.dumps(spec, sort_keys=True), "en" if lang == "en" else "es")
    except ClassError:
        raise
    except (TuteError, KeyError, TypeError, ValueError) as error:
        raise ClassError("bad_question", str(error).splitlines()[0] if str(error) else "") \
            from None
