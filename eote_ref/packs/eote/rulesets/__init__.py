"""Ruleset data: the shipped EotE 6.2 tables and the validating loader for edited copies."""

from eote_ref.packs.eote.rulesets.loader import (
    DEFAULT_RULESET,
    load_default,
    load_ruleset,
    validate_ruleset,
)

__all__ = ["DEFAULT_RULESET", "load_default", "load_ruleset", "validate_ruleset"]
