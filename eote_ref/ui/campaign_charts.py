"""The campaign window's charts (QtCharts): points over the campaign, hits per battle and turn."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from PySide6.QtCharts import (
    QBarCategoryAxis,
    QBarSeries,
    QBarSet,
    QChart,
    QChartView,
    QLineSeries,
    QValueAxis,
)
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPainter

from eote_ref.referee.campaign.report import PALETTE, nice_top


def chart_view(name: str) -> QChartView:
    """An empty, antialiased chart view named ``name``."""
    view = QChartView()
    view.setObjectName(name)
    view.setRenderHint(QPainter.RenderHint.Antialiasing)
    view.setMinimumHeight(220)
    return view


def _wrap(label: str, width: int = 14) -> str:
    """An axis label broken into lines of about ``width`` characters (HTML line breaks)."""
    lines: list[str] = []
    for word in label.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(html.escape(line) for line in lines) or label


def _axes(chart: QChart, labels: Sequence[str], top: int) -> tuple[QBarCategoryAxis, QValueAxis]:
    x = QBarCategoryAxis()
    # long scenario names wrap onto more lines (axis labels take HTML) instead of being cut
    x.append([_wrap(label) for label in labels] or [""])
    y = QValueAxis()
    y.setRange(0, nice_top(top))
    y.setTickCount(5)
    y.setLabelFormat("%d")
    chart.addAxis(x, Qt.AlignmentFlag.AlignBottom)
    chart.addAxis(y, Qt.AlignmentFlag.AlignLeft)
    return x, y


def line_chart(title: str, labels: Sequence[str], series: Mapping[str, Sequence[int]]) -> QChart:
    """A QtCharts line chart: one line per series, one point per label."""
    chart = QChart()
    chart.setTitle(title)
    top = max((v for values in series.values() for v in values), default=0)
    x, y = _axes(chart, labels, top)
    for i, (name, values) in enumerate(series.items()):
        line = QLineSeries()
        line.setName(name)
        line.setColor(QColor(PALETTE[i % len(PALETTE)]))
        line.setPointsVisible(True)
        for j, v in enumerate(values):
            line.append(j, v)
        chart.addSeries(line)
        line.attachAxis(y)
        # category axes place category j at x = j for line series
        line.attachAxis(x)
    return chart


def bar_chart(title: str, labels: Sequence[str], series: Mapping[str, Sequence[int]]) -> QChart:
    """A QtCharts grouped bar chart: one bar set per series."""
    chart = QChart()
    chart.setTitle(title)
    bars = QBarSeries()
    for i, (name, values) in enumerate(series.items()):
        s = QBarSet(name)
        s.setColor(QColor(PALETTE[i % len(PALETTE)]))
        s.append([float(v) for v in values])
        bars.append(s)
    chart.addSeries(bars)
    top = max((v for values in series.values() for v in values), default=0)
    x, y = _axes(chart, labels, top)
    bars.attachAxis(x)
    bars.attachAxis(y)
    return chart
