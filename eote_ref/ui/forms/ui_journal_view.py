# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'journal_view.ui'
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
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QComboBox, QHBoxLayout,
    QHeaderView, QLabel, QLineEdit, QPushButton,
    QSizePolicy, QSpacerItem, QTableView, QVBoxLayout,
    QWidget)

class Ui_JournalView(object):
    def setupUi(self, JournalView):
        if not JournalView.objectName():
            JournalView.setObjectName(u"JournalView")
        JournalView.resize(900, 240)
        self.mainLayout = QVBoxLayout(JournalView)
        self.mainLayout.setSpacing(4)
        self.mainLayout.setObjectName(u"mainLayout")
        self.mainLayout.setContentsMargins(6, 4, 6, 4)
        self.toolsLayout = QHBoxLayout()
        self.toolsLayout.setObjectName(u"toolsLayout")
        self.filterEdit = QLineEdit(JournalView)
        self.filterEdit.setObjectName(u"filterEdit")
        self.filterEdit.setMaximumSize(QSize(320, 16777215))
        self.filterEdit.setClearButtonEnabled(True)

        self.toolsLayout.addWidget(self.filterEdit)

        self.turnLabel = QLabel(JournalView)
        self.turnLabel.setObjectName(u"turnLabel")

        self.toolsLayout.addWidget(self.turnLabel)

        self.turnCombo = QComboBox(JournalView)
        self.turnCombo.setObjectName(u"turnCombo")
        self.turnCombo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

        self.toolsLayout.addWidget(self.turnCombo)

        self.toolsSpacer = QSpacerItem(20, 10, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.toolsLayout.addItem(self.toolsSpacer)

        self.countLabel = QLabel(JournalView)
        self.countLabel.setObjectName(u"countLabel")
        self.countLabel.setText(u"")

        self.toolsLayout.addWidget(self.countLabel)

        self.undoButton = QPushButton(JournalView)
        self.undoButton.setObjectName(u"undoButton")

        self.toolsLayout.addWidget(self.undoButton)

        self.redoButton = QPushButton(JournalView)
        self.redoButton.setObjectName(u"redoButton")

        self.toolsLayout.addWidget(self.redoButton)

        self.undoToButton = QPushButton(JournalView)
        self.undoToButton.setObjectName(u"undoToButton")

        self.toolsLayout.addWidget(self.undoToButton)


        self.mainLayout.addLayout(self.toolsLayout)

        self.table = QTableView(JournalView)
        self.table.setObjectName(u"table")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setShowGrid(False)
        self.table.setWordWrap(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.verticalHeader().setVisible(False)

        self.mainLayout.addWidget(self.table)

#if QT_CONFIG(shortcut)
        self.turnLabel.setBuddy(self.turnCombo)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.filterEdit, self.turnCombo)
        QWidget.setTabOrder(self.turnCombo, self.table)
        QWidget.setTabOrder(self.table, self.undoButton)
        QWidget.setTabOrder(self.undoButton, self.redoButton)
        QWidget.setTabOrder(self.redoButton, self.undoToButton)

        self.retranslateUi(JournalView)

        QMetaObject.connectSlotsByName(JournalView)
    # setupUi

    def retranslateUi(self, JournalView):
        JournalView.setWindowTitle(QCoreApplication.translate("JournalView", u"Journal", None))
#if QT_CONFIG(tooltip)
        self.filterEdit.setToolTip(QCoreApplication.translate("JournalView", u"Show only the steps whose text contains these words", None))
#endif // QT_CONFIG(tooltip)
        self.filterEdit.setPlaceholderText(QCoreApplication.translate("JournalView", u"Filter the journal\u2026", None))
        self.turnLabel.setText(QCoreApplication.translate("JournalView", u"&Turn:", None))
#if QT_CONFIG(tooltip)
        self.turnCombo.setToolTip(QCoreApplication.translate("JournalView", u"Show one turn only", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(tooltip)
        self.undoButton.setToolTip(QCoreApplication.translate("JournalView", u"Undo the last step (Ctrl+Z)", None))
#endif // QT_CONFIG(tooltip)
        self.undoButton.setText(QCoreApplication.translate("JournalView", u"&Undo", None))
#if QT_CONFIG(tooltip)
        self.redoButton.setToolTip(QCoreApplication.translate("JournalView", u"Redo the step undone last (Ctrl+Shift+Z)", None))
#endif // QT_CONFIG(tooltip)
        self.redoButton.setText(QCoreApplication.translate("JournalView", u"&Redo", None))
#if QT_CONFIG(tooltip)
        self.undoToButton.setToolTip(QCoreApplication.translate("JournalView", u"Undo every step after the selected one", None))
#endif // QT_CONFIG(tooltip)
        self.undoToButton.setText(QCoreApplication.translate("JournalView", u"Undo &back to here", None))
    # retranslateUi

