"""The one place kinds are registered: every ``KIND`` in :mod:`tute_tutor.quiz.kinds`.

The registry walks the ``kinds`` package, so a new kind module is found without being
listed anywhere; kinds come out in teaching order (their ``order``).

>>> list(REGISTRY)[:3]
['legal', 'obligation', 'trick_winner']
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Final

from tute_tutor.engine.errors import shown
from tute_tutor.engine.variants import Rules
from tute_tutor.quiz import kinds as _kinds_package
from tute_tutor.quiz.kind import QuizKind
from tute_tutor.quiz.question import QuizError


def _discover() -> dict[str, QuizKind]:
    found: list[QuizKind] = []
    for info in pkgutil.iter_modules(_kinds_package.__path__):
        module = importlib.import_module(f"{_kinds_package.__name__}.{info.name}")
        kind = getattr(module, "KIND", None)
        if not isinstance(kind, QuizKind):
            raise TypeError(f"quiz kind module {module.__name__} defines no KIND")
        if kind.id != info.name:
            raise TypeError(f"quiz kind module {info.name} registers the id {kind.id!r}")
        found.append(kind)
    return {kind.id: kind for kind in sorted(found, key=lambda k: k.order)}


REGISTRY: Final[dict[str, QuizKind]] = _discover()
"""Every quiz kind by id, in teaching order."""
KINDS: Final = tuple(REGISTRY)
"""Every kind id, in teaching order."""


def get_kind(kind: str, rules: Rules | None = None) -> QuizKind:
    """The registered kind ``kind``; a clear error if unknown or not for ``rules``."""
    found = REGISTRY.get(kind)
    if found is None:
        raise QuizError(f"unknown quiz kind {shown(kind)} (known: {', '.join(KINDS)})")
    if rules is not None and not found.available(rules):
        raise QuizError(f"kind {shown(kind)} needs the two-player stock: use the rule set a-dos")
    return found
