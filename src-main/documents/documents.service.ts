// The store's documents for the page (issue 11): the shared line editor's preview, quotations from the
// local copy and their writes through the outbox. Returns the contract's shapes.
import type { CallValue, DocumentLinesDraft } from '../../src-shared/ipc/index.js';
import { computeLines, linesPreview } from './document-lines-figures.js';

export class DocumentsService {
  /** The figures the back office will store for these lines and settings; nothing is saved. */
  previewLines(draft: DocumentLinesDraft): CallValue<'documents.previewLines'> {
    return linesPreview(draft, computeLines(draft));
  }
}
