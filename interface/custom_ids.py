"""The `custom_id` formats of Tavolo's components (at most 100 characters each).

    tv:mv:{game}:{seat}:{since}:{action}        a complete move for one seat
    tv:hand:{game}                              show the clicker's hand (and pick panel)
    tv:pk:{game}:{seat}:{since}:{kind}:{group}[:{part}]
                                                one select menu of a pick panel (with the
                                                opened part when it shows one pick only)
    tv:pkok:{game}:{seat}:{since}:{kind}        confirm a pick
    tv:lb:{game}:{op}                           a lobby button
    tv:sc:{game}:{seat}:{to}:{expires}:{op}     a seat holder's answer (`yes`/`no`) to a request
                                                to hand their seat to member `to` (0: a bot),
                                                which lapses at `expires` (Unix seconds)
    tv:ms:{game}:{seat}:{since}:{menu}          a select menu of complete moves (values: actions)
    tv:st[e]:{game}:{seat}:{since}:{kind}:{part}
                                                open the seat's panel on one pick: part 0 the
                                                pick's opening, N its part N (`st`: a new
                                                ephemeral message, from the board; `ste`: in
                                                place of the panel it is pressed on)

    tv:undo:{game}:{version}                    take back the clicker's move that made
                                                `version` (the answer to their move)

`since` is the version since which the seat has been waiting: a component from an earlier
decision no longer matches and is refused as stale.

A move menu's option may be `~page {n}` instead of an action: it opens page n of the seat's moves
(when one message cannot hold them all; no game's action starts with `~`).
"""

from __future__ import annotations

import re

MOVE = (
    r"tv:mv:(?P<game>\d{1,18}):(?P<seat>\d{1,2}):(?P<since>\d{1,18}):(?P<action>[a-z0-9 ,]{1,60})"
)
HAND = r"tv:hand:(?P<game>\d{1,18})"
PICK = (
    r"tv:pk:(?P<game>\d{1,18}):(?P<seat>\d{1,2}):(?P<since>\d{1,18}):(?P<kind>[a-z]{1,12})"
    r":(?P<group>\d{1,2})(?::(?P<part>\d{1,2}))?"
)
PICK_OK = r"tv:pkok:(?P<game>\d{1,18}):(?P<seat>\d{1,2}):(?P<since>\d{1,18}):(?P<kind>[a-z]{1,12})"
MOVE_SELECT = r"tv:ms:(?P<game>\d{1,18}):(?P<seat>\d{1,2}):(?P<since>\d{1,18}):(?P<menu>\d{1,2})"
OPEN_PICK = (
    r"tv:st(?P<edit>e?):(?P<game>\d{1,18}):(?P<seat>\d{1,2}):(?P<since>\d{1,18})"
    r":(?P<kind>[a-z]{1,12}):(?P<part>\d{1,2})"
)
LOBBY = r"tv:lb:(?P<game>\d{1,18}):(?P<op>join|leave|bot|boteasy|botstrong|unbot|start|rematch)"
SEAT_CONSENT = (
    r"tv:sc:(?P<game>\d{1,18}):(?P<seat>\d{1,2}):(?P<to>\d{1,20}):(?P<expires>\d{1,12})"
    r":(?P<op>yes|no)"
)

UNDO = r"tv:undo:(?P<game>\d{1,18}):(?P<version>\d{1,18})"


def move_id(game: int, seat: int, since: int, action: str) -> str:
    return f"tv:mv:{game}:{seat}:{since}:{action}"


def hand_id(game: int) -> str:
    return f"tv:hand:{game}"


def pick_id(
    game: int, seat: int, since: int, kind: str, group: int, part: int | None = None
) -> str:
    tail = "" if part is None else f":{part}"
    return f"tv:pk:{game}:{seat}:{since}:{kind}:{group}{tail}"


def pick_ok_id(game: int, seat: int, since: int, kind: str) -> str:
    return f"tv:pkok:{game}:{seat}:{since}:{kind}"


def move_select_id(game: int, seat: int, since: int, menu: int) -> str:
    return f"tv:ms:{game}:{seat}:{since}:{menu}"


def open_pick_id(game: int, seat: int, since: int, kind: str, part: int, edit: bool) -> str:
    return f"tv:st{'e' if edit else ''}:{game}:{seat}:{since}:{kind}:{part}"


def lobby_id(game: int, op: str) -> str:
    return f"tv:lb:{game}:{op}"


def seat_consent_id(game: int, seat: int, to: int, expires: int, op: str) -> str:
    return f"tv:sc:{game}:{seat}:{to}:{expires}:{op}"


PAGE_VALUE = re.compile(r"~page (?P<page>[1-9][0-9]{0,2})")


def page_value(page: int) -> str:
    """The option value that opens page `page` of a seat's moves."""
    return f"~page {page}"


def page_of(value: str) -> int | None:
    """The page a move menu's option value opens, or None if the value is a move."""
    match = PAGE_VALUE.fullmatch(value)
    return int(match["page"]) if match else None


def undo_id(game: int, version: int) -> str:
    return f"tv:undo:{game}:{version}"
