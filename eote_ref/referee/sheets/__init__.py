"""Printed sheets as HTML: division record sheets, the quick reference and the after-action report.

Everything here is plain Python: it gathers what a sheet shows from an army list, a game, the
ruleset and the journal, and writes HTML that both Qt's rich-text engine (for the PDF, see
:mod:`eote_ref.ui.printing`) and a web browser (the HTML report) can lay out.

* :mod:`~eote_ref.referee.sheets.marks`: the marks of provisional and house values, numbers;
* :mod:`~eote_ref.referee.sheets.record`: division record sheets;
* :mod:`~eote_ref.referee.sheets.labels`: base labels with the units' codes;
* :mod:`~eote_ref.referee.sheets.quick_reference`: the quick-reference sheet;
* :mod:`~eote_ref.referee.sheets.report`: the after-action report.
"""
