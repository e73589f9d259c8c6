// Children of many records read in one query (a list page: lines, tags, items, payments, properties),
// put under their parent's id.

/** The rows under their parent's id, each group in the order the query gave them. */
export function groupByParent<Row>(rows: readonly Row[], parentOf: (row: Row) => number): Map<number, Row[]>;
/** The same, each row shown as `valueOf` maps it. */
export function groupByParent<Row, Value>(
  rows: readonly Row[],
  parentOf: (row: Row) => number,
  valueOf: (row: Row) => Value,
): Map<number, Value[]>;
export function groupByParent<Row, Value>(
  rows: readonly Row[],
  parentOf: (row: Row) => number,
  valueOf?: (row: Row) => Value,
): Map<number, (Row | Value)[]> {
  const groups = new Map<number, (Row | Value)[]>();
  for (const row of rows) {
    const parent = parentOf(row);
    const group = groups.get(parent) ?? [];
    group.push(valueOf ? valueOf(row) : row);
    groups.set(parent, group);
  }
  return groups;
}
