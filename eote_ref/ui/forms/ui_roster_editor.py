# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'roster_editor.ui'
##
## Created by: Qt User Interface Compiler version 6.12.0
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QAction, QBrush, QColor, QConicalGradient,
    QCursor, QFont, QFontDatabase, QGradient,
    QIcon, QImage, QKeySequence, QLinearGradient,
    QPainter, QPalette, QPixmap, QRadialGradient,
    QTransform)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QComboBox, QFormLayout,
    QFrame, QGroupBox, QHBoxLayout, QHeaderView,
    QLabel, QLineEdit, QMainWindow, QMenu,
    QMenuBar, QPlainTextEdit, QScrollArea, QSizePolicy,
    QSpacerItem, QSpinBox, QSplitter, QStackedWidget,
    QStatusBar, QToolBar, QTreeView, QVBoxLayout,
    QWidget)

class Ui_RosterEditorWindow(object):
    def setupUi(self, RosterEditorWindow):
        if not RosterEditorWindow.objectName():
            RosterEditorWindow.setObjectName(u"RosterEditorWindow")
        RosterEditorWindow.resize(1280, 800)
        self.actionNew = QAction(RosterEditorWindow)
        self.actionNew.setObjectName(u"actionNew")
        self.actionOpen = QAction(RosterEditorWindow)
        self.actionOpen.setObjectName(u"actionOpen")
        self.actionSave = QAction(RosterEditorWindow)
        self.actionSave.setObjectName(u"actionSave")
        self.actionSaveAs = QAction(RosterEditorWindow)
        self.actionSaveAs.setObjectName(u"actionSaveAs")
        self.actionImport = QAction(RosterEditorWindow)
        self.actionImport.setObjectName(u"actionImport")
        self.actionExport = QAction(RosterEditorWindow)
        self.actionExport.setObjectName(u"actionExport")
        self.actionClose = QAction(RosterEditorWindow)
        self.actionClose.setObjectName(u"actionClose")
        self.actionUndo = QAction(RosterEditorWindow)
        self.actionUndo.setObjectName(u"actionUndo")
        self.actionRedo = QAction(RosterEditorWindow)
        self.actionRedo.setObjectName(u"actionRedo")
        self.actionAddCommand = QAction(RosterEditorWindow)
        self.actionAddCommand.setObjectName(u"actionAddCommand")
        self.actionAddUnit = QAction(RosterEditorWindow)
        self.actionAddUnit.setObjectName(u"actionAddUnit")
        self.actionDuplicate = QAction(RosterEditorWindow)
        self.actionDuplicate.setObjectName(u"actionDuplicate")
        self.actionMoveUp = QAction(RosterEditorWindow)
        self.actionMoveUp.setObjectName(u"actionMoveUp")
        self.actionMoveDown = QAction(RosterEditorWindow)
        self.actionMoveDown.setObjectName(u"actionMoveDown")
        self.actionDelete = QAction(RosterEditorWindow)
        self.actionDelete.setObjectName(u"actionDelete")
        self.actionNextProblem = QAction(RosterEditorWindow)
        self.actionNextProblem.setObjectName(u"actionNextProblem")
        self.centralwidget = QWidget(RosterEditorWindow)
        self.centralwidget.setObjectName(u"centralwidget")
        self.centralLayout = QHBoxLayout(self.centralwidget)
        self.centralLayout.setObjectName(u"centralLayout")
        self.splitter = QSplitter(self.centralwidget)
        self.splitter.setObjectName(u"splitter")
        self.splitter.setOrientation(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.treePanel = QWidget(self.splitter)
        self.treePanel.setObjectName(u"treePanel")
        self.treePanelLayout = QVBoxLayout(self.treePanel)
        self.treePanelLayout.setObjectName(u"treePanelLayout")
        self.treePanelLayout.setContentsMargins(0, 0, 0, 0)
        self.filterLayout = QHBoxLayout()
        self.filterLayout.setObjectName(u"filterLayout")
        self.filterEdit = QLineEdit(self.treePanel)
        self.filterEdit.setObjectName(u"filterEdit")
        self.filterEdit.setClearButtonEnabled(True)

        self.filterLayout.addWidget(self.filterEdit)

        self.armFilterCombo = QComboBox(self.treePanel)
        self.armFilterCombo.setObjectName(u"armFilterCombo")

        self.filterLayout.addWidget(self.armFilterCombo)

        self.nationFilterCombo = QComboBox(self.treePanel)
        self.nationFilterCombo.setObjectName(u"nationFilterCombo")

        self.filterLayout.addWidget(self.nationFilterCombo)


        self.treePanelLayout.addLayout(self.filterLayout)

        self.tree = QTreeView(self.treePanel)
        self.tree.setObjectName(u"tree")
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.tree.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.tree.setAlternatingRowColors(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setAnimated(False)

        self.treePanelLayout.addWidget(self.tree)

        self.countLabel = QLabel(self.treePanel)
        self.countLabel.setObjectName(u"countLabel")

        self.treePanelLayout.addWidget(self.countLabel)

        self.splitter.addWidget(self.treePanel)
        self.formPanel = QWidget(self.splitter)
        self.formPanel.setObjectName(u"formPanel")
        self.formPanelLayout = QVBoxLayout(self.formPanel)
        self.formPanelLayout.setObjectName(u"formPanelLayout")
        self.formPanelLayout.setContentsMargins(6, 0, 0, 0)
        self.itemTitleLabel = QLabel(self.formPanel)
        self.itemTitleLabel.setObjectName(u"itemTitleLabel")
        self.itemTitleLabel.setWordWrap(True)

        self.formPanelLayout.addWidget(self.itemTitleLabel)

        self.itemPathLabel = QLabel(self.formPanel)
        self.itemPathLabel.setObjectName(u"itemPathLabel")
        self.itemPathLabel.setWordWrap(True)

        self.formPanelLayout.addWidget(self.itemPathLabel)

        self.problemLabel = QLabel(self.formPanel)
        self.problemLabel.setObjectName(u"problemLabel")
        self.problemLabel.setWordWrap(True)
        self.problemLabel.setTextFormat(Qt.TextFormat.RichText)

        self.formPanelLayout.addWidget(self.problemLabel)

        self.formScroll = QScrollArea(self.formPanel)
        self.formScroll.setObjectName(u"formScroll")
        self.formScroll.setFrameShape(QFrame.Shape.NoFrame)
        self.formScroll.setWidgetResizable(True)
        self.pages = QStackedWidget()
        self.pages.setObjectName(u"pages")
        self.emptyPage = QWidget()
        self.emptyPage.setObjectName(u"emptyPage")
        self.emptyPageLayout = QVBoxLayout(self.emptyPage)
        self.emptyPageLayout.setObjectName(u"emptyPageLayout")
        self.emptyLabel = QLabel(self.emptyPage)
        self.emptyLabel.setObjectName(u"emptyLabel")
        self.emptyLabel.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.emptyLabel.setWordWrap(True)

        self.emptyPageLayout.addWidget(self.emptyLabel)

        self.pages.addWidget(self.emptyPage)
        self.armyPage = QWidget()
        self.armyPage.setObjectName(u"armyPage")
        self.armyPageLayout = QVBoxLayout(self.armyPage)
        self.armyPageLayout.setObjectName(u"armyPageLayout")
        self.armyPageLayout.setContentsMargins(0, -1, 0, -1)
        self.armyListGroup = QGroupBox(self.armyPage)
        self.armyListGroup.setObjectName(u"armyListGroup")
        self.armyListForm = QFormLayout(self.armyListGroup)
        self.armyListForm.setObjectName(u"armyListForm")
        self.armyListForm.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.armyNameLabel = QLabel(self.armyListGroup)
        self.armyNameLabel.setObjectName(u"armyNameLabel")

        self.armyListForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.armyNameLabel)

        self.armyNameEdit = QLineEdit(self.armyListGroup)
        self.armyNameEdit.setObjectName(u"armyNameEdit")

        self.armyListForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.armyNameEdit)

        self.armyNationLabel = QLabel(self.armyListGroup)
        self.armyNationLabel.setObjectName(u"armyNationLabel")

        self.armyListForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.armyNationLabel)

        self.armyNationCombo = QComboBox(self.armyListGroup)
        self.armyNationCombo.setObjectName(u"armyNationCombo")
        self.armyNationCombo.setEditable(True)

        self.armyListForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.armyNationCombo)

        self.armyYearLabel = QLabel(self.armyListGroup)
        self.armyYearLabel.setObjectName(u"armyYearLabel")

        self.armyListForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.armyYearLabel)

        self.armyYearSpin = QSpinBox(self.armyListGroup)
        self.armyYearSpin.setObjectName(u"armyYearSpin")
        self.armyYearSpin.setMinimum(1792)
        self.armyYearSpin.setMaximum(1815)

        self.armyListForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.armyYearSpin)

        self.armyBattleLabel = QLabel(self.armyListGroup)
        self.armyBattleLabel.setObjectName(u"armyBattleLabel")

        self.armyListForm.setWidget(3, QFormLayout.ItemRole.LabelRole, self.armyBattleLabel)

        self.armyBattleEdit = QLineEdit(self.armyListGroup)
        self.armyBattleEdit.setObjectName(u"armyBattleEdit")

        self.armyListForm.setWidget(3, QFormLayout.ItemRole.FieldRole, self.armyBattleEdit)

        self.armySourcesLabel = QLabel(self.armyListGroup)
        self.armySourcesLabel.setObjectName(u"armySourcesLabel")

        self.armyListForm.setWidget(4, QFormLayout.ItemRole.LabelRole, self.armySourcesLabel)

        self.armySourcesEdit = QPlainTextEdit(self.armyListGroup)
        self.armySourcesEdit.setObjectName(u"armySourcesEdit")
        self.armySourcesEdit.setMaximumSize(QSize(16777215, 90))
        self.armySourcesEdit.setTabChangesFocus(True)

        self.armyListForm.setWidget(4, QFormLayout.ItemRole.FieldRole, self.armySourcesEdit)

        self.armyNotesLabel = QLabel(self.armyListGroup)
        self.armyNotesLabel.setObjectName(u"armyNotesLabel")

        self.armyListForm.setWidget(5, QFormLayout.ItemRole.LabelRole, self.armyNotesLabel)

        self.armyNotesEdit = QPlainTextEdit(self.armyListGroup)
        self.armyNotesEdit.setObjectName(u"armyNotesEdit")
        self.armyNotesEdit.setMaximumSize(QSize(16777215, 110))
        self.armyNotesEdit.setTabChangesFocus(True)

        self.armyListForm.setWidget(5, QFormLayout.ItemRole.FieldRole, self.armyNotesEdit)


        self.armyPageLayout.addWidget(self.armyListGroup)

        self.armyCommandGroup = QGroupBox(self.armyPage)
        self.armyCommandGroup.setObjectName(u"armyCommandGroup")
        self.armyCommandForm = QFormLayout(self.armyCommandGroup)
        self.armyCommandForm.setObjectName(u"armyCommandForm")
        self.armyCommandForm.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.armyCommandNameLabel = QLabel(self.armyCommandGroup)
        self.armyCommandNameLabel.setObjectName(u"armyCommandNameLabel")

        self.armyCommandForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.armyCommandNameLabel)

        self.armyCommandNameEdit = QLineEdit(self.armyCommandGroup)
        self.armyCommandNameEdit.setObjectName(u"armyCommandNameEdit")

        self.armyCommandForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.armyCommandNameEdit)

        self.armyLeaderLabel = QLabel(self.armyCommandGroup)
        self.armyLeaderLabel.setObjectName(u"armyLeaderLabel")

        self.armyCommandForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.armyLeaderLabel)

        self.armyLeaderEdit = QLineEdit(self.armyCommandGroup)
        self.armyLeaderEdit.setObjectName(u"armyLeaderEdit")

        self.armyCommandForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.armyLeaderEdit)

        self.armyRatingLabel = QLabel(self.armyCommandGroup)
        self.armyRatingLabel.setObjectName(u"armyRatingLabel")

        self.armyCommandForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.armyRatingLabel)

        self.armyRatingSpin = QSpinBox(self.armyCommandGroup)
        self.armyRatingSpin.setObjectName(u"armyRatingSpin")
        self.armyRatingSpin.setMinimum(-1)
        self.armyRatingSpin.setMaximum(4)

        self.armyCommandForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.armyRatingSpin)

        self.armyLeaderNotesLabel = QLabel(self.armyCommandGroup)
        self.armyLeaderNotesLabel.setObjectName(u"armyLeaderNotesLabel")

        self.armyCommandForm.setWidget(3, QFormLayout.ItemRole.LabelRole, self.armyLeaderNotesLabel)

        self.armyLeaderNotesEdit = QLineEdit(self.armyCommandGroup)
        self.armyLeaderNotesEdit.setObjectName(u"armyLeaderNotesEdit")

        self.armyCommandForm.setWidget(3, QFormLayout.ItemRole.FieldRole, self.armyLeaderNotesEdit)

        self.armyCommandNotesLabel = QLabel(self.armyCommandGroup)
        self.armyCommandNotesLabel.setObjectName(u"armyCommandNotesLabel")

        self.armyCommandForm.setWidget(4, QFormLayout.ItemRole.LabelRole, self.armyCommandNotesLabel)

        self.armyCommandNotesEdit = QPlainTextEdit(self.armyCommandGroup)
        self.armyCommandNotesEdit.setObjectName(u"armyCommandNotesEdit")
        self.armyCommandNotesEdit.setMaximumSize(QSize(16777215, 70))
        self.armyCommandNotesEdit.setTabChangesFocus(True)

        self.armyCommandForm.setWidget(4, QFormLayout.ItemRole.FieldRole, self.armyCommandNotesEdit)


        self.armyPageLayout.addWidget(self.armyCommandGroup)

        self.armyPageSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.armyPageLayout.addItem(self.armyPageSpacer)

        self.pages.addWidget(self.armyPage)
        self.commandPage = QWidget()
        self.commandPage.setObjectName(u"commandPage")
        self.commandPageLayout = QVBoxLayout(self.commandPage)
        self.commandPageLayout.setObjectName(u"commandPageLayout")
        self.commandPageLayout.setContentsMargins(0, -1, 0, -1)
        self.commandGroup = QGroupBox(self.commandPage)
        self.commandGroup.setObjectName(u"commandGroup")
        self.commandForm = QFormLayout(self.commandGroup)
        self.commandForm.setObjectName(u"commandForm")
        self.commandForm.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.commandNameLabel = QLabel(self.commandGroup)
        self.commandNameLabel.setObjectName(u"commandNameLabel")

        self.commandForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.commandNameLabel)

        self.commandNameEdit = QLineEdit(self.commandGroup)
        self.commandNameEdit.setObjectName(u"commandNameEdit")

        self.commandForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.commandNameEdit)

        self.commandLevelLabel = QLabel(self.commandGroup)
        self.commandLevelLabel.setObjectName(u"commandLevelLabel")

        self.commandForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.commandLevelLabel)

        self.commandLevelCombo = QComboBox(self.commandGroup)
        self.commandLevelCombo.setObjectName(u"commandLevelCombo")

        self.commandForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.commandLevelCombo)

        self.commandNotesLabel = QLabel(self.commandGroup)
        self.commandNotesLabel.setObjectName(u"commandNotesLabel")

        self.commandForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.commandNotesLabel)

        self.commandNotesEdit = QPlainTextEdit(self.commandGroup)
        self.commandNotesEdit.setObjectName(u"commandNotesEdit")
        self.commandNotesEdit.setMaximumSize(QSize(16777215, 90))
        self.commandNotesEdit.setTabChangesFocus(True)

        self.commandForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.commandNotesEdit)


        self.commandPageLayout.addWidget(self.commandGroup)

        self.leaderGroup = QGroupBox(self.commandPage)
        self.leaderGroup.setObjectName(u"leaderGroup")
        self.leaderForm = QFormLayout(self.leaderGroup)
        self.leaderForm.setObjectName(u"leaderForm")
        self.leaderForm.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.leaderNameLabel = QLabel(self.leaderGroup)
        self.leaderNameLabel.setObjectName(u"leaderNameLabel")

        self.leaderForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.leaderNameLabel)

        self.leaderNameEdit = QLineEdit(self.leaderGroup)
        self.leaderNameEdit.setObjectName(u"leaderNameEdit")

        self.leaderForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.leaderNameEdit)

        self.leaderRatingLabel = QLabel(self.leaderGroup)
        self.leaderRatingLabel.setObjectName(u"leaderRatingLabel")

        self.leaderForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.leaderRatingLabel)

        self.leaderRatingSpin = QSpinBox(self.leaderGroup)
        self.leaderRatingSpin.setObjectName(u"leaderRatingSpin")
        self.leaderRatingSpin.setMinimum(-1)
        self.leaderRatingSpin.setMaximum(4)

        self.leaderForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.leaderRatingSpin)

        self.leaderNotesLabel = QLabel(self.leaderGroup)
        self.leaderNotesLabel.setObjectName(u"leaderNotesLabel")

        self.leaderForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.leaderNotesLabel)

        self.leaderNotesEdit = QLineEdit(self.leaderGroup)
        self.leaderNotesEdit.setObjectName(u"leaderNotesEdit")

        self.leaderForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.leaderNotesEdit)


        self.commandPageLayout.addWidget(self.leaderGroup)

        self.commandSummaryLabel = QLabel(self.commandPage)
        self.commandSummaryLabel.setObjectName(u"commandSummaryLabel")
        self.commandSummaryLabel.setWordWrap(True)
        self.commandSummaryLabel.setTextFormat(Qt.TextFormat.RichText)

        self.commandPageLayout.addWidget(self.commandSummaryLabel)

        self.commandPageSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.commandPageLayout.addItem(self.commandPageSpacer)

        self.pages.addWidget(self.commandPage)
        self.unitPage = QWidget()
        self.unitPage.setObjectName(u"unitPage")
        self.unitPageLayout = QVBoxLayout(self.unitPage)
        self.unitPageLayout.setObjectName(u"unitPageLayout")
        self.unitPageLayout.setContentsMargins(0, -1, 0, -1)
        self.unitGroup = QGroupBox(self.unitPage)
        self.unitGroup.setObjectName(u"unitGroup")
        self.unitForm = QFormLayout(self.unitGroup)
        self.unitForm.setObjectName(u"unitForm")
        self.unitForm.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.unitNameLabel = QLabel(self.unitGroup)
        self.unitNameLabel.setObjectName(u"unitNameLabel")

        self.unitForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.unitNameLabel)

        self.unitNameEdit = QLineEdit(self.unitGroup)
        self.unitNameEdit.setObjectName(u"unitNameEdit")

        self.unitForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.unitNameEdit)

        self.unitArmLabel = QLabel(self.unitGroup)
        self.unitArmLabel.setObjectName(u"unitArmLabel")

        self.unitForm.setWidget(1, QFormLayout.ItemRole.LabelRole, self.unitArmLabel)

        self.unitArmCombo = QComboBox(self.unitGroup)
        self.unitArmCombo.setObjectName(u"unitArmCombo")

        self.unitForm.setWidget(1, QFormLayout.ItemRole.FieldRole, self.unitArmCombo)

        self.unitTypeLabel = QLabel(self.unitGroup)
        self.unitTypeLabel.setObjectName(u"unitTypeLabel")

        self.unitForm.setWidget(2, QFormLayout.ItemRole.LabelRole, self.unitTypeLabel)

        self.unitTypeCombo = QComboBox(self.unitGroup)
        self.unitTypeCombo.setObjectName(u"unitTypeCombo")

        self.unitForm.setWidget(2, QFormLayout.ItemRole.FieldRole, self.unitTypeCombo)

        self.unitCeLabel = QLabel(self.unitGroup)
        self.unitCeLabel.setObjectName(u"unitCeLabel")

        self.unitForm.setWidget(3, QFormLayout.ItemRole.LabelRole, self.unitCeLabel)

        self.unitCeSpin = QSpinBox(self.unitGroup)
        self.unitCeSpin.setObjectName(u"unitCeSpin")
        self.unitCeSpin.setMinimum(0)
        self.unitCeSpin.setMaximum(20)

        self.unitForm.setWidget(3, QFormLayout.ItemRole.FieldRole, self.unitCeSpin)

        self.unitStandsLabel = QLabel(self.unitGroup)
        self.unitStandsLabel.setObjectName(u"unitStandsLabel")

        self.unitForm.setWidget(4, QFormLayout.ItemRole.LabelRole, self.unitStandsLabel)

        self.unitStandsSpin = QSpinBox(self.unitGroup)
        self.unitStandsSpin.setObjectName(u"unitStandsSpin")
        self.unitStandsSpin.setMinimum(1)
        self.unitStandsSpin.setMaximum(12)

        self.unitForm.setWidget(4, QFormLayout.ItemRole.FieldRole, self.unitStandsSpin)

        self.unitSkirmishLabel = QLabel(self.unitGroup)
        self.unitSkirmishLabel.setObjectName(u"unitSkirmishLabel")

        self.unitForm.setWidget(5, QFormLayout.ItemRole.LabelRole, self.unitSkirmishLabel)

        self.unitSkirmishCombo = QComboBox(self.unitGroup)
        self.unitSkirmishCombo.setObjectName(u"unitSkirmishCombo")

        self.unitForm.setWidget(5, QFormLayout.ItemRole.FieldRole, self.unitSkirmishCombo)

        self.unitWeightLabel = QLabel(self.unitGroup)
        self.unitWeightLabel.setObjectName(u"unitWeightLabel")

        self.unitForm.setWidget(6, QFormLayout.ItemRole.LabelRole, self.unitWeightLabel)

        self.unitWeightCombo = QComboBox(self.unitGroup)
        self.unitWeightCombo.setObjectName(u"unitWeightCombo")

        self.unitForm.setWidget(6, QFormLayout.ItemRole.FieldRole, self.unitWeightCombo)

        self.unitHowitzersLabel = QLabel(self.unitGroup)
        self.unitHowitzersLabel.setObjectName(u"unitHowitzersLabel")

        self.unitForm.setWidget(7, QFormLayout.ItemRole.LabelRole, self.unitHowitzersLabel)

        self.unitHowitzersSpin = QSpinBox(self.unitGroup)
        self.unitHowitzersSpin.setObjectName(u"unitHowitzersSpin")
        self.unitHowitzersSpin.setMinimum(0)
        self.unitHowitzersSpin.setMaximum(8)

        self.unitForm.setWidget(7, QFormLayout.ItemRole.FieldRole, self.unitHowitzersSpin)

        self.unitBrigadeLabel = QLabel(self.unitGroup)
        self.unitBrigadeLabel.setObjectName(u"unitBrigadeLabel")

        self.unitForm.setWidget(8, QFormLayout.ItemRole.LabelRole, self.unitBrigadeLabel)

        self.unitBrigadeEdit = QLineEdit(self.unitGroup)
        self.unitBrigadeEdit.setObjectName(u"unitBrigadeEdit")

        self.unitForm.setWidget(8, QFormLayout.ItemRole.FieldRole, self.unitBrigadeEdit)

        self.unitNationLabel = QLabel(self.unitGroup)
        self.unitNationLabel.setObjectName(u"unitNationLabel")

        self.unitForm.setWidget(9, QFormLayout.ItemRole.LabelRole, self.unitNationLabel)

        self.unitNationEdit = QLineEdit(self.unitGroup)
        self.unitNationEdit.setObjectName(u"unitNationEdit")

        self.unitForm.setWidget(9, QFormLayout.ItemRole.FieldRole, self.unitNationEdit)

        self.unitNotesLabel = QLabel(self.unitGroup)
        self.unitNotesLabel.setObjectName(u"unitNotesLabel")

        self.unitForm.setWidget(10, QFormLayout.ItemRole.LabelRole, self.unitNotesLabel)

        self.unitNotesEdit = QPlainTextEdit(self.unitGroup)
        self.unitNotesEdit.setObjectName(u"unitNotesEdit")
        self.unitNotesEdit.setMaximumSize(QSize(16777215, 90))
        self.unitNotesEdit.setTabChangesFocus(True)

        self.unitForm.setWidget(10, QFormLayout.ItemRole.FieldRole, self.unitNotesEdit)


        self.unitPageLayout.addWidget(self.unitGroup)

        self.unitPageSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding)

        self.unitPageLayout.addItem(self.unitPageSpacer)

        self.pages.addWidget(self.unitPage)
        self.formScroll.setWidget(self.pages)

        self.formPanelLayout.addWidget(self.formScroll)

        self.splitter.addWidget(self.formPanel)

        self.centralLayout.addWidget(self.splitter)

        RosterEditorWindow.setCentralWidget(self.centralwidget)
        self.menubar = QMenuBar(RosterEditorWindow)
        self.menubar.setObjectName(u"menubar")
        self.menuFile = QMenu(self.menubar)
        self.menuFile.setObjectName(u"menuFile")
        self.menuEdit = QMenu(self.menubar)
        self.menuEdit.setObjectName(u"menuEdit")
        RosterEditorWindow.setMenuBar(self.menubar)
        self.toolBar = QToolBar(RosterEditorWindow)
        self.toolBar.setObjectName(u"toolBar")
        self.toolBar.setMovable(False)
        self.toolBar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        RosterEditorWindow.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.toolBar)
        self.statusbar = QStatusBar(RosterEditorWindow)
        self.statusbar.setObjectName(u"statusbar")
        RosterEditorWindow.setStatusBar(self.statusbar)
#if QT_CONFIG(shortcut)
        self.armyNameLabel.setBuddy(self.armyNameEdit)
        self.armyNationLabel.setBuddy(self.armyNationCombo)
        self.armyYearLabel.setBuddy(self.armyYearSpin)
        self.armyBattleLabel.setBuddy(self.armyBattleEdit)
        self.armySourcesLabel.setBuddy(self.armySourcesEdit)
        self.armyNotesLabel.setBuddy(self.armyNotesEdit)
        self.armyCommandNameLabel.setBuddy(self.armyCommandNameEdit)
        self.armyLeaderLabel.setBuddy(self.armyLeaderEdit)
        self.armyRatingLabel.setBuddy(self.armyRatingSpin)
        self.armyLeaderNotesLabel.setBuddy(self.armyLeaderNotesEdit)
        self.armyCommandNotesLabel.setBuddy(self.armyCommandNotesEdit)
        self.commandNameLabel.setBuddy(self.commandNameEdit)
        self.commandLevelLabel.setBuddy(self.commandLevelCombo)
        self.commandNotesLabel.setBuddy(self.commandNotesEdit)
        self.leaderNameLabel.setBuddy(self.leaderNameEdit)
        self.leaderRatingLabel.setBuddy(self.leaderRatingSpin)
        self.leaderNotesLabel.setBuddy(self.leaderNotesEdit)
        self.unitNameLabel.setBuddy(self.unitNameEdit)
        self.unitArmLabel.setBuddy(self.unitArmCombo)
        self.unitTypeLabel.setBuddy(self.unitTypeCombo)
        self.unitCeLabel.setBuddy(self.unitCeSpin)
        self.unitStandsLabel.setBuddy(self.unitStandsSpin)
        self.unitSkirmishLabel.setBuddy(self.unitSkirmishCombo)
        self.unitWeightLabel.setBuddy(self.unitWeightCombo)
        self.unitHowitzersLabel.setBuddy(self.unitHowitzersSpin)
        self.unitBrigadeLabel.setBuddy(self.unitBrigadeEdit)
        self.unitNationLabel.setBuddy(self.unitNationEdit)
        self.unitNotesLabel.setBuddy(self.unitNotesEdit)
#endif // QT_CONFIG(shortcut)
        QWidget.setTabOrder(self.filterEdit, self.armFilterCombo)
        QWidget.setTabOrder(self.armFilterCombo, self.nationFilterCombo)
        QWidget.setTabOrder(self.nationFilterCombo, self.tree)
        QWidget.setTabOrder(self.tree, self.armyNameEdit)
        QWidget.setTabOrder(self.armyNameEdit, self.armyNationCombo)
        QWidget.setTabOrder(self.armyNationCombo, self.armyYearSpin)
        QWidget.setTabOrder(self.armyYearSpin, self.armyBattleEdit)
        QWidget.setTabOrder(self.armyBattleEdit, self.armySourcesEdit)
        QWidget.setTabOrder(self.armySourcesEdit, self.armyNotesEdit)
        QWidget.setTabOrder(self.armyNotesEdit, self.armyCommandNameEdit)
        QWidget.setTabOrder(self.armyCommandNameEdit, self.armyLeaderEdit)
        QWidget.setTabOrder(self.armyLeaderEdit, self.armyRatingSpin)
        QWidget.setTabOrder(self.armyRatingSpin, self.armyLeaderNotesEdit)
        QWidget.setTabOrder(self.armyLeaderNotesEdit, self.armyCommandNotesEdit)
        QWidget.setTabOrder(self.armyCommandNotesEdit, self.commandNameEdit)
        QWidget.setTabOrder(self.commandNameEdit, self.commandLevelCombo)
        QWidget.setTabOrder(self.commandLevelCombo, self.commandNotesEdit)
        QWidget.setTabOrder(self.commandNotesEdit, self.leaderNameEdit)
        QWidget.setTabOrder(self.leaderNameEdit, self.leaderRatingSpin)
        QWidget.setTabOrder(self.leaderRatingSpin, self.leaderNotesEdit)
        QWidget.setTabOrder(self.leaderNotesEdit, self.unitNameEdit)
        QWidget.setTabOrder(self.unitNameEdit, self.unitArmCombo)
        QWidget.setTabOrder(self.unitArmCombo, self.unitTypeCombo)
        QWidget.setTabOrder(self.unitTypeCombo, self.unitCeSpin)
        QWidget.setTabOrder(self.unitCeSpin, self.unitStandsSpin)
        QWidget.setTabOrder(self.unitStandsSpin, self.unitSkirmishCombo)
        QWidget.setTabOrder(self.unitSkirmishCombo, self.unitWeightCombo)
        QWidget.setTabOrder(self.unitWeightCombo, self.unitHowitzersSpin)
        QWidget.setTabOrder(self.unitHowitzersSpin, self.unitBrigadeEdit)
        QWidget.setTabOrder(self.unitBrigadeEdit, self.unitNationEdit)
        QWidget.setTabOrder(self.unitNationEdit, self.unitNotesEdit)

        self.menubar.addAction(self.menuFile.menuAction())
        self.menubar.addAction(self.menuEdit.menuAction())
        self.menuFile.addAction(self.actionNew)
        self.menuFile.addAction(self.actionOpen)
        self.menuFile.addSeparator()
        self.menuFile.addAction(self.actionSave)
        self.menuFile.addAction(self.actionSaveAs)
        self.menuFile.addSeparator()
        self.menuFile.addAction(self.actionImport)
        self.menuFile.addAction(self.actionExport)
        self.menuFile.addSeparator()
        self.menuFile.addAction(self.actionClose)
        self.menuEdit.addAction(self.actionUndo)
        self.menuEdit.addAction(self.actionRedo)
        self.menuEdit.addSeparator()
        self.menuEdit.addAction(self.actionAddCommand)
        self.menuEdit.addAction(self.actionAddUnit)
        self.menuEdit.addAction(self.actionDuplicate)
        self.menuEdit.addSeparator()
        self.menuEdit.addAction(self.actionMoveUp)
        self.menuEdit.addAction(self.actionMoveDown)
        self.menuEdit.addSeparator()
        self.menuEdit.addAction(self.actionDelete)
        self.menuEdit.addSeparator()
        self.menuEdit.addAction(self.actionNextProblem)
        self.toolBar.addAction(self.actionOpen)
        self.toolBar.addAction(self.actionSave)
        self.toolBar.addSeparator()
        self.toolBar.addAction(self.actionUndo)
        self.toolBar.addAction(self.actionRedo)
        self.toolBar.addSeparator()
        self.toolBar.addAction(self.actionAddCommand)
        self.toolBar.addAction(self.actionAddUnit)
        self.toolBar.addAction(self.actionDuplicate)
        self.toolBar.addAction(self.actionMoveUp)
        self.toolBar.addAction(self.actionMoveDown)
        self.toolBar.addAction(self.actionDelete)

        self.retranslateUi(RosterEditorWindow)

        QMetaObject.connectSlotsByName(RosterEditorWindow)
    # setupUi

    def retranslateUi(self, RosterEditorWindow):
        RosterEditorWindow.setWindowTitle(QCoreApplication.translate("RosterEditorWindow", u"Roster editor", None))
        self.actionNew.setText(QCoreApplication.translate("RosterEditorWindow", u"&New", None))
#if QT_CONFIG(shortcut)
        self.actionNew.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+N", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionNew.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Start a new army list", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionNew.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Start a new army list", None))
#endif // QT_CONFIG(statustip)
        self.actionOpen.setText(QCoreApplication.translate("RosterEditorWindow", u"&Open YAML\u2026", None))
#if QT_CONFIG(shortcut)
        self.actionOpen.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+O", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionOpen.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Open an army-list YAML file", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionOpen.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Open an army-list YAML file", None))
#endif // QT_CONFIG(statustip)
        self.actionSave.setText(QCoreApplication.translate("RosterEditorWindow", u"&Save", None))
#if QT_CONFIG(shortcut)
        self.actionSave.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+S", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionSave.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Save the army list to its YAML file", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionSave.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Save the army list to its YAML file", None))
#endif // QT_CONFIG(statustip)
        self.actionSaveAs.setText(QCoreApplication.translate("RosterEditorWindow", u"Save &As\u2026", None))
#if QT_CONFIG(shortcut)
        self.actionSaveAs.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+Shift+S", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionSaveAs.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Save the army list to another YAML file", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionSaveAs.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Save the army list to another YAML file", None))
#endif // QT_CONFIG(statustip)
        self.actionImport.setText(QCoreApplication.translate("RosterEditorWindow", u"&Import into Database\u2026", None))
#if QT_CONFIG(tooltip)
        self.actionImport.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Store this army list in the database, ready for new games", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionImport.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Store this army list in the database, ready for new games", None))
#endif // QT_CONFIG(statustip)
        self.actionExport.setText(QCoreApplication.translate("RosterEditorWindow", u"&Export from Database\u2026", None))
#if QT_CONFIG(tooltip)
        self.actionExport.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Open an army list stored in the database, to save it as YAML", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionExport.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Open an army list stored in the database, to save it as YAML", None))
#endif // QT_CONFIG(statustip)
        self.actionClose.setText(QCoreApplication.translate("RosterEditorWindow", u"&Close", None))
#if QT_CONFIG(shortcut)
        self.actionClose.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+W", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionClose.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Close the roster editor", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionClose.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Close the roster editor", None))
#endif // QT_CONFIG(statustip)
        self.actionUndo.setText(QCoreApplication.translate("RosterEditorWindow", u"&Undo", None))
#if QT_CONFIG(shortcut)
        self.actionUndo.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+Z", None))
#endif // QT_CONFIG(shortcut)
        self.actionRedo.setText(QCoreApplication.translate("RosterEditorWindow", u"&Redo", None))
#if QT_CONFIG(shortcut)
        self.actionRedo.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+Shift+Z", None))
#endif // QT_CONFIG(shortcut)
        self.actionAddCommand.setText(QCoreApplication.translate("RosterEditorWindow", u"Add &Command", None))
#if QT_CONFIG(shortcut)
        self.actionAddCommand.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+Shift+C", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionAddCommand.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Add a subordinate command (wing, corps, division or brigade)", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionAddCommand.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Add a subordinate command (wing, corps, division or brigade)", None))
#endif // QT_CONFIG(statustip)
        self.actionAddUnit.setText(QCoreApplication.translate("RosterEditorWindow", u"Add &Unit", None))
#if QT_CONFIG(shortcut)
        self.actionAddUnit.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+Shift+U", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionAddUnit.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Add a unit to the selected division or brigade", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionAddUnit.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Add a unit to the selected division or brigade", None))
#endif // QT_CONFIG(statustip)
        self.actionDuplicate.setText(QCoreApplication.translate("RosterEditorWindow", u"&Duplicate", None))
#if QT_CONFIG(shortcut)
        self.actionDuplicate.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Ctrl+D", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionDuplicate.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Duplicate the selected command or unit", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionDuplicate.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Duplicate the selected command or unit", None))
#endif // QT_CONFIG(statustip)
        self.actionMoveUp.setText(QCoreApplication.translate("RosterEditorWindow", u"Move &Up", None))
#if QT_CONFIG(shortcut)
        self.actionMoveUp.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Alt+Up", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionMoveUp.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Move the selected item up among its siblings", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionMoveUp.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Move the selected item up among its siblings", None))
#endif // QT_CONFIG(statustip)
        self.actionMoveDown.setText(QCoreApplication.translate("RosterEditorWindow", u"Move Do&wn", None))
#if QT_CONFIG(shortcut)
        self.actionMoveDown.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Alt+Down", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionMoveDown.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Move the selected item down among its siblings", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionMoveDown.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Move the selected item down among its siblings", None))
#endif // QT_CONFIG(statustip)
        self.actionDelete.setText(QCoreApplication.translate("RosterEditorWindow", u"De&lete", None))
#if QT_CONFIG(shortcut)
        self.actionDelete.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"Del", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionDelete.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Delete the selected command or unit", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionDelete.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Delete the selected command or unit", None))
#endif // QT_CONFIG(statustip)
        self.actionNextProblem.setText(QCoreApplication.translate("RosterEditorWindow", u"&Next Problem", None))
#if QT_CONFIG(shortcut)
        self.actionNextProblem.setShortcut(QCoreApplication.translate("RosterEditorWindow", u"F8", None))
#endif // QT_CONFIG(shortcut)
#if QT_CONFIG(tooltip)
        self.actionNextProblem.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Select the next item with an error or warning", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(statustip)
        self.actionNextProblem.setStatusTip(QCoreApplication.translate("RosterEditorWindow", u"Select the next item with an error or warning", None))
#endif // QT_CONFIG(statustip)
        self.filterEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"Search by name or leader\u2026", None))
#if QT_CONFIG(tooltip)
        self.armFilterCombo.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Show units of one arm", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(tooltip)
        self.nationFilterCombo.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Show units of one nation", None))
#endif // QT_CONFIG(tooltip)
        self.emptyLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"Select an army, command or unit in the order of battle to edit it.", None))
        self.armyListGroup.setTitle(QCoreApplication.translate("RosterEditorWindow", u"Army list", None))
        self.armyNameLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Name:", None))
        self.armyNameEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"e.g. Arm\u00e9e du Nord", None))
        self.armyNationLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"Nat&ion:", None))
#if QT_CONFIG(tooltip)
        self.armyNationCombo.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Lower-case nation key of most units, e.g. french, dutch-belgian", None))
#endif // QT_CONFIG(tooltip)
        self.armyYearLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Year:", None))
#if QT_CONFIG(tooltip)
        self.armyYearSpin.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"The year of the battle (the skirmish rating of EotE 5.5.1 depends on it)", None))
#endif // QT_CONFIG(tooltip)
        self.armyBattleLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Battle:", None))
        self.armyBattleEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"e.g. Waterloo, 18 June 1815", None))
        self.armySourcesLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Sources:", None))
        self.armySourcesEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"One source per line: books, public web pages", None))
        self.armyNotesLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"N&otes:", None))
        self.armyCommandGroup.setTitle(QCoreApplication.translate("RosterEditorWindow", u"Commander-in-chief", None))
        self.armyCommandNameLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"Co&mmand:", None))
        self.armyCommandNameEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"e.g. Arm\u00e9e du Nord", None))
        self.armyLeaderLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Leader:", None))
        self.armyLeaderEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"e.g. Napol\u00e9on", None))
        self.armyRatingLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Rating:", None))
#if QT_CONFIG(tooltip)
        self.armyRatingSpin.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Leadership rating \u22121..4 (EotE 3.6)", None))
#endif // QT_CONFIG(tooltip)
        self.armyLeaderNotesLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"Leader notes:", None))
        self.armyCommandNotesLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"Command notes:", None))
        self.commandGroup.setTitle(QCoreApplication.translate("RosterEditorWindow", u"Command", None))
        self.commandNameLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Name:", None))
        self.commandNameEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"e.g. 1st Infantry Division", None))
        self.commandLevelLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"Le&vel:", None))
#if QT_CONFIG(tooltip)
        self.commandLevelCombo.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Each level must be lower than its parent's (army > wing > corps > division = brigade)", None))
#endif // QT_CONFIG(tooltip)
        self.commandNotesLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"N&otes:", None))
        self.leaderGroup.setTitle(QCoreApplication.translate("RosterEditorWindow", u"Leader", None))
        self.leaderNameLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Leader:", None))
        self.leaderNameEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"e.g. Quiot", None))
        self.leaderRatingLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Rating:", None))
#if QT_CONFIG(tooltip)
        self.leaderRatingSpin.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Leadership rating \u22121..4 (EotE 3.6)", None))
#endif // QT_CONFIG(tooltip)
        self.leaderNotesLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"Leader notes:", None))
        self.unitGroup.setTitle(QCoreApplication.translate("RosterEditorWindow", u"Unit", None))
        self.unitNameLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Name:", None))
        self.unitNameEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"e.g. 1/54e Ligne", None))
#if QT_CONFIG(tooltip)
        self.unitNameEdit.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Unique within its division", None))
#endif // QT_CONFIG(tooltip)
        self.unitArmLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Arm:", None))
        self.unitTypeLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Type:", None))
#if QT_CONFIG(tooltip)
        self.unitTypeCombo.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"The types the arm allows", None))
#endif // QT_CONFIG(tooltip)
        self.unitCeLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&CE:", None))
#if QT_CONFIG(tooltip)
        self.unitCeSpin.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Combat effectiveness 0..20 (EotE 1.4); above 10 is unusual", None))
#endif // QT_CONFIG(tooltip)
        self.unitStandsLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Stands:", None))
#if QT_CONFIG(tooltip)
        self.unitStandsSpin.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Stands on the table, 1..12", None))
#endif // QT_CONFIG(tooltip)
        self.unitSkirmishLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"S&kirmish:", None))
#if QT_CONFIG(tooltip)
        self.unitSkirmishCombo.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Skirmish capability (EotE 5.4)", None))
#endif // QT_CONFIG(tooltip)
        self.unitWeightLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Weight:", None))
#if QT_CONFIG(tooltip)
        self.unitWeightCombo.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Battery weight (artillery only)", None))
#endif // QT_CONFIG(tooltip)
        self.unitHowitzersLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Howitzers:", None))
#if QT_CONFIG(tooltip)
        self.unitHowitzersSpin.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Howitzers in the battery, 0..8 (EotE 7.12)", None))
#endif // QT_CONFIG(tooltip)
        self.unitBrigadeLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"&Brigade:", None))
        self.unitBrigadeEdit.setPlaceholderText(QCoreApplication.translate("RosterEditorWindow", u"Brigadier inside the division (optional)", None))
        self.unitNationLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"Nat&ion:", None))
#if QT_CONFIG(tooltip)
        self.unitNationEdit.setToolTip(QCoreApplication.translate("RosterEditorWindow", u"Only when it differs from the army's (allied contingents)", None))
#endif // QT_CONFIG(tooltip)
        self.unitNotesLabel.setText(QCoreApplication.translate("RosterEditorWindow", u"N&otes:", None))
        self.menuFile.setTitle(QCoreApplication.translate("RosterEditorWindow", u"&File", None))
        self.menuEdit.setTitle(QCoreApplication.translate("RosterEditorWindow", u"&Edit", None))
        self.toolBar.setWindowTitle(QCoreApplication.translate("RosterEditorWindow", u"Roster editor tools", None))
    # retranslateUi

