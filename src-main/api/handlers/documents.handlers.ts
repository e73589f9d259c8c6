// documents.*: the shared line editor's preview, quotations from the local copy; writes go through the
// outbox. Transport only: each call's parsed arguments go to one DocumentsService method.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type DocumentsHandlers = Pick<
  CallHandlers,
  | 'documents.previewLines'
  | 'documents.quotations'
  | 'documents.quotation'
  | 'documents.proposeQuotationNumber'
  | 'documents.salesChannels'
  | 'documents.createQuotation'
  | 'documents.editQuotationInfo'
  | 'documents.editQuotation'
  | 'documents.approveQuotation'
  | 'documents.voidQuotation'
  | 'documents.addQuotationTag'
  | 'documents.removeQuotationTag'
>;

export function documentsHandlers(services: ApiServices): DocumentsHandlers {
  const documents = async () => (await services.store()).documents;
  return {
    'documents.previewLines': async (draft) => (await documents()).previewLines(draft),
    'documents.quotations': async (filter) => (await documents()).list(filter),
    'documents.quotation': async ({ id }) => (await documents()).detail(id),
    'documents.proposeQuotationNumber': async () => (await documents()).proposeNumber(),
    'documents.salesChannels': async () => (await documents()).salesChannels(),
    'documents.createQuotation': async (draft) => (await documents()).create(draft),
    'documents.editQuotationInfo': async (args) => (await documents()).editInfo(args),
    'documents.editQuotation': async (args) => (await documents()).edit(args),
    'documents.approveQuotation': async (args) => (await documents()).approve(args),
    'documents.voidQuotation': async (args) => (await documents()).void(args),
    'documents.addQuotationTag': async (args) => (await documents()).addTag(args),
    'documents.removeQuotationTag': async (args) => (await documents()).removeTag(args),
  };
}
