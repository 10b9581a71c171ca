"""The campaign service's CSV files: the league tables and battles out, a battle list in."""

from __future__ import annotations

import dataclasses
import pathlib

from eote_ref.referee.campaign import battle_checks, csv_format, csv_tables, pack_battles
from eote_ref.referee.campaign.base import CsvImportError, campaign_row
from eote_ref.referee.campaign.reads import CampaignReads
from eote_ref.referee.campaign.views import NewBattle, nation_name
from eote_ref.store.campaigns import campaign_work


class CampaignCsv(CampaignReads):
    """Export a campaign's tables as CSV files, import battles from one."""

    def export_csv(self, campaign_id: int, folder: pathlib.Path) -> list[pathlib.Path]:
        """Write the league tables (players, armies, nations) and the battle list as CSV files."""
        v = self.view(campaign_id)
        folder.mkdir(parents=True, exist_ok=True)
        files = {
            "league.csv": csv_tables.league_csv(v.league),
            "league-armies.csv": csv_tables.league_csv(v.league_by_army),
            "league-nations.csv": csv_tables.league_csv(
                [dataclasses.replace(r, name=nation_name(r.name)) for r in v.league_by_nation]
            ),
            "battles.csv": csv_tables.battles_csv(v.battles),
        }
        out = []
        for name, text in files.items():
            path = folder / name
            path.write_text(text, encoding="utf-8")
            out.append(path)
        return out

    def parse_battles_csv(self, campaign_id: int, text: str) -> list[NewBattle]:
        """Read a battle-list CSV; CsvImportError lists every bad row by its line number."""
        header = csv_format.header_of(text)
        required = ("date", "scenario", "side_a", "side_b", "armies_a", "armies_b")
        missing = [c for c in required if c not in header]
        if missing:
            raise CsvImportError([f"line 1: missing column(s) {', '.join(missing)}"])
        problems: list[str] = []
        battles: list[NewBattle] = []
        with campaign_work(self.db) as w:
            campaign_row(w, campaign_id)
            context = battle_checks.battle_context(w, campaign_id)
            known = {name.casefold(): name for name in context[0]}
            games: dict[int, int] = {}  # game id -> the line linking it
            try:
                for line, row in csv_format.read_rows(text, csv_tables.BATTLE_COLUMNS):
                    spec, errors = csv_tables.parse_row(row)
                    if spec is not None:
                        spec = csv_tables.known_armies(spec, known)
                        errors += battle_checks.check_battle(w, campaign_id, spec, context=context)
                        if spec.game_id is not None and spec.game_id in games:
                            errors.append(
                                f"game {spec.game_id} is linked on line {games[spec.game_id]} "
                                "too; a game belongs to one battle"
                            )
                        elif spec.game_id is not None:
                            games[spec.game_id] = line
                    problems += [f"line {line}: {e}" for e in errors]
                    if spec is not None and not errors:
                        battles.append(spec)
            except csv_format.CsvFormatError as exc:
                raise CsvImportError([*problems, *exc.problems]) from exc
        if problems:
            raise CsvImportError(problems)
        return battles

    def import_battles(self, campaign_id: int, text: str) -> int:
        """Import a CSV file's battles in one transaction; nothing is imported if a row is bad.

        Returns:
            How many battles were imported.
        """
        battles = self.parse_battles_csv(campaign_id, text)
        with campaign_work(self.db) as w:
            draw = pack_battles.victory_levels(campaign_row(w, campaign_id).pack)[1]
            csv_tables.insert_battles(w, campaign_id, battles, draw)
            w.commit()
        return len(battles)
