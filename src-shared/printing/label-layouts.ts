// The label layouts Stockroom prints (issue 25): A4 sheets of self-adhesive labels in two common grids
// and thermal rolls of one label a page. Plain data (no zod) so the page imports it without the
// contract. Sizes are millimetres; a roll's PDF page is its label, a sheet's page is A4 with the grid
// edge to edge (the sheets these fit have no margins: 3 × 8 of 70 × 37.125 mm, 4 × 10 of 52.5 × 29.7 mm).

export const LABEL_LAYOUTS = ['roll-40x30', 'roll-50x25', 'roll-60x40', 'a4-3x8', 'a4-4x10'] as const;
export type LabelLayout = (typeof LABEL_LAYOUTS)[number];

export const DEFAULT_LABEL_LAYOUT: LabelLayout = 'roll-50x25';

export interface LabelGeometry {
  readonly pageWidthMm: number;
  readonly pageHeightMm: number;
  readonly columns: number;
  readonly rows: number;
  readonly labelWidthMm: number;
  readonly labelHeightMm: number;
  /** The name's type size (pt) and the bars' height (mm): what fits two name lines, bars and figures. */
  readonly namePt: number;
  readonly barHeightMm: number;
}

const roll = (width: number, height: number, namePt: number, barHeightMm: number): LabelGeometry => ({
  pageWidthMm: width,
  pageHeightMm: height,
  columns: 1,
  rows: 1,
  labelWidthMm: width,
  labelHeightMm: height,
  namePt,
  barHeightMm,
});

const a4Sheet = (columns: number, rows: number, namePt: number, barHeightMm: number): LabelGeometry => ({
  pageWidthMm: 210,
  pageHeightMm: 297,
  columns,
  rows,
  labelWidthMm: 210 / columns,
  labelHeightMm: 297 / rows,
  namePt,
  barHeightMm,
});

export const LABEL_GEOMETRY: Readonly<Record<LabelLayout, LabelGeometry>> = {
  'roll-40x30': roll(40, 30, 7, 10),
  'roll-50x25': roll(50, 25, 7, 8),
  'roll-60x40': roll(60, 40, 8.5, 14),
  'a4-3x8': a4Sheet(3, 8, 8.5, 13),
  'a4-4x10': a4Sheet(4, 10, 7, 10),
};

/** Labels on one page of the layout. */
export function labelsPerPage(layout: LabelLayout): number {
  const { columns, rows } = LABEL_GEOMETRY[layout];
  return columns * rows;
}

/** The label's inner margin (mm) on each side: what a thermal printer cannot reach, or a sheet's die-cut. */
export const LABEL_PADDING_MM = 1.5;

export function isLabelLayout(value: unknown): value is LabelLayout {
  return typeof value === 'string' && (LABEL_LAYOUTS as readonly string[]).includes(value);
}

/** The symbology a code prints in, by its shape: a GTIN with a right check digit as itself, else Code 128. */
export const LABEL_SYMBOLOGIES = ['ean13', 'ean8', 'upca', 'code128'] as const;
export type LabelSymbology = (typeof LABEL_SYMBOLOGIES)[number];

export const MAX_LABEL_COPIES = 500;
export const MAX_LABEL_ITEMS = 500;
/** Labels in one print, copies counted: a shelf of a warehouse, not a runaway loop. */
export const MAX_LABELS_PER_PRINT = 5000;

/** The longest quotation validity a store may set, in days (a paper setting; plain here for the page). */
export const MAX_QUOTATION_VALID_DAYS = 400;
