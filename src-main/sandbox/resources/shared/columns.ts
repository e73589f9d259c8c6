// Fixed column lists: the fields of a record a statement writes or an answer shows, named once, so no
// caller's extra key can reach the SQL or the wire.

/** The fields of `record` named by `columns`, in that order. */
export function pickColumns<Row, Column extends keyof Row>(
  record: Row,
  columns: readonly Column[],
): Pick<Row, Column> {
  return Object.fromEntries(columns.map((column) => [column, record[column]])) as Pick<Row, Column>;
}

/**
 * `true` only when `Column` names every key of `Row`: declare `const check: NamesEvery<Row, Column> =
 * true` and the compiler refuses a column list that forgets a field.
 */
export type NamesEvery<Row, Column> = [Exclude<keyof Row, Column>] extends [never] ? true : never;
