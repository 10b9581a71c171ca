# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'new_game_lists.ui'
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
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QGroupBox, QHBoxLayout,
    QHeaderView, QLabel, QPlainTextEdit, QPushButton,
    QSizePolicy, QSpacerItem, QTableWidget, QTableWidgetItem,
    QVBoxLayout, QWidget, QWizardPage)

class Ui_NewGameListsPage(object):
    def setupUi(self, NewGameListsPage):
        if not NewGameListsPage.objectName():
            NewGameListsPage.setObjectName(u"NewGameListsPage")
        self.pageLayout = QVBoxLayout(NewGameListsPage)
        self.pageLayout.setObjectName(u"pageLayout")
        self.listsTable = QTableWidget(NewGameListsPage)
        self.listsTable.setObjectName(u"listsTable")
        self.listsTable.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.listsTable.setTabKeyNavigation(False)
        self.listsTable.setAlternatingRowColors(True)
        self.listsTable.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.listsTable.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.listsTable.setWordWrap(False)
        self.listsTable.verticalHeader().setVisible(False)

        self.pageLayout.addWidget(self.listsTable)

        self.buttonRow = QHBoxLayout()
        self.buttonRow.setObjectName(u"buttonRow")
        self.addFileButton = QPushButton(NewGameListsPage)
        self.addFileButton.setObjectName(u"addFileButton")
        self.addFileButton.setAutoDefault(False)

        self.buttonRow.addWidget(self.addFileButton)

        self.buttonSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.buttonRow.addItem(self.buttonSpacer)


        self.pageLayout.addLayout(self.buttonRow)

        self.sidesRow = QHBoxLayout()
        self.sidesRow.setSpacing(18)
        self.sidesRow.setObjectName(u"sidesRow")
        self.firstSummary = QLabel(NewGameListsPage)
        self.firstSummary.setObjectName(u"firstSummary")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        sizePolicy.setHorizontalStretch(1)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.firstSummary.sizePolicy().hasHeightForWidth())
        self.firstSummary.setSizePolicy(sizePolicy)
        self.firstSummary.setTextFormat(Qt.TextFormat.RichText)
        self.firstSummary.setAlignment(Qt.AlignmentFlag.AlignLeading|Qt.AlignmentFlag.AlignLeft|Qt.AlignmentFlag.AlignTop)
        self.firstSummary.setWordWrap(True)

        self.sidesRow.addWidget(self.firstSummary)

        self.secondSummary = QLabel(NewGameListsPage)
        self.secondSummary.setObjectName(u"secondSummary")
        sizePolicy.setHeightForWidth(self.secondSummary.sizePolicy().hasHeightForWidth())
        self.secondSummary.setSizePolicy(sizePolicy)
        self.secondSummary.setTextFormat(Qt.TextFormat.RichText)
        self.secondSummary.setAlignment(Qt.AlignmentFlag.AlignLeading|Qt.AlignmentFlag.AlignLeft|Qt.AlignmentFlag.AlignTop)
        self.secondSummary.setWordWrap(True)

        self.sidesRow.addWidget(self.secondSummary)


        self.pageLayout.addLayout(self.sidesRow)

        self.problemsBox = QGroupBox(NewGameListsPage)
        self.problemsBox.setObjectName(u"problemsBox")
        self.problemsLayout = QVBoxLayout(self.problemsBox)
        self.problemsLayout.setObjectName(u"problemsLayout")
        self.problemsText = QPlainTextEdit(self.problemsBox)
        self.problemsText.setObjectName(u"problemsText")
        self.problemsText.setTabChangesFocus(True)
        self.problemsText.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.problemsText.setReadOnly(True)

        self.problemsLayout.addWidget(self.problemsText)


        self.pageLayout.addWidget(self.problemsBox)

        QWidget.setTabOrder(self.listsTable, self.addFileButton)
        QWidget.setTabOrder(self.addFileButton, self.problemsText)

        self.retranslateUi(NewGameListsPage)

        QMetaObject.connectSlotsByName(NewGameListsPage)
    # setupUi

    def retranslateUi(self, NewGameListsPage):
        NewGameListsPage.setTitle(QCoreApplication.translate("NewGameListsPage", u"Choose the army lists", None))
        NewGameListsPage.setSubTitle(QCoreApplication.translate("NewGameListsPage", u"Tick at least one army list for each side. Press 1 or 2 on a row to give it to the first or second side, Space to tick the box under the cursor.", None))
#if QT_CONFIG(tooltip)
        self.addFileButton.setToolTip(QCoreApplication.translate("NewGameListsPage", u"Choose any army-list YAML file on this computer", None))
#endif // QT_CONFIG(tooltip)
        self.addFileButton.setText(QCoreApplication.translate("NewGameListsPage", u"&Add file\u2026", None))
        self.problemsBox.setTitle(QCoreApplication.translate("NewGameListsPage", u"This file cannot be used", None))
    # retranslateUi

