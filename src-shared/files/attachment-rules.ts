// What may be attached to an order, purchase order or quotation (issue 11), checked before anything is
// queued: at most MAX_ATTACHMENT_BYTES (the sandbox's upload limit; the spec names none), and only
// pictures, PDFs and common office documents — by the name's extension AND by the file's first bytes
// where the format has a signature, so a renamed program is refused. The page checks the name and size
// at once for a quick answer; main checks all three again on the bytes it received.
import type { AttachmentRefusal, AttachmentView } from '../domain/vocabulary.js';
import { withoutInvisibles } from './file-names.js';

/** 10 MiB: the largest file the back office (the sandbox's default) takes. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * Raw bytes per `files.stage` chunk: 512 KiB is ~683 KiB of Base64, well under the web host's 3 MiB
 * frame (MAX_FRAME_BYTES, sized for a product picture), and small enough to show progress.
 * Here rather than beside the schema, so the page can read it without bringing zod into the page.
 */
export const STAGE_CHUNK_BYTES = 512 * 1024;

/** How many of a file's first bytes the signature check reads. */
export const SIGNATURE_BYTES = 16;

type Signature = (head: Uint8Array) => boolean;

const startsWith =
  (...bytes: readonly number[]): Signature =>
  (head) =>
    bytes.every((byte, index) => head[index] === byte);
const ascii = (text: string, at = 0): Signature => {
  const codes = [...text].map((char) => char.charCodeAt(0));
  return (head) => codes.every((code, index) => head[at + index] === code);
};
const both =
  (first: Signature, second: Signature): Signature =>
  (head) =>
    first(head) && second(head);
/** Plain text has no signature: refuse what is plainly binary (a NUL in the first bytes). */
const textLike: Signature = (head) => !head.includes(0);

const PNG = startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = startsWith(0xff, 0xd8, 0xff);
const GIF: Signature = (head) => ascii('GIF87a')(head) || ascii('GIF89a')(head);
const WEBP = both(ascii('RIFF'), ascii('WEBP', 8));
const PDF = ascii('%PDF-');
/** Office Open XML and OpenDocument files are zip archives. */
const ZIP = startsWith(0x50, 0x4b, 0x03, 0x04);
/** Office 97–2003 files are OLE2 compound documents. */
const OLE2 = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

export interface AllowedAttachmentType {
  /** The type the file is uploaded and shown with (from the extension, never from the sender). */
  readonly mime: string;
  readonly signature: Signature;
  readonly view: AttachmentView;
}

const image = (mime: string, signature: Signature): AllowedAttachmentType => ({
  mime,
  signature,
  view: 'image',
});
const saved = (mime: string, signature: Signature): AllowedAttachmentType => ({
  mime,
  signature,
  view: 'save',
});

const OOXML = 'application/vnd.openxmlformats-officedocument';

/** By lower-case extension. */
export const ALLOWED_ATTACHMENT_TYPES: Readonly<Record<string, AllowedAttachmentType>> = {
  png: image('image/png', PNG),
  jpg: image('image/jpeg', JPEG),
  jpeg: image('image/jpeg', JPEG),
  gif: image('image/gif', GIF),
  webp: image('image/webp', WEBP),
  pdf: { mime: 'application/pdf', signature: PDF, view: 'pdf' },
  doc: saved('application/msword', OLE2),
  xls: saved('application/vnd.ms-excel', OLE2),
  ppt: saved('application/vnd.ms-powerpoint', OLE2),
  docx: saved(`${OOXML}.wordprocessingml.document`, ZIP),
  xlsx: saved(`${OOXML}.spreadsheetml.sheet`, ZIP),
  pptx: saved(`${OOXML}.presentationml.presentation`, ZIP),
  odt: saved('application/vnd.oasis.opendocument.text', ZIP),
  ods: saved('application/vnd.oasis.opendocument.spreadsheet', ZIP),
  csv: saved('text/csv', textLike),
  txt: saved('text/plain', textLike),
};

/** The extensions, for a file chooser's `accept` and for messages. */
export const ALLOWED_ATTACHMENT_EXTENSIONS: readonly string[] = Object.keys(ALLOWED_ATTACHMENT_TYPES);

/** The lower-case extension of a file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

export type AttachmentCheck =
  | { readonly ok: true; readonly extension: string; readonly type: AllowedAttachmentType }
  | { readonly ok: false; readonly refusal: AttachmentRefusal };

/** The name and size alone (what the page knows before reading the file). */
export function checkAttachmentName(fileName: string, size: number): AttachmentCheck {
  const extension = extensionOf(fileName);
  const type = ALLOWED_ATTACHMENT_TYPES[extension];
  if (type === undefined) return { ok: false, refusal: 'file-type-not-allowed' };
  if (size <= 0) return { ok: false, refusal: 'file-empty' };
  if (size > MAX_ATTACHMENT_BYTES) return { ok: false, refusal: 'file-too-large' };
  return { ok: true, extension, type };
}

/** Name, size and the file's first SIGNATURE_BYTES bytes. */
export function checkAttachment(fileName: string, size: number, head: Uint8Array): AttachmentCheck {
  const named = checkAttachmentName(fileName, size);
  if (!named.ok) return named;
  return named.type.signature(head) ? named : { ok: false, refusal: 'file-content-mismatch' };
}

const MAX_STEM_LENGTH = 80;

/**
 * The name a file is stored and uploaded under: `<original stem>-<pc tag>-<sequence>.<ext>`. The PC's
 * tag and its own sequence make it unique in the store, so after an unclear upload the record's file
 * list tells whether it arrived. Characters no file system or header takes are replaced.
 */
export function uniqueAttachmentName(original: string, pcTag: string, sequence: number): string {
  const extension = extensionOf(original);
  const stem = withoutInvisibles(extension === '' ? original : original.slice(0, -(extension.length + 1)))
    .replace(/[\\/:*?"<>|;,]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, MAX_STEM_LENGTH);
  const base = `${stem === '' ? 'file' : stem}-${pcTag}-${sequence}`;
  return extension === '' ? base : `${base}.${extension}`;
}
