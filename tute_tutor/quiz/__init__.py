"""Quiz questions generated from real positions, and the spaced-repetition schedule.

Every question comes out of a random hand played through the engine (random legal
cards, random cantes), is answered by the engine and carries the engine's explanation.
Decision kinds (``legal``, ``obligation``, ``renuncio``) carry the scenario they are
about (``tute-tutor legal`` checks it); hand kinds (``trick_winner``, ``trick_points``,
``hand_winner``, ``cante``, ``swap``) carry the ``tute-hand/1`` record up to the moment
asked about (``tute-tutor replay`` checks it): docs/FORMATS.md, "Scenario" and "Hand
record (tute-hand/1)".

Each question trains one *rule* (an obligation code such as ``montar``, or a topic such
as ``cante_split``): :mod:`~tute_tutor.quiz.srs` picks the rule, :mod:`~tute_tutor.quiz.generator`
builds a question about it. Difficulty 1 (beginner) asks about one rule in a short trick,
2 adds every rule, 3 (expert) prefers positions where rules meet.

The modules:

- ``question``: the typed view the page, the command line and the teacher tools draw
  from (:class:`~tute_tutor.quiz.question.QuizQuestion`, its ``Board`` and ``Display``);
- ``kind``: what a kind is (:class:`~tute_tutor.quiz.kind.QuizKind`) and the context
  its generator gets;
- ``kinds/``: one module per kind; ``registry``: finds them;
- ``play``: random hands and the one search every kind uses; ``wording``: shared words;
- ``generator``: the public entry points (``generate_question``, ``generate_quiz``,
  ``describe_kinds``, ...); ``srs``: the FSRS schedule and the mix of kinds.

How to add a quiz kind
----------------------
1. Write ``kinds/<id>.py`` (copy a close one: ``trick_points.py`` is short). It defines
   ``build(ctx) -> QuizQuestion``, which finds a position with :func:`play.search`
   (or :func:`play.pick_trick`, :func:`play.scenario_and_analysis`) and returns
   ``ctx.question(...)`` with the facts, the question, the options and their labels,
   the answer and the explanation in ``ctx.lang``; a ``trained(rules, difficulty)``
   listing the rules it trains; and ``KIND = QuizKind(id="<id>", order=..., ...)``,
   whose ``display`` says how the page draws it and how the learner answers
   (buttons, one card or several). The module's name is the kind's id.
2. Add its words to ``words/es/quiz.toml`` and ``words/en/quiz.toml``: ``kind_<id>``,
   ``kind_<id>_help``, ``rule_<rule>`` for each new rule, and the texts ``build`` uses.
3. Add its tests under ``tests/quiz/`` (an independent check of its answers in
   ``check_question``); ``tests/quiz/test_registry.py`` already makes every registered
   kind generate, check and explain in both languages.

Nothing else changes: the registry finds the module, and the quiz page, the command
line (``tute-tutor quiz --kind <id>``, ``--list-kinds``) and the progress page take the
kind from it.
"""
