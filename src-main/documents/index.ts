// Documents (issue 11): quotations' local copy and writes, and the figures of the shared line editor.
export { DocumentsService, type DocumentsServiceOptions } from './documents.service.js';
export { pcShortName } from './quotation-numbers.js';
export {
  QuotationSync,
  DEFAULT_QUOTATION_SYNC_SETTINGS,
  type QuotationSyncSettings,
} from './quotation-sync.js';
export { QuotationRepository } from './quotation.repository.js';
export {
  computeLines,
  linesPreview,
  wireLines,
  wireMoney,
  type WireDocumentLine,
  type WireDocumentMoney,
} from './document-lines-figures.js';
