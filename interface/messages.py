"""The messages of a game, built from views: the board post, a seat's hand panel (its private
panel), a scoring's post, the lobby.

Inputs are the stored game record and a locale; pictures and words come only from the public
view (board) or the seat's own view (hand panel).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from typing import Any

import discord
from PIL.Image import Image

from db.records import GameRecord, Seat
from games import presentation, rules_of
from i18n import t
from interface.components import HandButton, LobbyButton, MoveButton
from interface.move_menus import add_moves, distinct_moves
from interface.names import picture_names, shown_name, text_names
from interface.outgoing import Outgoing, Picture
from interface.pick_panel import add_pick, add_pick_openers
from interface.step_views import choices_of, view_of
from render.presentation import Presentation
from render.private_moves import panel_moves, private_kind, public_moves
from service.game_length import GameLength

MAX_EVENT_LINES = 14


def _drawn(image: Image) -> Image:
    return image


def _scoring(
    ui: Presentation,
    view: dict[str, Any],
    event: dict[str, Any],
    names: list[str],
    locale: str | None,
) -> Image:
    """One scoring's picture (`Presentation.scoring_image`, for one that `draws_each_scoring`)."""
    image = ui.scoring_image(view, event, names, locale)
    assert image is not None, f"{ui.game_id} draws each scoring but drew none"
    return image


def mention(record: GameRecord, seat: int) -> str:
    """`<@id>` for a member's seat, the bot's name for a bot seat."""
    s = record.seats[seat]
    return shown_name(s.name) if s.bot else f"<@{s.user_id}>"


def event_lines(
    record: GameRecord, events: Iterable[dict[str, Any]], locale: str | None
) -> list[str]:
    """The public events in words, the latest last, at most MAX_EVENT_LINES."""
    game = rules_of(record.game)
    names = text_names(record)
    lines = [line for event in events if (line := game.describe(event, names, locale))]
    if len(lines) > MAX_EVENT_LINES:
        lines = ["…", *lines[-MAX_EVENT_LINES:]]
    return lines


def status_line(record: GameRecord, locale: str | None) -> str:
    """Who must act now, or how the game ended."""
    game = rules_of(record.game)
    state = record.state or {}
    if record.status == "finished":
        outcome = game.outcome(state)
        assert outcome is not None
        names = text_names(record)
        public = view_of(record, None) if record.state is not None else game.view(state, None)
        result = presentation(record.game).result_lines(public, names, locale)
        if result:
            return "\n".join([t("board.game_over", locale), *result])
        winners = ", ".join(names[s] for s in outcome.winners)
        scores = ", ".join(f"{names[s]} {v}" for s, v in enumerate(outcome.scores))
        return t("board.finished", locale, winners=winners, scores=scores)
    if record.status == "aborted":
        return t("board.aborted", locale)
    waiting = ", ".join(mention(record, s) for s in sorted(record.waiting))
    line = t("board.waiting", locale, players=waiting)
    if record.status == "running" and record.state:  # what the seat must do (" to bid")
        line += presentation(record.game).waiting_hint(view_of(record, None), locale)
    return line


def note_line(record: GameRecord, note: dict[str, Any], locale: str | None) -> str:
    """A table event that is not a move of the game (see `service.change.TableChange.notes`)."""
    kind, seat = note["type"], note.get("seat", 0)
    name = shown_name(
        note.get("name") or (record.seats[seat].name if seat < len(record.seats) else "?")
    )
    user = record.seats[seat].user_id if seat < len(record.seats) else None
    if kind == "auto_move":
        return t("note.auto_move", locale, name=name, count=note["count"], limit=note["limit"])
    if kind == "handed_to_bot":
        player = f"<@{user}>" if user is not None else name
        return t("note.handed_to_bot", locale, player=player, limit=note.get("limit", ""))
    if kind == "replaced":
        old = shown_name(note["old"])
        return t("note.replaced", locale, old=old, seat=seat + 1, new=mention(record, seat))
    if kind == "rejoined":
        return t("note.rejoined", locale, player=mention(record, seat))
    if kind == "undone":
        return t("note.undone", locale, name=name)
    if kind == "left":
        return t("note.left", locale, name=shown_name(note.get("old", name)))
    if kind == "deserted":
        return t("note.deserted", locale, hours=note["hours"])
    if kind == "abandoned":
        return t("note.abandoned", locale, hours=note["hours"])
    return ""


def scoring_posts(
    record: GameRecord, events: Iterable[dict[str, Any]], locale: str | None
) -> list[Outgoing]:
    """One channel message per scoring event (`Presentation.is_scoring`: e.g. the New York card
    game's A and B, each hand of Money): the event in words and that scoring's own picture.
    At the end of the game the final board shows the last sheet, so it gets no post of its own
    (unless the game draws each scoring's own picture).

    A change may hold several moves (bots move after a member), so the final view's events no
    longer name the scoring: a presentation that `draws_each_scoring` draws each from its own
    public event (`scoring_image`); otherwise its `final_image` of the public view is shown (a
    sheet of every scoring so far)."""
    game, ui = rules_of(record.game), presentation(record.game)
    scored = [e for e in events if ui.is_scoring(e)]
    if record.status == "finished" and not ui.draws_each_scoring:
        scored = scored[:-1]  # the last one's sheet is on the final board
    if not scored or record.state is None:
        return []
    public = view_of(record, None)
    names = picture_names(record)
    posts = []
    for event in scored:
        images: list[tuple[Picture, str]] = []
        if ui.draws_each_scoring:
            images.append((partial(_scoring, ui, public, event, names, locale), "scoring.png"))
        elif (sheet := ui.final_image(public, names, locale)) is not None:
            images.append((partial(_drawn, sheet), "scoring.png"))
        text = game.describe(event, text_names(record), locale)
        posts.append(Outgoing(text[:2000], images))
    return posts


def length_line(length: GameLength, locale: str | None) -> str:
    """ "⏱ 38 turns over 3 days." (a finished game's length)."""
    days = length.took.days
    if days >= 2:
        span = t("board.length_days", locale, count=days)
    elif days == 1:
        span = t("board.length_day", locale)
    else:
        span = t("board.length_hours", locale)
    return t("board.length", locale, turns=length.turns, days=span)


def board_summary(
    record: GameRecord,
    events: Iterable[dict[str, Any]],
    notes: Iterable[dict[str, Any]],
    locale: str | None,
) -> str:
    """A board that is no longer live, as text: what happened while it was (its table notes
    and the game's events), without picture or buttons."""
    game = rules_of(record.game)
    title = t("board.title", locale, game=t(game.info.name_key, locale), number=record.id)
    lines = [line for note in notes if (line := note_line(record, note, locale))]
    lines += event_lines(record, events, locale)
    return "\n".join([title, *(lines or [t("board.nothing_happened", locale)])])[:2000]


def board(
    record: GameRecord,
    locale: str | None,
    events: Iterable[dict[str, Any]] = (),
    ping: Iterable[int] = (),
    notes: Iterable[str] = (),
    length: GameLength | None = None,
) -> Outgoing:
    """The channel post after a move: what happened, who is next, the table picture, buttons.

    `notes` are lines about the table itself (a deadline's auto-move, a replaced player),
    shown before the game's events; only the seats in `ping` are notified."""
    game, ui = rules_of(record.game), presentation(record.game)
    state = record.state
    assert state is not None
    public = view_of(record, None)
    names = picture_names(record)
    events = list(events)
    title = t("board.title", locale, game=t(game.info.name_key, locale), number=record.id)
    lines = [
        title,
        *[n for n in notes if n],
        *event_lines(record, events, locale),
        status_line(record, locale),
    ]
    if length is not None:
        lines.append(length_line(length, locale))
    images: list[tuple[Picture, str]] = [
        (partial(ui.table_image, public, names, locale, events), "table.png")
    ]
    if record.status == "finished":
        sheet = ui.final_image(public, names, locale)
        if sheet is not None:
            images.append((partial(_drawn, sheet), "scores.png"))
    view = None
    if record.status == "finished":
        view = discord.ui.View(timeout=None)
        view.add_item(LobbyButton(record.id, "rematch", t("board.rematch", locale), "success"))
    if record.status == "running":
        view = discord.ui.View(timeout=None)
        # A single acting seat's public moves (no hidden card decides whether they are offered:
        # `render.private_moves`), and the buttons opening its private panel on a pick, decided
        # from public data.
        acting = sorted(record.waiting)
        if len(acting) == 1:
            seat = acting[0]
            moves = public_moves(ui, choices_of(record, seat).moves, public)
            who = (record.id, seat, record.waiting[seat])
            add_moves(view, ui, who, moves, public, names, locale)
            add_pick_openers(view, ui, who, public, locale)
        view.add_item(HandButton(record.id, ui.hand_button_label(locale)))
    pings = [record.seats[s].user_id for s in ping if not record.seats[s].bot]
    return Outgoing("\n".join(lines)[:2000], images, view, [u for u in pings if u is not None])


def hand_panel(
    record: GameRecord,
    seat: int,
    locale: str | None,
    selected: Iterable[int] = (),
    opened: tuple[str, int] | None = None,
) -> Outgoing:
    """A seat's private panel: the hand picture, its moves, and its pick panel if it has one.

    `opened` = (kind, part) shows one pick only, as an `OpenPickButton` opens it: the pick of that
    kind (part 0: its opening; see `interface.pick_panel`), or else the seat's private moves kept
    for that kind (`render.private_moves`); the other moves are then left to the board. Without
    either (e.g. the seat's cards cannot pay) the panel says so and shows everything."""
    game, ui = rules_of(record.game), presentation(record.game)
    state = record.state
    assert state is not None
    own = view_of(record, seat)
    names = picture_names(record)
    lines = [t("hand.title", locale, game=t(game.info.name_key, locale), number=record.id)]
    shown = ui.hand_picture_view(own)
    images: list[tuple[Picture, str]] = [(partial(ui.hand_image, shown, names, locale), "hand.png")]
    view = discord.ui.View(timeout=None)
    choices = choices_of(record, seat) if record.status == "running" else None
    who = (record.id, seat, record.waiting.get(seat, 0))
    focus = [p for p in choices.picks if opened and p.kind == opened[0]] if choices else []
    kept = (
        opener_moves(ui, choices.moves, own, opened[0]) if choices and opened and not focus else []
    )
    if opened and choices and not focus and not kept:
        lines.append(t("hand.step_unavailable", locale))
    moves = panel_moves(ui, choices.moves, own) if choices else []
    if kept and opened:
        lines.append(ui.pick_prompt(opened[0], locale))
        add_moves(view, ui, who, kept, own, names, locale)
    elif choices and not choices.picks:  # the rows are free for menus of moves (if the UI has any)
        add_moves(view, ui, who, moves, own, names, locale)
    elif choices:
        if not focus:
            labels: dict[str, str] = {}
            for action in distinct_moves(ui, moves, own, names, locale, labels)[:20]:
                view.add_item(MoveButton(*who, action, labels[action], ui.move_style(action)))
        for pick in (focus or choices.picks)[:1]:
            part = opened[1] if focus and opened else None
            add_pick(view, lines, ui, who, pick, own, names, locale, selected, part)
    elif record.status == "running":
        lines.append(t("hand.nothing_to_do", locale))
    return Outgoing("\n".join(lines)[:2000], images, view if view.children else None)


def opener_moves(
    ui: Presentation, moves: Iterable[str], own: dict[str, Any], kind: str
) -> list[str]:
    """The seat's private moves the opened pick of this kind lists (`render.private_moves`)."""
    return [m for m in moves if private_kind(ui, m, own) == kind]


# The lobby's buttons (op, style, row): taking seats and starting on the first row, the bots
# (one button per level, then Remove bot) on the second.
LOBBY_BUTTONS = (
    ("join", "primary", 0),
    ("leave", "secondary", 0),
    ("start", "success", 0),
    ("boteasy", "secondary", 1),
    ("bot", "secondary", 1),
    ("botstrong", "secondary", 1),
    ("unbot", "secondary", 1),
)


def seat_words(seat: Seat, locale: str | None) -> str:
    """A seat in the lobby: the member's mention, or the bot's name, 🤖 and its level."""
    if not seat.bot:
        return f"<@{seat.user_id}>"
    level = t(f"bot.level.{seat.level}", locale)
    return t("lobby.bot_seat", locale, name=shown_name(seat.name), level=level)


def lobby(record: GameRecord, locale: str | None) -> Outgoing:
    """The lobby post: the game, its options, the seats, and the lobby buttons."""
    game = rules_of(record.game)
    info = game.info
    embed = discord.Embed(
        title=t("lobby.title", locale, game=t(info.name_key, locale)),
        description=t(info.summary_key, locale)[:4000],
        colour=discord.Colour.dark_green(),
    )
    seats = "\n".join(f"{i + 1}. {seat_words(s, locale)}" for i, s in enumerate(record.seats))
    embed.add_field(
        name=t(
            "lobby.players",
            locale,
            count=len(record.seats),
            min=info.min_players,
            max=info.max_players,
        ),
        value=seats or "—",
        inline=False,
    )
    if record.options:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(record.options.items()))
        embed.add_field(name=t("lobby.options", locale), value=opts[:1024], inline=False)
    embed.set_footer(text=t("lobby.footer", locale, number=record.id))
    view = None
    if record.status == "lobby":
        view = discord.ui.View(timeout=None)
        for op, style, row in LOBBY_BUTTONS:
            label = t(f"lobby.button.{op}", locale)
            view.add_item(LobbyButton(record.id, op, label, style, row))
    else:
        embed.add_field(
            name=t("lobby.state", locale),
            value=t(f"lobby.status.{record.status}", locale),
            inline=False,
        )
    return Outgoing("", [], view, [], embed)
