// A product's name on a label in at most two lines (issue 25), broken only where Thai may break: between
// words as ICU's Thai dictionary finds them (Intl.Segmenter, the same data Chromium breaks lines with),
// and inside a word longer than a line only between grapheme clusters, so a consonant never loses its
// vowel or tone mark ("ที่" is one cluster). A name longer than two lines ends in "…". Widths are counted
// in clusters, the cell a Thai character with its marks takes; the budget per line comes from the
// label's width and type size, kept on the safe side for wide Latin capitals.
import { LABEL_GEOMETRY, LABEL_PADDING_MM, type LabelLayout } from './label-layouts.js';

export const LABEL_NAME_LINES = 2;
const ELLIPSIS = '…';
/** A cluster's width as a share of the type size: Sarabun's widest common letters (W, M, ฒ) are narrower. */
const CLUSTER_EM = 0.62;
const MM_PER_PT = 25.4 / 72;

const graphemes = new Intl.Segmenter('th', { granularity: 'grapheme' });
const words = new Intl.Segmenter('th', { granularity: 'word' });

export function graphemeClusters(text: string): string[] {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

/** Leading and trailing clusters that are only white space dropped; a space carrying a mark stays whole. */
function trimClusters(text: string, side: 'start' | 'end' | 'both'): string {
  const clusters = graphemeClusters(text);
  let first = 0;
  let last = clusters.length;
  if (side !== 'end') while (first < last && /^\s+$/.test(clusters[first] ?? '')) first += 1;
  if (side !== 'start') while (last > first && /^\s+$/.test(clusters[last - 1] ?? '')) last -= 1;
  return clusters.slice(first, last).join('');
}

/** How many clusters one name line of the layout holds. */
export function nameClustersPerLine(layout: LabelLayout): number {
  const { labelWidthMm, namePt } = LABEL_GEOMETRY[layout];
  return Math.floor((labelWidthMm - 2 * LABEL_PADDING_MM) / (namePt * MM_PER_PT * CLUSTER_EM));
}

/**
 * Pieces no line breaks inside: words, and a word wider than a line cut into line-wide cluster runs. A
 * word boundary that falls inside a cluster (ICU may put one between a space and a spacing vowel) is no
 * break.
 */
function unbreakablePieces(name: string, perLine: number): string[] {
  const clusterEnds = new Set<number>();
  for (const { index, segment } of graphemes.segment(name)) clusterEnds.add(index + segment.length);
  const wordsOfName: string[] = [];
  let pending = '';
  for (const { index, segment } of words.segment(name)) {
    pending += segment;
    if (clusterEnds.has(index + segment.length)) {
      wordsOfName.push(pending);
      pending = '';
    }
  }
  if (pending !== '') wordsOfName.push(pending);
  const pieces: string[] = [];
  for (const word of wordsOfName) {
    const clusters = graphemeClusters(word);
    for (let start = 0; start < clusters.length; start += perLine) {
      pieces.push(clusters.slice(start, start + perLine).join(''));
    }
  }
  return pieces;
}

/** The name as at most two lines of at most `perLine` clusters; the second ends in "…" when cut. */
export function labelNameLines(name: string, perLine: number): string[] {
  const clean = name.replace(/\s+/g, ' ').trim();
  if (clean === '' || perLine < 2) return [];
  const lines: string[] = [];
  let line = '';
  const pieces = unbreakablePieces(clean, perLine);
  let index = 0;
  for (; index < pieces.length; index += 1) {
    const piece = pieces[index] ?? '';
    const candidate = line === '' ? trimClusters(piece, 'start') : line + piece;
    if (graphemeClusters(trimClusters(candidate, 'end')).length <= perLine) {
      line = candidate;
      continue;
    }
    lines.push(trimClusters(line, 'end'));
    if (lines.length === LABEL_NAME_LINES) break;
    line = trimClusters(piece, 'start');
  }
  if (lines.length < LABEL_NAME_LINES) {
    const rest = trimClusters(line, 'both');
    if (rest !== '') lines.push(rest);
    return lines;
  }
  // Cut: the last line gives up clusters (whole ones) for the ellipsis.
  const last = graphemeClusters(lines[LABEL_NAME_LINES - 1] ?? '');
  const kept = trimClusters(last.slice(0, Math.max(0, perLine - 1)).join(''), 'end');
  lines[LABEL_NAME_LINES - 1] = `${kept}${ELLIPSIS}`;
  return lines;
}
