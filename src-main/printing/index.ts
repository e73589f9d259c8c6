// Printing (issue 11, decision 0015): printable models from the open store, and the shell's PDF seam.
export { PrintingService, type PrintingServiceOptions } from './printing.service.js';
export { MerchantProfileReader } from './merchant-profile.js';
export type { PdfSaver, PdfSaveOutcome } from './pdf-saver.js';
export { PaperSettingsRepository, DEFAULT_PAPER_SETTINGS } from './paper-settings.js';
export { labelSheetOf, symbologyOf } from './labels.js';
export { promptPayQr, promptPayIdProblem, thaiTaxIdIsValid } from './promptpay.js';
