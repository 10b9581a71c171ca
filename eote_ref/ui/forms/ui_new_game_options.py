# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'new_game_options.ui'
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
from PySide6.QtWidgets import (QApplication, QFrame, QGridLayout, QGroupBox,
    QHBoxLayout, QLabel, QPushButton, QRadioButton,
    QScrollArea, QSizePolicy, QSpacerItem, QVBoxLayout,
    QWidget, QWizardPage)

class Ui_NewGameOptionsPage(object):
    def setupUi(self, NewGameOptionsPage):
        if not NewGameOptionsPage.objectName():
            NewGameOptionsPage.setObjectName(u"NewGameOptionsPage")
        self.pageLayout = QVBoxLayout(NewGameOptionsPage)
        self.pageLayout.setObjectName(u"pageLayout")
        self.scaleBox = QGroupBox(NewGameOptionsPage)
        self.scaleBox.setObjectName(u"scaleBox")
        self.scaleLayout = QHBoxLayout(self.scaleBox)
        self.scaleLayout.setObjectName(u"scaleLayout")
        self.scaleButtons = QVBoxLayout()
        self.scaleButtons.setObjectName(u"scaleButtons")
        self.scale6 = QRadioButton(self.scaleBox)
        self.scale6.setObjectName(u"scale6")

        self.scaleButtons.addWidget(self.scale6)

        self.scale15 = QRadioButton(self.scaleBox)
        self.scale15.setObjectName(u"scale15")
        self.scale15.setChecked(True)

        self.scaleButtons.addWidget(self.scale15)

        self.scale25 = QRadioButton(self.scaleBox)
        self.scale25.setObjectName(u"scale25")

        self.scaleButtons.addWidget(self.scale25)

        self.scaleSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.scaleButtons.addItem(self.scaleSpacer)


        self.scaleLayout.addLayout(self.scaleButtons)

        self.scaleEffect = QLabel(self.scaleBox)
        self.scaleEffect.setObjectName(u"scaleEffect")
        sizePolicy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        sizePolicy.setHorizontalStretch(1)
        sizePolicy.setVerticalStretch(0)
        sizePolicy.setHeightForWidth(self.scaleEffect.sizePolicy().hasHeightForWidth())
        self.scaleEffect.setSizePolicy(sizePolicy)
        self.scaleEffect.setTextFormat(Qt.TextFormat.RichText)
        self.scaleEffect.setAlignment(Qt.AlignmentFlag.AlignLeading|Qt.AlignmentFlag.AlignLeft|Qt.AlignmentFlag.AlignTop)
        self.scaleEffect.setWordWrap(True)

        self.scaleLayout.addWidget(self.scaleEffect)


        self.pageLayout.addWidget(self.scaleBox)

        self.optionsBox = QGroupBox(NewGameOptionsPage)
        self.optionsBox.setObjectName(u"optionsBox")
        self.optionsLayout = QVBoxLayout(self.optionsBox)
        self.optionsLayout.setObjectName(u"optionsLayout")
        self.optionsArea = QScrollArea(self.optionsBox)
        self.optionsArea.setObjectName(u"optionsArea")
        self.optionsArea.setFrameShape(QFrame.Shape.NoFrame)
        self.optionsArea.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.optionsArea.setWidgetResizable(True)
        self.optionsContainer = QWidget()
        self.optionsContainer.setObjectName(u"optionsContainer")
        self.optionsGrid = QGridLayout(self.optionsContainer)
        self.optionsGrid.setObjectName(u"optionsGrid")
        self.optionsGrid.setHorizontalSpacing(12)
        self.optionsGrid.setVerticalSpacing(4)
        self.optionsArea.setWidget(self.optionsContainer)

        self.optionsLayout.addWidget(self.optionsArea)

        self.optionsFooter = QHBoxLayout()
        self.optionsFooter.setObjectName(u"optionsFooter")
        self.provisionalNote = QLabel(self.optionsBox)
        self.provisionalNote.setObjectName(u"provisionalNote")
        sizePolicy.setHeightForWidth(self.provisionalNote.sizePolicy().hasHeightForWidth())
        self.provisionalNote.setSizePolicy(sizePolicy)
        self.provisionalNote.setTextFormat(Qt.TextFormat.RichText)
        self.provisionalNote.setWordWrap(True)

        self.optionsFooter.addWidget(self.provisionalNote)

        self.restoreDefaults = QPushButton(self.optionsBox)
        self.restoreDefaults.setObjectName(u"restoreDefaults")
        self.restoreDefaults.setAutoDefault(False)

        self.optionsFooter.addWidget(self.restoreDefaults)


        self.optionsLayout.addLayout(self.optionsFooter)


        self.pageLayout.addWidget(self.optionsBox)

        QWidget.setTabOrder(self.scale6, self.scale15)
        QWidget.setTabOrder(self.scale15, self.scale25)
        QWidget.setTabOrder(self.scale25, self.optionsArea)
        QWidget.setTabOrder(self.optionsArea, self.restoreDefaults)

        self.retranslateUi(NewGameOptionsPage)

        QMetaObject.connectSlotsByName(NewGameOptionsPage)
    # setupUi

    def retranslateUi(self, NewGameOptionsPage):
        NewGameOptionsPage.setTitle(QCoreApplication.translate("NewGameOptionsPage", u"Figure scale and rules options", None))
        NewGameOptionsPage.setSubTitle(QCoreApplication.translate("NewGameOptionsPage", u"The rules list every distance for 15mm figures. Where the EotE 6.2 text contradicts itself or is silent, choose how this game reads it; the defaults are preselected.", None))
        self.scaleBox.setTitle(QCoreApplication.translate("NewGameOptionsPage", u"Figure scale", None))
        self.scale6.setText(QCoreApplication.translate("NewGameOptionsPage", u"&6mm", None))
        self.scale15.setText(QCoreApplication.translate("NewGameOptionsPage", u"1&5mm", None))
        self.scale25.setText(QCoreApplication.translate("NewGameOptionsPage", u"&25mm (20\u201328mm)", None))
        self.optionsBox.setTitle(QCoreApplication.translate("NewGameOptionsPage", u"Rules options", None))
        self.restoreDefaults.setText(QCoreApplication.translate("NewGameOptionsPage", u"&Restore defaults", None))
    # retranslateUi

