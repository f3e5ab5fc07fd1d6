"""What each seat may not know, per game: the interface the leak detector uses, and Money's.

The leak detector (`test_secrets.py`) is game-generic. It needs, for each game id in
`games.RULES`, an object offering the `Secrets` interface below, registered in
`SECRETS`; a game without one makes `test_every_game_has_a_secrets_helper` fail, so a new game
cannot slip through unchecked. To add a game, write a class like `MoneySecrets` and register it.

Two kinds of check use it:
- *Tokens*: no message for a viewer holds the text form (`tokens`) or the id (in a component,
  `action_items`) of an item that is secret to that viewer (`Tracker.secret`).
- *Indistinguishability*: every message for a viewer is the same when everything hidden from it
  is shuffled (`scramble`); this also catches leaks no token can show (which of a player's
  publicly known cards are in their secret bid, whether a bid holds the bluff card, deck order).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import ClassVar, Protocol

from rules.contract import State, View
from rules.money.components import BLUFF_IDS, CARDS, bluff_id, label
from tests.helpers.money import current_hand_events, hidden_from, known_held
from tests.helpers.playout import ints_in_lists
from tests.reliability.secrecy_newyork import NewYorkSecrets
from tests.reliability.secrecy_nycards import NyCardsSecrets
from tests.reliability.secrecy_palazzo import PalazzoSecrets
from tests.sealedbid.secrets import SealedBidsSecrets


class Tracker(Protocol):
    """Follows one game, state after state, to know what has become public knowledge."""

    def observe(self, state: State) -> None:
        """Take note of a state everybody has seen the public view of."""

    def secret(self, state: State, viewer: int | None) -> set[int]:
        """The items (card or tile ids) `viewer` (None: the public) must not learn in `state`,
        given everything observed so far."""


class Secrets(Protocol):
    """A game's secrecy helper (see the module docstring)."""

    game_id: str
    quick_options: Mapping[str, str]
    """Options for short games, used by the fast CI variants (Money: one hand)."""

    def tracker(self) -> Tracker:
        """A tracker for a new game."""

    def tokens(self, locale: str | None) -> Mapping[str, int]:
        """Each text form that names exactly one item, mapped to the item (labels shared by
        several items, such as Money's "bluff card", are left out)."""

    def hand_label(self, item: int, locale: str | None) -> str:
        """The text form of a card that can be in a hand (copies may share it, `red 3`)."""

    def action_items(self, action: str) -> set[int]:
        """The items an action text names (`bid 12,35` → {12, 35}; `take 2` names a seat)."""

    def view_items(self, view: View) -> set[int]:
        """The items a view shows that belong to the current deal (the inputs of pictures)."""

    def scramble(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """A state `viewer` cannot tell from `state`: everything hidden from it shuffled."""


# ------------------------------------------------------------------ Money


class MoneyTracker:
    """Money: the rows are face up and revealed bids lie on the table, so a card seen there is
    known for the rest of the hand (wherever it goes: took_row / took_bid name it); cards dealt
    into hands stay secret until they are bid and revealed, or the hand is scored. Card ids are
    reused by the next hand, so knowledge starts afresh with each deal."""

    def __init__(self) -> None:
        self.hand_no: int | None = None
        self.known: set[int] = set()

    def observe(self, state: State) -> None:
        if state["hand_no"] != self.hand_no:  # everybody holds their own bluff card
            self.hand_no = state["hand_no"]
            self.known = {bluff_id(s) for s in range(state["players"])}
        self.known.update(state["rows"]["left"], state["rows"]["right"])
        if state["phase"] == "exchange":
            for cards in state["table"]:
                self.known.update(cards or [])
        if state["phase"] == "over":  # the final hands are scored in public
            for hand in state["hands"]:
                self.known.update(hand)

    def secret(self, state: State, viewer: int | None) -> set[int]:
        hidden = set(state["deck"])
        for seat in range(state["players"]):
            if seat == viewer:
                continue
            hidden.update(c for c in state["hands"][seat] if c not in self.known)
            hidden.update(state["bids"][seat] or [])  # what is in a bid is secret, known or not
        return hidden


class MoneySecrets:
    game_id = "money"
    quick_options: ClassVar[Mapping[str, str]] = {"hands": "1"}

    def tracker(self) -> MoneyTracker:
        return MoneyTracker()

    def tokens(self, locale: str | None) -> Mapping[str, int]:
        return {label(cid, locale): cid for cid in CARDS if cid not in BLUFF_IDS}

    def hand_label(self, item: int, locale: str | None) -> str:
        return label(item, locale)

    def action_items(self, action: str) -> set[int]:
        verb, _, rest = action.partition(" ")
        if verb != "bid":
            return set()
        return {int(p) for p in rest.split(",") if p.strip().isascii() and p.strip().isdigit()}

    def view_items(self, view: View) -> set[int]:
        found = set(view["rows"]["left"]) | set(view["rows"]["right"])
        for seat in view["seats"]:
            found.update(seat["table"] or [])
        found.update(view.get("hand") or [])
        found.update(view.get("bid") or [])
        for event in current_hand_events(view["events"]):
            for key in ("bids", "took", "gave"):  # the events' card lists (not scores, seats)
                found |= ints_in_lists(event.get(key) or [])
        return found

    def scramble(self, state: State, viewer: int | None, rng: random.Random) -> State:
        """`tests.helpers.money.scramble_hidden`, without its deepcopy (which dominated the
        detector's time): only the lists it replaces are new, the rest is shared."""
        other = dict(state, hands=list(state["hands"]), bids=list(state["bids"]))
        known = known_held(state, viewer)  # what the viewer knows others hold stays with them
        pool = sorted(hidden_from(state, viewer) - {c for held in known for c in held})
        rng.shuffle(pool)
        other["deck"] = [pool.pop() for _ in state["deck"]]
        for seat in range(state["players"]):
            if seat == viewer:
                continue
            bid = state["bids"][seat]
            total = len(state["hands"][seat]) + (len(bid) if bid is not None else 0)
            cards = [*known[seat], *(pool.pop() for _ in range(total - len(known[seat])))]
            rng.shuffle(cards)
            if bid is None:
                other["hands"][seat] = sorted(cards)
            else:
                size = rng.randint(1, total)
                other["bids"][seat], other["hands"][seat] = (
                    sorted(cards[:size]),
                    sorted(cards[size:]),
                )
        assert not pool
        other["rng"] = (state["rng"] * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return other


# ------------------------------------------------------------------ the registry

# Other games keep their helper in `secrecy_<game>.py` and are listed here, one line each.
SECRETS: dict[str, Secrets] = {
    MoneySecrets.game_id: MoneySecrets(),
    NewYorkSecrets.game_id: NewYorkSecrets(),
    NyCardsSecrets.game_id: NyCardsSecrets(),
    PalazzoSecrets.game_id: PalazzoSecrets(),
    SealedBidsSecrets.game_id: SealedBidsSecrets(),  # the game that lives in the tests only
}


def secrets_for(game_id: str) -> Secrets:
    """The secrecy helper of a game; a clear failure when a new game has none yet."""
    try:
        return SECRETS[game_id]
    except KeyError:
        raise AssertionError(
            f"game {game_id!r} has no secrets helper: add one to tests/reliability/secrecy.py"
        ) from None


def quick_options(game_id: str) -> dict[str, str]:
    """Options for a short game of this title (its defaults when it declares none)."""
    from games import rules_of

    options = rules_of(game_id).info.default_options()
    helper = SECRETS.get(game_id)
    if helper is not None:
        options.update(helper.quick_options)
    return options


@cache
def token_pattern(game_id: str, locale: str | None) -> tuple[re.Pattern[str], dict[str, int]]:
    """One regular expression finding every item token of a game in a text (longest first, and
    never the start of a longer number: `£40 (serial 1)` is not found in `£40 (serial 17)`)."""
    tokens = dict(secrets_for(game_id).tokens(locale))
    alternatives = sorted(tokens, key=len, reverse=True)
    if not alternatives:  # no label names one item only (New York's money): nothing to find
        return re.compile(r"(?!)"), tokens
    pattern = re.compile("(" + "|".join(re.escape(a) for a in alternatives) + r")(?!\d)")
    return pattern, tokens


def named_items(game_id: str, texts: Iterable[str], locale: str | None = "en") -> set[int]:
    """The items whose tokens occur in any of `texts`."""
    pattern, tokens = token_pattern(game_id, locale)
    found: set[int] = set()
    for text in texts:
        if text:
            found.update(tokens[m.group(1)] for m in pattern.finditer(text))
    return found


def describe_items(items: Iterable[int], game_id: str, locale: str | None = "en") -> str:
    """Items with their tokens, for failure messages."""
    names = {v: k for k, v in secrets_for(game_id).tokens(locale).items()}
    return ", ".join(f"{i} ({names.get(i, '?')})" for i in sorted(items))
