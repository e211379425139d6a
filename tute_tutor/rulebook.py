"""The rule book as data built from the engine: who played each card of a trick, and for
every rule flag an example computed live under both of its settings.

Nothing here repeats a rule: positions come from :class:`~tute_tutor.rules.Rules`,
legal cards from :func:`~tute_tutor.legal.analyse_play`, cantes and tutes from
:class:`~tute_tutor.game.Game`, match points from :mod:`tute_tutor.match`.

>>> from tute_tutor.rules import find_rules
>>> trick_roles(find_rules("clasico"), 2)
['lead_partner', 'opponent']
>>> trick_roles(find_rules("a-tres"), 2)
['lead_opponent', 'opponent']
"""

from __future__ import annotations

from tute_tutor.rules import Rules


def trick_roles(rules: Rules, cards_on_table: int) -> list[str]:
    """Who played each card on the table, seen by the player to move next.

    ``lead_partner`` / ``lead_opponent`` for the first card, then ``partner`` or
    ``opponent``: in four players the partner played two cards before the player
    to move (FORMATS.md, scenario), everyone else is an opponent.
    """
    roles = []
    for position in range(cards_on_table):
        behind = cards_on_table - position  # 1 = the player just before you
        is_partner = rules.has_teams and behind == 2
        role = "partner" if is_partner else "opponent"
        roles.append(f"lead_{role}" if position == 0 else role)
    return roles
