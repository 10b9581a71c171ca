# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'roster_problems.ui'
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
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QDialog, QHBoxLayout,
    QHeaderView, QLabel, QPushButton, QSizePolicy,
    QSpacerItem, QTreeWidget, QTreeWidgetItem, QVBoxLayout,
    QWidget)

class Ui_RosterProblemsDialog(object):
    def setupUi(self, RosterProblemsDialog):
        if not RosterProblemsDialog.objectName():
            RosterProblemsDialog.setObjectName(u"RosterProblemsDialog")
        RosterProblemsDialog.resize(820, 420)
        self.dialogLayout = QVBoxLayout(RosterProblemsDialog)
        self.dialogLayout.setObjectName(u"dialogLayout")
        self.headerLabel = QLabel(RosterProblemsDialog)
        self.headerLabel.setObjectName(u"headerLabel")
        self.headerLabel.setTextFormat(Qt.TextFormat.RichText)
        self.headerLabel.setWordWrap(True)

        self.dialogLayout.addWidget(self.headerLabel)

        self.problemsTree = QTreeWidget(RosterProblemsDialog)
        self.problemsTree.setObjectName(u"problemsTree")
        self.problemsTree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.problemsTree.setAlternatingRowColors(True)
        self.problemsTree.setRootIsDecorated(False)
        self.problemsTree.setUniformRowHeights(True)
        self.problemsTree.setWordWrap(True)

        self.dialogLayout.addWidget(self.problemsTree)

        self.buttonLayout = QHBoxLayout()
        self.buttonLayout.setObjectName(u"buttonLayout")
        self.openTextButton = QPushButton(RosterProblemsDialog)
        self.openTextButton.setObjectName(u"openTextButton")

        self.buttonLayout.addWidget(self.openTextButton)

        self.copyButton = QPushButton(RosterProblemsDialog)
        self.copyButton.setObjectName(u"copyButton")

        self.buttonLayout.addWidget(self.copyButton)

        self.buttonSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.buttonLayout.addItem(self.buttonSpacer)

        self.retryButton = QPushButton(RosterProblemsDialog)
        self.retryButton.setObjectName(u"retryButton")

        self.buttonLayout.addWidget(self.retryButton)

        self.closeButton = QPushButton(RosterProblemsDialog)
        self.closeButton.setObjectName(u"closeButton")

        self.buttonLayout.addWidget(self.closeButton)


        self.dialogLayout.addLayout(self.buttonLayout)


        self.retranslateUi(RosterProblemsDialog)

        self.retryButton.setDefault(True)


        QMetaObject.connectSlotsByName(RosterProblemsDialog)
    # setupUi

    def retranslateUi(self, RosterProblemsDialog):
        RosterProblemsDialog.setWindowTitle(QCoreApplication.translate("RosterProblemsDialog", u"Problems in the army list", None))
        ___qtreewidgetitem = self.problemsTree.headerItem()
        ___qtreewidgetitem.setText(3, QCoreApplication.translate("RosterProblemsDialog", u"Message", None))
        ___qtreewidgetitem.setText(2, QCoreApplication.translate("RosterProblemsDialog", u"Key", None))
        ___qtreewidgetitem.setText(1, QCoreApplication.translate("RosterProblemsDialog", u"Severity", None))
        ___qtreewidgetitem.setText(0, QCoreApplication.translate("RosterProblemsDialog", u"Line:Col", None))
#if QT_CONFIG(tooltip)
        self.openTextButton.setToolTip(QCoreApplication.translate("RosterProblemsDialog", u"Open the file in the system's text editor to fix it", None))
#endif // QT_CONFIG(tooltip)
        self.openTextButton.setText(QCoreApplication.translate("RosterProblemsDialog", u"Open in &Text Editor", None))
#if QT_CONFIG(tooltip)
        self.copyButton.setToolTip(QCoreApplication.translate("RosterProblemsDialog", u"Copy every problem as file:line:column text", None))
#endif // QT_CONFIG(tooltip)
        self.copyButton.setText(QCoreApplication.translate("RosterProblemsDialog", u"&Copy", None))
#if QT_CONFIG(tooltip)
        self.retryButton.setToolTip(QCoreApplication.translate("RosterProblemsDialog", u"Read the file again once it is fixed", None))
#endif // QT_CONFIG(tooltip)
        self.retryButton.setText(QCoreApplication.translate("RosterProblemsDialog", u"&Retry", None))
        self.closeButton.setText(QCoreApplication.translate("RosterProblemsDialog", u"Close", None))
    # retranslateUi

