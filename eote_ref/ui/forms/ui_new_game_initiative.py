# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'new_game_initiative.ui'
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
from PySide6.QtWidgets import (QApplication, QLabel, QRadioButton, QSizePolicy,
    QSpacerItem, QVBoxLayout, QWidget, QWizardPage)

class Ui_NewGameInitiativePage(object):
    def setupUi(self, NewGameInitiativePage):
        if not NewGameInitiativePage.objectName():
            NewGameInitiativePage.setObjectName(u"NewGameInitiativePage")
        self.pageLayout = QVBoxLayout(NewGameInitiativePage)
        self.pageLayout.setObjectName(u"pageLayout")
        self.rollForIt = QRadioButton(NewGameInitiativePage)
        self.rollForIt.setObjectName(u"rollForIt")
        self.rollForIt.setChecked(True)

        self.pageLayout.addWidget(self.rollForIt)

        self.rollHint = QLabel(NewGameInitiativePage)
        self.rollHint.setObjectName(u"rollHint")
        self.rollHint.setWordWrap(True)
        self.rollHint.setIndent(24)

        self.pageLayout.addWidget(self.rollHint)

        self.firstStarts = QRadioButton(NewGameInitiativePage)
        self.firstStarts.setObjectName(u"firstStarts")

        self.pageLayout.addWidget(self.firstStarts)

        self.secondStarts = QRadioButton(NewGameInitiativePage)
        self.secondStarts.setObjectName(u"secondStarts")

        self.pageLayout.addWidget(self.secondStarts)

        self.decideLater = QRadioButton(NewGameInitiativePage)
        self.decideLater.setObjectName(u"decideLater")

        self.pageLayout.addWidget(self.decideLater)

        self.laterHint = QLabel(NewGameInitiativePage)
        self.laterHint.setObjectName(u"laterHint")
        self.laterHint.setWordWrap(True)
        self.laterHint.setIndent(24)

        self.pageLayout.addWidget(self.laterHint)

        self.bottomSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.pageLayout.addItem(self.bottomSpacer)

        QWidget.setTabOrder(self.rollForIt, self.firstStarts)
        QWidget.setTabOrder(self.firstStarts, self.secondStarts)
        QWidget.setTabOrder(self.secondStarts, self.decideLater)

        self.retranslateUi(NewGameInitiativePage)

        QMetaObject.connectSlotsByName(NewGameInitiativePage)
    # setupUi

    def retranslateUi(self, NewGameInitiativePage):
        NewGameInitiativePage.setTitle(QCoreApplication.translate("NewGameInitiativePage", u"Who has the initiative?", None))
        NewGameInitiativePage.setSubTitle(QCoreApplication.translate("NewGameInitiativePage", u"The side with the initiative moves first in the first turn (EotE 4.0). Set it by the scenario, or let eote-ref roll for it.", None))
        self.rollForIt.setText(QCoreApplication.translate("NewGameInitiativePage", u"&Roll for it", None))
        self.rollHint.setText(QCoreApplication.translate("NewGameInitiativePage", u"Each side rolls a d10 in turn 1's initiative phase, with the modifiers of EotE 4.0; the higher total takes the initiative and ties are rolled again. The turn guide asks for the roll and the journal keeps it.", None))
        self.firstStarts.setText(QCoreApplication.translate("NewGameInitiativePage", u"&First side starts", None))
        self.secondStarts.setText(QCoreApplication.translate("NewGameInitiativePage", u"&Second side starts", None))
        self.decideLater.setText(QCoreApplication.translate("NewGameInitiativePage", u"&Decide at the table", None))
        self.laterHint.setText(QCoreApplication.translate("NewGameInitiativePage", u"The game starts without an initiative holder; set it from the dashboard before the first command phase.", None))
    # retranslateUi

