"""One seat played as a person would: only what the board, the panels, the DMs and the
ephemeral answers offer. A seeded random choice among what is offered: a button, or one to
three options of a menu (by their place: identical-looking options are still distinct);
right after choosing in a menu, mostly a button (the confirm). A panel a press opens (or
updates) is where the person looks next; a refusal keeps them in the panel; anything else
sends them back to the live board (the newest channel message with something to press).
When nothing they tried made a move within `budget` presses they type `/move` and take one
of the autocomplete's suggestions."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from fakediscord import ComponentNotFound, FakeChannel, FakeMessage, FakeUser, NoResponse
from fakediscord.components import BUTTON, LINK, PREMIUM, STRING_SELECT, leaves
from fakediscord.interactions import MESSAGE_COMPONENT, InteractionResult

MAX_PICKS = 3
CONFIRM_CHANCE = 0.75


@dataclass(frozen=True)
class Offer:
    """Something to press on a message: a button (`name`: its label, or its custom id when
    several buttons share the label) or a menu (`name`: its custom id, with its options'
    values, in order, and how many may be picked)."""

    message: FakeMessage
    kind: str
    name: str
    options: tuple[str, ...] = ()
    low: int = 1
    high: int = 1


def offers(message: FakeMessage) -> list[Offer]:
    """The enabled buttons and string menus of a message as it is now."""
    found = []
    parts = leaves(message.components)
    labels = [c.get("label") for c in parts if c.get("type") == BUTTON]
    for part in parts:
        if part.get("disabled") or not part.get("custom_id"):
            continue
        if part.get("type") == BUTTON and part.get("style") not in (LINK, PREMIUM):
            label = part.get("label")
            name = label if label and labels.count(label) == 1 else part["custom_id"]
            found.append(Offer(message, "button", name))
        elif part.get("type") == STRING_SELECT and part.get("options"):
            options = tuple(str(o["value"]) for o in part["options"])
            low = part.get("min_values", 1)
            high = part.get("max_values", 1)
            found.append(
                Offer(
                    message,
                    "select",
                    part["custom_id"],
                    options,
                    1 if low is None else low,
                    1 if high is None else high,
                )
            )
    return found


@dataclass
class Tally:
    """How the person got their moves made."""

    moves: int = 0
    presses: int = 0
    typed: int = 0
    unanswered: list[str] = field(default_factory=list)

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.moves + other.moves,
            self.presses + other.presses,
            self.typed + other.typed,
            [*self.unanswered, *other.unanswered],
        )


@dataclass
class Person:
    """The seat's player: `user` in `channel`, choosing with `rng`; `moved()` tells whether
    the seat's last attempt made a move (the action log grew)."""

    user: FakeUser
    channel: FakeChannel
    rng: random.Random
    moved: Callable[[], Awaitable[bool]]
    budget: int = 60
    tally: Tally = field(default_factory=Tally)

    def board(self) -> FakeMessage | None:
        """The live board: the newest channel message with something to press."""
        return next((m for m in reversed(self.channel.messages()) if offers(m)), None)

    async def take_turn(self) -> bool:
        """Act until one move is made; False if none could be made."""
        surface = self.board()
        chose = False  # the last thing done on `surface` was choosing in one of its menus
        for _ in range(self.budget):
            choices = offers(surface) if surface is not None and not surface.deleted else []
            if not choices:
                surface, chose = self.board(), False
                choices = offers(surface) if surface is not None else []
                if not choices:
                    break
            offer = self._pick(choices, chose)
            result = await self._use(offer)
            if await self.moved():
                self.tally.moves += 1
                return True
            following = _next_surface(result)
            if following is not None:
                chose = following is surface and offer.kind == "select"
                surface = following
            elif _refused(result) and surface is not None and surface.ephemeral:
                chose = False  # told why not: try again in the same panel
            else:
                surface, chose = self.board(), False
        return await self._typed()

    def _pick(self, choices: list[Offer], chose: bool) -> Offer:
        """Uniformly among the offers; right after choosing in a menu, mostly a button (the
        panel's confirm, as a person would press next)."""
        buttons = [o for o in choices if o.kind == "button"]
        if chose and buttons and self.rng.random() < CONFIRM_CHANCE:
            return self.rng.choice(buttons)
        return self.rng.choice(choices)

    async def _use(self, offer: Offer) -> InteractionResult | None:
        self.tally.presses += 1
        try:
            if offer.kind == "button":
                return await self.user.press(offer.message, offer.name)
            high = min(offer.high, len(offer.options), MAX_PICKS)
            count = self.rng.randint(min(max(offer.low, 1), high), high)
            return await self._choose(offer, self.rng.sample(offer.options, count))
        except (NoResponse, ComponentNotFound) as error:  # no answer in time; gone meanwhile
            self.tally.unanswered.append(str(error))
            return None

    async def _choose(self, offer: Offer, values: list[str]) -> InteractionResult:
        """Pick options by their place in the menu, as a person taps them: two options that
        read the same (two identical cards) are still two options."""
        fake, message = self.user.fake, offer.message
        if message.deleted or not fake.world.can_see(self.user, message):
            raise ComponentNotFound(f"{self.user.username} cannot see message {message.id}")
        data = {"custom_id": offer.name, "component_type": STRING_SELECT, "values": values}
        return await fake.interactions.run(
            self.user,
            message.channel,
            MESSAGE_COMPONENT,
            data,
            label=f"select {offer.name!r}",
            source=message,
        )

    async def _typed(self) -> bool:
        """`/move` with one of the autocomplete's suggestions, trying each once."""
        try:
            choices = await self.user.autocomplete(self.channel, "move", option="action")
        except NoResponse as error:
            self.tally.unanswered.append(str(error))
            return False
        values = [str(c.get("value")) for c in choices]
        self.rng.shuffle(values)
        for value in values:
            self.tally.typed += 1
            try:
                await self.user.slash(self.channel, "move", action=value)
            except NoResponse as error:
                self.tally.unanswered.append(str(error))
            if await self.moved():
                self.tally.moves += 1
                return True
        return False


def _refused(result: InteractionResult | None) -> bool:
    """Whether the bot answered with a new private message offering nothing (a reason)."""
    return result is not None and any(
        m.ephemeral and not offers(m) for m in result.messages if m is not result.source_message
    )


def _next_surface(result: InteractionResult | None) -> FakeMessage | None:
    """Where the person looks after a press: a panel it opened, else the message it updated
    in place (if there is still something to press), else nowhere (back to the board)."""
    if result is None:
        return None
    opened = [m for m in result.messages if m.ephemeral and not m.deleted and offers(m)]
    if opened and opened[-1] is not result.source_message:
        return opened[-1]
    if result.response_type == 7 and result.message is not None and offers(result.message):
        return result.message
    return None
