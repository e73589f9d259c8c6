// Reading back what a spreadsheet (or csv-text.ts) wrote: RFC 4180 fields (quoted with doubled quotes,
// line breaks inside quotes), CRLF or LF, a byte-order mark dropped, and the apostrophe csv-text.ts puts
// before a cell a spreadsheet would run as a formula taken off again, so a file read back is the file
// written. Commas or semicolons (Thai Excel may save either) by the header's own separator.

/** Each line's cells, the header first; a blank line gives no row. `line` is 1 for the header. */
export interface CsvRow {
  readonly line: number;
  readonly cells: readonly string[];
}

const FORMULA_GUARDED = /^'[=+\-@\t\r]/;

export function readCsv(text: string): CsvRow[] {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const headerEnd = body.search(/\r?\n|$/);
  const header = body.slice(0, headerEnd);
  const separator = !header.includes(',') && header.includes(';') ? ';' : ',';
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endCell = () => {
    cells.push(quoted ? cell : cell.replace(FORMULA_GUARDED, (match) => match.slice(1)));
    cell = '';
    quoted = false;
  };
  const endRow = () => {
    endCell();
    if (cells.some((value) => value !== '') || cells.length > 1) rows.push({ line: rowLine, cells });
    cells = [];
  };
  for (let index = 0; index < body.length; index += 1) {
    const character = body[index];
    if (character === '"' && cell === '' && !quoted) {
      // A quoted field: up to the closing quote, "" being one quote.
      let end = index + 1;
      let value = '';
      for (;;) {
        const next = body.indexOf('"', end);
        if (next === -1) throw new Error(`line ${rowLine}: a quoted field is never closed`);
        value += body.slice(end, next);
        if (body[next + 1] === '"') {
          value += '"';
          end = next + 2;
          continue;
        }
        index = next;
        break;
      }
      line += (value.match(/\n/g) ?? []).length;
      cell = value.replace(FORMULA_GUARDED, (match) => match.slice(1));
      quoted = true;
    } else if (character === separator) {
      endCell();
    } else if (character === '\n') {
      endRow();
      line += 1;
      rowLine = line;
    } else if (character === '\r' && body[index + 1] === '\n') {
      continue;
    } else if (!quoted) {
      cell += character;
    }
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}
