"""The rules reference page: the rule book, the glossary, the presets and, for every rule
flag, a side-by-side example computed by the engine (:mod:`tute_tutor.teach.rulebook`)."""

from __future__ import annotations

import streamlit as st

from tute_tutor.engine.cards import CARDS, suit_from_letter, suit_name
from tute_tutor.engine.variants import FLAG_NAMES, PRESETS, overrides_of
from tute_tutor.teach.rulebook import FlagExample, FlagSide, flag_examples, trick_roles
from tute_tutor.ui.layout import draw_cards, draw_trick, flag_value_label
from tute_tutor.ui.state import settings, tr, tr_count
from tute_tutor.words.cards import figure_words
from tute_tutor.words.catalog import LANGUAGES, catalogue, t
from tute_tutor.words.explain import explain, join_names


def render_rules_page() -> None:
    """The whole page: three tabs (rule book, glossary, variants with examples)."""
    st.title(tr("rules.title"))
    st.markdown(tr("rules.intro"))
    book, glossary, variants = st.tabs(
        [tr("rules.tab_book"), tr("rules.tab_glossary"), tr("rules.tab_flags")])
    with book:
        render_book()
    with glossary:
        render_glossary()
    with variants:
        render_flag_examples()


def render_book() -> None:
    """The rule book text, with the order of a suit and its points read off the engine."""
    lang = settings().lang
    st.markdown(f"**{tr('rules.order_title')}**")
    oros = suit_from_letter("o")
    by_strength = [CARDS[oros * 10 + strength] for strength in range(9, -1, -1)]
    draw_cards(by_strength, width=64)
    scoring = [card for card in by_strength if card.points]
    rows = [f"| {tr('rules.points_header_card')} | {tr('rules.points_header_points')} |",
            "|---|---:|"]
    rows += [f"| {card.name(lang).split(' ')[0]} | {card.points} |" for card in scoring]
    rows.append(f"| {tr('rules.points_rest')} | 0 |")
    st.markdown("\n".join(rows))
    total = sum(card.points for card in CARDS)
    st.markdown(tr("rules.points_sum", total=total, with_last=total + 10))
    other = next(code for code in LANGUAGES if code != lang)
    if st.toggle(tr("rules.both_languages", language=t(f"settings.lang_name.{other}", lang)),
                 key="rules_both_languages"):
        here, there = st.columns(2)
        here.markdown(tr("rules.book"))
        there.markdown(t("rules.book", other))
    else:
        st.markdown(tr("rules.book"))
    st.subheader(tr("rules.presets_title"))
    for preset_id, rules in PRESETS.items():
        changed = overrides_of(rules, "clasico")
        flags = ", ".join(f"{tr(f'settings.flag.{name}.label')}: "
                          f"{flag_value_label(name, value, lang)}"
                          for name, value in changed.items())
        line = (f"- **{tr(f'settings.preset.{preset_id}.label')}** "
                f"({tr('settings.players', players=rules.players)}): "
                f"{tr(f'settings.preset.{preset_id}.summary')}")
        if flags:
            line += "  \n  " + tr("rules.presets_flags", flags=flags)
        st.markdown(line)


def render_glossary() -> None:
    """Every glossary entry of the catalogue, alphabetically by its text."""
    lang = settings().lang
    entries = sorted((text for key, text in catalogue(lang).items()
                      if key.startswith("rules.glossary.")), key=str.casefold)
    st.markdown("\n".join(f"- {entry}" for entry in entries))


def render_flag_examples() -> None:
    """One bordered box per rule flag: the question, then both settings side by side."""
    current = settings()
    st.markdown(tr("rules.flags_intro"))
    st.caption(tr("rules.your_table",
                  ruleset=tr(f"settings.preset.{current.ruleset}.label")))
    table = current.rules.flags()
    for example in flag_examples():
        with st.container(border=True):
            st.markdown(f"#### {tr(f'settings.flag.{example.flag}.label')}")
            st.caption(tr(f"settings.flag.{example.flag}.help"))
            render_setup(example)
            columns = st.columns(2)
            for column, side in zip(columns, example.sides, strict=True):
                with column:
                    render_side(example, side, is_yours=table[example.flag] == side.value)


def _seat_name(seat: int) -> str:
    return tr("rules.seat_you" if seat == 0 else "rules.seat", number=seat + 1)


def render_setup(example: FlagExample) -> None:
    """What the example shows before the two columns: the position and its cards."""
    lang = settings().lang
    flag = example.flag
    if example.kind == "play" and example.scenario is not None:
        scenario = example.scenario
        labels = [tr(f"lessons_page.role.{role}")
                  for role in trick_roles(scenario.rules, len(scenario.trick))]
        analysis = scenario.analyse()
        winning = scenario.trick.index(analysis.winning) \
            if analysis.winning in scenario.trick else None
        st.markdown(tr("lessons_page.rules_line",
                       ruleset=tr(f"settings.preset.{scenario.ruleset}.label"),
                       trump=suit_name(scenario.trump, lang)))
        draw_trick(scenario.trick, labels=labels, winning=winning, width=70)
        return
    if flag in ("cante_by", "cantes_per_trick"):
        st.markdown(tr(f"rules.setup_{flag}", card=example.trick[2].name_with_article(lang),
                       suit=suit_name(example.facts["suit"], lang),
                       partner_suit=suit_name(example.facts["partner_suit"], lang),
                       trump=suit_name(example.facts["trump"], lang), **figure_words(lang)))
        _show_first_trick(example)
        draw_cards(example.facts["pair"], width=60)
    elif flag == "tute_timing":
        st.markdown(tr("rules.setup_tute_timing",
                       card=example.trick[0].name_with_article(lang)))
        draw_cards(example.facts["reyes"], width=60)
    elif flag == "tute_award":
        st.markdown(tr("rules.setup_tute_award"))
        draw_cards(example.facts["reyes"], width=60)
    elif flag == "match":
        st.markdown(tr("rules.setup_match", winner=example.facts["winner_total"],
                       loser=example.facts["loser_total"]))
    elif flag == "next_dealer":
        st.markdown(tr("rules.setup_next_dealer",
                       dealer=_seat_name(example.facts["dealer"]),
                       winner=_seat_name(example.facts["last_winner"])))
    elif flag == "first_hand_trump":
        st.markdown(tr("rules.setup_first_hand_trump"))


def _show_first_trick(example: FlagExample) -> None:
    """The trick of the scripted deals: seat 0 (you) led, the partner won."""
    labels = [_seat_name(seat) for seat in range(len(example.trick))]
    draw_trick(example.trick, labels=labels, winning=2, width=60)


def render_side(example: FlagExample, side: FlagSide, *, is_yours: bool) -> None:
    """One column: the setting, the engine's verdict and its explanation."""
    lang = settings().lang
    flag = example.flag
    if isinstance(side.value, bool):
        heading = tr("rules.with_on" if side.value else "rules.with_off")
    else:
        heading = tr("rules.with_setting", value=flag_value_label(flag, side.value, lang))
    mark = f" · :material/star: *{tr('rules.your_setting')}*" if is_yours else ""
    st.markdown(f"**{heading}**{mark}")
    if example.kind == "play" and side.analysis is not None and example.card is not None:
        card = example.card.name_with_article(lang)
        if side.allowed:
            st.success(tr("rules.legal_yes", card=card))
        else:
            st.error(tr("rules.legal_no", card=card))
        draw_cards(side.analysis.hand, legal=side.analysis.legal, width=60)
        st.markdown(tr("rules.legal_cards", cards=join_names(side.analysis.legal, lang)))
        st.info(explain(side.analysis, lang), icon=":material/lightbulb:")
    elif flag in ("cante_by", "cantes_per_trick"):
        # cante_by: may you sing? cantes_per_trick: you sang first; may your partner?
        who = "cante" if flag == "cante_by" else "partner_cante"
        suit = suit_name(example.facts["suit" if flag == "cante_by" else "partner_suit"], lang)
        if side.allowed:
            st.success(tr(f"rules.{who}_yes", suit=suit))
        else:
            st.error(tr(f"rules.{who}_no", suit=suit))
            st.caption(tr(f"rules.{flag}_no_reason"))
    elif flag == "tute_timing":
        if side.allowed:
            st.success(tr("rules.tute_yes"))
        else:
            st.error(tr("rules.tute_no"))
    elif flag == "tute_award":
        st.info(tr_count("rules.award_points", side.facts["points"], points=side.facts["points"],
                         target=side.facts["target"]))
        if side.value == "hand":
            st.caption(tr("rules.award_hand"))
    elif flag == "match":
        st.info(tr_count("rules.match_points", side.facts["points"], points=side.facts["points"],
                         target=side.facts["target"]))
        st.caption(tr(f"rules.match_{side.facts['mode']}"))
    elif flag == "next_dealer":
        st.info(tr("rules.dealer_next", next=_seat_name(side.facts["next"])))
    elif flag == "first_hand_trump":
        st.info(tr("rules.first_trump", suit=suit_name(side.facts["trump"], lang),
                   card=side.facts["trump_card"].name_with_article(lang)))
        draw_cards([side.facts["trump_card"]], width=60)


__all__ = ["FLAG_NAMES", "render_rules_page"]
