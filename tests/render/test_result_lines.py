"""A finished game's result says what decided it (`Presentation.result_lines`, from the final
public view): the ranking with scores, then the deciding criterion in words. Money: hands won
decide, then totals, and a winner with a lower total is explained; the New York games: Dirk
never wins, even when ahead; Palazzo: a tie on points goes to the money worth most as one
payment; ties not broken are named as shared wins."""

from __future__ import annotations

from typing import Any

from games import presentation, rules_of
from tests.helpers.playout import bot_action, play

NAMES = ["Ann", "Bob", "Cid"]


def money_view(won: list[int], totals: list[int], winners: list[int], **options: str) -> Any:
    return {
        "phase": "over",
        "options": {"hands": "3", "match": "most_hands", **options},
        "results": [{}, {}, {}],
        "hands_won": won,
        "totals": totals,
        "winners": winners,
    }


def lines(game_id: str, view: dict[str, Any]) -> list[str]:
    return presentation(game_id).result_lines(view, NAMES[: len(view.get("scores", NAMES))], "en")


def test_money_a_winner_with_a_lower_total_is_explained_by_hands_won() -> None:
    out = lines("money", money_view([2, 1, 0], [900, 1200, 700], [0]))
    assert out[0] == "🏆 1st Ann — 2 hands won, 900 points"
    assert out[1] == "2nd Bob — 1 hand won, 1,200 points"
    assert "Ann wins on hands won (2 hands)" in out[-1]
    assert "Bob has a higher total (1,200 points)" in out[-1]
    assert "the total only breaks a tie" in out[-1]


def test_money_a_tie_on_hands_goes_to_the_higher_total() -> None:
    out = lines("money", money_view([1, 1, 1], [900, 1200, 700], [1]))
    assert out[0].startswith("🏆 1st Bob")
    assert "each won 1 hand" in out[-1] and "Bob with 1,200 points" in out[-1]


def test_money_equal_hands_and_totals_share_the_win() -> None:
    out = lines("money", money_view([1, 1, 1], [900, 900, 700], [0, 1]))
    assert out[0].startswith("🏆 1st Ann") and out[1].startswith("🏆 1st Bob")
    assert out[2].startswith("3rd Cid")
    assert "share the win" in out[-1]


def test_money_with_the_total_option_the_highest_total_wins() -> None:
    out = lines("money", money_view([2, 1, 0], [900, 1200, 700], [1], match="total"))
    assert out[0] == "🏆 1st Bob — 1,200 points"
    assert out[-1] == "Bob wins with the highest total (1,200 points)."


def points_view(scores: list[int], winners: list[int], dirk: int | None = None) -> Any:
    view: dict[str, Any] = {"phase": "over", "scores": scores, "winners": winners}
    view.update({"dirk": dirk is not None, "dirk_score": dirk or 0})
    return view


def test_dirk_never_wins_even_when_ahead() -> None:
    for game_id in ("nycards", "newyork"):
        out = presentation(game_id).result_lines(points_view([80, 70], [0], 95), NAMES[:2], "en")
        assert out[0] == "🏆 1st Ann — 80 points"
        assert any("Dirk — 95 points" in line and "never wins" in line for line in out)
        assert "Ann wins with the most points (80)." in out
        assert "Dirk is the neutral player and never wins" in out[-1]


def test_a_tie_on_points_in_the_new_york_games_is_a_shared_win() -> None:
    out = presentation("newyork").result_lines(points_view([80, 80, 60], [0, 1]), NAMES, "en")
    assert out[:2] == ["🏆 1st Ann — 80 points", "🏆 1st Bob — 80 points"]
    assert "Ann and Bob tie for the most points (80) and share the win" in out[-1]


def palazzo_view(scores: list[int], money: list[int], winners: list[int]) -> Any:
    return {"result": {"scores": scores, "money": money, "winners": winners}}


def test_palazzo_a_tie_on_points_goes_to_the_money_worth_most_as_one_payment() -> None:
    out = presentation("palazzo").result_lines(
        palazzo_view([30, 30, 12], [25, 40, 9], [1]), NAMES, "en"
    )
    assert out[0] == "🏆 1st Bob — 30 points"
    assert out[1] == "2nd Ann — 30 points"
    assert "Ann and Bob tie on 30 points" in out[-1] and "Bob with 40 (against 25)" in out[-1]


def test_palazzo_a_tie_on_points_and_money_is_shared() -> None:
    out = presentation("palazzo").result_lines(
        palazzo_view([30, 30, 12], [25, 25, 9], [0, 1]), NAMES, "en"
    )
    assert "they share the win" in out[-1]


def test_no_result_while_the_game_is_running_and_one_at_the_end_of_every_game() -> None:
    for game_id in ("money", "palazzo", "nycards", "newyork"):
        game, ui = rules_of(game_id), presentation(game_id)
        players = max(2, game.info.min_players)
        start = game.new_game(players, {}, 5)
        assert ui.result_lines(game.view(start, None), NAMES[:players], "en") == []
        end = play(game, players, 5, bot_action).state
        out = ui.result_lines(game.view(end, None), NAMES[:players], "en")
        assert out and out[0].startswith("🏆 1st "), (game_id, out)
