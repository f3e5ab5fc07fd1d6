"""The leak detector: seeded random games of any registered title, and after every step every
message the bot would build for the channel or for a player, checked for secrets.

A *step* is what one member request does in the service: the member's move, then the bots'
moves until a member must act (`service.play.Play.move` and `run_bots`). `Table` plays
steps the way the service does — with the service's own `waiting_after` and `hand_of`, and the
same bot seeds — but without a store, so a thousand games fit in a CI run; the real service and
delivery path is checked with the same helpers in `test_secrets.py`.

Per step the detector builds, with pictures replaced by a recorder of their input views:
- the board posted in the channel (`interface.messages.board`, with the step's event lines), and the
  `/game status` board, for the public;
- the hand panel DMed to each member whose hand changed or who must act now, and the panels of
  `/hand`, of a drafted pick and of each step the board offers (its "Buy…" and the like,
  `interface.messages.hand_panel`), for that member;
- the `/move` autocomplete entries (`cogs.play.legal_entries`) of each member who must act, for
  an empty input and for typed card numbers (the member's own and others').
Each is checked (`check`): no token or id of an item secret to its audience (`Tracker.secret`;
for the event lines, items secret throughout the step), picture inputs equal to the audience's
own view and showing nothing secret (a scoring picture's event: one of the step's public
`scored` events), and the whole message unchanged when everything hidden from the audience is
scrambled (`Secrets.scramble`).
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import discord
from PIL import Image

from cogs.play import legal_entries
from db.records import GameRecord, Seat
from games import presentation, rules_of
from interface import custom_ids as ids
from interface.messages import Outgoing, board, hand_panel, scoring_posts
from rules.contract import State, View
from service.change import TableChange, hand_of
from service.games import bot_seed
from service.turn_clock import waiting_after
from tests.helpers.playout import random_action
from tests.reliability.driving import env_int
from tests.reliability.secrecy import Tracker, describe_items, named_items, quick_options
from tests.reliability.secrecy import secrets_for as secrets_of

LOCALE = "en"
CHECK_ALL = env_int("TAVOLO_LEAK_ALL", 0) == 1
MOVE_ID = re.compile(ids.MOVE)
_DUMMY = Image.new("RGB", (1, 1))


class Leak(AssertionError):
    """A message showed its audience something secret."""


# ------------------------------------------------------------------ pictures


Picture = tuple[str, View, Any]
"""A picture's inputs: (method, view, event) — the event only for `scoring_image`."""


class PictureRecorder:
    """Stands in for a game UI's picture methods: records their inputs and returns a dummy."""

    def __init__(self) -> None:
        self.calls: list[Picture] = []

    def take(self) -> list[Picture]:
        calls, self.calls = self.calls, []
        return calls

    def method(self, kind: str) -> Any:
        def draw(view: View, names: list[str], locale: str | None, last: Any = ()) -> Image.Image:
            """`last` (the table's last public events) are the board text's events, which
            the detector checks as text."""
            self.calls.append((kind, view, None))
            return _DUMMY

        return draw

    def scoring(self) -> Any:
        """`scoring_image(view, event, names, locale)`: one scoring drawn from its event."""

        def draw(
            view: View, event: dict[str, Any], names: list[str], locale: str | None
        ) -> Image.Image:
            self.calls.append(("scoring_image", view, event))
            return _DUMMY

        return draw


@contextmanager
def recorded_pictures(game_id: str) -> Iterator[PictureRecorder]:
    """Replace the game UI's picture methods by a recorder for the duration (the optional
    `scoring_image`, which the board draws only for a presentation that `draws_each_scoring`)."""
    ui = presentation(game_id)
    recorder = PictureRecorder()
    names = ("table_image", "hand_image", "final_image")
    optional = ("scoring_image",)  # drawn only where the presentation `draws_each_scoring`
    saved = {n: ui.__dict__.get(n) for n in names + optional}
    for name in names:
        setattr(ui, name, recorder.method(name))
    for name in optional:
        setattr(ui, name, recorder.scoring())
    try:
        yield recorder
    finally:
        for name in saved:
            if saved[name] is None:
                delattr(ui, name)
            else:
                setattr(ui, name, saved[name])


# ------------------------------------------------------------------ steps as the service plays them


class Table:
    """One game played in steps as `TableService` plays it, without a store: the service's own
    `TableChange` (so `newly_waiting` and `panels_changed` are the service's), `waiting_after`,
    `hand_of` and bot seeds. `states` holds the states the current step went through."""

    def __init__(self, game_id: str, seed: int, options: dict[str, str] | None = None) -> None:
        self.rng = random.Random(seed)
        self.game_id = game_id
        self.game = rules_of(game_id)
        info = self.game.info
        players = self.rng.randint(info.min_players, info.max_players)
        members = set(self.rng.sample(range(players), self.rng.randint(1, players)))
        seats = tuple(
            Seat(1_000 + s, f"Player{s}") if s in members else Seat(None, f"Bot {s}", bot=True)
            for s in range(players)
        )
        chosen = dict(quick_options(game_id) if options is None else options)
        state = self.game.new_game(players, chosen, seed)
        self.record = GameRecord(
            id=77,
            guild_id=1,
            channel_id=5,
            game=game_id,
            status="running",
            host_id=1_000,
            seats=seats,
            options=chosen,
            seed=seed,
            state=state,
            waiting=waiting_after(self.game, state, {}, None, 1),
            version=1,
            created_at="",
            updated_at="",
        )
        self.states: list[State] = []

    @property
    def seed(self) -> int:
        assert self.record.seed is not None
        return self.record.seed

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    @property
    def state(self) -> State:
        assert self.record.state is not None
        return self.record.state

    @property
    def version(self) -> int:
        return self.record.version

    def start(self) -> TableChange:
        """What `Lobby.start` returns: the deal, then the bots' moves."""
        self.states = [self.state]
        step = TableChange(
            self.record,
            self.version - 1,
            list(self.state.get("events", [])),
            hands_changed=set(range(len(self.seats))),
        )
        return self._run_bots(step)

    def act(self, seat: int, action: str) -> TableChange:
        """What `Play.move` returns for a member's move."""
        self.states = []
        step = TableChange.begin(self.record)
        self._play(step, seat, self.seats[seat].user_id, action)
        return self._run_bots(step)

    def member_move(self) -> tuple[int, str] | None:
        """A waiting member's move: random legal, or the bot policy (games stay short)."""
        seats = sorted(s for s in self.record.waiting if not self.seats[s].bot)
        if self.record.status != "running" or not seats:
            return None
        seat = self.rng.choice(seats)
        if self.rng.random() < 0.3:
            return seat, random_action(self.game, self.state, seat, self.rng)
        view = self.game.view(self.state, seat)
        return seat, self.game.bot_action(view, self.rng.getrandbits(62))

    def _play(self, step: TableChange, seat: int, user_id: int | None, action: str) -> None:
        record = step.record
        old = record.state
        assert old is not None
        new = self.game.apply(old, seat, action)
        version = record.version + 1
        step.record = self.record = replace(
            record,
            state=new,
            version=version,
            waiting=waiting_after(self.game, new, record.waiting, seat, version),
            status="finished" if self.game.outcome(new) is not None else "running",
        )
        self.states.append(new)
        step.moves.append((seat, action))
        step.events.extend(new.get("events", []))
        for s in range(len(self.seats)):
            if hand_of(self.game, old, s) != hand_of(self.game, new, s):
                step.hands_changed.add(s)

    def _run_bots(self, step: TableChange) -> TableChange:
        while step.record.status == "running":
            bots = [s for s in self.game.to_act(self.state) if self.seats[s].bot]
            if not bots:
                break
            view = self.game.view(self.state, bots[0])
            self._play(step, bots[0], None, self.game.bot_action(view, bot_seed(step.record)))
        return step


# ------------------------------------------------------------------ messages and their checks


@dataclass
class Built:
    """One message as its audience would get it."""

    kind: str
    audience: int | None
    texts: list[str]
    ids: list[str]
    pictures: list[Picture]

    def key(self) -> Any:
        return (self.texts, self.ids, self.pictures)


def component_strings(payload: Any, texts: list[str], id_list: list[str]) -> None:
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("custom_id", "value") and isinstance(value, str):
                id_list.append(value)
            elif isinstance(value, str):
                if key in ("label", "placeholder", "description", "content", "title", "name"):
                    texts.append(value)
            else:
                component_strings(value, texts, id_list)
    elif isinstance(payload, list):
        for value in payload:
            component_strings(value, texts, id_list)


def embed_texts(embed: discord.Embed) -> list[str]:
    """Every text of an embed its audience reads: title, description, author, each field's
    name and value, footer (all visible text, none of it an id)."""
    texts = [embed.title, embed.description, embed.author.name]
    for embed_field in embed.fields:
        texts += [embed_field.name, embed_field.value]
    texts.append(embed.footer.text)
    return [text for text in texts if text]


def built(kind: str, audience: int | None, out: Outgoing, pictures: PictureRecorder) -> Built:
    for picture, _ in out.images:  # drawn as the cogs would (the recorder notes the inputs)
        picture()
    texts, id_list = [out.content], []
    if out.view is not None:
        component_strings(out.view.to_components(), texts, id_list)
    if out.embed is not None:
        texts += embed_texts(out.embed)
    return Built(kind, audience, texts, id_list, pictures.take())


def step_kinds(record: GameRecord) -> list[str]:
    """The kinds of the step buttons the board offers its single acting seat (from the public
    view; see `interface.pick_panel`)."""
    if len(record.waiting) != 1 or record.state is None:
        return []
    public = rules_of(record.game).view(record.state, None)
    return [kind for kind, _label in presentation(record.game).pick_openers(public, LOCALE)]


def built_entries(audience: int, entries: list[tuple[str, str]]) -> Built:
    return Built("autocomplete", audience, [e[0] for e in entries], [e[1] for e in entries], [])


def audience_name(audience: int | None) -> str:
    return "the public" if audience is None else f"seat {audience}"


class Detector:
    """Checks every message of every step of one game."""

    def __init__(self, table: Table, pictures: PictureRecorder) -> None:
        self.table = table
        self.game_id = table.game_id
        self.secrets = secrets_of(table.game_id)
        self.tracker: Tracker = self.secrets.tracker()
        self.pictures = pictures
        self.rng = random.Random(table.seed ^ 0x5EC2E7)
        self.counts: Counter[str] = Counter()
        self.step_events: list[dict[str, Any]] = []

    # -- items a message shows
    def items_in_ids(self, id_list: list[str]) -> set[int]:
        found: set[int] = set()
        for value in id_list:
            match = MOVE_ID.fullmatch(value)
            if match:
                found |= self.secrets.action_items(match["action"])
            elif value.isascii() and all(p.isdigit() for p in value.split(".")):
                found |= {int(p) for p in value.split(".")}  # a select option: its items
            elif not value.startswith("tv:"):  # an autocomplete value: an action
                found |= self.secrets.action_items(value)
        return found

    def fail(self, message: Built, what: str, items: set[int], state: State) -> None:
        raise Leak(
            f"{self.game_id} seed {self.table.seed}, version {self.table.version}: "
            f"the {message.kind} for {audience_name(message.audience)} shows {what}: "
            f"{describe_items(items, self.game_id)}\n"
            f"texts: {message.texts}\nids: {message.ids}\nstate: {state}"
        )

    def check(self, message: Built, state: State, secret: set[int], text_secret: set[int]) -> None:
        """Tokens, ids and picture inputs of one message against what its audience may know."""
        game = self.table.game
        shown = named_items(self.game_id, message.texts[:1], LOCALE) & text_secret
        if shown:
            self.fail(message, "secret items in its text", shown, state)
        shown = named_items(self.game_id, message.texts[1:], LOCALE) & secret
        if shown:
            self.fail(message, "secret items in its labels or embed", shown, state)
        shown = self.items_in_ids(message.ids) & secret
        if shown:
            self.fail(message, "secret items in its component ids or values", shown, state)
        for kind, view, event in message.pictures:
            audience = message.audience if kind == "hand_image" else None
            if kind == "hand_image" and message.audience is None:
                self.fail(message, "a hand picture in a public message", set(), state)
            whole = expected = game.view(state, audience)
            if kind == "hand_image":  # drawn from the part of the seat's view it shows
                expected = presentation(self.game_id).hand_picture_view(whole)
            if view != expected:
                self.fail(message, f"a {kind} drawn from a view that is not its own", set(), state)
            shown = self.secrets.view_items(whole) & self.tracker.secret(state, audience)
            if shown:
                self.fail(message, f"secret items in the input of its {kind}", shown, state)
            if kind == "scoring_image":
                self.check_scoring(message, event, state)
        self.counts[message.kind] += 1

    def check_scoring(self, message: Built, event: Any, state: State) -> None:
        """A scoring picture's event must be a public event of this step, flagged `scored`, and
        show nothing secret when read as the public view's only event."""
        if not isinstance(event, dict) or not event.get("scored"):
            self.fail(message, "a scoring picture drawn from no scoring event", set(), state)
        if not any(event is e or event == e for e in self.step_events):
            self.fail(message, "a scoring picture of an event not of this step", set(), state)
        public = dict(self.table.game.view(state, None), events=[event])
        shown = self.secrets.view_items(public) & self.tracker.secret(state, None)
        if shown:
            self.fail(message, "secret items in the event of its scoring picture", shown, state)
        self.counts["scoring picture"] += 1

    def same_when_scrambled(self, original: Built, rebuilt: Built, state: State) -> None:
        if original.key() != rebuilt.key():
            raise Leak(
                f"{self.game_id} seed {self.table.seed}, version {self.table.version}: the "
                f"{original.kind} for {audience_name(original.audience)} changes when only what "
                f"is hidden from it changes\nbefore: {original.key()}\n"
                f"after:  {rebuilt.key()}\nstate: {state}"
            )
        self.counts["scrambled"] += 1

    # -- one step
    def messages_for(
        self,
        record: GameRecord,
        step: TableChange,
        audience: int | None,
        requested: bool,
        typed: list[str],
    ) -> list[Built]:
        """The messages of one audience after a step (None: the channel): what delivery sends
        (the board; the DM panel of a member whose hand changed or who must act now), and when
        `requested`, what the audience can ask for (`/game status`; `/hand`, a drafted pick
        panel and the `/move` autocomplete)."""
        out: list[Built] = []
        if audience is None:
            posted = board(record, LOCALE, step.events, step.newly_waiting)
            out.append(built("board", None, posted, self.pictures))
            for post in scoring_posts(record, step.events, LOCALE):
                out.append(built("scoring", None, post, self.pictures))
            if requested:
                out.append(built("status", None, board(record, LOCALE), self.pictures))
            return out
        panel = hand_panel(record, audience, LOCALE)
        out.append(built("hand panel", audience, panel, self.pictures))
        if requested and audience in record.waiting and record.status == "running":
            for kind in step_kinds(record):  # the panels the board's step buttons open
                panel = hand_panel(record, audience, LOCALE, opened=(kind, 0))
                out.append(built("step panel", audience, panel, self.pictures))
            choices = self.table.game.choices(record.state, audience)
            for pick in choices.picks[:1]:
                draft = self.rng.sample(pick.items, self.rng.randint(0, len(pick.items)))
                extra = self.rng.sample(range(200), 3)  # ids a forged draft might carry
                panel = hand_panel(record, audience, LOCALE, [*draft, *extra])
                out.append(built("draft panel", audience, panel, self.pictures))
            for text in typed:
                out.append(built_entries(audience, legal_entries(record, audience, text, LOCALE)))
        return out

    def check_step(self, step: TableChange) -> None:
        table, record = self.table, step.record
        assert record is not None
        self.step_events = step.events
        viewers: list[int | None] = [None, *range(len(table.seats))]
        text_secret: dict[int | None, set[int] | None] = dict.fromkeys(viewers)
        for state in table.states:
            self.tracker.observe(state)
            for viewer in viewers:
                now = self.tracker.secret(state, viewer)
                before = text_secret[viewer]
                text_secret[viewer] = now if before is None else before & now
        state = record.state
        members = [s for s, seat in enumerate(table.seats) if not seat.bot]
        delivered = set(step.panels_changed)  # the hand DMs `deliver_change` sends
        # Every other step (every step with TAVOLO_LEAK_ALL=1), the channel and one member
        # (every member) also ask for everything they can, and those messages are compared
        # with the ones built from a scrambled state.
        asking = CHECK_ALL or self.rng.random() < 0.5
        requested = set(members) if CHECK_ALL else {self.rng.choice(members)} if asking else set()
        everything = sorted(set().union(*(self.tracker.secret(state, v) for v in viewers)))
        for audience in [None, *sorted(delivered | requested)]:
            asked = asking and (audience is None or audience in requested)
            secret = self.tracker.secret(state, audience)
            typed = ["", " ".join(map(str, self.rng.sample(everything, min(4, len(everything)))))]
            other = self.secrets.scramble(state, audience, self.rng) if asked else None
            saved = self.rng.getstate()
            messages = self.messages_for(record, step, audience, asked, typed)
            for message in messages:
                self.check(message, state, secret, text_secret[audience] or set())
            if other is None:
                continue
            # The same messages (same drafts) from a state where all hidden from them moved.
            self.rng.setstate(saved)
            scrambled = self.messages_for(
                replace(record, state=other), step, audience, asked, typed
            )
            for first, second in zip(messages, scrambled, strict=True):
                self.same_when_scrambled(first, second, state)


def play_and_check(game_id: str, seed: int, pictures: PictureRecorder) -> Counter[str]:
    """Play one seeded game to its end, checking every message of every step."""
    table = Table(game_id, seed)
    detector = Detector(table, pictures)
    detector.check_step(table.start())
    for _ in range(5_000):
        move = table.member_move()
        if move is None:
            break
        detector.check_step(table.act(*move))
        detector.counts["steps"] += 1
    else:
        raise AssertionError(f"{game_id} seed {seed} did not end")
    detector.counts["games"] += 1
    return detector.counts


def check_games(game_id: str, seeds: range) -> Counter[str]:
    """Play and check the games of `seeds` (one process's share)."""
    total: Counter[str] = Counter()
    with recorded_pictures(game_id) as pictures:
        for seed in seeds:
            total += play_and_check(game_id, seed, pictures)
    return total
