"""Every text in the pictures comes from an English template: no key is drawn raw."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import i18n
from games import rules_of
from render import sprites
from render.money import hand_picture, score_sheet, table_picture
from rules.money.components import CURRENCIES
from tests.render.samples import NAMES, PHASES, sample_states

GAME = rules_of("money")


ASKED: set[str] = set()


class Recording(dict):
    """A catalog that remembers (in ASKED) the keys asked of it."""

    def get(self, key: str, default: Any = None) -> Any:
        ASKED.add(key)
        return super().get(key, default)


def test_every_render_key_has_an_english_template(monkeypatch: pytest.MonkeyPatch) -> None:
    original = i18n.catalog
    monkeypatch.setattr(i18n, "catalog", lambda locale: Recording(original(locale)))
    ASKED.clear()
    sprites.forget()  # kept pieces would not look their texts up again
    for players in (3, 5):
        for phase in PHASES:
            state = sample_states(players, 100 + players)[phase]
            table_picture(GAME.view(state, None), NAMES, None)
            score_sheet(GAME.view(state, None), NAMES, None)
            for seat in range(players):
                hand_picture(GAME.view(state, seat), NAMES, None)
    english = original("en")
    used = {k for k in ASKED if k.startswith("render.")}
    assert used
    assert not used - set(english)
    assert {k for k in english if k.startswith("render.money.currency.")} >= {
        f"render.money.currency.{c}" for c in ("usd", "gbp", "sek", "rub", "jpy", "chf", "eur")
    }


def test_keys_named_in_the_code_exist() -> None:
    """Literal keys in render/, and the keys built from a prefix and a known suffix."""
    english = i18n.catalog("en")
    root = Path(__file__).resolve().parents[2] / "render"
    literal = set()
    for path in root.rglob("*.py"):
        literal |= set(re.findall(r'"(render\.[a-z_.]+[a-z_])"', path.read_text(encoding="utf-8")))
    built = {f"render.money.row.{r}" for r in ("left", "right")}
    built |= {
        f"render.money.{p}.{s}" for p in ("prompt", "not_counted") for s in ("bid", "exchange")
    }
    built |= {f"render.money.rule.{m}" for m in ("most_hands", "total")}
    built |= {f"render.money.currency.{c.code.lower()}" for c in CURRENCIES}
    assert literal
    assert not (literal | built) - set(english)
