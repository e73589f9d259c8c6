// Files attached to orders, purchase orders and quotations (issue 11). A file travels from the page in
// chunks (`files.stage`, each under the web host's frame limit) into a staging file in main, then
// `files.attach` checks it (size, type by extension and first bytes), keeps it in the store's data
// folder under a unique name and queues its upload. Lists merge the back office's files with this PC's
// uploads still waiting; a file opened once opens offline.
//
// A record is named by the back office's `id`, by its `number`, or — a quotation made on this PC — by
// its create's outbox `operationId` (the upload waits for the create).
import { z } from 'zod';
import {
  ATTACHMENT_RECORD_KINDS,
  ATTACHMENT_VIEWS,
  RECEIVED_FILE_WARNINGS,
  SEND_STATES,
} from '../../domain/vocabulary.js';
import { STAGE_CHUNK_BYTES } from '../../files/attachment-rules.js';
import { count, epochMs, requiredText, rowId, uuidLike } from './common.js';

const STAGE_CHUNK_BASE64 = Math.ceil(STAGE_CHUNK_BYTES / 3) * 4;

export const attachmentRecordKind = z.enum(ATTACHMENT_RECORD_KINDS);

export const attachmentRecord = z
  .strictObject({
    kind: attachmentRecordKind,
    id: rowId.optional(),
    number: requiredText(64).optional(),
    operationId: rowId.optional(),
  })
  .refine(
    (record) =>
      [record.id, record.number, record.operationId].filter((value) => value !== undefined).length === 1,
    { error: 'give exactly one of id, number or operationId', path: ['number'] },
  )
  .refine((record) => record.operationId === undefined || record.kind === 'quotation', {
    error: 'only a quotation made on this PC is named by its operation',
    path: ['operationId'],
  });
export type AttachmentRecord = z.output<typeof attachmentRecord>;

/** One file of a record: on the back office (`fileId`), queued on this PC (`localId`), or both once sent. */
export const attachmentFile = z.object({
  /** The back office's file id; null while the upload waits. */
  fileId: rowId.nullable(),
  /** This PC's attachment row; null for files attached elsewhere. */
  localId: rowId.nullable(),
  fileName: z.string(),
  type: z.string(),
  /** Set on files attached on this PC: waiting to send / sent / needs attention / discarded. */
  sendState: z.enum(SEND_STATES).nullable(),
  operationId: rowId.nullable(),
  /** Why it needs attention, in the outbox's words. */
  reasonText: z.string().nullable(),
  /** The outbox's reason code of `reasonText` (the page words it by this), or null. */
  reasonCode: z.string().nullable(),
  /** Its bytes are on this PC (attached here, or opened once): it opens offline. */
  offline: z.boolean(),
});
export type AttachmentFile = z.output<typeof attachmentFile>;

export const attachmentList = z.object({
  files: z.array(attachmentFile),
  /** Where the back office's part came from: read now, the copy saved at the last read, or nothing. */
  source: z.enum(['backOffice', 'saved', 'none']),
  /** When the back office's part was read; null when never. */
  fetchedAt: epochMs.nullable(),
  /** Why the back office could not be read now (its words); null when it was. */
  problem: z.string().nullable(),
});

export const openedAttachment = z.object({
  /** Cleaned of bidi, invisible and control characters (cleanFileName): shown and saved as it is. */
  fileName: z.string(),
  /** Decided by this PC from the bytes, never the sender's (HTML, SVG: application/octet-stream). */
  type: z.string(),
  view: z.enum(ATTACHMENT_VIEWS),
  /** Set when the file may only be saved, with this warning shown beside its whole name. */
  warning: z.enum(RECEIVED_FILE_WARNINGS).nullable(),
  size: count,
  /** The file's bytes, Base64. */
  content: z.string(),
});

export const filesCalls = {
  /**
   * Appends one chunk to a staging file (a new one when `uploadId` is null); `offset` must equal the
   * bytes received so far (else reason 'offset': a chunk sent twice is taken once). Refused past the
   * size limit (reason 'file-too-large') and when the store's staged uploads are full ('staging-full').
   */
  'files.stage': {
    args: z.strictObject({
      uploadId: uuidLike.nullable(),
      offset: count,
      chunk: z.base64().max(STAGE_CHUNK_BASE64),
    }),
    result: z.object({ uploadId: uuidLike, receivedBytes: count }),
    reasons: ['file-too-large', 'offset', 'staging-full'],
  },
  /**
   * Checks a staged file and attaches it: stored in the store's data folder under a unique name and its
   * upload queued. Refusals name the file with a reason from ATTACHMENT_REFUSALS.
   */
  'files.attach': {
    args: z.strictObject({ record: attachmentRecord, uploadId: uuidLike, fileName: requiredText(255) }),
    result: attachmentFile,
    reasons: [
      'file-content-mismatch',
      'file-empty',
      'file-too-large',
      'file-type-not-allowed',
      'record-not-found',
    ],
  },
  /** A record's files: the back office's (or the saved copy offline) and this PC's waiting uploads. */
  'files.list': {
    args: z.strictObject({ record: attachmentRecord }),
    result: attachmentList,
    reasons: ['record-not-found'],
  },
  /** One file's bytes: from this PC when it has them, else downloaded once and kept. */
  'files.open': {
    args: z
      .strictObject({ record: attachmentRecord, fileId: rowId.optional(), localId: rowId.optional() })
      .refine((args) => (args.fileId === undefined) !== (args.localId === undefined), {
        error: 'give fileId or localId',
        path: ['fileId'],
      }),
    result: openedAttachment,
    reasons: ['download-too-large', 'file-gone', 'file-not-found', 'not-on-this-pc', 'not-sent-yet'],
  },
} as const;
