# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'new_game_names.ui'
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
from PySide6.QtWidgets import (QApplication, QFormLayout, QLabel, QLineEdit,
    QSizePolicy, QSpacerItem, QVBoxLayout, QWidget,
    QWizardPage)

class Ui_NewGameNamesPage(object):
    def setupUi(self, NewGameNamesPage):
        if not NewGameNamesPage.objectName():
            NewGameNamesPage.setObjectName(u"NewGameNamesPage")
        self.pageLayout = QVBoxLayout(NewGameNamesPage)
        self.pageLayout.setObjectName(u"pageLayout")
        self.formLayout = QFormLayout()
        self.formLayout.setObjectName(u"formLayout")
        self.formLayout.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.formLayout.setLabelAlignment(Qt.AlignmentFlag.AlignRight|Qt.AlignmentFlag.AlignVCenter)
        self.formLayout.setHorizontalSpacing(12)
        self.formLayout.setVerticalSpacing(10)
        self.gameNameLabel = QLabel(NewGameNamesPage)
        self.gameNameLabel.setObjectName(u"gameNameLabel")

        self.formLayout.setWidget(0, QFormLayout.ItemRole.LabelRole, self.gameNameLabel)

        self.gameName = QLineEdit(NewGameNamesPage)
        self.gameName.setObjectName(u"gameName")
        self.gameName.setMaxLength(120)
        self.gameName.setClearButtonEnabled(True)

        self.formLayout.setWidget(0, QFormLayout.ItemRole.FieldRole, self.gameName)

        self.firstSideLabel = QLabel(NewGameNamesPage)
        self.firstSideLabel.setObjectName(u"firstSideLabel")

        self.formLayout.setWidget(1, QFormLayout.ItemRole.LabelRole, self.firstSideLabel)

        self.firstSide = QLineEdit(NewGameNamesPage)
        self.firstSide.setObjectName(u"firstSide")
        self.firstSide.setMaxLength(60)
        self.firstSide.setClearButtonEnabled(True)

        self.formLayout.setWidget(1, QFormLayout.ItemRole.FieldRole, self.firstSide)

        self.secondSideLabel = QLabel(NewGameNamesPage)
        self.secondSideLabel.setObjectName(u"secondSideLabel")

        self.formLayout.setWidget(2, QFormLayout.ItemRole.LabelRole, self.secondSideLabel)

        self.secondSide = QLineEdit(NewGameNamesPage)
        self.secondSide.setObjectName(u"secondSide")
        self.secondSide.setMaxLength(60)
        self.secondSide.setClearButtonEnabled(True)

        self.formLayout.setWidget(2, QFormLayout.ItemRole.FieldRole, self.secondSide)


        self.pageLayout.addLayout(self.formLayout)

        self.problem = QLabel(NewGameNamesPage)
        self.problem.setObjectName(u"problem")
        self.problem.setWordWrap(True)

        self.pageLayout.addWidget(self.problem)

        self.bottomSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.pageLayout.addItem(self.bottomSpacer)

        self.hint = QLabel(NewGameNamesPage)
        self.hint.setObjectName(u"hint")
        self.hint.setWordWrap(True)

        self.pageLayout.addWidget(self.hint)

#if QT_CONFIG(shortcut)
        self.gameNameLabel.setBuddy(self.gameName)
        self.firstSideLabel.setBuddy(self.firstSide)
        self.secondSideLabel.setBuddy(self.secondSide)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.gameName, self.firstSide)
        QWidget.setTabOrder(self.firstSide, self.secondSide)

        self.retranslateUi(NewGameNamesPage)

        QMetaObject.connectSlotsByName(NewGameNamesPage)
    # setupUi

    def retranslateUi(self, NewGameNamesPage):
        NewGameNamesPage.setTitle(QCoreApplication.translate("NewGameNamesPage", u"Name the battle", None))
        NewGameNamesPage.setSubTitle(QCoreApplication.translate("NewGameNamesPage", u"Give the game and its two sides a name. Leave a box empty to use the name shown in grey, taken from the army lists you pick next.", None))
        self.gameNameLabel.setText(QCoreApplication.translate("NewGameNamesPage", u"&Game:", None))
        self.firstSideLabel.setText(QCoreApplication.translate("NewGameNamesPage", u"&First side:", None))
        self.secondSideLabel.setText(QCoreApplication.translate("NewGameNamesPage", u"&Second side:", None))
        self.problem.setText("")
        self.hint.setText(QCoreApplication.translate("NewGameNamesPage", u"The game keeps its own copy of the order of battle: editing an army list later never changes a battle in progress.", None))
    # retranslateUi

