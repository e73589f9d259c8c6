// "Save as PDF" in the desktop shell: the app window's own page, rendered by Chromium's printToPDF with
// the page's print CSS (A4, the embedded Thai font: the same view window.print() prints), saved where
// the person chooses in a save dialog that starts in Documents with the page's suggested name made safe.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dialog, type BrowserWindow } from 'electron';
import type { Logger } from '../logging/index.js';
import type { PdfSaver } from '../printing/index.js';
import { safeFileName } from './download-policy.js';

export function electronPdfSaver(options: {
  readonly appWindow: () => BrowserWindow | null;
  readonly documentsDirectory: string;
  readonly logger: Logger;
}): PdfSaver {
  return {
    async save(fileName) {
      const window = options.appWindow();
      if (window === null) return { saved: false, path: null };
      const pdf = await window.webContents.printToPDF({ printBackground: true, preferCSSPageSize: true });
      const name = safeFileName(fileName.toLowerCase().endsWith('.pdf') ? fileName : `${fileName}.pdf`);
      const choice = await dialog.showSaveDialog(window, {
        defaultPath: join(options.documentsDirectory, name),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (choice.canceled || choice.filePath === undefined) return { saved: false, path: null };
      await writeFile(choice.filePath, pdf);
      options.logger.info('Saved a PDF', { bytes: pdf.length });
      return { saved: true, path: choice.filePath };
    },
  };
}
