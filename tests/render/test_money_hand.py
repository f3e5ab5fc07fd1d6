"""The private hand's grouping and explanations, checked on the rules' seed example (470 points)."""

from __future__ import annotations

from games import rules_of
from i18n import t
from render.draw import recording_text
from render.money.common import WIDTH
from render.money.hand import groups, hand_picture
from rules.money.components import CARDS
from rules.money.scoring import score_cards
from tests.helpers.internals import internals_in
from tests.helpers.text_sizes import KEY_PX, MIN_PX, below, numbers_below_key
from tests.render.samples import NAMES, sample_states


def _pick(currency: str | None, values: list[int]) -> list[int]:
    """Distinct card ids of `currency` (None: coins) with these values."""
    chosen: list[int] = []
    for value in values:
        chosen.append(
            next(
                c.id
                for c in CARDS.values()
                if c.currency == currency
                and c.value == value
                and c.kind != "bluff"
                and c.id not in chosen
            )
        )
    return chosen


SEED_HAND = (
    _pick("USD", [30, 30, 30])
    + _pick(None, [10, 10, 10])
    + _pick("EUR", [60, 40, 30])
    + _pick("JPY", [60, 40, 30, 30, 30, 20])
    + [70]  # a bluff card
)


def test_seed_example_groups_and_lines() -> None:
    assert score_cards(SEED_HAND)["total"] == 470
    parts = groups(SEED_HAND, None)
    titles = [g.title for g in parts]
    assert titles == [
        t("render.money.currency.usd"),
        t("render.money.currency.jpy"),
        t("render.money.currency.eur"),
        t("render.money.coins"),
        t("render.money.bluff_card"),
    ]
    words = {g.badge: [g.points, *(w for w, _, _ in g.lines)] for g in parts}
    assert t("render.money.pic.scores_now", None, points=0) in words["$"]
    assert t("render.money.trio", None, value=30, bonus=100) in words["$"]
    assert t("render.money.to_next", None, need=10, target=100) in words["$"]
    assert t("render.money.pic.scores_now", None, points=210) in words["¥"]
    assert t("render.money.trio", None, value=30, bonus=100) in words["¥"]
    assert t("render.money.pic.scores_now", None, points=30) in words["€"]
    assert t("render.money.pic.scores_now", None, points=30) in words["10"]


def test_cards_in_a_group_are_sorted_by_value_then_serial() -> None:
    yen = next(g for g in groups(SEED_HAND, None) if g.badge == "¥")
    keys = [(CARDS[c].value, CARDS[c].serial) for c in yen.cards]
    assert keys == sorted(keys)
    assert len(yen.cards) == 6


def test_hand_picture_names_the_same_exchange_place_as_the_table(monkeypatch) -> None:
    """A waiting seat's private picture says "#n to act" with its place in the exchange order,
    the number the public table shows (regression: it always said #0)."""
    import render.money.hand as hand_module
    from render.money.status import order_position, seat_status

    game = rules_of("money")
    state = sample_states(4, 104)["exchange"]
    view = game.view(state, 0)
    waiting = [s for s in view["order"] if seat_status(view, s) == "waiting"]
    assert waiting, "the sample has a seat waiting its exchange turn"
    seat = waiting[-1]
    assert order_position(view, seat) > 1
    places: list[int] = []
    real_t = hand_module.t

    def spy(key: str, locale: str | None = None, **values: object) -> str:
        if "pos" in values:
            places.append(int(values["pos"]))  # type: ignore[arg-type]
        return real_t(key, locale, **values)

    monkeypatch.setattr(hand_module, "t", spy)
    hand_module.hand_picture(game.view(state, seat), NAMES[:4], None)
    assert places == [order_position(view, seat)]


def test_hand_picture_is_readable_on_a_phone_at_every_player_count_and_stage() -> None:
    """600 px wide; nothing under 9 px at 400 px display width; card values, group points and
    the hand's score at least 14 px; no internals (no serials) in any drawn word."""
    game = rules_of("money")
    for players in (3, 4, 5):
        for phase, state in sample_states(players, 200 + players).items():
            for seat in range(players):
                view = game.view(state, seat)
                with recording_text() as drawn:
                    image = hand_picture(view, NAMES[:players], None)
                assert image.width == WIDTH, phase
                assert below(drawn, MIN_PX) == []
                assert numbers_below_key(drawn) == []
                assert not [w for d in drawn if (w := internals_in(d.words))]
                points = [
                    d
                    for d in drawn
                    if d.words.startswith(t("render.money.pic.scores_now", None, points=""))
                ]
                assert all(d.size_at(400) >= KEY_PX for d in points)
                score = t(
                    "render.money.hand_score", None, points=score_cards(view["hand"])["total"]
                )
                assert [d.size_at(400) >= KEY_PX for d in drawn if d.words == score] == [True]


def test_group_points_are_drawn_apart_from_the_explanations() -> None:
    """What a currency scores now is its own large line, not lost among the small ones."""
    usd = next(g for g in groups(SEED_HAND, None) if g.badge == "$")
    assert usd.points == t("render.money.pic.scores_now", None, points=0)
    assert usd.points not in [w for w, _, _ in usd.lines]
