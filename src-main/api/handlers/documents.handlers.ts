// documents.*: the shared line editor's preview, quotations from the local copy; writes go through the
// outbox. Transport only: each call's parsed arguments go to one DocumentsService method.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type DocumentsHandlers = Pick<CallHandlers, 'documents.previewLines'>;

export function documentsHandlers(services: ApiServices): DocumentsHandlers {
  const documents = async () => (await services.store()).documents;
  return {
    'documents.previewLines': async (draft) => (await documents()).previewLines(draft),
  };
}
