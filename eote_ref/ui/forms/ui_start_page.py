# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'start_page.ui'
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
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QHBoxLayout, QHeaderView,
    QLabel, QPushButton, QSizePolicy, QSpacerItem,
    QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

class Ui_StartPage(object):
    def setupUi(self, StartPage):
        if not StartPage.objectName():
            StartPage.setObjectName(u"StartPage")
        StartPage.resize(1000, 640)
        self.outerLayout = QHBoxLayout(StartPage)
        self.outerLayout.setObjectName(u"outerLayout")
        self.leftSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.outerLayout.addItem(self.leftSpacer)

        self.columnLayout = QVBoxLayout()
        self.columnLayout.setSpacing(12)
        self.columnLayout.setObjectName(u"columnLayout")
        self.topSpacer = QSpacerItem(20, 24, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)

        self.columnLayout.addItem(self.topSpacer)

        self.titleLabel = QLabel(StartPage)
        self.titleLabel.setObjectName(u"titleLabel")
        self.titleLabel.setText(u"eote-ref")
        self.titleLabel.setTextFormat(Qt.TextFormat.RichText)

        self.columnLayout.addWidget(self.titleLabel)

        self.subtitleLabel = QLabel(StartPage)
        self.subtitleLabel.setObjectName(u"subtitleLabel")
        self.subtitleLabel.setWordWrap(True)

        self.columnLayout.addWidget(self.subtitleLabel)

        self.buttonsLayout = QHBoxLayout()
        self.buttonsLayout.setSpacing(8)
        self.buttonsLayout.setObjectName(u"buttonsLayout")
        self.newGameButton = QPushButton(StartPage)
        self.newGameButton.setObjectName(u"newGameButton")

        self.buttonsLayout.addWidget(self.newGameButton)

        self.armyListButton = QPushButton(StartPage)
        self.armyListButton.setObjectName(u"armyListButton")

        self.buttonsLayout.addWidget(self.armyListButton)

        self.demoButton = QPushButton(StartPage)
        self.demoButton.setObjectName(u"demoButton")

        self.buttonsLayout.addWidget(self.demoButton)

        self.buttonsSpacer = QSpacerItem(10, 10, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.buttonsLayout.addItem(self.buttonsSpacer)


        self.columnLayout.addLayout(self.buttonsLayout)

        self.recentLabel = QLabel(StartPage)
        self.recentLabel.setObjectName(u"recentLabel")

        self.columnLayout.addWidget(self.recentLabel)

        self.gamesTree = QTreeWidget(StartPage)
        self.gamesTree.setObjectName(u"gamesTree")
        self.gamesTree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.gamesTree.setAlternatingRowColors(True)
        self.gamesTree.setRootIsDecorated(False)
        self.gamesTree.setUniformRowHeights(True)
        self.gamesTree.setAllColumnsShowFocus(True)

        self.columnLayout.addWidget(self.gamesTree)

        self.openLayout = QHBoxLayout()
        self.openLayout.setObjectName(u"openLayout")
        self.databaseLabel = QLabel(StartPage)
        self.databaseLabel.setObjectName(u"databaseLabel")
        self.databaseLabel.setText(u"")
        self.databaseLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        self.openLayout.addWidget(self.databaseLabel)

        self.openSpacer = QSpacerItem(10, 10, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.openLayout.addItem(self.openSpacer)

        self.openButton = QPushButton(StartPage)
        self.openButton.setObjectName(u"openButton")

        self.openLayout.addWidget(self.openButton)


        self.columnLayout.addLayout(self.openLayout)

        self.bottomSpacer = QSpacerItem(20, 16, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Fixed)

        self.columnLayout.addItem(self.bottomSpacer)


        self.outerLayout.addLayout(self.columnLayout)

        self.rightSpacer = QSpacerItem(40, 20, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.outerLayout.addItem(self.rightSpacer)

#if QT_CONFIG(shortcut)
        self.recentLabel.setBuddy(self.gamesTree)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.gamesTree, self.openButton)
        QWidget.setTabOrder(self.openButton, self.newGameButton)
        QWidget.setTabOrder(self.newGameButton, self.armyListButton)
        QWidget.setTabOrder(self.armyListButton, self.demoButton)

        self.retranslateUi(StartPage)

        QMetaObject.connectSlotsByName(StartPage)
    # setupUi

    def retranslateUi(self, StartPage):
        StartPage.setWindowTitle(QCoreApplication.translate("StartPage", u"Start", None))
        self.subtitleLabel.setText(QCoreApplication.translate("StartPage", u"The umpire's companion for Eagles Over the Empire 6.2: the figures and dice stay on the table, the markers, orders and turn live here.", None))
#if QT_CONFIG(tooltip)
        self.newGameButton.setToolTip(QCoreApplication.translate("StartPage", u"Set up a new battle from army lists (Ctrl+N)", None))
#endif // QT_CONFIG(tooltip)
        self.newGameButton.setText(QCoreApplication.translate("StartPage", u"&New game\u2026", None))
#if QT_CONFIG(tooltip)
        self.armyListButton.setToolTip(QCoreApplication.translate("StartPage", u"Open, check and edit army lists in the roster editor", None))
#endif // QT_CONFIG(tooltip)
        self.armyListButton.setText(QCoreApplication.translate("StartPage", u"Open &army list\u2026", None))
#if QT_CONFIG(tooltip)
        self.demoButton.setToolTip(QCoreApplication.translate("StartPage", u"Waterloo, 18 June 1815: the Arm\u00e9e du Nord against Wellington's army", None))
#endif // QT_CONFIG(tooltip)
        self.demoButton.setText(QCoreApplication.translate("StartPage", u"&Demo battle", None))
        self.recentLabel.setText(QCoreApplication.translate("StartPage", u"&Recent games", None))
        ___qtreewidgetitem = self.gamesTree.headerItem()
        ___qtreewidgetitem.setText(4, QCoreApplication.translate("StartPage", u"Last played", None))
        ___qtreewidgetitem.setText(3, QCoreApplication.translate("StartPage", u"Phase", None))
        ___qtreewidgetitem.setText(2, QCoreApplication.translate("StartPage", u"Turn", None))
        ___qtreewidgetitem.setText(1, QCoreApplication.translate("StartPage", u"Sides", None))
        ___qtreewidgetitem.setText(0, QCoreApplication.translate("StartPage", u"Game", None))
#if QT_CONFIG(tooltip)
        self.openButton.setToolTip(QCoreApplication.translate("StartPage", u"Open the selected game (Enter or double-click)", None))
#endif // QT_CONFIG(tooltip)
        self.openButton.setText(QCoreApplication.translate("StartPage", u"&Open", None))
    # retranslateUi

