// Saving the page's print view as a PDF is the shell's to do (the desktop shell renders the same page
// with Chromium's printToPDF and asks where to save it: src-main/app/pdf-saver.ts). Where no shell can
// (the web host, tests), the call says so and the page prints instead.

export interface PdfSaveOutcome {
  /** False when the person cancelled the save dialog. */
  readonly saved: boolean;
  /** Where the file went; null when not saved. */
  readonly path: string | null;
}

export interface PdfSaver {
  /** Renders the app window's print view to an A4 PDF and saves it where the person chooses. */
  save(fileName: string): Promise<PdfSaveOutcome>;
}
