"""Hidden information, for every registered game (see `leaks.py` for what is checked and how):

- the leak detector over TAVOLO_LEAK_GAMES (default 400) seeded random games per title,
  spread over two processes;
- the detector itself: it catches planted leaks (a card in a board's text, a card id in a
  panel's buttons, a picture drawn from a seat's view, a hint only scrambling reveals), and each
  game's secrets helper is sound (scrambling what a seat may not see never changes its view);
- real pictures for a sample of steps: identical bytes when only hidden information differs.

The application logs are searched for hands in `test_logs.py`.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import discord
import pytest

from games import RULES, presentation, rules_of
from interface import messages as boards
from interface.components import MoveButton
from render.png import encode
from tests.helpers.playout import play, random_action
from tests.reliability import leaks
from tests.reliability.driving import GAME_IDS, env_int
from tests.reliability.figures import report
from tests.reliability.leaks import Leak, Table, check_games, play_and_check, recorded_pictures
from tests.reliability.secrecy import SECRETS, quick_options, secrets_for

LEAK_GAMES = env_int("TAVOLO_LEAK_GAMES", 400)
LEAK_SEED = env_int("TAVOLO_LEAK_SEED", 0)
WORKERS = max(1, min(2, os.cpu_count() or 1))


# ------------------------------------------------------------------ the helpers: complete, sound


def test_every_game_has_a_secrets_helper() -> None:
    assert set(RULES) <= set(SECRETS), (
        "every game needs a secrets helper in tests/reliability/secrecy.py; missing: "
        f"{sorted(set(RULES) - set(SECRETS))}"
    )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_secrets_helper_is_sound(game_id: str) -> None:
    """Scrambling what a viewer may not see changes the state but never the viewer's view; a
    seat's own view shows nothing the tracker counts as secret to it; tokens name one item
    each."""
    helper, game = secrets_for(game_id), rules_of(game_id)
    tokens = helper.tokens("en")
    assert len(set(tokens.values())) == len(tokens)
    rng = random.Random(1)
    changed = 0
    for seed in range(20):
        players = rng.randint(game.info.min_players, game.info.max_players)
        states: list[dict] = []

        def keep(g, before, after, seat, action, states=states) -> None:
            states.append(after)

        play(game, players, seed, random_action, options=quick_options(game_id), check=keep)
        tracker = helper.tracker()
        for k, state in enumerate(states):
            tracker.observe(state)  # a tracker sees every state
            if k % 3:
                continue
            for viewer in [None, *range(players)]:
                other = helper.scramble(state, viewer, rng)
                assert game.view(other, viewer) == game.view(state, viewer)
                changed += other != state
                if viewer is not None:
                    own = game.view(state, viewer)
                    assert not helper.view_items(own) & tracker.secret(state, viewer)
    assert changed > 0


# ------------------------------------------------------------------ the detector


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_message_leaks_a_secret(game_id: str) -> None:
    """Every message of every step of LEAK_GAMES random games shows its audience nothing it
    may not know (two processes; TAVOLO_LEAK_ALL=1 checks every request of every member)."""
    started = time.monotonic()
    seeds = range(LEAK_SEED, LEAK_SEED + LEAK_GAMES)
    chunks = [seeds[k::WORKERS] for k in range(WORKERS)]
    if WORKERS == 1:
        counts = check_games(game_id, chunks[0])
    else:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(WORKERS, mp_context=context) as pool:
            futures = [pool.submit(check_games, game_id, chunk) for chunk in chunks]
            counts = sum((f.result() for f in futures), Counter())
    report(
        f"leaks {game_id} in {time.monotonic() - started:.0f}s ({WORKERS} processes): "
        + ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
    )
    assert counts["games"] == LEAK_GAMES
    assert counts["board"] > counts["games"] and counts["hand panel"] > counts["games"]
    assert counts["autocomplete"] and counts["scrambled"]


def planted_board(plant):
    """The board builder with `plant(out, record)` applied to what it builds."""
    real = boards.board

    def board(record, locale, events=(), ping=()):
        out = real(record, locale, events, ping)
        plant(out, record)
        return out

    return board


def label_of(game_id: str, item: int) -> str:
    return {v: k for k, v in secrets_for(game_id).tokens("en").items()}[item]


def name_a_hand_card(out, record) -> None:
    hand = [
        c for c in record.state["hands"][1] if c in set(secrets_for("money").tokens("en").values())
    ]
    if hand:
        out.content += f"\n(psst: {label_of('money', hand[-1])})"


def secret_card_in_an_embed(where: str):
    """A plant putting seat 1's last hand card in an embed's footer or a field's value."""

    def plant(out, record) -> None:
        hand = [
            c
            for c in record.state["hands"][1]
            if c in set(secrets_for("money").tokens("en").values())
        ]
        if not hand:
            return
        text, out.embed = f"psst: {label_of('money', hand[-1])}", discord.Embed(title="Table")
        if where == "footer":
            out.embed.set_footer(text=text)
        else:
            out.embed.add_field(name="Note", value=text)

    return plant


def draw_seat_zero(out, record) -> None:
    game = rules_of(record.game)
    presentation(record.game).table_image(game.view(record.state, 0), record.names(), "en")


def hint_at_a_bluff(out, record) -> None:
    bid = record.state["bids"][1]
    if bid and 71 in bid:  # seat 1's bluff card: no token can tell, scrambling can
        out.content += "\nSomebody is bluffing."


def peek_at_the_deck(record, seat, locale, selected=()):
    out = boards.hand_panel(record, seat, locale, selected)
    deck = record.state["deck"]
    if deck and out.view is not None:
        out.view.add_item(MoveButton(record.id, seat, 0, f"bid {deck[0]}", "peek"))
    return out


@pytest.mark.skipif("money" not in RULES, reason="the planted leaks use Money's state layout")
@pytest.mark.parametrize(
    ("target", "plant", "found"),
    [
        ("board", planted_board(name_a_hand_card), "secret items in its text"),
        ("board", planted_board(draw_seat_zero), "drawn from a view that is not its own"),
        ("board", planted_board(hint_at_a_bluff), "changes when only what is hidden"),
        ("board", planted_board(secret_card_in_an_embed("footer")), "in its labels or embed"),
        ("board", planted_board(secret_card_in_an_embed("field")), "in its labels or embed"),
        ("hand_panel", peek_at_the_deck, "secret items in its component ids"),
    ],
)
def test_the_detector_catches_planted_leaks(
    target: str, plant, found: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with recorded_pictures("money") as pictures:
        for seed in range(5):
            play_and_check("money", seed, pictures)  # clean
        monkeypatch.setattr(leaks, target, plant)
        with pytest.raises(Leak, match=found):
            for seed in range(5):
                play_and_check("money", seed, pictures)


def planted_scoring(view_of, event_of):
    """`scoring_posts` that also draws each scoring from `view_of(record)` and
    `event_of(event)` (the recorder notes those inputs with the post's)."""
    real = boards.scoring_posts

    def scoring_posts(record, events, locale):
        posts = real(record, events, locale)
        draw = presentation(record.game).scoring_image
        for event in (e for e in events if e.get("scored")):
            draw(view_of(record), event_of(event), record.names(), locale)
        return posts

    return scoring_posts


def seat_zero_view(record):
    return rules_of(record.game).view(record.state, 0)


def public_view(record):
    return rules_of(record.game).view(record.state, None)


@pytest.mark.skipif("newyork" not in RULES, reason="the planted leaks draw New York scorings")
@pytest.mark.parametrize(
    ("plant", "found"),
    [
        (planted_scoring(seat_zero_view, lambda e: e), "drawn from a view that is not its own"),
        (planted_scoring(public_view, lambda e: {**e, "name": "Z"}), "an event not of this step"),
        (planted_scoring(public_view, lambda e: {"name": "A"}), "drawn from no scoring event"),
    ],
)
def test_the_detector_checks_the_inputs_of_scoring_pictures(
    plant, found: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each scoring post's picture is drawn by the UI's `scoring_image` from its own event: the
    detector records those inputs (the public view, a public `scored` event of the step)."""
    with recorded_pictures("newyork") as pictures:
        clean = sum((play_and_check("newyork", seed, pictures) for seed in range(4)), Counter())
        assert clean["scoring picture"] > 0
        monkeypatch.setattr(leaks, "scoring_posts", plant)
        with pytest.raises(Leak, match=found):
            for seed in range(4):
                play_and_check("newyork", seed, pictures)


# ------------------------------------------------------------------ real pictures, sampled


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_pictures_do_not_change_with_hidden_information(game_id: str) -> None:
    """Real pictures of sampled steps: the same bytes when all hidden from the audience moved."""
    ui, game, helper = presentation(game_id), rules_of(game_id), secrets_for(game_id)
    rng = random.Random(9)
    drawn = 0
    for seed in range(2):
        table = Table(game_id, 500 + seed)
        table.start()
        for k in range(200):
            move = table.member_move()
            if move is None:
                break
            table.act(*move)
            if k % 10:
                continue
            state, names = table.state, [s.name for s in table.seats]
            for audience in [None, *range(len(table.seats))]:
                other = helper.scramble(state, audience, rng)
                draw = ui.table_image if audience is None else ui.hand_image
                first = encode(draw(game.view(state, audience), names, "en"))
                second = encode(draw(game.view(other, audience), names, "en"))
                assert first == second, f"{game_id} seed {seed}: picture of {audience} differs"
                drawn += 1
    assert drawn > 10
