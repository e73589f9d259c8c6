// The vocabulary of the write-kind table, apart from the table so read-back modules can use it
// without importing the table that imports them.

/** How a delta's read-back judges the write after an unclear failure. */
export type DeltaVerdict = 'applied' | 'notApplied' | 'uncertain';
