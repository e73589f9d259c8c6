// Handlers of the nine file endpoints: the same three operations on three kinds of parent.
import type { Database, Handlers, ParentRef, StoreContext, UploadedFile } from '../../core/handler.js';
import { invalidId, validation } from '../../core/handler.js';
import { findQuotation } from '../documents/lookup.js';
import {
  findAttachment,
  findParentById,
  findParentByNumber,
  insertAttachment,
  listAttachments,
  type AttachmentParentKind,
  type OwnedParentKind,
  type ParentRow,
} from './attachment.repository.js';

const labels: Readonly<Record<AttachmentParentKind, string>> = {
  order: 'order',
  purchaseOrder: 'purchase order',
  quotation: 'quotation',
};

/** Conventions rule 7: the id when non-zero, else the newest record with the number. */
function findOwnedParent(db: Database, storeId: number, kind: OwnedParentKind, parent: ParentRef) {
  if (parent.id !== undefined && parent.id !== 0) return findParentById(db, storeId, kind, parent.id);
  return parent.number === undefined ? undefined : findParentByNumber(db, storeId, kind, parent.number);
}

function requireParent(
  { db, store, parent }: StoreContext & { readonly parent: ParentRef },
  kind: AttachmentParentKind,
): ParentRow {
  const found =
    kind === 'quotation' ? findQuotation(db, store.id, parent) : findOwnedParent(db, store.id, kind, parent);
  if (found) return found;
  const named =
    parent.id !== undefined && parent.id !== 0 ? `id ${parent.id}` : `number ${parent.number ?? ''}`;
  throw invalidId(`No ${labels[kind]} with ${named}`);
}

type ParentContext = StoreContext & { readonly parent: ParentRef };

function listFiles(context: ParentContext, kind: AttachmentParentKind) {
  const parent = requireParent(context, kind);
  return listAttachments(context.db, context.store.id, kind, parent.id).map((row) => ({
    id: row.id,
    fileName: row.file_name,
    type: row.mime_type,
  }));
}

function fileDetail(
  context: ParentContext & { readonly query: { readonly fileid: number } },
  kind: AttachmentParentKind,
) {
  const parent = requireParent(context, kind);
  const { fileid } = context.query;
  const file = findAttachment(context.db, context.store.id, kind, parent.id, fileid);
  if (!file) throw invalidId(`fileid ${fileid} is not a file of ${labels[kind]} ${parent.id}`);
  return {
    id: file.id,
    content: file.data.toString('base64'),
    fileName: file.file_name,
    type: file.mime_type,
  };
}

/** Stores the bytes as sent; the core has already enforced the size limit. */
function addFile(context: ParentContext & { readonly file: UploadedFile }, kind: AttachmentParentKind) {
  const parent = requireParent(context, kind);
  const { file } = context;
  if (file.data.length === 0) throw validation('file', 'is empty');
  insertAttachment(context.db, context.store.id, kind, parent.id, {
    // A part without a file name still needs one for GetXFiles; 'file' is the part's own name.
    fileName: file.fileName.trim() === '' ? 'file' : file.fileName,
    mimeType: file.mimeType.trim() === '' ? 'application/octet-stream' : file.mimeType,
    data: file.data,
    createdAt: context.now(),
  });
  return {};
}

export const attachmentHandlers = {
  GetOrderFiles: (context) => listFiles(context, 'order'),
  GetOrderFileDetail: (context) => fileDetail(context, 'order'),
  AddOrderFile: (context) => addFile(context, 'order'),
  GetPurchaseOrderFiles: (context) => listFiles(context, 'purchaseOrder'),
  GetPurchaseOrderFileDetail: (context) => fileDetail(context, 'purchaseOrder'),
  AddPurchaseOrderFile: (context) => addFile(context, 'purchaseOrder'),
  GetQuotationFiles: (context) => listFiles(context, 'quotation'),
  GetQuotationFileDetail: (context) => fileDetail(context, 'quotation'),
  AddQuotationFile: (context) => addFile(context, 'quotation'),
} satisfies Partial<Handlers>;
