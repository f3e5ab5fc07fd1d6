"""The game contract (`rules.contract.Game`), checked on every registered game at every player
count it allows, on every state of a few seeded games of random movers and of bots.

Each test is one promise of the contract: states are JSON data; the log replayed from the seed
rebuilds every state; an undoable action drew nothing and undoing it restores the state; every
component is in exactly one place; no view shows another seat's secrets; every offered choice
is accepted; the bot plays offered moves from its own view; exactly the seats that must act
have choices; a finished game has an outcome and nobody to act; the same seed plays the same
game. A game's own rules and scenarios are tested in `tests/rules/`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

import pytest

import games as games_registry
from games import RULES
from rules.contract import Game, Pick, State
from service.change import hand_of
from tests import sealedbid
from tests.helpers.playout import (
    Log,
    Mover,
    Stalled,
    assert_json_round_trip,
    assert_private_keys_only_at_top,
    bot_action,
    dump,
    is_offered,
    play,
    random_action,
    viewers,
)
from tests.reliability.secrecy import quick_options, secrets_for


def registered_games() -> Mapping[str, Game]:
    """The games this file checks, by id: every registered game, and Sealed Bids, the game
    that lives only in the tests (registered for this module by `sealed_bids_registered`)."""
    return {**RULES, sealedbid.GAME.info.id: sealedbid.GAME}


@pytest.fixture(scope="module", autouse=True)
def sealed_bids_registered() -> Iterator[None]:
    """Sealed Bids is registered from the tests alone, for this module only."""
    with games_registry.registered(sealedbid.ENTRY):
        yield


RANDOM_SEEDS = (1, 2)
BOT_SEEDS = (1, 2)
SAMPLED_COMPLETIONS = 3
"""How many of a pick's suggestions (or, without any, random selections) are applied."""

MOVERS: dict[str, Mover] = {"random": random_action, "bot": bot_action}

CASES = [
    (game_id, players)
    for game_id, game in registered_games().items()
    for players in range(game.info.min_players, game.info.max_players + 1)
]


@dataclass
class Played:
    """One seeded game: every state it went through (the dealt one first) and its log."""

    game_id: str
    game: Game
    players: int
    options: dict[str, str]
    seed: int
    mover: str
    states: list[State] = field(default_factory=list)
    log: Log = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.game_id}, {self.players} players, {self.mover} seed {self.seed}"


def play_recorded(
    game_id: str, players: int, seed: int, mover: str, max_actions: int = 20_000
) -> Played:
    """A whole game from `new_game(players, quick options, seed)`, moved by `mover` (a random
    one of the seats to act moves first), every state kept; nothing is checked here."""
    game = registered_games()[game_id]
    options = quick_options(game_id)
    played = Played(game_id, game, players, options, seed, mover)
    rng = random.Random(seed)
    state = game.new_game(players, dict(options), seed)
    played.states.append(state)
    for _ in range(max_actions):
        if game.outcome(state) is not None:
            return played
        seat = rng.choice(game.to_act(state))
        action = MOVERS[mover](game, state, seat, rng)
        state = game.apply(state, seat, action)
        played.log.append((seat, action))
        played.states.append(state)
    raise Stalled(f"{played}: over {max_actions} actions")


@pytest.fixture(scope="module", params=CASES, ids=[f"{g}-{n}p" for g, n in CASES])
def games(request: pytest.FixtureRequest) -> list[Played]:
    """The seeded games of one game id and player count: random movers, then bots. (Module
    scope: pytest runs every test of one case before the next case's games are played.)"""
    game_id, players = request.param
    return [play_recorded(game_id, players, seed, "random") for seed in RANDOM_SEEDS] + [
        play_recorded(game_id, players, seed, "bot") for seed in BOT_SEEDS
    ]


def positions(games: list[Played]) -> Iterator[tuple[Played, State]]:
    """Every state of every game, with its game."""
    for played in games:
        for state in played.states:
            yield played, state


# ------------------------------------------------------------------ state and log


def test_every_state_survives_a_json_round_trip(games: list[Played]) -> None:
    for _, state in positions(games):
        assert_json_round_trip(state)


def test_the_log_replayed_from_the_seed_rebuilds_every_state(games: list[Played]) -> None:
    """Each action applied to the state loaded from JSON (as the store keeps it) gives exactly
    the state played; the deal from the same seed is the same."""
    for played in games:
        game = played.game
        state = game.new_game(played.players, dict(played.options), played.seed)
        assert state == played.states[0], f"{played}: the deal differs"
        for step, (seat, action) in enumerate(played.log, start=1):
            state = game.apply(json.loads(json.dumps(state)), seat, action)
            assert state == played.states[step], f"{played}: replay differs at action {step}"


def test_an_undoable_action_drew_nothing_and_undoing_restores_the_state_exactly(
    games: list[Played],
) -> None:
    """Undo (issue 19): an action the rules let a player take back drew nothing at random and
    did not end the game, and the table's undo (the log replayed without it, from the seed)
    gives exactly the state before it (as JSON, as the store keeps it). Each title's own
    allowed and refused cases: `tests/rules/test_undo_rules.py`."""
    for played in games:
        game = played.game
        log = played.log
        replayed = False
        for step, (seat, action) in enumerate(log):
            before, after = played.states[step], played.states[step + 1]
            if not game.undoable(before, after, seat, action):
                continue
            assert before["rng"] == after["rng"], f"{played}: {action!r} drew at random"
            assert game.outcome(after) is None, f"{played}: {action!r} ended the game"
            if replayed:
                continue  # one replay per game keeps the contract test quick
            state = game.new_game(played.players, dict(played.options), played.seed)
            for s, a in log[:step]:
                state = game.apply(state, s, a)
            assert json.dumps(state, sort_keys=True) == json.dumps(before, sort_keys=True)
            replayed = True


def components_by_kind(places: Mapping[str, list[int]]) -> dict[str, list[int]]:
    """The ids of `locations` merged per kind (place names are `kind:place`), sorted."""
    found: dict[str, list[int]] = {}
    for name, ids in places.items():
        kind, colon, _ = name.partition(":")
        assert colon and kind, f"place {name!r} is not named kind:place"
        found.setdefault(kind, []).extend(ids)
    return {kind: sorted(ids) for kind, ids in found.items()}


def test_every_component_is_in_exactly_one_place(games: list[Played]) -> None:
    """In every state, within each kind of component, no id is in two places (or twice in
    one), and the ids of each kind are those of the dealt state: nothing lost or added."""
    for played in games:
        game = played.game
        dealt = components_by_kind(game.locations(played.states[0]))
        for step, state in enumerate(played.states):
            now = components_by_kind(game.locations(state))
            for kind, ids in now.items():
                doubled = sorted({i for i in ids if ids.count(i) > 1})
                assert not doubled, f"{played}, state {step}: {kind} {doubled} in two places"
            assert now == dealt, f"{played}, state {step}: the components changed"


def test_a_seats_hand_changes_whenever_the_hand_of_its_view_does(games: list[Played]) -> None:
    """The seat's hand the table compares before and after every action to find the panels to
    send again (the game's own `hand` accessor) changes whenever the `hand` of the seat's whole
    view changes: no changed hand can go unsent."""
    for played in games:
        for before, after in zip(played.states, played.states[1:], strict=False):
            for seat in range(played.players):
                if hand_of(played.game, before, seat) == hand_of(played.game, after, seat):
                    old = played.game.view(before, seat).get("hand")
                    assert old == played.game.view(after, seat).get("hand"), f"{played}, {seat}"


# ------------------------------------------------------------------ secrets


def test_no_view_shows_a_secret_of_another_seat(games: list[Played]) -> None:
    """The public view holds no hand, a seat's view only its own at its top; neither shows an
    item the game's secrets helper counts as hidden from that viewer; and neither changes
    when everything hidden from the viewer is shuffled (other hands, decks, the generator)."""
    helper = secrets_for(games[0].game_id)
    rng = random.Random(0)
    scrambled = 0
    for played in games:
        game, tracker = played.game, helper.tracker()
        for step, state in enumerate(played.states):
            tracker.observe(state)
            for viewer in viewers(played.players):
                where = f"{played}, state {step}, viewer {viewer}"
                view = game.view(state, viewer)
                assert_private_keys_only_at_top(view, viewer, ("hand",))
                shown = helper.view_items(view) & tracker.secret(state, viewer)
                assert not shown, f"{where}: shown hidden items {sorted(shown)}"
                other = helper.scramble(state, viewer, rng)
                assert game.view(other, viewer) == view, f"{where}: the view tells secrets"
                scrambled += other != state
    assert scrambled, "no state had anything hidden to shuffle"


# ------------------------------------------------------------------ choices and turns


def completions(picks: Iterable[Pick], rng: random.Random) -> Iterator[str]:
    """A sample of each pick's complete actions: its suggestions when it lists any (every
    subset need not be legal then), else random selections of an allowed size."""
    for pick in picks:
        if pick.suggestions:
            count = min(SAMPLED_COMPLETIONS, len(pick.suggestions))
            for chosen in rng.sample(pick.suggestions, count):
                yield pick.action(chosen)
        else:
            for _ in range(SAMPLED_COMPLETIONS):
                size = rng.randint(pick.min, pick.max)
                yield pick.action(sorted(rng.sample(pick.items, size)))


def test_every_offered_choice_is_accepted(games: list[Played]) -> None:
    """`apply` accepts every move `choices` lists and a sample of every pick's completions,
    and leaves the state it was given unchanged."""
    rng = random.Random(0)
    for played, state in positions(games):
        game = played.game
        before = dump(state)
        for seat in game.to_act(state):
            choices = game.choices(state, seat)
            for action in [*choices.moves, *completions(choices.picks, rng)]:
                assert is_offered(choices, action), action
                game.apply(state, seat, action)
        assert dump(state) == before, f"{played}: apply changed the state it was given"


def test_the_bot_plays_an_offered_move_from_its_own_view(games: list[Played]) -> None:
    rng = random.Random(0)
    for played, state in positions(games):
        game = played.game
        for seat in game.to_act(state):
            action = game.bot_action(game.view(state, seat), rng.getrandbits(62))
            assert is_offered(game.choices(state, seat), action), f"{played}: {action!r}"
            game.apply(state, seat, action)


def test_exactly_the_seats_to_act_have_choices(games: list[Played]) -> None:
    for played in games:
        game = played.game
        for step, state in enumerate(played.states[:-1]):
            to_act = game.to_act(state)
            assert to_act, f"{played}, state {step}: the game goes on but nobody acts"
            assert len(set(to_act)) == len(to_act) and set(to_act) <= set(range(played.players))
            for seat in range(played.players):
                has_choices = bool(game.choices(state, seat))
                assert has_choices == (seat in to_act), f"{played}, state {step}, seat {seat}"


def test_a_finished_game_has_an_outcome_and_nobody_to_act(games: list[Played]) -> None:
    """No state before the last has an outcome; the last has one, with a score per seat and
    winners among the seats, and nobody acts or has a choice."""
    for played in games:
        game = played.game
        assert all(game.outcome(s) is None for s in played.states[:-1]), str(played)
        final = played.states[-1]
        outcome = game.outcome(final)
        assert outcome is not None, str(played)
        assert len(outcome.scores) == played.players
        assert outcome.winners and set(outcome.winners) <= set(range(played.players))
        assert game.to_act(final) == []
        assert not any(game.choices(final, seat) for seat in range(played.players))


@pytest.mark.parametrize("game_id", list(registered_games()))
def test_the_same_seed_plays_the_same_game(game_id: str) -> None:
    """Random movers seeded alike play alike (deal, moves, end); another seed plays another
    game."""
    game = registered_games()[game_id]
    players = game.info.max_players
    first = play(game, players, 9, random_action)
    again = play(game, players, 9, random_action)
    assert first.log == again.log and first.state == again.state
    assert play(game, players, 10, random_action).log != first.log
