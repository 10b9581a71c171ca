# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'dashboard.ui'
##
## Created by: Qt User Interface Compiler version 6.12.0
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QLabel, QLineEdit,
    QSizePolicy, QSpacerItem, QToolButton, QVBoxLayout,
    QWidget)

class Ui_Dashboard(object):
    def setupUi(self, Dashboard):
        if not Dashboard.objectName():
            Dashboard.setObjectName(u"Dashboard")
        Dashboard.resize(1200, 700)
        self.mainLayout = QVBoxLayout(Dashboard)
        self.mainLayout.setSpacing(6)
        self.mainLayout.setObjectName(u"mainLayout")
        self.mainLayout.setContentsMargins(8, 8, 8, 4)
        self.phaseLayout = QHBoxLayout()
        self.phaseLayout.setSpacing(10)
        self.phaseLayout.setObjectName(u"phaseLayout")
        self.turnLabel = QLabel(Dashboard)
        self.turnLabel.setObjectName(u"turnLabel")

        self.phaseLayout.addWidget(self.turnLabel)

        self.phaseBarHolder = QWidget(Dashboard)
        self.phaseBarHolder.setObjectName(u"phaseBarHolder")
        self.phaseBarLayout = QHBoxLayout(self.phaseBarHolder)
        self.phaseBarLayout.setObjectName(u"phaseBarLayout")
        self.phaseBarLayout.setContentsMargins(0, 0, 0, 0)

        self.phaseLayout.addWidget(self.phaseBarHolder)

        self.nextPhaseButton = QToolButton(Dashboard)
        self.nextPhaseButton.setObjectName(u"nextPhaseButton")
        self.nextPhaseButton.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)

        self.phaseLayout.addWidget(self.nextPhaseButton)


        self.mainLayout.addLayout(self.phaseLayout)

        self.stepsLabel = QLabel(Dashboard)
        self.stepsLabel.setObjectName(u"stepsLabel")
        self.stepsLabel.setText(u"steps")
        self.stepsLabel.setTextFormat(Qt.TextFormat.RichText)
        self.stepsLabel.setWordWrap(True)
        self.stepsLabel.setIndent(2)

        self.mainLayout.addWidget(self.stepsLabel)

        self.filterLayout = QHBoxLayout()
        self.filterLayout.setObjectName(u"filterLayout")
        self.filterEdit = QLineEdit(Dashboard)
        self.filterEdit.setObjectName(u"filterEdit")
        self.filterEdit.setMinimumSize(QSize(200, 0))
        self.filterEdit.setMaximumSize(QSize(360, 16777215))
        self.filterEdit.setClearButtonEnabled(True)

        self.filterLayout.addWidget(self.filterEdit)

        self.expandAllButton = QToolButton(Dashboard)
        self.expandAllButton.setObjectName(u"expandAllButton")

        self.filterLayout.addWidget(self.expandAllButton)

        self.collapseAllButton = QToolButton(Dashboard)
        self.collapseAllButton.setObjectName(u"collapseAllButton")

        self.filterLayout.addWidget(self.collapseAllButton)

        self.filterSpacer = QSpacerItem(20, 10, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.filterLayout.addItem(self.filterSpacer)

        self.keysLabel = QLabel(Dashboard)
        self.keysLabel.setObjectName(u"keysLabel")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        sizePolicy.setHorizontalStretch(0)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.keysLabel.sizePolicy().hasHeightForWidth())
        self.keysLabel.setSizePolicy(sizePolicy)
        self.keysLabel.setText(u"keys")
        self.keysLabel.setTextFormat(Qt.TextFormat.RichText)

        self.filterLayout.addWidget(self.keysLabel)


        self.mainLayout.addLayout(self.filterLayout)

        self.sidesHolder = QWidget(Dashboard)
        self.sidesHolder.setObjectName(u"sidesHolder")
        sizePolicy1 = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Expanding)
        sizePolicy1.setHorizontalStretch(0)
        sizePolicy1.setVerticalStretch(1)
        sizePolicy1.setHeightForWidth(self.sidesHolder.sizePolicy().hasHeightForWidth())
        self.sidesHolder.setSizePolicy(sizePolicy1)
        self.sidesLayout = QVBoxLayout(self.sidesHolder)
        self.sidesLayout.setObjectName(u"sidesLayout")
        self.sidesLayout.setContentsMargins(0, 0, 0, 0)

        self.mainLayout.addWidget(self.sidesHolder)


        self.retranslateUi(Dashboard)

        QMetaObject.connectSlotsByName(Dashboard)
    # setupUi

    def retranslateUi(self, Dashboard):
        Dashboard.setWindowTitle(QCoreApplication.translate("Dashboard", u"Dashboard", None))
#if QT_CONFIG(tooltip)
        self.turnLabel.setToolTip(QCoreApplication.translate("Dashboard", u"The turn (30 minutes of battle, EotE 2.0)", None))
#endif // QT_CONFIG(tooltip)
        self.turnLabel.setText(QCoreApplication.translate("Dashboard", u"Turn 1", None))
#if QT_CONFIG(tooltip)
        self.filterEdit.setToolTip(QCoreApplication.translate("Dashboard", u"Show only units whose code (F12), name, arm, type, nation or brigade contains these words (Ctrl+F)", None))
#endif // QT_CONFIG(tooltip)
        self.filterEdit.setPlaceholderText(QCoreApplication.translate("Dashboard", u"Filter units: code, name, arm, brigade\u2026", None))
#if QT_CONFIG(tooltip)
        self.expandAllButton.setToolTip(QCoreApplication.translate("Dashboard", u"Show every division's units", None))
#endif // QT_CONFIG(tooltip)
        self.expandAllButton.setText(QCoreApplication.translate("Dashboard", u"Expand all", None))
#if QT_CONFIG(tooltip)
        self.collapseAllButton.setToolTip(QCoreApplication.translate("Dashboard", u"Show the divisions only", None))
#endif // QT_CONFIG(tooltip)
        self.collapseAllButton.setText(QCoreApplication.translate("Dashboard", u"Collapse all", None))
    # retranslateUi

