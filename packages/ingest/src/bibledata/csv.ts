// CSV as BibleData (and Theographic) write it: a header row, quoted fields that may span lines,
// a UTF-8 BOM on some files, CRLF on others.

import { parse } from 'csv-parse/sync';

/** One row, keyed by the header's column names; every value is a string (empty when blank). */
export type CsvRow = Readonly<Record<string, string>>;

/** Parses CSV text with a header row into rows keyed by column name. Throws on malformed quoting. */
export function parseCsv(text: string): CsvRow[] {
  return parse(text, { bom: true, columns: true, skip_empty_lines: true }) as CsvRow[];
}

/** The value of `column`, throwing when the header has no such column (a changed upstream file). */
export function getColumn(row: CsvRow, column: string, file: string): string {
  const value = row[column];
  if (value === undefined) throw new Error(`${file} has no '${column}' column`);
  return value;
}
