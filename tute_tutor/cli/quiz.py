"""``tute-tutor quiz``: generated questions (docs/FORMATS.md, "tute-tutor quiz").

    tute-tutor quiz --kind legal --seed 7 --count 5 --ruleset clasico --json
    tute-tutor quiz --list-kinds --json

The command is listed in :data:`tute_tutor.cli.main.COMMANDS`; bad flags exit 2
with ``{"error": {...}}`` like every other command.
"""

from __future__ import annotations

import argparse
import json
from typing import Any, TextIO

from tute_tutor.cli.common import overrides_from
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import find_rules, preset_ids
from tute_tutor.formats.inputs import parse_whole
from tute_tutor.formats.limits import MAX_QUIZ_COUNT, MAX_SEED
from tute_tutor.quiz.generator import (
    KINDS,
    QuizError,
    QuizQuestion,
    describe_kinds,
    generate_quiz,
    parse_difficulty,
)

MAX_COUNT = MAX_QUIZ_COUNT


def add_command(subparsers: Any) -> None:
    """Add the ``quiz`` sub-command to the ``tute-tutor`` parser."""
    quiz = subparsers.add_parser("quiz", help="generated quiz questions with their answers")
    quiz.add_argument("--kind", help=f"one of {', '.join(KINDS)}")
    quiz.add_argument("--seed", default="0", help="whole number; the same seed, the same quiz")
    quiz.add_argument("--count", default="1", help=f"how many questions (1-{MAX_COUNT})")
    quiz.add_argument("--ruleset", default="clasico", help=f"one of {', '.join(preset_ids())}")
    quiz.add_argument("--set", action="append", metavar="FLAG=VALUE", help="override a flag")
    quiz.add_argument("--difficulty", default="1",
                      help="1 beginner, 2 intermediate, 3 expert (default 1)")
    quiz.add_argument("--list-kinds", action="store_true", help="list the question kinds")
    quiz.add_argument("--json", action="store_true", help="print one JSON document")
    quiz.add_argument("--lang", choices=("es", "en"), default="es",
                      help="language of prompts and explanations (default es)")
    quiz.set_defaults(func=cmd_quiz)


def cmd_quiz(args: argparse.Namespace, out: TextIO) -> int:
    """Print the questions (or the kinds) as docs/FORMATS.md, "tute-tutor quiz", describes."""
    if args.list_kinds:
        kinds = describe_kinds(args.lang)
        if args.json:
            out.write(json.dumps({"kinds": kinds}, ensure_ascii=False) + "\n")
        else:
            for kind in kinds:
                out.write(f"{kind['kind']}: {kind['title']} ({', '.join(kind['rulesets'])})\n")
        return 0
    if not args.kind:
        raise QuizError(f"quiz needs --kind (one of {', '.join(KINDS)}) or --list-kinds")
    seed = parse_whole(args.seed, name="--seed", low=0, high=MAX_SEED, error=QuizError,
                       code=QuizError.code)
    count = parse_whole(args.count, name="--count", low=1, high=MAX_COUNT, error=QuizError,
                        code=QuizError.code)
    difficulty = parse_difficulty(args.difficulty)
    rules = find_rules(args.ruleset, overrides_from(args.set))
    questions = generate_quiz(args.kind, seed, count, rules,
                              lang=args.lang, difficulty=difficulty)
    if args.json:
        data = {"questions": [q.to_json() for q in questions]}
        out.write(json.dumps(data, ensure_ascii=False) + "\n")
    else:
        out.write("\n\n".join(_human(i, q) for i, q in enumerate(questions, 1)) + "\n")
    return 0


def _human(number: int, question: QuizQuestion) -> str:
    lines = [f"{number}. {question.prompt}"]
    for value, label in zip(question.options, question.option_labels, strict=True):
        mark = "*" if value in question.answer else " "
        lines.append(f"  [{mark}] {label}")
    lines.append(f"  -> {question.explanation}")
    return "\n".join(lines)


__all__ = ["TuteError", "add_command", "cmd_quiz"]
