// What a person sees when Stockroom cannot start: a plain message in the PC's language saying what
// failed, what to do and where the log is, shown by the shell (dialog.showErrorBox) before it exits.
// Pure: no electron import, so the wording and the sorting of failures are tested under plain Node.
// The error's own text is not shown (it is in the log, redacted): the message is for a shop-floor PC.
import type { Language } from '../../src-shared/domain/vocabulary.js';
import { DatabaseTooNewError } from '../db/migrate.js';

export type StartupLanguage = Language;

export type StartupFailureKind =
  /** A native module (better-sqlite3, keytar) could not be loaded: a wrong or damaged install. */
  | 'native-module'
  /** A data file was written by a newer Stockroom. */
  | 'newer-data'
  /** A data file could not be opened or set up (locked, damaged). */
  | 'database'
  /** The user-data folder could not be written (no space, no permission). */
  | 'disk'
  | 'unknown';

export interface StartupFailureMessage {
  readonly kind: StartupFailureKind;
  readonly title: string;
  /** What failed, what to do, where the log is: one paragraph each. */
  readonly body: string;
}

/** Thai when the PC's first preferred language is Thai (app.getPreferredSystemLanguages()), else English. */
export function startupLanguage(preferred: readonly string[]): StartupLanguage {
  return /^th\b/i.test(preferred[0] ?? '') ? 'th' : 'en';
}

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** Sorts a start-up error by what the person can do about it; looks through `cause` chains. */
export function classifyStartupFailure(error: unknown, depth = 0): StartupFailureKind {
  if (error === undefined || error === null || depth > 5) return 'unknown';
  const code = String(field(error, 'code') ?? '');
  const name = String(field(error, 'name') ?? '');
  const message = String(field(error, 'message') ?? '');
  if (error instanceof DatabaseTooNewError || name === 'DatabaseTooNewError') return 'newer-data';
  if (
    code === 'ERR_DLOPEN_FAILED' ||
    /NODE_MODULE_VERSION|was compiled against a different Node\.js|invalid ELF header|not a valid Win32 application|\.node['"]?:|dlopen/i.test(
      message,
    ) ||
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND'
      ? /better-sqlite3|keytar|bindings/.test(message)
      : false)
  ) {
    return 'native-module';
  }
  if (['ENOSPC', 'EACCES', 'EPERM', 'EROFS', 'EDQUOT'].includes(code)) return 'disk';
  if (code.startsWith('SQLITE_') || name === 'SqliteError' || name === 'DatabaseSettingsError') {
    return code === 'SQLITE_FULL' ? 'disk' : 'database';
  }
  const cause = field(error, 'cause');
  return cause === undefined ? 'unknown' : classifyStartupFailure(cause, depth + 1);
}

interface Words {
  readonly title: string;
  readonly log: (logFile: string) => string;
  readonly what: Record<StartupFailureKind, string>;
  readonly todo: Record<StartupFailureKind, string>;
}

const WORDS: Record<StartupLanguage, Words> = {
  en: {
    title: 'Stockroom could not start',
    log: (logFile) => `The details are in the log: ${logFile}`,
    what: {
      'native-module':
        'A part of Stockroom made for this kind of PC (its database engine or the keychain link) could not be loaded.',
      'newer-data': 'Stockroom’s data on this PC was written by a newer version of Stockroom.',
      database: 'Stockroom’s data file on this PC could not be opened.',
      disk: 'Stockroom could not write to its folder on this PC.',
      unknown: 'Something went wrong while Stockroom was starting.',
    },
    todo: {
      'native-module':
        'Install Stockroom again with the installer made for this PC. If it still does not start, send the log to whoever looks after this PC.',
      'newer-data':
        'Install that newer version again. Do not delete Stockroom’s data folder: it may hold stock changes not yet sent to the back office.',
      database:
        'Close any other Stockroom window, make sure the disk is not full, then start Stockroom again. If it still does not start, send the log to whoever looks after this PC.',
      disk: 'Make sure the disk is not full and that this Windows or macOS user may write to its own application data folder, then start Stockroom again.',
      unknown:
        'Start Stockroom again. If it still does not start, send the log to whoever looks after this PC.',
    },
  },
  th: {
    title: 'Stockroom เริ่มทำงานไม่ได้',
    log: (logFile) => `รายละเอียดอยู่ในไฟล์บันทึก (log): ${logFile}`,
    what: {
      'native-module':
        'โหลดส่วนประกอบของ Stockroom ที่สร้างมาสำหรับเครื่องประเภทนี้ (ระบบฐานข้อมูลหรือการเชื่อมต่อที่เก็บรหัส) ไม่ได้',
      'newer-data': 'ข้อมูลของ Stockroom ในเครื่องนี้ถูกเขียนโดย Stockroom รุ่นที่ใหม่กว่า',
      database: 'เปิดไฟล์ข้อมูลของ Stockroom ในเครื่องนี้ไม่ได้',
      disk: 'Stockroom เขียนข้อมูลลงในโฟลเดอร์ของตนในเครื่องนี้ไม่ได้',
      unknown: 'เกิดข้อผิดพลาดระหว่างที่ Stockroom กำลังเริ่มทำงาน',
    },
    todo: {
      'native-module':
        'กรุณาติดตั้ง Stockroom ใหม่ด้วยตัวติดตั้งที่ทำมาสำหรับเครื่องนี้ หากยังเริ่มไม่ได้ กรุณาส่งไฟล์บันทึกให้ผู้ดูแลเครื่องนี้',
      'newer-data':
        'กรุณาติดตั้งรุ่นที่ใหม่กว่านั้นอีกครั้ง อย่าลบโฟลเดอร์ข้อมูลของ Stockroom เพราะอาจมีการเปลี่ยนแปลงสต็อกที่ยังไม่ได้ส่งถึงระบบหลังร้าน',
      database:
        'กรุณาปิดหน้าต่าง Stockroom อื่นที่เปิดอยู่ ตรวจสอบว่าดิสก์ไม่เต็ม แล้วเปิด Stockroom อีกครั้ง หากยังเริ่มไม่ได้ กรุณาส่งไฟล์บันทึกให้ผู้ดูแลเครื่องนี้',
      disk: 'กรุณาตรวจสอบว่าดิสก์ไม่เต็ม และผู้ใช้ Windows หรือ macOS นี้มีสิทธิ์เขียนในโฟลเดอร์ข้อมูลแอปของตนเอง แล้วเปิด Stockroom อีกครั้ง',
      unknown: 'กรุณาเปิด Stockroom อีกครั้ง หากยังเริ่มไม่ได้ กรุณาส่งไฟล์บันทึกให้ผู้ดูแลเครื่องนี้',
    },
  },
};

export function startupFailureMessage(
  error: unknown,
  options: { readonly language: StartupLanguage; readonly logFile: string },
): StartupFailureMessage {
  const kind = classifyStartupFailure(error);
  const words = WORDS[options.language];
  return {
    kind,
    title: words.title,
    body: [words.what[kind], words.todo[kind], words.log(options.logFile)].join('\n\n'),
  };
}
