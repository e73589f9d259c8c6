// The most bytes the client reads of each kind of answer (issue 21). A hostile or broken server (or
// whatever answers at a mistyped address) must not be able to fill the PC's memory: past its cap an
// answer stops being read and the call fails as malformed with code ANSWER_TOO_LARGE. The caps are far
// above what a real v4 store sends, so they only ever stop answers that are not v4 answers, and low
// enough that a read, which holds up to about twice its cap while it runs (undici's chunks are views of
// larger socket buffers), raises the process by well under 64 MiB (tests/backoffice/bounded-answers).
import type { EndpointDef, ResponseShape } from '../../src-shared/api/define.js';
import { MAX_ATTACHMENT_BYTES } from '../../src-shared/files/attachment-rules.js';

const MiB = 1024 * 1024;

/** Base64 length of n bytes. */
const base64Length = (bytes: number): number => Math.ceil(bytes / 3) * 4;

/** Room for a file detail's JSON around its Base64 content (id, fileName, type, envelope). */
const FILE_DETAIL_ENVELOPE_BYTES = 64 * 1024;

/** By the row's answer kind. */
export const ANSWER_LIMITS: Readonly<Record<ResponseShape['kind'], number>> = {
  // A page is at most 500 rows (spec, "Limits"): a product row is about 1 KiB, a quotation or return
  // with its lines a few KiB, so even a page of long documents is a few times under this.
  list: 8 * MiB,
  // One record: a document with hundreds of lines is well under 1 MiB.
  detail: 4 * MiB,
  // resCode/resDesc, at most a created id or the stock list a write sent back.
  write: 4 * MiB,
  // Ids, names and types of one record's files.
  fileList: 1 * MiB,
  // The largest file the back office takes (MAX_ATTACHMENT_BYTES), as Base64, plus its JSON.
  fileDetail: base64Length(MAX_ATTACHMENT_BYTES) + FILE_DETAIL_ENVELOPE_BYTES,
};

/** Of an HTTP error's body only a quote is shown (see response-decoder.ts): the rest is not read. */
export const ERROR_BODY_BYTES = 64 * 1024;

export function answerLimit(row: EndpointDef): number {
  return ANSWER_LIMITS[row.response.kind];
}

/** "16 MiB" / "13.4 MiB", for failure texts. */
export function mebibytes(bytes: number): string {
  return `${(bytes / MiB).toLocaleString('en', { maximumFractionDigits: 1 })} MiB`;
}
