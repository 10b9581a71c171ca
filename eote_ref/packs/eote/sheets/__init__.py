"""EotE's printed sheets as HTML: division record sheets, the quick reference, the report.

They gather what a sheet shows from an army list, a game, the ruleset and the journal, and
write HTML with the shared marks and page (:mod:`eote_ref.referee.sheets.marks`) that Qt's
rich-text engine (:mod:`eote_ref.ui.printing`) and a web browser lay out.

* :mod:`~eote_ref.packs.eote.sheets.record`: division record sheets;
* :mod:`~eote_ref.packs.eote.sheets.quick_reference`: the quick-reference sheet;
* :mod:`~eote_ref.packs.eote.sheets.report`: the after-action report;
* :mod:`~eote_ref.packs.eote.sheets.options`: the ruleset's named options in words.
"""
