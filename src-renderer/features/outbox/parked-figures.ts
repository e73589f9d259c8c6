// The figures a person works with on a parked stock line, pure so they are tested without a page: what
// each drift policy would send, and the "edit figure" field read as a number or a named mistake.

/** The most `outbox.editValue` takes (the contract's bound). */
export const MAX_FIGURE = 1_000_000_000;

export interface DriftFigures {
  /** What was counted (the row's value). */
  readonly counted: number | null;
  /** The server figure the line was counted against. */
  readonly countedAgainst: number | null;
  /** The server figure the drainer read before it parked the line. */
  readonly serverBefore: number | null;
}

/**
 * What "keep the difference" would send: the counted figure plus the movements since counting, rounded
 * as stock is (3 decimals); null when a figure is missing. The drainer reads the server again when it
 * sends, so this is the figure as of the park.
 */
export function keepDifferenceTarget(figures: DriftFigures): number | null {
  const { counted, countedAgainst, serverBefore } = figures;
  if (counted === null || countedAgainst === null || serverBefore === null) return null;
  return Math.round((counted + serverBefore - countedAgainst) * 1000) / 1000;
}

export type FigureMistake = 'empty' | 'notNumber' | 'negative' | 'tooBig';

export type FigureInput =
  { readonly ok: true; readonly value: number } | { readonly ok: false; readonly mistake: FigureMistake };

/** Reads a typed figure: digits with an optional decimal point (a comma between thousands is allowed). */
export function parseFigure(text: string): FigureInput {
  const trimmed = text.trim().replace(/(\d),(?=\d{3}\b)/g, '$1');
  if (trimmed === '') return { ok: false, mistake: 'empty' };
  if (!/^[-−+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return { ok: false, mistake: 'notNumber' };
  // eslint-disable-next-line no-restricted-syntax -- the parked line's figure: its own check above, not yet the shared rule
  const value = Number(trimmed.replace('−', '-'));
  if (!Number.isFinite(value)) return { ok: false, mistake: 'notNumber' };
  if (value < 0) return { ok: false, mistake: 'negative' };
  if (value > MAX_FIGURE) return { ok: false, mistake: 'tooBig' };
  return { ok: true, value };
}
