// Barcode labels (issue 25): each label item's code as bars of the symbology its shape calls for
// (EAN-13, EAN-8, UPC-A when the check digit is right, else Code 128) drawn by bwip-js as SVG, sized
// in whole dots of a 203 dpi thermal printer (the coarsest common one) so no bar is smeared when the
// PDF is printed there; the name in at most two lines. A code that cannot print is refused, naming the
// item: one that does not fit the label at two dots a bar (a narrower bar does not scan), or one with a
// character outside printable ASCII (what Code 128 carries without an extension scanners rarely read).
import bwipjs from 'bwip-js/node';
import { isValidGtin } from '../../src-shared/barcode/index.js';
import {
  LABEL_GEOMETRY,
  LABEL_PADDING_MM,
  labelNameLines,
  nameClustersPerLine,
  type LabelItem,
  type LabelLayout,
  type LabelSheet,
  type LabelSymbology,
  type PrintedLabel,
} from '../../src-shared/printing/index.js';
import { MAX_LABELS_PER_PRINT } from '../../src-shared/printing/label-layouts.js';
import type { RefusalReasonOf } from '../../src-shared/ipc/refusal-reasons.js';
import { Refusal } from '../refusal/refusal.js';

/** One dot of a 203 dpi printer, in mm. */
export const DOT_MM = 25.4 / 203;
/** Bars are 2 or 3 dots a module: 0.25 or 0.375 mm (EAN's nominal is 0.33). */
const MODULE_DOTS = [3, 2] as const;

/** The light margin each side (modules), per GS1 and ISO/IEC 15417. */
const QUIET_MODULES: Readonly<Record<LabelSymbology, readonly [number, number]>> = {
  ean13: [11, 7],
  ean8: [7, 7],
  upca: [9, 9],
  code128: [10, 10],
};

const BWIP_IDS: Readonly<Record<LabelSymbology, string>> = {
  ean13: 'ean13',
  ean8: 'ean8',
  upca: 'upca',
  code128: 'code128',
};

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

export function symbologyOf(code: string): LabelSymbology {
  if (isValidGtin(code)) {
    if (code.length === 13) return 'ean13';
    if (code.length === 8) return 'ean8';
    if (code.length === 12) return 'upca';
  }
  return 'code128';
}

function codeRefused(index: number, reason: RefusalReasonOf<'print'>, message: string): Refusal {
  return Refusal.field(`items.${index}.code`, message, reason, message);
}

function barsOf(
  item: LabelItem,
  index: number,
  layout: LabelLayout,
): PrintedLabel['bars'] & { symbology: LabelSymbology } {
  const symbology = symbologyOf(item.code);
  if (!PRINTABLE_ASCII.test(item.code)) {
    throw codeRefused(
      index,
      'label-code-not-printable',
      `The code "${item.code}" has characters a barcode cannot carry`,
    );
  }
  const svg = bwipjs.toSVG({
    bcid: BWIP_IDS[symbology],
    text: item.code,
    scale: 1,
    height: 10,
    includetext: false,
    paddingwidth: 0,
    paddingheight: 0,
  });
  const modules = Number(/viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg)?.[1] ?? Number.NaN);
  const [quietLeft, quietRight] = QUIET_MODULES[symbology];
  const geometry = LABEL_GEOMETRY[layout];
  const room = geometry.labelWidthMm - 2 * LABEL_PADDING_MM;
  const dots = MODULE_DOTS.find((each) => (modules + quietLeft + quietRight) * each * DOT_MM <= room);
  if (dots === undefined || !Number.isFinite(modules)) {
    throw codeRefused(
      index,
      'label-code-too-wide',
      `The code "${item.code}" is too long for a ${layout} label`,
    );
  }
  const moduleMm = dots * DOT_MM;
  const widthMm = modules * moduleMm;
  const heightMm = geometry.barHeightMm;
  // The picture is stretched to the size in mm: one viewBox unit is one module across.
  const sized = svg.replace(
    '<svg ',
    `<svg width="${widthMm.toFixed(4)}mm" height="${heightMm}mm" preserveAspectRatio="none" shape-rendering="crispEdges" `,
  );
  return {
    symbology,
    dataUrl: `data:image/svg+xml;base64,${Buffer.from(sized).toString('base64')}`,
    widthMm,
    heightMm,
    quietLeftMm: quietLeft * moduleMm,
    quietRightMm: quietRight * moduleMm,
  };
}

/**
 * The labels for a list of items on a layout: the one entry point for every page that prints labels
 * (a product, a search's selection, a count's codes, a return's lines, shelves).
 */
export function labelSheetOf(layout: LabelLayout, items: readonly LabelItem[]): LabelSheet {
  const total = items.reduce((sum, item) => sum + item.copies, 0);
  if (total > MAX_LABELS_PER_PRINT) {
    throw Refusal.field(
      'items',
      `more than ${MAX_LABELS_PER_PRINT} labels`,
      'labels-too-many',
      `${total} labels in one print is more than ${MAX_LABELS_PER_PRINT}`,
    );
  }
  const perLine = nameClustersPerLine(layout);
  const labels = items.map((item, index): PrintedLabel => {
    const { symbology, ...bars } = barsOf(item, index, layout);
    return {
      code: item.code,
      symbology,
      nameLines: labelNameLines(item.name, perLine),
      sku: item.sku,
      price: item.price,
      copies: item.copies,
      bars,
    };
  });
  return { layout, labels };
}
