// The v4 file operations of each record kind, as calls on a record addressed by id or number. The files
// service reads with them, and the outbox's upload rows read back with them (no import of either).
import type { AttachmentRecordKind } from '../../src-shared/domain/vocabulary.js';
import type { BackofficeCaller } from './backoffice.client.js';

/** How the back office is told which record: its id, or its number (the newest with that number). */
export type RecordAddress = { readonly id: number } | { readonly number: string };

export interface ListedFile {
  readonly id: number;
  readonly fileName: string;
  readonly type: string;
}

export interface DownloadedFile extends ListedFile {
  /** Base64. */
  readonly content: string;
}

export interface AttachmentCalls {
  readonly upload: 'AddOrderFile' | 'AddPurchaseOrderFile' | 'AddQuotationFile';
  readonly list: (client: BackofficeCaller, at: RecordAddress) => Promise<ListedFile[]>;
  readonly detail: (client: BackofficeCaller, at: RecordAddress, fileId: number) => Promise<DownloadedFile>;
  /** The record in words ("purchase order PO-0001"). */
  readonly label: string;
}

/** The answer's fields read leniently (wire.ts): a missing name or type reads as ''. */
interface AnsweredFile {
  readonly id: number;
  readonly fileName?: string | undefined;
  readonly type?: string | undefined;
}

const listed = ({ id, fileName, type }: AnsweredFile): ListedFile => ({
  id,
  fileName: fileName ?? '',
  type: type ?? '',
});
const files = (list: readonly AnsweredFile[]): ListedFile[] => list.map(listed);
const downloaded = (file: AnsweredFile & { readonly content: string }): DownloadedFile => ({
  ...listed(file),
  content: file.content,
});

export const attachmentCalls: Readonly<Record<AttachmentRecordKind, AttachmentCalls>> = {
  order: {
    upload: 'AddOrderFile',
    list: async (client, at) => files(await client.call('GetOrderFiles', at)),
    detail: async (client, at, fileid) =>
      downloaded(await client.call('GetOrderFileDetail', { ...at, query: { fileid } })),
    label: 'order',
  },
  purchaseOrder: {
    upload: 'AddPurchaseOrderFile',
    list: async (client, at) => files(await client.call('GetPurchaseOrderFiles', at)),
    detail: async (client, at, fileid) =>
      downloaded(await client.call('GetPurchaseOrderFileDetail', { ...at, query: { fileid } })),
    label: 'purchase order',
  },
  quotation: {
    upload: 'AddQuotationFile',
    list: async (client, at) => files(await client.call('GetQuotationFiles', at)),
    detail: async (client, at, fileid) =>
      downloaded(await client.call('GetQuotationFileDetail', { ...at, query: { fileid } })),
    label: 'quotation',
  },
};

/** "purchase order PO-0001" / "order #12". */
export function recordWords(kind: AttachmentRecordKind, at: RecordAddress): string {
  return `${attachmentCalls[kind].label} ${'id' in at ? `#${at.id}` : at.number}`;
}
