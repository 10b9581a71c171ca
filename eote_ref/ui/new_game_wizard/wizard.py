"""The new-game wizard: its pages in order, one draft they fill, the new game's id."""

from __future__ import annotations

import pathlib
from collections.abc import Iterable

from PySide6.QtWidgets import QWidget, QWizard

from eote_ref.referee.new_game_draft import NewGameDraft
from eote_ref.referee.pack_lists import uses_figure_scale
from eote_ref.referee.setup import SetupService
from eote_ref.ui.new_game_wizard.base import Page
from eote_ref.ui.new_game_wizard.commands_page import CommandsPage
from eote_ref.ui.new_game_wizard.initiative_page import InitiativePage
from eote_ref.ui.new_game_wizard.lists_page import ListsPage
from eote_ref.ui.new_game_wizard.names_page import NamesPage
from eote_ref.ui.new_game_wizard.options_page import OptionsPage
from eote_ref.ui.new_game_wizard.summary_page import SummaryPage


class NewGameWizard(QWizard):
    """Start a new game: names, lists or a scenario, commands, scale, initiative, summary.

    After ``exec()`` returns ``QDialog.Accepted`` the new game's id is in :attr:`game_id`.

    The pages fill one :class:`NewGameDraft` (``wizard.draft``). Every page but the army
    lists is complete with its defaults, so a script (screenshots, tests) can walk them::

        wizard = NewGameWizard(SetupService(db))
        wizard.select_lists(["waterloo-1815-french.yaml"], ["waterloo-1815-anglo-allied.yaml"])
        wizard.show()  # or wizard.restart()
        for n, _ in enumerate(wizard.page_ids(), 1):
            wizard.grab().save(f"new-game-{n}.png")
            wizard.next()

    Args:
        setup: the referee's set-up service (lists, options, creation).
        parent: the parent widget.
        draft: a draft to start from (a fresh one by default).
    """

    PAGES: tuple[type[Page], ...] = (
        NamesPage,
        ListsPage,
        CommandsPage,
        OptionsPage,
        InitiativePage,
        SummaryPage,
    )

    def __init__(
        self,
        setup: SetupService,
        parent: QWidget | None = None,
        draft: NewGameDraft | None = None,
    ) -> None:
        super().__init__(parent)
        self.setup = setup
        self.draft = draft or NewGameDraft()
        self.game_id: int | None = None
        self.setObjectName("NewGameWizard")
        self.setWindowTitle("New game")
        self.setWizardStyle(QWizard.WizardStyle.ModernStyle)
        self.setOption(QWizard.WizardOption.NoBackButtonOnStartPage, True)
        self.setOption(QWizard.WizardOption.HaveHelpButton, False)
        self.setButtonText(QWizard.WizardButton.FinishButton, "&Start the game")
        self.pages: list[Page] = []
        for cls in self.PAGES:
            page = cls(setup, self.draft)
            self.pages.append(page)
            self.addPage(page)
        self.setMinimumSize(720, 540)
        self.resize(900, 640)

    @property
    def commands_page(self) -> CommandsPage:
        """The commands-in-play page."""
        page = self.pages[self.PAGES.index(CommandsPage)]
        assert isinstance(page, CommandsPage)
        return page

    @property
    def lists_page(self) -> ListsPage:
        """The army-list page (for "Add file…" and ticking lists from scripts)."""
        page = self.pages[self.PAGES.index(ListsPage)]
        assert isinstance(page, ListsPage)
        return page

    #: The pages a game of a pack without figure scales, commands or an initiative skips.
    DEFAULT_PACK_ONLY: tuple[type[Page], ...] = (CommandsPage, InitiativePage)

    def nextId(self) -> int:
        """The next page: a game of another pack than the default skips the default's own."""
        following = super().nextId()
        if uses_figure_scale(self.draft.pack):
            return following
        while following != -1 and type(self.page(following)) in self.DEFAULT_PACK_ONLY:
            index = self.page_ids().index(following)
            ids = self.page_ids()
            following = ids[index + 1] if index + 1 < len(ids) else -1
        return following

    def page_ids(self) -> list[int]:
        """The ids of the pages in order (one screenshot each)."""
        return list(self.pageIds())

    def shown_page_ids(self) -> list[int]:
        """The ids of the pages the draft's pack walks through, in order."""
        if uses_figure_scale(self.draft.pack):
            return self.page_ids()
        return [i for i in self.page_ids() if type(self.page(i)) not in self.DEFAULT_PACK_ONLY]

    def select_lists(
        self,
        first: Iterable[str | pathlib.Path],
        second: Iterable[str | pathlib.Path],
    ) -> None:
        """Put army lists on each side: shipped lists by file name, other files by path."""
        for side, lists in ((0, first), (1, second)):
            for item in lists:
                self.lists_page.tick(item, side)

    def accept(self) -> None:
        """Finish: the summary page has created the game (or refused to close, showing why)."""
        super().accept()  # validates the summary page, which creates the game
        summary = self.pages[-1]
        assert isinstance(summary, SummaryPage)
        self.game_id = summary.game_id
