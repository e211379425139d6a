"""The teacher's page helpers: the scenario builder's state, the sequence of slides, links.

Everything the builder shows is read from ``st.session_state`` (keys below) and checked
by the engine (:class:`Scenario`); the page only lays the widgets out. The sequence of
slides ("deck") is a list of scenario dicts (docs/FORMATS.md, "Scenario") in the
session, so it survives page switches and travels in share links and files unchanged.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Mapping, Sequence
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import streamlit as st

from tute_tutor.engine.cards import SUIT_LETTERS, Card, deck, parse_cards, suit_from_letter
from tute_tutor.engine.errors import TuteError
from tute_tutor.engine.variants import PLAY_FLAGS, PRESETS, Rules, find_rules, overrides_of
from tute_tutor.formats.scenario import Scenario
from tute_tutor.formats.share import QUERY_KEY, ShareError, decode_link, encode_link
from tute_tutor.quiz.play import generate_scenario, obligations_for
from tute_tutor.teach.worksheet import card_text, trick_labels
from tute_tutor.ui.presenter import (
    leader_sentence,
    refusal_lines,
    winning_position,
    winning_sentence,
)
from tute_tutor.words.catalog import t, t_count
from tute_tutor.words.explain import explain
from tute_tutor.words.markup import escape_markdown

# Session keys of the builder (widgets use them directly).
RULESET: Final = "tb_ruleset"
TRUMP: Final = "tb_trump"
TRICK: Final = "tb_trick"
HAND: Final = "tb_hand"
STOCK: Final = "tb_stock"
TARGET: Final = "tb_target"
TOPIC: Final = "tb_topic"
DIFFICULTY: Final = "tb_difficulty"
SEED: Final = "tb_seed"
MESSAGE: Final = "tb_message"
LAST_CLICK: Final = "tb_last_click"
FLAGS: Final = PLAY_FLAGS
"""Rule flags that change which cards are legal: the builder offers each of them."""

DECK: Final = "teacher_deck"
LOADED_TOKEN: Final = "teacher_loaded_token"
ANY_TOPIC: Final = "any"


def flag_key(name: str) -> str:
    return f"tb_flag_{name}"


def pick_key(suit: int) -> str:
    """Widget key of the clickable row of one suit in the card picker."""
    return f"tb_pick_{SUIT_LETTERS[suit]}"


# --------------------------------------------------------------------------- pure parts
def build_scenario(ruleset: str, trump: str, trick_text: str, hand_text: str,
                   stock_left: int = 0, overrides: dict[str, Any] | None = None) -> Scenario:
    """The builder's fields as a validated scenario; a :class:`TuteError` names the problem.

    >>> build_scenario("clasico", "o", "10c", "12c, 4c").analyse().obligation
    'montar'
    """
    return Scenario(ruleset=ruleset, trump=suit_from_letter(trump),
                    hand=tuple(parse_cards(hand_text)), trick=tuple(parse_cards(trick_text)),
                    overrides=dict(overrides or {}),
                    stock_left=stock_left if find_rules(ruleset).has_stock else 0)


_SCENARIO_MESSAGES: Final = (
    (re.compile(r"card (?P<card>\S+) appears twice"), "twice"),
    (re.compile(r"card 2o is not in the deck of tute a tres"), "no_2o"),
    (re.compile(r"the hand is empty"), "empty_hand"),
    (re.compile(r"a hand of (?P<count>\d+) cards is too big: at most (?P<most>\d+)"),
     "hand_too_big"),
    (re.compile(r"a trick of (?P<count>\d+) cards is too long: at most (?P<most>\d+)"),
     "trick_too_long"),
    (re.compile(r"stock_left (?P<count>\d+) cannot happen"), "stock_odd"),
    (re.compile(r"a hand of (?P<count>\d+) cards cannot happen while the stock lasts: every "
                r"player holds (?P<most>\d+)"), "stock_hand"),
    (re.compile(r"(?P<code>'.*') is not a card code: ranks"), "bad_rank"),
    (re.compile(r"(?P<code>'.*') is not a card code"), "bad_code"),
)


def scenario_problem(message: str, lang: str) -> str:
    """The engine's one-line reason a scenario is impossible, said in ``lang``.

    Known reasons get the catalogue's wording; any other keeps the engine's words. The
    result is Markdown: the input it quotes (a card code someone typed) is escaped.

    >>> scenario_problem("card 12c appears twice in the scenario", "es")
    'la carta 12c está dos veces'
    >>> scenario_problem("something new", "es")
    'something new'
    """
    for pattern, key in _SCENARIO_MESSAGES:
        found = pattern.search(message)
        if found:
            values = {name: escape_markdown(value) for name, value in found.groupdict().items()}
            if "count" in values:  # "1 card cannot be left": the plural follows the count
                return t_count(f"teacher.problem.{key}", int(found["count"]), lang, **values)
            return t(f"teacher.problem.{key}", lang, **values)
    return escape_markdown(message)


def used_codes(*texts: str) -> set[str]:
    """Card codes already typed in the builder's fields (unreadable parts skipped)."""
    used: set[str] = set()
    for text in texts:
        for part in text.split(","):
            try:
                used.add(str(Card.parse(part)))
            except TuteError:
                continue
    return used


def append_code(text: str, card: Card) -> str:
    """``"10c, 2o"`` plus a card: ``"10c, 2o, 5b"``."""
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return ", ".join([*parts, str(card)])


def base_url(url: str) -> str:
    """The app's root from the current page's address (path and query dropped).

    >>> base_url("http://10.0.0.5:8501/teacher?s=1abc&lang=es")
    'http://10.0.0.5:8501'
    >>> base_url("https://school.example/tute/try_it")
    'https://school.example/tute'
    """
    parts = urlsplit(url)
    path = parts.path.rstrip("/")
    if "/" in path:
        path = path.rsplit("/", 1)[0]
    return urlunsplit((parts.scheme, parts.netloc, path, "", "")).rstrip("/")


# --------------------------------------------------------------------------- state
def init_builder(rules: Rules) -> None:
    """Builder defaults, once per session: the sidebar's rule set and an example."""
    state = st.session_state
    if RULESET in state:
        return
    state[RULESET] = rules.ruleset
    state[TRUMP] = "o"
    state[TRICK] = "10c"
    state[HAND] = "12c, 4c, 5b"
    state[STOCK] = 0
    state[TARGET] = "hand"
    for name in FLAGS:
        state[flag_key(name)] = bool(getattr(rules, name))


def builder_rules() -> Rules:
    """The builder's preset with its flag checkboxes."""
    state = st.session_state
    wanted = {name: bool(state.get(flag_key(name), False)) for name in FLAGS}
    return find_rules(state[RULESET], wanted)


def current_scenario() -> tuple[Scenario | None, str | None]:
    """The builder's scenario, or None and the engine's one-line reason it is impossible."""
    state = st.session_state
    fields = {key: state.get(key) for key in (RULESET, TRUMP, TRICK, HAND, STOCK)}
    fields.update({flag_key(name): state.get(flag_key(name), False) for name in FLAGS})
    try:
        return scenario_from_fields(fields), None
    except TuteError as error:
        return None, str(error)


def builder_fields(scenario: Scenario) -> dict[str, Any]:
    """The builder's field values (session keys) that show ``scenario``.

    >>> s = build_scenario("clasico", "o", "10c", "12c, 4c")
    >>> fields = builder_fields(s)
    >>> fields[TRICK], fields[HAND], fields[flag_key("partner_exemption")]
    ('10c', '12c, 4c', False)
    """
    rules = scenario.rules
    fields: dict[str, Any] = {
        RULESET: scenario.ruleset,
        TRUMP: SUIT_LETTERS[scenario.trump],
        TRICK: ", ".join(str(c) for c in scenario.trick),
        HAND: ", ".join(str(c) for c in scenario.hand),
        STOCK: scenario.stock_left,
    }
    for name in FLAGS:
        fields[flag_key(name)] = bool(getattr(rules, name))
    return fields


def scenario_from_fields(fields: dict[str, Any]) -> Scenario:
    """Inverse of :func:`builder_fields`: the scenario the fields describe (validated)."""
    ruleset = fields[RULESET]
    wanted = {name: bool(fields.get(flag_key(name), False)) for name in FLAGS}
    overrides = overrides_of(find_rules(ruleset, wanted), ruleset)
    return build_scenario(ruleset, fields[TRUMP], fields[TRICK], fields[HAND],
                          int(fields.get(STOCK) or 0), overrides)


def load_into_builder(scenario: Scenario) -> None:
    """Put a scenario in the builder's fields (call from a callback, before the widgets)."""
    st.session_state.update(builder_fields(scenario))


def on_ruleset_change() -> None:
    """A new preset brings its own flag values."""
    rules = PRESETS.get(st.session_state[RULESET], PRESETS["clasico"])
    for name in FLAGS:
        st.session_state[flag_key(name)] = bool(getattr(rules, name))
    if not rules.has_stock:
        st.session_state[STOCK] = 0


def clear_field(key: str) -> None:
    st.session_state[key] = ""


def drop_last(text: str) -> str:
    """The field without its last card code: ``"10c, 2o"`` -> ``"10c"``.

    >>> drop_last("10c, 2o"), drop_last("10c"), drop_last("")
    ('10c', '', '')
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    return ", ".join(parts[:-1])


def remove_last(key: str) -> None:
    """Callback: take the last card back out of a field."""
    st.session_state[key] = drop_last(str(st.session_state.get(key, "")))


def topics_for(rules: Rules) -> list[str]:
    """Obligation codes the generator can aim at under these rules (plus "any")."""
    codes = list(dict.fromkeys(obligations_for(rules, 2) + obligations_for(rules, 3)))
    return [ANY_TOPIC, *codes]


def generate(rules: Rules, topic: str, difficulty: int, rng: random.Random) -> Scenario:
    """A random real position with the wanted obligation (``any``: the generator picks)."""
    return generate_scenario(rng, rules,
                             obligation=None if topic == ANY_TOPIC else topic,
                             difficulty=difficulty)


@st.cache_data(show_spinner=False, max_entries=64)
def _generated_json(ruleset: str, overrides_json: str, topic: str, difficulty: int,
                    count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    rules = find_rules(ruleset, json.loads(overrides_json))
    return [generate(rules, topic, difficulty, rng).to_json()
            for _ in range(count)]


def generated_set(rules: Rules, topic: str, difficulty: int, count: int,
                  seed: int) -> list[Scenario]:
    """``count`` generated scenarios, the same for the same seed (cached between reruns)."""
    data = _generated_json(rules.ruleset, json.dumps(rules.overrides_dict(), sort_keys=True),
                           topic, difficulty, count, seed)
    return [Scenario.from_json(d) for d in data]


def on_generate(lang: str) -> None:
    """Callback of the "generate" button: fill the builder with a fresh scenario."""
    state = st.session_state
    state[SEED] = int(state.get(SEED, 0)) + 1
    rng = random.Random(f"{state[SEED]}-{random.random()}")
    try:
        scenario = generate(builder_rules(), state.get(TOPIC, ANY_TOPIC),
                            int(state.get(DIFFICULTY, 1)), rng)
    except TuteError as error:
        state[MESSAGE] = ("error", t("teacher.generate_failed", lang, error=str(error)))
        return
    load_into_builder(scenario)
    state[MESSAGE] = ("success", t("teacher.generated", lang))


GEN_COUNT: Final = "tb_gen_count"


def on_generate_many(lang: str) -> None:
    """Callback: append as many generated scenarios as asked to the sequence."""
    state = st.session_state
    state[SEED] = int(state.get(SEED, 0)) + 1
    rng = random.Random(f"{state[SEED]}-{random.random()}")
    count = max(1, min(40, int(state.get(GEN_COUNT, 10) or 10)))
    try:
        fresh = [generate(builder_rules(), state.get(TOPIC, ANY_TOPIC),
                          int(state.get(DIFFICULTY, 1)), rng) for _ in range(count)]
    except TuteError as error:
        state[MESSAGE] = ("error", t("teacher.generate_failed", lang, error=str(error)))
        return
    set_deck([*get_deck(), *fresh])
    state[MESSAGE] = ("success", t_count("teacher.added", len(get_deck()), lang))


# --------------------------------------------------------------------------- the deck
def get_deck() -> list[Scenario]:
    """The teacher's sequence of slides (scenarios that failed to load are dropped)."""
    out = []
    for data in st.session_state.get(DECK, []):
        try:
            out.append(Scenario.from_json(data))
        except TuteError:
            continue
    return out


def set_deck(scenarios: Sequence[Scenario]) -> None:
    st.session_state[DECK] = [s.to_json() for s in scenarios]


def add_to_deck(scenario: Scenario) -> None:
    set_deck([*get_deck(), scenario])


def move_in_deck(index: int, offset: int) -> None:
    """Swap slide ``index`` with its neighbour ``index + offset`` (callback)."""
    scenarios = get_deck()
    other = index + offset
    if 0 <= index < len(scenarios) and 0 <= other < len(scenarios):
        scenarios[index], scenarios[other] = scenarios[other], scenarios[index]
        set_deck(scenarios)


def remove_from_deck(index: int) -> None:
    scenarios = get_deck()
    if 0 <= index < len(scenarios):
        del scenarios[index]
        set_deck(scenarios)


def load_link_once(lang: str) -> list[Scenario] | None:
    """Scenarios of the page's ``?s=`` link the first time it is seen, else None.

    A bad link leaves a one-line message in :data:`MESSAGE` and is not retried.
    """
    token = st.query_params.get(QUERY_KEY)
    if not token or st.session_state.get(LOADED_TOKEN) == token:
        return None
    st.session_state[LOADED_TOKEN] = token
    try:
        return decode_link(token)
    except ShareError as error:
        st.session_state[MESSAGE] = ("error", link_error_line(error, lang))
        return None


def link_error_line(error: ShareError, lang: str, source: str = "link") -> str:
    """The one-line, translated message for a bad link (or ``source="file"``), in
    Markdown with whatever it quotes from the link escaped."""
    detail = error.detail or str(error)
    if error.reason == "scenario":
        numbered = re.match(r"scenario (\d+): (.*)$", detail)
        if numbered:
            detail = t("teacher.scenario_number", lang, number=numbered.group(1),
                       problem=scenario_problem(numbered.group(2), lang))
        else:
            detail = scenario_problem(detail, lang)
    else:
        detail = escape_markdown(detail)
    return t(f"teacher.{source}_error.{error.reason}", lang, detail=detail)


_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")


def root_from(url: str, headers: Mapping[str, str]) -> str:
    """The app's root as the browser reached it: a proxy's ``X-Forwarded-Host`` and
    ``X-Forwarded-Proto`` first, then the ``Host`` the browser sent, then ``url``.

    Behind nginx the server itself may be ``localhost``; a link the class can open names
    the address the teacher's browser used. A malformed host is ignored.

    >>> root_from("http://localhost:8501/teacher", {"Host": "10.0.0.5:8501"})
    'http://10.0.0.5:8501'
    >>> root_from("http://127.0.0.1:8501/tute/teacher",
    ...           {"X-Forwarded-Host": "school.example", "X-Forwarded-Proto": "https"})
    'https://school.example/tute'
    >>> root_from("http://localhost:8501/teacher", {"Host": "evil.example/<b>"})
    'http://localhost:8501'
    """
    lower = {key.lower(): value for key, value in headers.items()}
    root = base_url(url) if url else ""
    parts = urlsplit(root)
    host = (lower.get("x-forwarded-host") or lower.get("host") or "").split(",")[0].strip()
    scheme = (lower.get("x-forwarded-proto") or parts.scheme or "http").split(",")[0].strip()
    if not host or not _HOST.match(host) or scheme not in ("http", "https"):
        return root
    return urlunsplit((scheme, host, parts.path, "", "")).rstrip("/")


def public_root() -> str:
    """:func:`root_from` for this session ("" without a browser, as in AppTest)."""
    try:
        url = str(st.context.url or "")
        headers = dict(st.context.headers or {})
    except Exception:  # no browser context (AppTest): a relative link still works
        return ""
    return root_from(url, headers) if url else ""


def links_for(scenarios: Sequence[Scenario], lang: str) -> tuple[str, str] | None:
    """Full (teacher, student) links for the sequence in ``lang``; None when too long."""
    try:
        token = encode_link(scenarios)
    except ShareError:
        return None
    root = public_root()
    query = f"{QUERY_KEY}={token}&lang={lang}"
    return (f"{root}/teacher?{query}", f"{root}/try_it?{query}")


# --------------------------------------------------------------------------- drawing
def show_message() -> None:
    """Show (once) the message a callback left for this run."""
    message = st.session_state.pop(MESSAGE, None)
    if not message:
        return
    kind, text = message
    {"error": st.error, "success": st.success}.get(kind, st.info)(text)


def render_answer(scenario: Scenario, *, style: str, lang: str, width: int = 80) -> None:
    """The engine's answer: table with who is winning, the hand with legal cards, why."""
    from tute_tutor.ui import cards

    analysis = scenario.analyse()
    st.markdown(f"**{leader_sentence(scenario, lang)}**")
    if scenario.trick:
        cards.show_trick(list(scenario.trick),
                         labels=trick_labels(scenario.rules.players, len(scenario.trick), lang),
                         winning=winning_position(scenario, analysis), style=style, lang=lang,
                         width=width)
        sentence = winning_sentence(analysis, lang, style)
        (st.success if analysis.winning_by == "partner" else st.warning)(sentence)
    cards.show_cards(list(scenario.hand), style=style, lang=lang, width=width,
                     legal=list(analysis.legal))
    obligation = t(f"worksheet.obligation.{analysis.obligation}", lang)
    st.markdown(f"**{t('presenter.obligation', lang, name=obligation)}** · "
                + t("teacher.legal_cards", lang,
                    cards=", ".join(f"{card_text(c, lang, style)} ({c})"
                                    for c in analysis.legal)))
    st.info(explain(analysis, lang))
    refusals = refusal_lines(analysis, lang)
    if refusals:
        with st.expander(t("teacher.why_not", lang, count=len(refusals))):
            for line in refusals:
                st.markdown(f"- {line}")


def suit_rows(ruleset: str) -> list[list[Card]]:
    """The rule set's deck in four rows, one per suit, strongest first."""
    cards = sorted(deck(find_rules(ruleset).players), key=Card.sort_key)
    return [[c for c in cards if c.suit == suit] for suit in range(4)]
