// A one-page PDF written by hand whose fonts are all left to the viewer: Helvetica and Symbol, two of
// the standard 14, named without a FontFile (as many invoicing programs write them), and a Japanese CID
// font whose encoding is the predefined CMap 90ms-RKSJ-H. pdf.js needs its standard-font data for the
// first two and its CMap files for the third; nothing here is embedded.

/** Helvetica's advance widths (AFM, thousandths of the font size) of the characters in HELVETICA_TEXT. */
const HELVETICA_WIDTHS: Readonly<Record<string, number>> = {
  W: 944,
  A: 667,
  V: 667,
  E: 667,
  ' ': 278,
  i: 222,
  l: 222,
  m: 833,
};

export const HELVETICA_TEXT = 'WAVE mill';
export const HELVETICA_SIZE = 48;
/** Where the Helvetica line starts and its baseline, in PDF points from the page's lower left. */
export const HELVETICA_ORIGIN = { x: 40, y: 200 } as const;
export const PAGE_SIZE = { width: 400, height: 300 } as const;

/** The Helvetica line's advance width in points, as its metrics give it. */
export function helveticaTextWidth(): number {
  let thousandths = 0;
  for (const character of HELVETICA_TEXT) thousandths += HELVETICA_WIDTHS[character] ?? Number.NaN;
  return (thousandths * HELVETICA_SIZE) / 1000;
}

/** The PDF's bytes, cross-reference offsets computed. */
export function standardFontPdf(): Buffer {
  const content = [
    `BT /F1 ${HELVETICA_SIZE} Tf ${HELVETICA_ORIGIN.x} ${HELVETICA_ORIGIN.y} Td (${HELVETICA_TEXT}) Tj ET`,
    'BT /F2 36 Tf 40 120 Td (abgd) Tj ET',
    // "Japan" in Shift-JIS (nihon), through the 90ms-RKSJ-H CMap.
    'BT /F3 36 Tf 40 50 Td <93FA967B> Tj ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 ${PAGE_SIZE.width} ${PAGE_SIZE.height}] >>`,
    '<< /Type /Page /Parent 2 0 R /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>',
    '<< /Type /Font /Subtype /Type0 /BaseFont /MS-Gothic /Encoding /90ms-RKSJ-H /DescendantFonts [8 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /MS-Gothic /FontDescriptor 9 0 R /DW 1000 ' +
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (Japan1) /Supplement 2 >> >>',
    '<< /Type /FontDescriptor /FontName /MS-Gothic /Flags 6 /FontBBox [0 -141 1000 859] /ItalicAngle 0 ' +
      '/Ascent 859 /Descent -141 /CapHeight 709 /StemV 80 >>',
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text);
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}
