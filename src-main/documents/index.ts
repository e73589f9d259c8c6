// Documents (issue 11): quotations' local copy and writes, and the figures of the shared line editor.
export { DocumentsService } from './documents.service.js';
export {
  computeLines,
  linesPreview,
  wireLines,
  wireMoney,
  type WireDocumentLine,
  type WireDocumentMoney,
} from './document-lines-figures.js';
