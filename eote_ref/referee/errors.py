"""The referee's one error root: every refusal the umpire reads is a :class:`RefereeError`."""

from __future__ import annotations


class RefereeError(ValueError):
    """An edit or command the referee refuses, with a sentence for the umpire.

    Set-up, roster and check refusals all derive from it, so the desktop app catches this one
    class (a rules refusal, :class:`~eote_ref.rules.core.RulesError`, is reported by the check
    that ran the rules, in its own words).
    """
