"""Quiz questions generated from real engine positions, never from hand-written lists.

Every question comes out of a random hand played through :class:`~tute_tutor.engine.game.Game`
(random legal cards, random cantes), is answered by the engine and carries the engine's
explanation. Decision kinds (``legal``, ``obligation``, ``renuncio``) carry the
scenario they are about (docs/FORMATS.md, "Scenario"); hand kinds (``trick_winner``,
``trick_points``, ``hand_winner``, ``cante``, ``swap``) carry the ``tute-hand/1`` record
up to the moment asked about, so ``tute-tutor legal`` and ``tute-tutor replay`` can
check any answer.

Each question trains one *rule* (an obligation code such as ``montar``, or a topic
such as ``cante_split``): the spaced-repetition scheduler (:mod:`tute_tutor.quiz.srs`) picks
the rule, :func:`generate_question` builds a question about it. Difficulty 1
(beginner) asks about one rule in a short trick; 2 adds every rule; 3 (expert) prefers
positions where rules meet (trumped tricks, partners, flags).

>>> q = generate_question("legal", seed=7, ruleset="clasico", lang="en")
>>> q.kind, q.multi, set(q.answer) <= set(q.options)
('legal', True, True)
>>> q == generate_question("legal", seed=7, ruleset="clasico", lang="en")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from tute_tutor.engine.cards import CARDS, SUIT_LETTERS, Card, cards_of, suit_name
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.game import CABALLO, REY, SWAP_WITH_SEVEN, SWAP_WITH_TWO, Game, HandResult
from tute_tutor.engine.legal import PlayAnalysis, analyse_play
from tute_tutor.engine.variants import Rules, find_rules, overrides_of
from tute_tutor.formats.scenario import Scenario
from tute_tutor.words.catalog import t
from tute_tutor.words.explain import card_name, explain, explain_refusal, join_names

KINDS: Final = ("legal", "obligation", "trick_winner", "trick_points", "hand_winner",
                "cante", "renuncio", "swap")
"""Every question kind, in teaching order."""
DIFFICULTIES: Final = (1, 2, 3)
DIFFICULTY_NAMES: Final = {"beginner": 1, "intermediate": 2, "expert": 3}
MAX_GAMES: Final = 400
"""Random hands tried before a wanted position is declared out of reach."""
NONE: Final = "none"
TIE: Final = "tie"

_REASON_RULE: Final = {"must_follow": "asistir", "must_beat": "montar",
                       "must_trump": "fallar", "must_overtrump": "pisar",
                       "must_trump_low": "fallar"}
_OBLIGATION_DISTRACTORS: Final = {
    "salida": ("libre", "asistir", "montar"),
    "asistir": ("montar", "libre", "fallar"),
    "montar": ("asistir", "pisar", "libre"),
    "fallar": ("pisar", "libre", "asistir"),
    "pisar": ("fallar", "libre", "montar"),
    "libre": ("fallar", "pisar", "asistir"),
    "companero": ("fallar", "montar", "libre"),
    "robo": ("libre", "asistir", "salida"),
}
"""Wrong options for the obligation kind: the confusions listed in docs/RULES.md,
"Mistakes the lessons warn against"."""
_OBLIGATION_ORDER: Final = ("salida", "asistir", "montar", "fallar", "pisar", "libre",
                            "companero", "robo")


class QuizError(TuteError):
    """A question that cannot be made (unknown kind, a rule the rule set lacks, ...)."""

    code = "bad_quiz"


@dataclass(frozen=True)
class Question:
    """One generated question, its answer and its explanation (in ``lang``).

    ``options`` and ``answer`` hold values (card codes, obligation codes, numbers as
    text, side numbers); ``option_labels`` says them in words. ``multi`` questions ask
    for every right option (``legal``: all the legal cards); the others have exactly
    one right option. ``highlight`` lists the cards that matter for the feedback and
    ``view`` the cards to draw (trump, hand, trick, labels, face-up card, hands).
    """

    kind: str
    ruleset: str
    overrides: Mapping[str, Any]
    rule: str
    difficulty: int
    lang: str
    facts: tuple[str, ...]
    ask: str
    options: tuple[str, ...]
    option_labels: tuple[str, ...]
    answer: tuple[str, ...]
    explanation: str
    multi: bool
    scenario: Scenario | None = None
    record: Mapping[str, Any] | None = None
    seat: int | None = None
    highlight: tuple[str, ...] = ()
    view: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None

    @property
    def prompt(self) -> str:
        """The whole question as one text: the facts, then what is asked."""
        return " ".join([*self.facts, self.ask])

    @property
    def option_cards(self) -> bool:
        """Whether the options are cards (answered by clicking cards)."""
        return self.kind in ("legal", "renuncio", "trick_winner")

    def is_correct(self, chosen: Iterable[str]) -> bool:
        """Whether ``chosen`` (option values) is exactly the right answer."""
        return set(chosen) == set(self.answer)

    def label_of(self, option: str) -> str:
        """The words for one option value."""
        return self.option_labels[self.options.index(option)]

    def to_json(self) -> dict[str, Any]:
        """The question of docs/FORMATS.md, "tute-tutor quiz", with the app's optional keys."""
        data: dict[str, Any] = {
            "kind": self.kind,
            "ruleset": self.ruleset,
            "overrides": dict(self.overrides),
            "scenario": None if self.scenario is None else self.scenario.to_json(),
            "record": None if self.record is None else dict(self.record),
            "prompt": self.prompt,
            "options": list(self.options),
            "answer": list(self.answer),
            "explanation": self.explanation,
            "rule": self.rule,
            "difficulty": self.difficulty,
            "multi": self.multi,
            "option_labels": list(self.option_labels),
            "highlight": list(self.highlight),
        }
        if self.seat is not None:
            data["seat"] = self.seat
        for key in ("trick", "hands", "face_up"):
            if key in self.view:
                data[key] = self.view[key]
        if self.seed is not None:
            data["seed"] = self.seed
        return data


# =========================================================================== catalogue
def _tr(key: str, lang: str, **values: object) -> str:
    return t(f"quiz.{key}", lang, **values)


def _cards_text(cards: Iterable[Card], lang: str) -> str:
    listed = list(cards)
    return join_names(listed, lang) if listed else _tr("nothing", lang)


def kinds_for(rules: Rules) -> list[str]:
    """The kinds a rule set can ask (``swap`` needs the two-player stock)."""
    return [k for k in KINDS if k != "swap" or rules.has_stock]


def obligations_for(rules: Rules, difficulty: int = 2) -> list[str]:
    """Obligation codes a rule set produces, narrowed by difficulty.

    Beginners meet the one-rule cases; pisar needs three cards on the table, the
    partner exemption needs its flag and teams, robo the two-player stock.
    """
    codes = ["salida", "asistir", "montar", "fallar", "libre"]
    if rules.players >= 3:
        codes.append("pisar")
    if rules.has_teams and rules.partner_exemption:
        codes.append("companero")
    if rules.has_stock:
        codes.append("robo")
    if difficulty <= 1:
        codes = [c for c in codes if c not in ("pisar", "companero")]
    elif difficulty >= 3:
        codes = [c for c in codes if c not in ("salida", "robo")]
    return codes


def rules_for(kind: str, rules: Rules, difficulty: int = 2) -> list[str]:
    """The rules (spaced-repetition keys) questions of ``kind`` train under ``rules``."""
    _check_kind(kind, rules)
    if kind in ("legal", "obligation"):
        return obligations_for(rules, difficulty)
    if kind == "renuncio":
        codes = ["asistir", "montar", "fallar"]
        if rules.players >= 3:
            codes.append("pisar")
        return codes[:1] if difficulty <= 1 else codes
    if kind == "trick_winner":
        return ["trick_lead_suit", "trick_trumped"]
    if kind == "trick_points":
        return ["card_points"]
    if kind == "hand_winner":
        found = ["hand_points", "hand_cantes", "hand_ultimas"]
        if difficulty >= 2:
            found.append("hand_tute")
        return found if difficulty >= 2 else found[:2]
    if kind == "cante":
        found = ["cante_20", "cante_40", "cante_timing", "cante_sung"]
        if rules.has_teams:
            found.append("cante_split")
        if difficulty >= 2:
            found.append("cante_tute")
        return found
    return ["swap_seven", "swap_two", "swap_none"]


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


def _check_kind(kind: str, rules: Rules) -> None:
    if kind not in KINDS:
        raise QuizError(f"unknown quiz kind {kind!r} (known: {', '.join(KINDS)})")
    if kind == "swap" and not rules.has_stock:
        raise QuizError("kind 'swap' needs the two-player stock: use the rule set a-dos")


def parse_difficulty(value: object) -> int:
    """1, 2 or 3, also written ``beginner``, ``intermediate`` or ``expert``."""
    if isinstance(value, str):
        text = value.strip().lower()
        if text in DIFFICULTY_NAMES:
            return DIFFICULTY_NAMES[text]
        if text.isdigit():
            value = int(text)
    if isinstance(value, int) and not isinstance(value, bool) and value in DIFFICULTIES:
        return value
    raise QuizError(f"difficulty {value!r} is not 1, 2, 3 (beginner, intermediate, expert)")


# =========================================================================== random hands
def _deal(rng: random.Random, ruleset: str, overrides: Mapping[str, Any] | None,
          rules: Rules) -> Game:
    return Game.deal(ruleset, overrides, rng=rng, dealer=rng.randrange(rules.players),
                     first_hand=rng.random() < 0.25)


def _deal_with_tute(rng: random.Random, ruleset: str, overrides: Mapping[str, Any] | None,
                    rules: Rules) -> tuple[Game, int]:
    """A deal where one seat holds four reyes or four caballos (about 1 deal in 50)."""
    for _ in range(20_000):
        game = _deal(rng, ruleset, overrides, rules)
        holders = [s for s in range(rules.players) if game.tute_kind(s) is not None]
        if holders:
            return game, holders[0]
    raise QuizError("no deal with a tute found")  # pragma: no cover - 1 in 50 deals


def _declare_randomly(game: Game, rng: random.Random, chance: float) -> None:
    """The trick's side makes some of the declarations it may (tute, swap, cantes)."""
    moment = game.moment
    if moment is None:
        return
    seats = [s for s in range(game.players) if game.team_of(s) == game.team_of(moment.winner)]
    rng.shuffle(seats)
    for seat in seats:
        if game.can_tute(seat) and rng.random() < chance:
            game.declare_tute(seat)
            return
        if game.can_swap(seat) and rng.random() < chance:
            game.swap(seat)
        suits = game.declarable_cantes(seat)
        if suits and rng.random() < chance:
            game.cante(seat, rng.choice(suits))


Visit = Callable[[Game, str], bool]


def _play_randomly(game: Game, rng: random.Random, *, chance: float = 0.85,
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


def _fits_difficulty(analysis: PlayAnalysis, difficulty: int, players: int) -> bool:
    if analysis.obligation in ("salida", "robo"):
        return True
    if difficulty <= 1:
        return len(analysis.trick) <= 1 or analysis.obligation in ("pisar", "companero")
    if difficulty >= 3:
        return len(analysis.trick) >= 2 or players == 2
    return True


def generate_scenario(rng: random.Random, ruleset: str = "clasico",
                      overrides: Mapping[str, Any] | None = None, *,
                      obligation: str | None = None, difficulty: int = 1) -> Scenario:
    """A real decision from a random hand, with the wanted ``obligation`` code if given.

    >>> s = generate_scenario(random.Random(3), "clasico", obligation="pisar")
    >>> s.analyse().obligation
    'pisar'
    """
    scenario, _ = _scenario_and_analysis(rng, ruleset, overrides, obligation=obligation,
                                         difficulty=difficulty)
    return scenario


def _scenario_and_analysis(rng: random.Random, ruleset: str,
                           overrides: Mapping[str, Any] | None, *, obligation: str | None,
                           difficulty: int,
                           accept: Callable[[PlayAnalysis, Game], bool] | None = None,
                           ) -> tuple[Scenario, PlayAnalysis]:
    rules = find_rules(ruleset, overrides)
    difficulty = parse_difficulty(difficulty)
    possible = obligations_for(rules, 2) + obligations_for(rules, 3)
    wanted = obligation or rng.choice(obligations_for(rules, difficulty))
    if wanted not in possible:
        raise QuizError(f"obligation {wanted!r} never happens under {ruleset} with these flags "
                        f"(possible: {', '.join(dict.fromkeys(possible))})")
    for attempt in range(MAX_GAMES):
        strict = attempt < MAX_GAMES // 4
        found: list[PlayAnalysis] = []

        def visit(game: Game, moment: str, strict: bool = strict,
                  found: list[PlayAnalysis] = found) -> bool:
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

        _play_randomly(_deal(rng, ruleset, overrides, rules), rng, visit=visit)
        if found:
            chosen = rng.choice(found)
            scenario = Scenario(ruleset=ruleset, trump=chosen.trump, hand=chosen.hand,
                                trick=chosen.trick, overrides=dict(overrides or {}),
                                stock_left=chosen.stock_left)
            return scenario, chosen
    raise QuizError(f"no position with obligation {wanted!r} found under {ruleset}")


# =========================================================================== helpers
def _trick_labels(trick_length: int, rules: Rules, lang: str) -> list[str]:
    """Who played each card of the trick, seen by the player to move."""
    labels = []
    for i in range(trick_length):
        back = trick_length - i
        partner = rules.has_teams and back == 2
        labels.append(_tr("partner" if partner else "opponent", lang))
    return labels


def _player(seat: int, lang: str) -> str:
    return _tr("player", lang, n=seat + 1)


def _side_label(side: int, rules: Rules, lang: str) -> str:
    if rules.has_teams:
        return _tr("team", lang, name="AB"[side], a=side + 1, b=side + 3)
    return _player(side, lang)


def _rules_fact(rules: Rules, lang: str, *topics: str) -> list[str]:
    facts = []
    for topic in topics:
        if topic == "cante_by" and rules.has_teams:
            facts.append(_tr(f"fact_cante_by_{rules.cante_by}", lang))
        elif topic == "overtake" and rules.overtake_when_trumped:
            facts.append(_tr("fact_overtake", lang))
        elif topic == "low_trump" and rules.trump_when_cannot_overtrump:
            facts.append(_tr("fact_low_trump", lang))
        elif topic == "exemption" and rules.partner_exemption and rules.has_teams:
            facts.append(_tr("fact_exemption", lang))
    return facts


def _decision_facts(analysis: PlayAnalysis, rules: Rules, lang: str) -> list[str]:
    trick = list(analysis.trick)
    labels = _trick_labels(len(trick), rules, lang)
    table = ", ".join(f"{card_name(c, lang)} ({who})" for c, who in zip(trick, labels,
                                                                         strict=True))
    facts = [_tr("fact_trump", lang, suit=suit_name(analysis.trump, lang)),
             _tr("fact_table", lang, cards=table) if trick else _tr("fact_lead", lang),
             _tr("fact_hand", lang, cards=_cards_text(analysis.hand, lang))]
    if rules.has_stock:
        facts.append(_tr("fact_stock", lang, n=analysis.stock_left) if analysis.stock_left
                     else _tr("fact_stock_empty", lang))
    facts += _rules_fact(rules, lang, "overtake", "low_trump", "exemption")
    return facts


def _decision_view(analysis: PlayAnalysis, rules: Rules, lang: str) -> dict[str, Any]:
    return {"trump": SUIT_LETTERS[analysis.trump],
            "hand": [str(c) for c in analysis.hand],
            "trick": [str(c) for c in analysis.trick],
            "trick_labels": _trick_labels(len(analysis.trick), rules, lang)}


def _overrides_json(ruleset: str, overrides: Mapping[str, Any] | None) -> dict[str, Any]:
    return overrides_of(find_rules(ruleset, overrides), ruleset)


def _card_labels(cards: Iterable[Card], lang: str) -> tuple[str, ...]:
    return tuple(c.name(lang) for c in cards)


# =========================================================================== kinds
@dataclass
class _Context:
    rng: random.Random
    ruleset: str
    overrides: dict[str, Any]
    rules: Rules
    lang: str
    difficulty: int
    rule: str

    def deal(self) -> Game:
        return _deal(self.rng, self.ruleset, self.overrides or None, self.rules)

    def question(self, kind: str, **fields: Any) -> Question:
        return Question(kind=kind, ruleset=self.ruleset, overrides=dict(self.overrides),
                        rule=fields.pop("rule", self.rule), difficulty=self.difficulty,
                        lang=self.lang, **fields)


def _q_legal(ctx: _Context) -> Question:
    scenario, a = _scenario_and_analysis(ctx.rng, ctx.ruleset, ctx.overrides or None,
                                         obligation=ctx.rule, difficulty=ctx.difficulty)
    matter = [*a.legal, *([a.winning] if a.winning else [])]
    return ctx.question(
        "legal", facts=tuple(_decision_facts(a, ctx.rules, ctx.lang)),
        ask=_tr("ask_legal", ctx.lang), options=tuple(str(c) for c in a.hand),
        option_labels=_card_labels(a.hand, ctx.lang), answer=tuple(str(c) for c in a.legal),
        explanation=explain(a, ctx.lang), multi=True, scenario=scenario,
        highlight=tuple(dict.fromkeys(str(c) for c in matter)),
        view=_decision_view(a, ctx.rules, ctx.lang))


def _q_obligation(ctx: _Context) -> Question:
    scenario, a = _scenario_and_analysis(ctx.rng, ctx.ruleset, ctx.overrides or None,
                                         obligation=ctx.rule, difficulty=ctx.difficulty)
    possible = set(obligations_for(ctx.rules, 2) + obligations_for(ctx.rules, 3))
    wrong = [c for c in _OBLIGATION_DISTRACTORS[a.obligation] if c in possible]
    options = [c for c in _OBLIGATION_ORDER if c == a.obligation or c in wrong]
    matter = [*a.legal, *([a.winning] if a.winning else [])]
    return ctx.question(
        "obligation", facts=tuple(_decision_facts(a, ctx.rules, ctx.lang)),
        ask=_tr("ask_obligation", ctx.lang), options=tuple(options),
        option_labels=tuple(_tr(f"ob_{c}", ctx.lang) for c in options),
        answer=(a.obligation,), explanation=explain(a, ctx.lang), multi=False,
        scenario=scenario, highlight=tuple(dict.fromkeys(str(c) for c in matter)),
        view=_decision_view(a, ctx.rules, ctx.lang))


def _q_renuncio(ctx: _Context) -> Question:
    rules = ctx.rules
    wanted = ctx.rule
    holder: dict[int, Any] = {}

    def accept(a: PlayAnalysis, game: Game) -> bool:
        refused = [c for c, reason in a.refused if _REASON_RULE.get(reason) == wanted]
        if not refused:
            return False
        holder[id(a)] = (game.trick_seats(), [game.hand(s) for s in range(game.players)],
                         game.turn)
        return True

    # A card of another suit is refused under asistir and under montar alike.
    wanted_obligation = ctx.rng.choice(["asistir", "montar"]) if wanted == "asistir" else wanted
    scenario, a = _scenario_and_analysis(
        ctx.rng, ctx.ruleset, ctx.overrides or None, obligation=wanted_obligation,
        difficulty=ctx.difficulty, accept=accept)
    seats_before, hands_now, offender = holder[id(a)]
    refused = [c for c, reason in a.refused if _REASON_RULE.get(reason) == wanted]
    bad = ctx.rng.choice(refused)
    # The hands each player held when the trick began (cards on the table go back).
    start_hands = [list(h) for h in hands_now]
    for seat, card in zip(seats_before, a.trick, strict=True):
        start_hands[seat].append(card)
    start_hands[offender] = list(a.hand)
    trick = [*a.trick, bad]
    seats = [*seats_before, offender]
    seat = offender
    while len(trick) < rules.players:
        seat = (seat + 1) % rules.players
        follow = analyse_play(start_hands[seat], trick, a.trump, rules)
        trick.append(ctx.rng.choice(follow.legal))
        seats.append(seat)
    labels = [_player(s, ctx.lang) for s in seats]
    table = ", ".join(f"{card_name(c, ctx.lang)} ({who})" for c, who in zip(trick, labels,
                                                                             strict=True))
    hands_text = [_tr("fact_player_hand", ctx.lang, player=_player(s, ctx.lang),
                      cards=_cards_text(cards_of(sum(c.bit for c in start_hands[s])), ctx.lang))
                  for s in seats]
    facts = [_tr("fact_trump", ctx.lang, suit=suit_name(a.trump, ctx.lang)),
             *hands_text, _tr("fact_played", ctx.lang, cards=table)]
    facts += _rules_fact(rules, ctx.lang, "overtake", "low_trump", "exemption")
    explanation = _tr("renuncio_by", ctx.lang, player=_player(offender, ctx.lang),
                      card=card_name(bad, ctx.lang)) + " " + explain_refusal(a, bad, ctx.lang)
    return ctx.question(
        "renuncio", facts=tuple(facts), ask=_tr("ask_renuncio", ctx.lang),
        options=tuple(str(c) for c in trick), option_labels=_card_labels(trick, ctx.lang),
        answer=(str(bad),), explanation=explanation, multi=False, scenario=scenario,
        seat=offender, highlight=(str(bad), *(str(c) for c in a.legal)),
        view={"trump": SUIT_LETTERS[a.trump], "trick": [str(c) for c in trick],
              "trick_labels": labels,
              "hands": [[str(c) for c in cards_of(sum(c.bit for c in start_hands[s]))]
                        for s in seats],
              "hand_labels": labels,
              # The page draws these hands as cards: their sentences can be left out.
              "drawn_facts": list(range(1, 1 + len(seats)))})


def _trick_rule(cards: tuple[Card, ...], trump: int) -> str:
    lead = cards[0].suit
    cut = lead != trump and any(c.suit == trump for c in cards)
    return "trick_trumped" if cut else "trick_lead_suit"


def _pick_trick(ctx: _Context, want: Callable[[tuple[Card, ...], int], bool]
                ) -> tuple[Game, int, dict[str, Any]]:
    """A finished trick of a random hand (its index) and the record up to it."""
    for _ in range(MAX_GAMES):
        marks: list[tuple[int, dict[str, Any]]] = []
        seen = [0]

        def look(game: Game, seen: list[int] = seen,
                 marks: list[tuple[int, dict[str, Any]]] = marks) -> None:
            if len(game.tricks) > seen[0]:
                seen[0] = len(game.tricks)
                if want(game.tricks[-1].cards, game.trump):
                    marks.append((len(game.tricks) - 1, game.to_record()))

        def visit(game: Game, moment: str, look: Callable[[Game], None] = look) -> bool:
            look(game)
            return False

        game = _play_randomly(ctx.deal(), ctx.rng, visit=visit)
        look(game)  # the last trick has no moment after it
        if marks:
            index, record = ctx.rng.choice(marks)
            return game, index, record
    raise QuizError(f"no trick for rule {ctx.rule!r} found")


def _trick_facts(ctx: _Context, game: Game, index: int) -> tuple[list[str], list[str]]:
    trick = game.tricks[index]
    seats = trick.seats(game.players)
    labels = [_player(s, ctx.lang) for s in seats]
    table = ", ".join(f"{card_name(c, ctx.lang)} ({who})" for c, who in zip(trick.cards, labels,
                                                                             strict=True))
    facts = [_tr("fact_trump", ctx.lang, suit=suit_name(game.trump, ctx.lang)),
             _tr("fact_trick", ctx.lang, n=trick.number, cards=table)]
    return facts, labels


def _q_trick_winner(ctx: _Context) -> Question:
    game, index, record = _pick_trick(ctx, lambda cards, trump: _trick_rule(cards, trump)
                                      == ctx.rule)
    trick = game.tricks[index]
    facts, labels = _trick_facts(ctx, game, index)
    winner = trick.cards[trick.seats(game.players).index(trick.winner)]
    lead = trick.cards[0]
    if ctx.rule == "trick_trumped":
        explanation = _tr("why_trick_trumped", ctx.lang, trump=suit_name(game.trump, ctx.lang),
                          card=card_name(winner, ctx.lang), player=_player(trick.winner,
                                                                           ctx.lang))
    else:
        explanation = _tr("why_trick_lead", ctx.lang, suit=suit_name(lead.suit, ctx.lang),
                          card=card_name(winner, ctx.lang),
                          player=_player(trick.winner, ctx.lang))
        outsiders = [c for c in trick.cards if c.suit != lead.suit]
        if outsiders:
            explanation += " " + _tr("why_trick_offsuit", ctx.lang,
                                     cards=join_names(outsiders, ctx.lang))
    return ctx.question(
        "trick_winner", facts=tuple(facts), ask=_tr("ask_trick_winner", ctx.lang),
        options=tuple(str(c) for c in trick.cards),
        option_labels=_card_labels(trick.cards, ctx.lang), answer=(str(winner),),
        explanation=explanation, multi=False, record=record, highlight=(str(winner),),
        view={"trump": SUIT_LETTERS[game.trump], "trick": [str(c) for c in trick.cards],
              "trick_labels": labels, "trick_number": trick.number})


_MISTAKE_VALUES: Final = {
    # The classic confusions: the 3 below the rey, the as worth one, sota and caballo
    # worth nothing, counting the diez de últimas into a single trick.
    "three_below_king": {3: 4, 12: 10},
    "ace_is_one": {1: 1},
    "no_faces": {10: 0, 11: 0},
}


def _q_trick_points(ctx: _Context) -> Question:
    def worth_asking(cards: tuple[Card, ...], trump: int) -> bool:
        points = sum(c.points for c in cards)
        return points > 0 if ctx.difficulty <= 1 else points >= 10

    game, index, record = _pick_trick(ctx, worth_asking)
    trick = game.tricks[index]
    facts, labels = _trick_facts(ctx, game, index)
    points = trick.points
    wrong: list[int] = []
    for values in _MISTAKE_VALUES.values():
        total = sum(values.get(c.rank, c.points) for c in trick.cards)
        wrong.append(total)
    wrong.append(points + 10)
    for step in (2, -2, 3, -3, 1, -1, 4, -4):
        wrong.append(points + step)
    options = [points]
    for value in wrong:
        if value >= 0 and value not in options:
            options.append(value)
        if len(options) == 4:
            break
    options.sort()
    parts = [f"{card_name(c, ctx.lang)} {c.points}" for c in trick.cards]
    explanation = _tr("why_points", ctx.lang, parts=", ".join(parts), total=points)
    return ctx.question(
        "trick_points", facts=tuple(facts), ask=_tr("ask_trick_points", ctx.lang),
        options=tuple(str(v) for v in options), option_labels=tuple(str(v) for v in options),
        answer=(str(points),), explanation=explanation, multi=False, record=record,
        highlight=tuple(str(c) for c in trick.cards if c.points),
        view={"trump": SUIT_LETTERS[game.trump], "trick": [str(c) for c in trick.cards],
              "trick_labels": labels, "trick_number": trick.number})


def _hand_rule(game: Game, result: HandResult) -> str:
    if result.reason == "tute":
        return "hand_tute"
    assert result.last_trick is not None
    without = list(result.totals)
    without[result.last_trick] -= 10
    top = max(without)
    leaders = [s for s, v in enumerate(without) if v == top]
    if result.reason == "tie_last_trick" or leaders != [result.winner]:
        return "hand_ultimas"
    return "hand_cantes" if any(result.cante_points) else "hand_points"


def _q_hand_winner(ctx: _Context) -> Question:
    rules = ctx.rules
    for _ in range(MAX_GAMES * 2):
        protect = None
        if ctx.rule == "hand_tute":
            game, protect = _deal_with_tute(ctx.rng, ctx.ruleset, ctx.overrides or None, rules)
        else:
            game = ctx.deal()
        chance = {"hand_points": 0.0, "hand_cantes": 0.95}.get(ctx.rule, 0.6)
        _play_randomly(game, ctx.rng, chance=chance if protect is None else 1.0,
                       protect=protect)
        result = game.result()
        if _hand_rule(game, result) == ctx.rule:
            break
    else:
        raise QuizError(f"no hand for rule {ctx.rule!r} found")
    lang = ctx.lang
    facts = [_tr("fact_trump", lang, suit=suit_name(game.trump, lang))]
    lines = []
    if result.tute is not None:
        tute = result.tute
        facts.append(_tr("fact_tute", lang, player=_player(tute.seat, lang),
                         kind=_tr(f"tute_{tute.kind}", lang), n=len(game.tricks)))
        for side in range(rules.sides):
            facts.append(_tr("fact_side_cards", lang, side=_side_label(side, rules, lang),
                             points=result.card_points[side]))
        explanation = _tr("why_tute", lang, player=_player(tute.seat, lang),
                          side=_side_label(result.winner, rules, lang))
    else:
        for side in range(rules.sides):
            facts.append(_tr("fact_side_cards", lang, side=_side_label(side, rules, lang),
                             points=result.card_points[side]))
        for cante in game.cantes:
            facts.append(_tr("fact_cante", lang, player=_player(cante.seat, lang),
                             what=_cante_words(cante.suit, game.trump, lang),
                             n=cante.after_trick))
        if not game.cantes:
            facts.append(_tr("fact_no_cantes", lang))
        last = game.tricks[-1]
        facts.append(_tr("fact_last_trick", lang, player=_player(last.winner, lang)))
        for side in range(rules.sides):
            parts = [str(result.card_points[side])]
            if result.cante_points[side]:
                parts.append(_tr("plus_cantes", lang, n=result.cante_points[side]))
            if side == result.last_trick:
                parts.append(_tr("plus_ultimas", lang))
            key = "why_side_total" if len(parts) > 1 else "why_side_plain"
            lines.append(_tr(key, lang, side=_side_label(side, rules, lang),
                             parts=" + ".join(parts), total=result.totals[side]))
        key = "why_tie" if result.reason == "tie_last_trick" else "why_winner"
        lines.append(_tr(key, lang, side=_side_label(result.winner, rules, lang),
                         total=result.totals[result.winner]))
        explanation = " ".join(lines)
    options = [str(s) for s in range(rules.sides)] + [TIE]
    labels = [_side_label(s, rules, lang) for s in range(rules.sides)] + [_tr("tie", lang)]
    return ctx.question(
        "hand_winner", facts=tuple(facts), ask=_tr("ask_hand_winner", lang),
        options=tuple(options), option_labels=tuple(labels), answer=(str(result.winner),),
        explanation=explanation, multi=False, record=game.to_record(),
        view={"trump": SUIT_LETTERS[game.trump]})


def _cante_words(suit: int, trump: int, lang: str) -> str:
    if suit == trump:
        return _tr("cante_40_in", lang, suit=suit_name(suit, lang))
    return _tr("cante_20_in", lang, suit=suit_name(suit, lang))


def _pair(suit: int) -> tuple[Card, Card]:
    return CARDS[10 * suit + REY], CARDS[10 * suit + CABALLO]


def _holds(game: Game, seat: int, card: Card) -> bool:
    return bool(game.hands[seat] >> card.index & 1)


def _cante_case(game: Game, seat: int) -> tuple[str, tuple[str, ...], str, tuple[Card, ...]
                                                ] | None:
    """(rule, answer, why-key, cards that matter) for ``seat`` now, or None to skip.

    The answer is the engine's (``can_tute``, ``declarable_cantes``); the rule and the
    reason only choose the words of the explanation.
    """
    rules = game.rules
    trump = game.trump
    if game.can_tute(seat):
        kind = game.tute_kind(seat)
        rank = REY if kind == "reyes" else CABALLO
        return "cante_tute", ("tute",), "why_cante_tute", tuple(CARDS[10 * s + rank]
                                                              for s in range(4))
    declarable = game.declarable_cantes(seat)
    if len(declarable) > 1:
        return None
    if declarable:
        suit = declarable[0]
        if suit == trump:
            return "cante_40", ("40",), "why_cante_40", _pair(suit)
        return "cante_20", (f"20{SUIT_LETTERS[suit]}",), "why_cante_20", _pair(suit)
    if game.tute_kind(seat) is not None:
        return None
    pairs = [s for s in range(4) if all(_holds(game, seat, c) for c in _pair(s))]
    open_pairs = [s for s in pairs if s not in game.sung_suits]
    moment = game.moment
    if open_pairs:
        cards = _pair(open_pairs[0])
        if moment is None:
            return "cante_timing", (NONE,), "why_cante_after_trick", cards
        if rules.has_stock and not moment.stock_open:
            return "cante_timing", (NONE,), "why_cante_stock", cards
        if seat != moment.winner and (rules.cante_by == "trick_winner"
                                      or not rules.has_teams):
            return "cante_timing", (NONE,), "why_cante_winner", cards
        if game.team_of(seat) != game.team_of(moment.winner):
            return "cante_timing", (NONE,), "why_cante_side", cards
        return None
    allowed = moment is not None and game._may_declare(seat) is None
    if not allowed:
        return None
    sung = [s for s in pairs if s in game.sung_suits]
    if sung:
        return "cante_sung", (NONE,), "why_cante_sung", _pair(sung[0])
    partner = rules.partner_of(seat)
    if partner is not None:
        for s in range(4):
            if s in game.sung_suits:
                continue
            rey, caballo = _pair(s)
            mine = [c for c in (rey, caballo) if _holds(game, seat, c)]
            theirs = [c for c in (rey, caballo) if _holds(game, partner, c)]
            if len(mine) == 1 and len(theirs) == 1:
                return "cante_split", (NONE,), "why_cante_split", (rey, caballo)
    return None


def _situation(game: Game, seat: int, lang: str) -> str:
    moment = game.moment
    if moment is None:
        return _tr("sit_mid_trick", lang, n=len(game.tricks) + 1)
    winner = moment.winner
    if winner == seat:
        who = "you"
    elif game.rules.has_teams and game.team_of(winner) == game.team_of(seat):
        who = "partner"
    else:
        who = "opponent"
    return _tr(f"sit_won_{who}", lang, n=moment.trick_number)


def _cante_options(trump: int, lang: str) -> tuple[list[str], list[str]]:
    options = [NONE, *[f"20{SUIT_LETTERS[s]}" for s in range(4) if s != trump], "40", "tute"]
    labels = [_tr("cante_none", lang)]
    labels += [_tr("cante_20_in", lang, suit=suit_name(s, lang)) for s in range(4) if s != trump]
    labels += [_tr("cante_40_in", lang, suit=suit_name(trump, lang)), _tr("cante_tute", lang)]
    return options, labels


def _q_cante(ctx: _Context) -> Question:
    rules = ctx.rules
    for _ in range(MAX_GAMES):
        found: list[tuple[int, tuple[str, tuple[str, ...], str, tuple[Card, ...]],
                          dict[str, Any], dict[str, Any]]] = []

        def visit(game: Game, moment: str, found: list[Any] = found) -> bool:
            if moment == "play" and game.moment is not None:
                return False  # the same instant was seen as a moment
            seats = list(range(game.players)) if moment == "moment" else [game.turn]
            for seat in seats:
                case = _cante_case(game, seat)
                if case is not None and case[0] == ctx.rule:
                    found.append((seat, case, game.to_record(),
                                  _cante_snapshot(game, seat, ctx.lang)))
            return False

        protect = None
        if ctx.rule == "cante_tute":
            game, protect = _deal_with_tute(ctx.rng, ctx.ruleset, ctx.overrides or None, rules)
        else:
            game = ctx.deal()
        _play_randomly(game, ctx.rng, protect=protect, visit=visit)
        if found:
            seat, case, record, snap = ctx.rng.choice(found)
            break
    else:
        raise QuizError(f"no position for rule {ctx.rule!r} found under {ctx.ruleset}")
    _, answer, why, cards = case
    lang = ctx.lang
    trump = snap["trump"]
    facts = [_tr("fact_trump", lang, suit=suit_name(trump, lang)),
             _tr("fact_you_are", lang, player=_player(seat, lang)),
             _tr("fact_hand", lang, cards=_cards_text(snap["hand"], lang)),
             snap["situation"],
             _tr("fact_sung", lang, suits=", ".join(suit_name(s, lang) for s in snap["sung"]))
             if snap["sung"] else _tr("fact_none_sung", lang)]
    if rules.has_teams:
        facts.append(_tr("fact_partner_figures", lang,
                         cards=_cards_text(snap["partner_figures"], lang)))
    if rules.has_stock:
        facts.append(_tr("fact_stock", lang, n=snap["stock_left"]) if snap["stock_left"]
                     else _tr("fact_stock_empty", lang))
    facts += _rules_fact(rules, lang, "cante_by")
    options, labels = _cante_options(trump, lang)
    suit = cards[0].suit
    explanation = _tr(why, lang, suit=suit_name(suit, lang), cards=join_names(cards, lang),
                      kind=_tr(f"tute_{snap['tute_kind']}", lang) if snap["tute_kind"] else "")
    return ctx.question(
        "cante", facts=tuple(facts), ask=_tr("ask_cante", lang), options=tuple(options),
        option_labels=tuple(labels), answer=answer, explanation=explanation, multi=False,
        record=record, seat=seat, highlight=tuple(str(c) for c in cards),
        view={"trump": SUIT_LETTERS[trump], "hand": [str(c) for c in snap["hand"]],
              "trick": [str(c) for c in snap["trick"]],
              "trick_labels": [_player(s, lang) for s in snap["trick_seats"]]})


def _cante_snapshot(game: Game, seat: int, lang: str) -> dict[str, Any]:
    partner = game.rules.partner_of(seat)
    figures: list[Card] = []
    if partner is not None:
        figures = [c for c in game.hand(partner) if c.strength in (REY, CABALLO)]
    return {"trump": game.trump, "hand": game.hand(seat), "sung": sorted(game.sung_suits),
            "situation": _situation(game, seat, lang), "partner_figures": figures,
            "stock_left": game.stock_left,
            "tute_kind": game.tute_kind(seat), "trick": game.trick_cards,
            "trick_seats": game.trick_seats()}


def _q_swap(ctx: _Context) -> Question:
    for _ in range(MAX_GAMES):
        found: list[tuple[int, str, dict[str, Any], dict[str, Any]]] = []

        def visit(game: Game, moment: str, found: list[Any] = found) -> bool:
            if moment != "moment" or not game.draw_pile or game.moment is None:
                return False
            seat = game.moment.winner
            case = _swap_case(game, seat)
            if case == ctx.rule:
                found.append((seat, case, game.to_record(), {
                    "hand": game.hand(seat), "face_up": game.face_up, "trump": game.trump,
                    "swap": game.swap_card(seat) if game.can_swap(seat) else None,
                    "stock_left": game.stock_left, "trick_number": len(game.tricks)}))
            return False

        _play_randomly(ctx.deal(), ctx.rng, visit=visit)
        if found:
            seat, rule, record, snap = ctx.rng.choice(found)
            break
    else:
        raise QuizError(f"no position for rule {ctx.rule!r} found")
    lang = ctx.lang
    trump = snap["trump"]
    face: Card = snap["face_up"]
    seven, two = CARDS[10 * trump + 4], CARDS[10 * trump]
    swap: Card | None = snap["swap"]
    answer = (str(swap),) if swap is not None else (NONE,)
    needed = seven if face.strength in SWAP_WITH_SEVEN else two
    if rule == "swap_seven":
        why = "why_swap_seven"
    elif rule == "swap_two":
        why = "why_swap_two"
    elif face.strength not in SWAP_WITH_SEVEN | SWAP_WITH_TWO:
        why = "why_swap_face_two"
    else:
        why = "why_swap_missing"
    facts = [_tr("fact_trump", lang, suit=suit_name(trump, lang)),
             _tr("fact_face_up", lang, card=card_name(face, lang)),
             _tr("fact_hand", lang, cards=_cards_text(snap["hand"], lang)),
             _tr("sit_won_you", lang, n=snap["trick_number"]),
             _tr("fact_stock", lang, n=snap["stock_left"])]
    options = [str(seven), str(two), NONE]
    labels = [seven.name(lang), two.name(lang), _tr("swap_none", lang)]
    explanation = _tr(why, lang, face=card_name(face, lang), card=card_name(needed, lang))
    return ctx.question(
        "swap", facts=tuple(facts), ask=_tr("ask_swap", lang), options=tuple(options),
        option_labels=tuple(labels), answer=answer, explanation=explanation, multi=False,
        record=record, seat=seat, highlight=(str(face), str(needed)),
        view={"trump": SUIT_LETTERS[trump], "hand": [str(c) for c in snap["hand"]],
              "face_up": str(face)})


def _swap_case(game: Game, seat: int) -> str | None:
    if game.can_swap(seat):
        card = game.swap_card(seat)
        assert card is not None
        return "swap_seven" if card.rank == 7 else "swap_two"
    if game.moment is None or game.moment.swapped:
        return None
    trump = game.trump
    holds = _holds(game, seat, CARDS[10 * trump + 4]) or _holds(game, seat, CARDS[10 * trump])
    return "swap_none" if holds else None


_BUILDERS: Final[dict[str, Callable[[_Context], Question]]] = {
    "legal": _q_legal,
    "obligation": _q_obligation,
    "renuncio": _q_renuncio,
    "trick_winner": _q_trick_winner,
    "trick_points": _q_trick_points,
    "hand_winner": _q_hand_winner,
    "cante": _q_cante,
    "swap": _q_swap,
}


# =========================================================================== public API
def generate_question(kind: str, seed: int, ruleset: str = "clasico",
                      overrides: Mapping[str, Any] | None = None, *, lang: str = "es",
                      difficulty: int | str = 1, rule: str | None = None) -> Question:
    """One question of ``kind``, the same for the same arguments.

    ``rule`` picks what it trains (one of :func:`rules_for`); without it the rule is
    drawn evenly among the kind's rules, so obligations come out balanced.
    """
    rules = find_rules(ruleset, overrides)
    level = parse_difficulty(difficulty)
    _check_kind(kind, rules)
    rng = random.Random(seed)
    choices = rules_for(kind, rules, level)
    if rule is None:
        rule = rng.choice(choices)
    elif not any(rule in rules_for(kind, rules, d) for d in DIFFICULTIES):
        raise QuizError(f"kind {kind!r} cannot ask about rule {rule!r} under {ruleset} "
                        f"(rules: {', '.join(choices)})")
    ctx = _Context(rng, ruleset, _overrides_json(ruleset, overrides), rules,
                   "en" if lang == "en" else "es", level, rule)
    question = _BUILDERS[kind](ctx)
    return _with_seed(question, seed)


def _with_seed(question: Question, seed: int) -> Question:
    from dataclasses import replace

    return replace(question, seed=seed)


def question_seed(seed: int, index: int) -> int:
    """The seed of question ``index`` of a quiz seeded ``seed`` (stable, documented)."""
    return seed * 100_003 + index


def generate_quiz(kind: str, seed: int, count: int, ruleset: str = "clasico",
                  overrides: Mapping[str, Any] | None = None, *, lang: str = "es",
                  difficulty: int | str = 1) -> list[Question]:
    """``count`` questions of ``kind``: question ``i`` uses :func:`question_seed`."""
    return [generate_question(kind, question_seed(seed, i), ruleset, overrides, lang=lang,
                              difficulty=difficulty) for i in range(count)]


def describe_kinds(lang: str = "es", kinds: Collection[str] = KINDS) -> list[dict[str, Any]]:
    """What ``tute-tutor quiz --list-kinds`` prints: each kind, its rules and rule sets."""
    from tute_tutor.engine.variants import PRESETS

    out = []
    for kind in kinds:
        presets = [p for p, r in PRESETS.items() if kind in kinds_for(r)]
        rules = find_rules(presets[0])
        trained = list(dict.fromkeys(r for p in presets for d in DIFFICULTIES
                                     for r in rules_for(kind, find_rules(p), d)))
        out.append({"kind": kind, "title": _tr(f"kind_{kind}", lang),
                    "description": _tr(f"kind_{kind}_help", lang),
                    "answer": _ANSWER_TYPES[kind], "multi": kind == "legal",
                    "checked_with": "legal" if kind in ("legal", "obligation", "renuncio")
                    else "replay",
                    "rulesets": presets, "rules": trained,
                    "difficulties": list(DIFFICULTIES),
                    "players": sorted({find_rules(p).players for p in presets}),
                    "example_rules": rules_for(kind, rules, 1)})
    return out


_ANSWER_TYPES: Final = {
    "legal": "cards", "obligation": "obligation code", "renuncio": "card",
    "trick_winner": "card", "trick_points": "number", "hand_winner": "side",
    "cante": "none | 20<suit> | 40 | tute", "swap": "card | none",
}


def rule_label(rule: str, lang: str = "es") -> str:
    """The name of a rule (spaced-repetition key) for charts and feedback."""
    return _tr(f"rule_{rule}", lang)


def kind_label(kind: str, lang: str = "es") -> str:
    """The title of a question kind in ``lang``."""
    return _tr(f"kind_{kind}", lang)
