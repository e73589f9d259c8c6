// The file uploads of the write-kind table (issue 11): AddOrderFile, AddPurchaseOrderFile and
// AddQuotationFile, deltas judged by the record's file list before and after, by the name the app made
// unique (files-readback.ts). A file on a quotation made on this PC waits for its AddQuotation.
import type { AttachmentRecordKind } from '../../../src-shared/domain/vocabulary.js';
import { attachmentCalls } from '../../backoffice/attachment-calls.js';
import { judgeUpload, readFileList, showFileList, type FileListSnapshot } from './files-readback.js';
import { delta, type StoredUpload } from './write-rows.js';

/** Every upload endpoint's arguments carry the stored file (ChangeArgs of an upload row). */
const fileOf = (args: unknown): StoredUpload => (args as { file: StoredUpload }).file;

function uploadRow<N extends 'AddOrderFile' | 'AddPurchaseOrderFile' | 'AddQuotationFile'>(
  endpoint: N,
  kind: AttachmentRecordKind,
  after: readonly string[],
) {
  return delta<N, FileListSnapshot>({
    endpoint,
    record: attachmentCalls[kind].label,
    after,
    readBack: (client, ref) => readFileList(client, kind, ref),
    judge: (before, now, args) => judgeUpload(before, now, fileOf(args).fileName),
    show: showFileList,
    describe: (args, on) => `File ${fileOf(args).fileName} on ${on}`,
  });
}

export const filesRows = {
  addOrderFile: uploadRow('AddOrderFile', 'order', []),
  addPurchaseOrderFile: uploadRow('AddPurchaseOrderFile', 'purchaseOrder', []),
  addQuotationFile: uploadRow('AddQuotationFile', 'quotation', ['addQuotation']),
};
