"""The new-game wizard: name the battle, choose army lists, scale and options, initiative, start.

One module a page (:mod:`.names_page`, :mod:`.lists_page`, :mod:`.options_page`,
:mod:`.initiative_page`, :mod:`.summary_page`), the page base in :mod:`.base` and the wizard in
:mod:`.wizard`. The pages fill one Qt-free draft,
:class:`~eote_ref.referee.new_game_draft.NewGameDraft`.
"""
