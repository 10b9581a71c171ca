"""The referee's one error root: every refusal the umpire reads is a :class:`RefereeError`.

The layers under the referee refuse in their own classes (every pack's rules refuse with the
pack boundary's :class:`~eote_ref.packs.outcome.PackError`, EotE's ``RulesError``; the store's
:class:`~eote_ref.store.errors.StoreError`, a file's :class:`~eote_ref.yamlio.problems.YamlError`):
:data:`REFUSALS` names the four, and is what the desktop app catches to show a refusal as a
sentence. Anything else is a bug, reported with its traceback through the app's one handler
(:mod:`eote_ref.ui.error_report`).
"""

from __future__ import annotations

from eote_ref.packs.outcome import PackError
from eote_ref.store.errors import StoreError
from eote_ref.yamlio.problems import YamlError


class RefereeError(ValueError):
    """An edit or command the referee refuses, with a sentence for the umpire.

    Set-up, roster, campaign, campaign CSV and check refusals all derive from it (a rules
    refusal, :class:`~eote_ref.packs.outcome.PackError`, is reported by the check that
    ran the rules, in its own words).
    """


#: Every refusal with a sentence for the user: the referee's and those of the layers under it.
REFUSALS: tuple[type[ValueError], ...] = (RefereeError, PackError, StoreError, YamlError)


class HeadlessInputError(RefereeError):
    """An argument the umpire gave that names nothing, or is not what it must be.

    ``field`` is the argument (``--unit``, ``--answer``, ``CHECK``).
    """

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
