// Where the built renderer keeps the data files pdf.js reads at run time: the standard 14 fonts' data
// (a PDF may name Helvetica, Times, Courier, Symbol or ZapfDingbats without embedding it) and the Adobe
// CMaps of CID fonts. The build copies them there from pdfjs-dist (electron.vite.config.ts) and the page
// passes their URLs to pdf.js, so they come from the page's own origin, offline, in the desktop app and
// the web host alike. Paths are relative to the page (index.html) and end with "/", as pdf.js requires.
export const PDF_DATA_FOLDERS = {
  standardFonts: { from: 'standard_fonts', to: 'pdfjs/standard_fonts/' },
  cMaps: { from: 'cmaps', to: 'pdfjs/cmaps/' },
} as const;
