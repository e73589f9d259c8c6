// The read-back of a file upload (a delta without a key): the record's file list, read before sending
// and again after an unclear failure. The file goes up under a name this PC made unique
// (src-shared/files/attachment-rules.ts), so the list tells whether it arrived.
import type { AttachmentRecordKind } from '../../../src-shared/domain/vocabulary.js';
import { attachmentCalls, type RecordAddress } from '../../backoffice/attachment-calls.js';
import type { BackofficeCaller } from '../../backoffice/index.js';
import type { DeltaVerdict } from './write-shapes.js';

/** A record's files as the back office lists them (ids and names; stored as JSON with "sending"). */
export interface FileListSnapshot {
  readonly files: ReadonlyArray<{ readonly id: number; readonly fileName: string }>;
}

export async function readFileList(
  client: BackofficeCaller,
  kind: AttachmentRecordKind,
  at: RecordAddress,
): Promise<FileListSnapshot> {
  const list = await attachmentCalls[kind].list(client, at);
  return { files: list.map(({ id, fileName }) => ({ id, fileName })) };
}

/**
 * Our unique name listed → applied. Absent, and the list exactly as before → not applied (resend).
 * Absent while the list changed otherwise (another PC, or a name the server altered) → a person.
 */
export function judgeUpload(
  before: FileListSnapshot,
  after: FileListSnapshot,
  fileName: string,
): DeltaVerdict {
  if (after.files.some((file) => file.fileName === fileName)) return 'applied';
  const ids = (snapshot: FileListSnapshot) =>
    snapshot.files
      .map((file) => `${file.id}:${file.fileName}`)
      .sort()
      .join('|');
  return ids(before) === ids(after) ? 'notApplied' : 'uncertain';
}

const SHOWN_NAMES = 5;

/** "3 files: a.png, b.pdf, c.jpg" / "no files". */
export function showFileList(snapshot: FileListSnapshot): string {
  const count = snapshot.files.length;
  if (count === 0) return 'no files';
  const names = snapshot.files.slice(0, SHOWN_NAMES).map((file) => file.fileName);
  const more = count > SHOWN_NAMES ? `, and ${count - SHOWN_NAMES} more` : '';
  return `${count} file${count === 1 ? '' : 's'}: ${names.join(', ')}${more}`;
}
