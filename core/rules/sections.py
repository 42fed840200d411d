"""The ``[rules]`` tables as classes: the base every section is built on, the core's own keys, and how a
family's rules class becomes its ``pref_rules_sections`` answer.

A family declares its rules once, as a class built on :class:`CoreRules` whose fields are its keys and sections
(each section a :class:`RulesSection`), and answers ``pref_rules_sections`` with its :meth:`~CoreRules.sections`;
its hooks take ``rules`` typed as that class, so ``mypy --strict`` checks every key they read::

    class WhistRules(RulesSection):
        rate: int = Field(ge=1, title="whists per defence trick")

    class MyRules(CoreRules):
        pool: int = Field(ge=1, title="the pool target")
        whist: WhistRules = Field(title="what the defenders write")

    @hookimpl
    def pref_rules_sections() -> dict[str, Any]:
        return MyRules.sections()

    @hookimpl
    def pref_match_over(match: MatchView, rules: MyRules) -> bool | None:
        return all(p >= rules.pool for p in match.ledger.column("pool")) or None

**The one cast.** The ``rules`` a hook receives is the model built at run time from every plugin's sections
(``core/rules/config.py``: the core's, the family's, a child's, a house rule's), not an instance of the
family's class: typing the parameter as the family's class is the one place where the static type is taken on
trust, and it holds because the run-time model is built from that class's own fields (the same annotation and
the same constraints: :meth:`CoreRules.sections`), and a child's class extends its family's. So a family's
rules class holds fields only: a method or property on it would type-check and fail at run time (the sections,
whose values *are* instances of their classes, may have validators and methods). A plugin that replaces a
section of its parent with another type is typed by a class of its own. ``tests/rules/test_plugin_api.py`` checks,
for every installed variant, that its model has every field of its family's class, with the same type.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic_core import PydanticCustomError


class RulesSection(BaseModel):
    """The base of every table of keys a plugin declares (and of a preset file, a config and a scorecard's
    deal, with ``strict=True`` where a value must not be converted): frozen, and an unknown key is an error."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def bad(message: str) -> PydanticCustomError:
    """A range error for a validator of a rules section, its message read as it is (the config loader adds the
    file, the key and the value): ``raise bad("levels must be ascending, each once")``."""
    return PydanticCustomError("value_error", message)


class CoreRules(RulesSection):
    """The keys every game has (the core's ``pref_rules_sections``); a family's rules class extends it and may
    restate ``players`` with its own range (its own title, its own limits)."""

    # 3 players, 4 with the dealer sitting out, or 2 with the third hand held by no player
    players: int = Field(
        title="players at the table",
        ge=2, le=4, description="players at the table: 3, 4 (the dealer sits out) or 2 "
                                "(the third hand is held by no player)")
    max_deals: int | None = Field(
        title="stop the match after this many deals",
        default=None, ge=1, description="stop the match after this many deals")

    @classmethod
    def sections(cls) -> dict[str, Any]:
        """The ``pref_rules_sections`` answer of this class: ``{name: (annotation, FieldInfo)}`` for each field
        the class itself declares (in its order; not those it inherits unchanged), so that the model built at
        run time has those fields exactly as the class has them."""
        own = vars(cls).get("__annotations__", {})
        return {name: (info.annotation, info) for name, info in cls.model_fields.items() if name in own}
