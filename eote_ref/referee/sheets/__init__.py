"""Printed sheets as HTML: what every pack's sheets share, and the base labels.

Everything here is plain Python writing HTML that both Qt's rich-text engine (for the PDF, see
:mod:`eote_ref.ui.printing`) and a web browser can lay out.

* :mod:`~eote_ref.referee.sheets.marks`: the marks of provisional and house values, numbers;
* :mod:`~eote_ref.referee.sheets.labels`: base labels with the units' codes.

EotE's own sheets (its division record sheets, quick reference and after-action report) are in
its pack's folder, :mod:`eote_ref.packs.eote.sheets`.
"""
