// The 613 commandments as BibleData publishes them (`BibleData-Commandments.csv`, CRLF, no BOM).
//
// Of the scripture columns only the original-language ones are read: `scripture_english` is not
// the BSB (its wording is the NASB's), so the English shown with a commandment is the BSB verse.

import { parse } from 'csv-parse/sync';

export interface CommandmentRow {
  readonly number: number;
  /** `Know there is a G-d` (trailing spaces trimmed). */
  readonly concept: string;
  /** `P` / `N` as written. */
  readonly polarity: string;
  /** `EXO 20:2`. */
  readonly reference: string;
  readonly hebrew: string;
  readonly parashah: string;
  /** Empty when the column is. */
  readonly seferHaChinuch: string;
  readonly mishnehTorahBookNumber: string;
  readonly mishnehTorahBook: string;
  readonly mishnehTorahCategory: string;
}

export function parseCommandments(csv: string): CommandmentRow[] {
  const rows = parse<Record<string, string | undefined>>(csv, { bom: true, columns: true, skip_empty_lines: true });
  const cell = (row: Record<string, string | undefined>, name: string) => (row[name] ?? '').trim();
  return rows.map((row) => ({
    number: Number(cell(row, 'commandment_number')),
    concept: cell(row, 'commandment_concept').replace(/\s+/g, ' '),
    polarity: cell(row, 'commandment_polarity'),
    reference: cell(row, 'reference_id'),
    hebrew: row.scripture_hebrew ?? '',
    parashah: cell(row, 'scripture_parashah'),
    seferHaChinuch: cell(row, 'sefer_hachinuch_number'),
    mishnehTorahBookNumber: cell(row, 'mishneh_torah_book_number'),
    mishnehTorahBook: cell(row, 'mishneh_torah_book_name'),
    mishnehTorahCategory: cell(row, 'mishneh_torah_category'),
  }));
}
