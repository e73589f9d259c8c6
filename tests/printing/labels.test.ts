// Barcode labels in main (issue 25): the symbology by the code's shape (a GTIN with a right check digit
// as itself, anything else Code 128), bars sized in whole 203 dpi dots with their quiet zones inside the
// label, a code that cannot print refused naming the item, and names in at most two lines that are
// never cut inside a grapheme cluster (a Thai consonant keeps its vowel and tone marks).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOT_MM, labelSheetOf, symbologyOf } from '../../src-main/printing/labels.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import {
  graphemeClusters,
  LABEL_GEOMETRY,
  LABEL_LAYOUTS,
  LABEL_PADDING_MM,
  labelNameLines,
  nameClustersPerLine,
} from '../../src-shared/printing/index.js';

const item = (code: string, name = 'ข้าวหอมมะลิ 5 กก.') => ({
  code,
  name,
  sku: 'SKU-1',
  price: 189,
  copies: 1,
});

describe('label symbology', () => {
  it('prints each code in the symbology its shape calls for', () => {
    expect(symbologyOf('8850999220017')).toBe('ean13');
    expect(symbologyOf('8850999220018')).toBe('code128'); // wrong check digit: not an EAN-13
    expect(symbologyOf('96385074')).toBe('ean8');
    expect(symbologyOf('036000291452')).toBe('upca');
    expect(symbologyOf('036000291453')).toBe('code128');
    expect(symbologyOf('SR-00042')).toBe('code128');
  });
});

describe('label sheets', () => {
  it('sizes the bars in whole dots with their quiet zones inside every layout', () => {
    for (const layout of LABEL_LAYOUTS) {
      const sheet = labelSheetOf(layout, [item('8850999220017'), item('96385074'), item('SR-00042')]);
      const room = LABEL_GEOMETRY[layout].labelWidthMm - 2 * LABEL_PADDING_MM;
      for (const label of sheet.labels) {
        const { widthMm, quietLeftMm, quietRightMm, heightMm } = label.bars;
        expect(widthMm + quietLeftMm + quietRightMm).toBeLessThanOrEqual(room);
        // Whole dots a module (2 or 3): quiet zones are whole modules too.
        const moduleDots =
          quietRightMm / (label.symbology === 'ean13' ? 7 : label.symbology === 'ean8' ? 7 : 10) / DOT_MM;
        expect([2, 3]).toContain(Math.round(moduleDots * 1e6) / 1e6);
        expect(heightMm).toBe(LABEL_GEOMETRY[layout].barHeightMm);
        expect(label.bars.dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
        const svg = Buffer.from(label.bars.dataUrl.split(',')[1] ?? '', 'base64').toString();
        expect(svg).toContain(`width="${widthMm.toFixed(4)}mm"`);
      }
    }
  });

  it('refuses a code too long for the label, naming the item, and one a barcode cannot carry', () => {
    const long = 'SHELF-A-0001';
    expect(() => labelSheetOf('roll-60x40', [item(long)])).not.toThrow();
    const tooWide = (() => {
      try {
        labelSheetOf('roll-40x30', [item('8850999220017'), item(long)]);
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(tooWide).toBeInstanceOf(Refusal);
    expect(tooWide).toMatchObject({
      code: 'invalid-arguments',
      reason: 'label-code-too-wide',
      fields: [{ path: 'items.1.code' }],
    });
    expect(() => labelSheetOf('roll-50x25', [item('รหัสไทย')])).toThrow(
      expect.objectContaining({ reason: 'label-code-not-printable' }),
    );
    expect(() =>
      labelSheetOf('a4-3x8', [
        { ...item('SR-1'), copies: 500 },
        ...Array(10).fill({ ...item('SR-2'), copies: 500 }),
      ]),
    ).toThrow(expect.objectContaining({ reason: 'labels-too-many' }));
  });

  it('keeps the copies and the figures as given', () => {
    const [label] = labelSheetOf('roll-50x25', [{ ...item('8850999220017'), copies: 3, price: null }]).labels;
    expect(label).toMatchObject({
      code: '8850999220017',
      symbology: 'ean13',
      copies: 3,
      price: null,
      sku: 'SKU-1',
    });
  });
});

describe('label names', () => {
  it('breaks a Thai name between words, in at most two lines, with … when cut', () => {
    const perLine = nameClustersPerLine('roll-40x30');
    const lines = labelNameLines('น้ำปลาแท้ตราปลาหมึกขวดใหญ่ 700 มล. สูตรดั้งเดิมหอมอร่อยที่สุดในประเทศไทย', perLine);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.endsWith('…')).toBe(true);
    for (const line of lines) expect(graphemeClusters(line).length).toBeLessThanOrEqual(perLine);
    expect(labelNameLines('ข้าวหอมมะลิ 5 กก.', perLine)).toEqual(['ข้าวหอมมะลิ 5 กก.']);
    expect(labelNameLines('  ', perLine)).toEqual([]);
    // A space carrying a mark (" ำ") is one cluster: the line starts with it whole, not with a bare mark.
    expect(labelNameLines('กก ำกก', 4)).toEqual(['กก', ' ำกก']);
  });

  it('never cuts inside a grapheme cluster, whatever the name', () => {
    const thai = fc.constantFrom(...'กขคที่น้ำปลาแท้ดั้งเดิมหอมอร่อย่้๊๋ิีึืุูัำ็์ abcXYZ 0123'.split(''));
    fc.assert(
      fc.property(fc.array(thai, { maxLength: 120 }), fc.integer({ min: 4, max: 40 }), (chars, perLine) => {
        const name = chars.join('');
        const clusters = graphemeClusters(name.replace(/\s+/g, ' ').trim());
        const lines = labelNameLines(name, perLine);
        expect(lines.length).toBeLessThanOrEqual(2);
        // The lines, less the ellipsis, are whole clusters of the name, in its order.
        let at = 0;
        for (const line of lines) {
          for (const cluster of graphemeClusters(line.replace(/…$/, ''))) {
            while (at < clusters.length && clusters[at] === ' ' && cluster !== ' ') at += 1;
            expect(clusters[at]).toBe(cluster);
            at += 1;
          }
          expect(graphemeClusters(line).length).toBeLessThanOrEqual(perLine);
        }
      }),
      { numRuns: 1500 },
    );
  });
});
