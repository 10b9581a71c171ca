# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'new_game_summary.ui'
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
from PySide6.QtWidgets import (QApplication, QLabel, QSizePolicy, QTextBrowser,
    QVBoxLayout, QWidget, QWizardPage)

class Ui_NewGameSummaryPage(object):
    def setupUi(self, NewGameSummaryPage):
        if not NewGameSummaryPage.objectName():
            NewGameSummaryPage.setObjectName(u"NewGameSummaryPage")
        self.pageLayout = QVBoxLayout(NewGameSummaryPage)
        self.pageLayout.setObjectName(u"pageLayout")
        self.summaryText = QTextBrowser(NewGameSummaryPage)
        self.summaryText.setObjectName(u"summaryText")
        self.summaryText.setTabChangesFocus(True)
        self.summaryText.setOpenLinks(False)

        self.pageLayout.addWidget(self.summaryText)

        self.errorLabel = QLabel(NewGameSummaryPage)
        self.errorLabel.setObjectName(u"errorLabel")
        self.errorLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.errorLabel.setWordWrap(True)
        self.errorLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.pageLayout.addWidget(self.errorLabel)


        self.retranslateUi(NewGameSummaryPage)

        QMetaObject.connectSlotsByName(NewGameSummaryPage)
    # setupUi

    def retranslateUi(self, NewGameSummaryPage):
        NewGameSummaryPage.setTitle(QCoreApplication.translate("NewGameSummaryPage", u"Ready to start", None))
        NewGameSummaryPage.setSubTitle(QCoreApplication.translate("NewGameSummaryPage", u"Check the set-up, then press Start the game. Go Back to change anything.", None))
        self.errorLabel.setText("")
    # retranslateUi

