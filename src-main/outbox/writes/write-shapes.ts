// The vocabulary of the write-kind table, apart from the table so read-back modules can use it
// without importing the table that imports them.

/** WRITES.md's four shapes of write, by what a resend does. */
export const WRITE_SHAPES = ['keyedCreate', 'keylessCreate', 'absoluteChange', 'delta'] as const;
export type WriteShape = (typeof WRITE_SHAPES)[number];

/** How a delta's read-back judges the write after an unclear failure. */
export type DeltaVerdict = 'applied' | 'notApplied' | 'uncertain';
