"""Limits Discord enforces that its OpenAPI description does not encode.

Each check cites the documented rule it stands for (discord.com/developers/docs):

* message `content` is at most 2000 characters (Create Message); the spec allows 4000 on
  channel messages;
* all embeds of a message together hold at most 6000 characters (Embed Limits);
* without the IS_COMPONENTS_V2 flag (1 << 15) a message has at most 5 top-level components and
  they are action rows (Component Reference, "Legacy message component behavior");
* `custom_id`s are unique within one message (Component Reference);
* an action row holds up to 5 buttons or a single select menu (Action Row);
* a select's `min_values <= max_values <= len(options)` (String Select; Discord answers 50035);
* a non-link button needs a `custom_id`, a link button a `url` and no `custom_id`; a button
  needs a label or an emoji (Button);
* a CHAT_INPUT command has a 1-100 character description and a lowercase name of 1-32
  characters (Application Commands, "Application Command Naming"); required options come
  before optional ones;
* localizations (Application Commands, "Localization") are keyed by Discord's locales; a
  localized command or option name follows the naming rule and is unique among its siblings
  in that locale; a localized description or choice name has 1-100 characters.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from .validation import PathPart, Problem

IS_COMPONENTS_V2 = 1 << 15
MESSAGE_ROUTES = {
    ("POST", "/channels/{channel_id}/messages"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
}
CALLBACK_ROUTE = ("POST", "/interactions/{interaction_id}/{interaction_token}/callback")
COMMAND_LIST_ROUTES = {
    ("PUT", "/applications/{application_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
}
COMMAND_ONE_ROUTES = {
    ("POST", "/applications/{application_id}/commands"),
    ("POST", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("PATCH", "/applications/{application_id}/commands/{command_id}"),
    ("PATCH", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"),
}
COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")
SELECT_TYPES = {3, 5, 6, 7, 8}


def _problem(path: tuple[PathPart, ...], code: str, message: str) -> Problem:
    return Problem(path, code, message, "documented limit the OpenAPI spec lacks (extra_checks)")


def extra_problems(method: str, template: str, payload: Any) -> list[Problem]:
    """Problems of a JSON body that the spec lets through but Discord refuses."""
    key = (method.upper(), template)
    if not isinstance(payload, dict | list):
        return []
    if key in MESSAGE_ROUTES and isinstance(payload, dict):
        return message_problems(payload, (), channel=key[1].startswith("/channels"))
    if key == CALLBACK_ROUTE and isinstance(payload, dict):
        data = payload.get("data")
        if payload.get("type") in (4, 7) and isinstance(data, dict):
            return message_problems(data, ("data",), channel=False)
        return []
    if key in COMMAND_LIST_ROUTES and isinstance(payload, list):
        return [p for i, cmd in enumerate(payload) for p in command_problems(cmd, (i,))]
    if key in COMMAND_ONE_ROUTES and isinstance(payload, dict):
        return command_problems(payload, ())
    return []


def message_problems(msg: dict[str, Any], at: tuple[PathPart, ...], channel: bool) -> list[Problem]:
    """Checks on a message body (create, edit, webhook, interaction response data)."""
    found: list[Problem] = []
    content = msg.get("content")
    if channel and isinstance(content, str) and len(content) > 2000:
        found.append(
            _problem(
                (*at, "content"),
                "BASE_TYPE_MAX_LENGTH",
                f"Must be 2000 or fewer in length (got {len(content)}).",
            )
        )
    found += _embed_total(msg.get("embeds") or [], at)
    found += _component_problems(msg, at)
    return found


def _embed_chars(embed: dict[str, Any]) -> int:
    total = len(embed.get("title") or "") + len(embed.get("description") or "")
    total += len((embed.get("footer") or {}).get("text") or "")
    total += len((embed.get("author") or {}).get("name") or "")
    for field in embed.get("fields") or []:
        total += len(field.get("name") or "") + len(field.get("value") or "")
    return total


def _embed_total(embeds: list[Any], at: tuple[PathPart, ...]) -> list[Problem]:
    total = sum(_embed_chars(e) for e in embeds if isinstance(e, dict))
    if total <= 6000:
        return []
    message = f"Embed size exceeds maximum size of 6000 (got {total})."
    return [_problem((*at, "embeds"), "MAX_EMBED_SIZE_EXCEEDED", message)]


def walk_components(
    components: list[Any], at: tuple[PathPart, ...]
) -> Iterator[tuple[tuple[PathPart, ...], dict[str, Any]]]:
    """Every component of a tree with its path (rows, containers, sections, labels)."""
    for index, component in enumerate(components):
        if not isinstance(component, dict):
            continue
        here = (*at, index)
        yield here, component
        if isinstance(component.get("components"), list):
            yield from walk_components(component["components"], (*here, "components"))
        for key in ("accessory", "component"):
            if isinstance(component.get(key), dict):
                yield (*here, key), component[key]
                inner = component[key]
                if isinstance(inner.get("components"), list):
                    yield from walk_components(inner["components"], (*here, key, "components"))


def _component_problems(msg: dict[str, Any], at: tuple[PathPart, ...]) -> list[Problem]:
    components = msg.get("components")
    if not isinstance(components, list):
        return []
    found: list[Problem] = []
    where = (*at, "components")
    if not (msg.get("flags") or 0) & IS_COMPONENTS_V2:
        if len(components) > 5:
            found.append(_problem(where, "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length."))
        for i, row in enumerate(components):
            if isinstance(row, dict) and row.get("type") != 1:
                message = "Only action rows are allowed without the IS_COMPONENTS_V2 flag."
                found.append(_problem((*where, i, "type"), "COMPONENT_LAYOUT_INVALID", message))
    seen: dict[str, tuple[PathPart, ...]] = {}
    for path, component in walk_components(components, where):
        custom_id = component.get("custom_id")
        if isinstance(custom_id, str):
            if custom_id in seen:
                message = f"Component custom id {custom_id!r} is duplicated."
                found.append(_problem(path, "COMPONENT_CUSTOM_ID_DUPLICATED", message))
            seen[custom_id] = path
        kind = component.get("type")
        if kind == 1:
            found += _row_problems(component, path)
        elif kind == 2:
            found += _button_problems(component, path)
        elif kind == 3:
            found += _select_problems(component, path)
    return found


def _row_problems(row: dict[str, Any], path: tuple[PathPart, ...]) -> list[Problem]:
    children = [c for c in row.get("components") or [] if isinstance(c, dict)]
    selects = [c for c in children if c.get("type") in SELECT_TYPES]
    if selects and len(children) > 1:
        message = "An action row holds up to 5 buttons or a single select menu."
        return [_problem((*path, "components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", message)]
    return []


def _button_problems(button: dict[str, Any], path: tuple[PathPart, ...]) -> list[Problem]:
    style = button.get("style")
    found: list[Problem] = []
    if style in (1, 2, 3, 4) and not button.get("custom_id"):
        message = "A non-link button needs a custom_id."
        found.append(_problem((*path, "custom_id"), "BASE_TYPE_REQUIRED", message))
    if style == 5 and (not button.get("url") or button.get("custom_id")):
        message = "A link button needs a url and no custom_id."
        found.append(_problem((*path, "url"), "BUTTON_COMPONENT_INVALID", message))
    if style != 6 and not button.get("label") and not button.get("emoji"):
        message = "A button needs a label or an emoji."
        found.append(_problem((*path, "label"), "BUTTON_COMPONENT_INVALID", message))
    return found


def _select_problems(select: dict[str, Any], path: tuple[PathPart, ...]) -> list[Problem]:
    options = select.get("options") or []
    low = select.get("min_values")
    high = select.get("max_values")
    low = 1 if low is None else low
    high = 1 if high is None else high
    found: list[Problem] = []
    if isinstance(high, int) and high > len(options):
        message = f"max_values ({high}) must be less than or equal to the {len(options)} options."
        found.append(_problem((*path, "max_values"), "NUMBER_TYPE_MAX", message))
    if isinstance(low, int) and isinstance(high, int) and low > high:
        message = f"min_values ({low}) must be less than or equal to max_values ({high})."
        found.append(_problem((*path, "min_values"), "NUMBER_TYPE_MAX", message))
    return found


def command_problems(cmd: Any, at: tuple[PathPart, ...]) -> list[Problem]:
    """Checks on one application command body."""
    if not isinstance(cmd, dict) or cmd.get("type", 1) not in (1, None):
        return []
    found: list[Problem] = []
    name = cmd.get("name")
    if isinstance(name, str) and (not COMMAND_NAME.match(name) or name != name.lower()):
        message = f"Command name {name!r} must be 1-32 lowercase letters, digits, '-' or '_'."
        found.append(_problem((*at, "name"), "APPLICATION_COMMAND_INVALID_NAME", message))
    description = cmd.get("description")
    if not isinstance(description, str) or not 1 <= len(description) <= 100:
        length = len(description) if isinstance(description, str) else 0
        message = f"A chat input command needs a 1-100 character description (got {length})."
        found.append(_problem((*at, "description"), "BASE_TYPE_BAD_LENGTH", message))
    found += _option_order(cmd.get("options") or [], (*at, "options"))
    found += _localizations(cmd, at)
    return found


LOCALES = frozenset(  # Discord's locales (Reference, "Locales")
    [
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    ]
)


def _localizations(item: dict[str, Any], at: tuple[PathPart, ...]) -> list[Problem]:
    """Localized names and descriptions of a command, option or choice, and its options'
    localized names unique per locale."""
    found: list[Problem] = []
    for field, limit in (("name_localizations", 32), ("description_localizations", 100)):
        for locale, text in (item.get(field) or {}).items():
            where = (*at, field, locale)
            if locale not in LOCALES:
                found.append(_problem(where, "INVALID_LOCALE", f"{locale!r} is not a locale"))
            naming = field == "name_localizations" and "value" not in item  # not a choice
            if naming and (not COMMAND_NAME.match(text) or text != text.lower()):
                message = f"Localized name {text!r} breaks the command naming rule."
                found.append(_problem(where, "APPLICATION_COMMAND_INVALID_NAME", message))
            elif not naming and not 1 <= len(text) <= (100 if "value" in item else limit):
                found.append(_problem(where, "BASE_TYPE_BAD_LENGTH", "1-100 characters"))
    seen: dict[str, set[str]] = {}
    for index, option in enumerate(item.get("options") or []):
        if not isinstance(option, dict):
            continue
        found += _localizations(option, (*at, "options", index))
        for locale, text in (option.get("name_localizations") or {}).items():
            if text in seen.setdefault(locale, set()):
                message = f"Two options are named {text!r} in {locale}."
                found.append(
                    _problem((*at, "options", index), "APPLICATION_COMMAND_DUPLICATE_NAME", message)
                )
            seen[locale].add(text)
    for index, choice in enumerate(item.get("choices") or []):
        if isinstance(choice, dict):
            found += _localizations(choice, (*at, "choices", index))
    return found


def _option_order(options: list[Any], at: tuple[PathPart, ...]) -> list[Problem]:
    found: list[Problem] = []
    optional_seen = False
    for index, option in enumerate(options):
        if not isinstance(option, dict):
            continue
        if option.get("type") in (1, 2):
            found += _option_order(option.get("options") or [], (*at, index, "options"))
            continue
        if option.get("required") and optional_seen:
            message = "Required options must be placed before non-required options."
            found.append(
                _problem((*at, index), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", message)
            )
        optional_seen = optional_seen or not option.get("required")
    return found
