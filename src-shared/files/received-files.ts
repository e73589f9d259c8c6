// What a file from elsewhere (the back office, any of its users) may become on this PC (issue 21). Its
// name is cleaned of what hides its real end (bidi overrides, invisible and control characters, the
// dots and spaces Windows drops), its type is read from its bytes — never the sender's word — and a
// file whose name or bytes say it runs (a program, an installer, a script, a shortcut, an HTML page)
// or whose extension is not on the attachment allow-list is never shown or opened: it can only be
// saved, under its whole name and with a warning. Pure, so main and the page judge alike.
import type { AttachmentView, ReceivedFileWarning } from '../domain/vocabulary.js';
import { ALLOWED_ATTACHMENT_TYPES, extensionOf } from './attachment-rules.js';
import { cleanFileName } from './file-names.js';

/** Extensions that run or install something when opened, or that a browser renders as a page. */
const RUNNABLE_EXTENSIONS: ReadonlySet<string> = new Set([
  // Windows programs, libraries, installers and their packages
  ...['exe', 'com', 'scr', 'pif', 'cpl', 'dll', 'sys', 'ocx', 'drv', 'msi', 'msp', 'mst', 'msc'],
  ...['msix', 'msixbundle', 'appx', 'appxbundle', 'appinstaller', 'application', 'gadget', 'diagcab'],
  // scripts
  ...['bat', 'cmd', 'ps1', 'psm1', 'psd1', 'vb', 'vbs', 'vbe', 'js', 'jse', 'mjs', 'cjs', 'wsf', 'wsh'],
  ...['wsc', 'sct', 'sh', 'bash', 'zsh', 'csh', 'ksh', 'command', 'py', 'pyw', 'pl', 'rb', 'php', 'jar'],
  ...['jnlp', 'reg', 'inf', 'scf', 'ins', 'isp'],
  // shortcuts and links
  ...['lnk', 'url', 'website', 'desktop', 'webloc', 'library-ms', 'searchconnector-ms', 'settingcontent-ms'],
  // HTML applications, pages and other rendered markup
  ...['hta', 'htm', 'html', 'xhtml', 'xht', 'shtml', 'mht', 'mhtml', 'svg', 'svgz', 'xml', 'xsl', 'chm'],
  // other systems' programs and installers, disk images that mount and run
  ...['app', 'dmg', 'pkg', 'mpkg', 'deb', 'rpm', 'apk', 'appimage', 'run', 'bin', 'elf', 'so', 'iso', 'img'],
  ...['vhd', 'vhdx'],
]);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));
const at = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/** Programs by their first bytes: Windows (MZ), Linux (ELF), macOS (Mach-O, fat) and scripts (#!). */
const PROGRAM_SIGNATURES: readonly (readonly number[])[] = [
  ascii('MZ'),
  [0x7f, ...ascii('ELF')],
  ascii('#!'),
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The first entry of a zip that is an installer or a program (Java, Android, MSIX/AppX). */
const INSTALLER_ENTRIES = ['META-INF/', 'AndroidManifest.xml', 'AppxManifest.xml', 'AppxBlockMap.xml'];

/** How many first bytes `isProgramBytes` looks at (a zip's first entry name sits at offset 30). */
export const PROGRAM_SNIFF_BYTES = 128;

/** The name of a zip's first entry, when its local header is in `bytes`. */
function firstZipEntry(bytes: Uint8Array): string | undefined {
  if (!at(bytes, ZIP) || bytes.length < 30) return undefined;
  const length = (bytes[26] ?? 0) | ((bytes[27] ?? 0) << 8);
  if (bytes.length < 30 + length) return undefined;
  return String.fromCharCode(...bytes.subarray(30, 30 + length));
}

/** Bytes that are a program or an installer, whatever the file is called. */
export function isProgramBytes(bytes: Uint8Array): boolean {
  if (PROGRAM_SIGNATURES.some((signature) => at(bytes, signature))) return true;
  const entry = firstZipEntry(bytes);
  return entry !== undefined && INSTALLER_ENTRIES.some((name) => entry.startsWith(name));
}

const TEXT_SNIFF_BYTES = 8 * 1024;
/** The controls plain text holds: tab, line feed, carriage return. */
const TEXT_CONTROLS: ReadonlySet<string> = new Set(['\t', '\n', '\r']);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text without NUL or other controls but tab, CR and LF (a cut last character is forgiven). */
function isPlainText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, TEXT_SNIFF_BYTES);
  let text: string;
  try {
    text = utf8.decode(head, { stream: head.length < bytes.length });
  } catch {
    return false;
  }
  return ![...text].some((char) => /\p{Cc}/u.test(char) && !TEXT_CONTROLS.has(char));
}

/** Text whose first mark is `<`: HTML, SVG, XHTML or other XML, which a browser renders. */
function isMarkup(bytes: Uint8Array): boolean {
  const text = new TextDecoder().decode(bytes.subarray(0, 512));
  return /^[\s\uFEFF]*</.test(text);
}

const OCTET_STREAM = 'application/octet-stream';

/**
 * The content type of some bytes, decided here: a picture (PNG, JPEG, GIF, WebP), a PDF, the allow-
 * listed office type the name gives when the bytes have its signature, plain text (CSV when so named),
 * and anything else — HTML, SVG and XHTML included — `application/octet-stream`, which nothing renders.
 */
export function sniffContentType(fileName: string, bytes: Uint8Array): string {
  const head = bytes.subarray(0, 16);
  for (const type of Object.values(ALLOWED_ATTACHMENT_TYPES)) {
    if (type.view !== 'save' && type.signature(head)) return type.mime;
  }
  const named = ALLOWED_ATTACHMENT_TYPES[extensionOf(cleanFileName(fileName))];
  if (isProgramBytes(bytes) || bytes.length === 0) return OCTET_STREAM;
  if (isMarkup(bytes)) return OCTET_STREAM;
  if (named !== undefined && named.mime !== 'text/plain' && named.mime !== 'text/csv') {
    return named.signature(head) ? named.mime : OCTET_STREAM;
  }
  if (!isPlainText(bytes)) return OCTET_STREAM;
  return named?.mime === 'text/csv' ? 'text/csv' : 'text/plain';
}

/** The type a listed file (no bytes yet) is shown with: its allow-listed extension's, else unknown. */
export function listedContentType(fileName: string): string {
  return ALLOWED_ATTACHMENT_TYPES[extensionOf(cleanFileName(fileName))]?.mime ?? OCTET_STREAM;
}

export interface ReceivedFileJudgement {
  /** The name shown and saved (cleanFileName). */
  readonly fileName: string;
  /** Decided from the bytes (sniffContentType). */
  readonly type: string;
  /** Shown in the page (a picture, a PDF's pages) only when name and bytes agree; else saved. */
  readonly view: AttachmentView;
  /** Why it is only offered for saving, with a warning; null for a plain office document. */
  readonly warning: ReceivedFileWarning | null;
}

/** How a file from elsewhere is offered: its clean name, its sniffed type, shown or saved, and why. */
export function judgeReceivedFile(rawName: string, bytes: Uint8Array): ReceivedFileJudgement {
  const fileName = cleanFileName(rawName);
  const extension = extensionOf(fileName);
  const type = sniffContentType(fileName, bytes);
  const allowed = ALLOWED_ATTACHMENT_TYPES[extension];
  const saveOnly = (warning: ReceivedFileWarning | null): ReceivedFileJudgement => ({
    fileName,
    type,
    view: 'save',
    warning,
  });
  if (RUNNABLE_EXTENSIONS.has(extension) || isProgramBytes(bytes)) return saveOnly('runnable');
  if (allowed === undefined) return saveOnly('unknownType');
  if (!allowed.signature(bytes.subarray(0, 16)) || (allowed.view !== 'save' && type !== allowed.mime)) {
    return saveOnly('contentMismatch');
  }
  return allowed.view === 'save' ? saveOnly(null) : { fileName, type, view: allowed.view, warning: null };
}
