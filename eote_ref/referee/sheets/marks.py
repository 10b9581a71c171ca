"""What every printed sheet shares: the marks of provisional and house values, numbers, HTML.

Ruleset values that eote-ref supplies because the rules text lost its chart are marked ``†``
wherever they are printed, a club's own values (``source: house``) ``‡``, so an edited ruleset
prints its own sheet honestly. Standard library and the pack boundary's :class:`Source` only:
what an EotE sheet says of its ruleset's options is :mod:`eote_ref.packs.eote.sheets.options`.
"""

from __future__ import annotations

import html
import re

from eote_ref.packs.outcome import Source

#: The mark printed after a provisional value, and after a club's (house) value.
PROVISIONAL_MARK = "†"


HOUSE_MARK = "‡"


def mark(source: Source) -> str:
    """The mark a value of ``source`` carries on a printed sheet (empty for the rules text)."""
    if source is Source.PROVISIONAL:
        return PROVISIONAL_MARK
    if source is Source.HOUSE:
        return HOUSE_MARK
    return ""


def num(x: float) -> str:
    """A number as a sheet prints it: ``6``, ``0.5`` → ``½``, ``-2`` → ``−2``."""
    text = f"{x:g}".replace("-", "−")
    return text.replace(".5", "½").replace("0½", "½")


def signed(x: float) -> str:
    """A modifier with its sign: ``+2``, ``−1``, ``0``."""
    return ("+" if x > 0 else "") + num(x)


def esc(text: object) -> str:
    """``text`` escaped for HTML."""
    return html.escape(str(text))


#: A parenthesised remark about the transcription of the rules text in a ruleset label.
_TRANSCRIPT_REMARK = re.compile(r"\s*\([^()]*\btranscri[^()]*\)")


def clean_label(text: str) -> tuple[str, bool]:
    """A ruleset label without its transcription remarks, and whether it had any.

    ``"cavalry in line (transcript possibly damaged)"`` → ``("cavalry in line", True)``: the
    sheet prints the clean label and marks the value provisional.
    """
    clean = _TRANSCRIPT_REMARK.sub("", text)
    return " ".join(clean.split()), clean != text


def document(title: str, css: str, body: str) -> str:
    """A whole HTML page: ``title``, its style sheet and ``body``."""
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{css}</style></head><body>{body}</body></html>"
    )
