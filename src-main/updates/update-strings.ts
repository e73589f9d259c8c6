// What the person is told about updates (a system notification, shown by src-main/app/updater.ts), in
// English and Thai after the PC's language. Checking, downloading, up to date or a feed that cannot be
// read: nothing to act on, the log has it (null).
import type { Language } from '../../src-shared/domain/vocabulary.js';
import type { RefusalReason } from './release-manifest.js';
import type { UpdateStatus } from './update-policy.js';

type Words = Readonly<Record<RefusalReason, string>>;

const WHY_REFUSED: Readonly<Record<Language, Words>> = {
  en: {
    unsigned: 'it is not signed with Stockroom’s release key.',
    'wrong-key': 'it is signed with a key that is not Stockroom’s release key.',
    altered: 'its release details were changed after they were signed.',
    malformed: 'its signed release details cannot be read.',
    'not-newer': 'its signed release is not newer than this version (an old release offered again).',
    mismatch: 'the update server offers files other than those the signed release names.',
    'file-mismatch':
      'the downloaded file is not the one the signed release names (damaged, cut short or replaced).',
    'feed-too-large':
      'its release list is larger than any release needs (over 1 MiB); Stockroom stopped reading it.',
  },
  th: {
    unsigned: 'อัปเดตนี้ไม่ได้ลงนามด้วยกุญแจลงนามของ Stockroom',
    'wrong-key': 'อัปเดตนี้ลงนามด้วยกุญแจที่ไม่ใช่กุญแจลงนามของ Stockroom',
    altered: 'ข้อมูลรุ่นถูกแก้ไขหลังจากลงนามแล้ว',
    malformed: 'อ่านข้อมูลรุ่นที่ลงนามไว้ไม่ได้',
    'not-newer': 'รุ่นที่ลงนามไว้ไม่ใหม่กว่ารุ่นที่ใช้อยู่ (เป็นรุ่นเก่าที่ถูกเสนอซ้ำ)',
    mismatch: 'เซิร์ฟเวอร์อัปเดตเสนอไฟล์ที่ไม่ตรงกับรุ่นที่ลงนามไว้',
    'file-mismatch': 'ไฟล์ที่ดาวน์โหลดไม่ตรงกับรุ่นที่ลงนามไว้ (เสียหาย ไม่ครบ หรือถูกเปลี่ยน)',
    'feed-too-large': 'รายการรุ่นมีขนาดใหญ่เกินกว่าที่รุ่นใดต้องใช้ (เกิน 1 MiB) Stockroom จึงหยุดอ่าน',
  },
};

/** The offered version, when the feed could be read far enough to name one. */
const offered = (version: string | null) => (version === null ? '' : ` ${version}`);

const NOTICES: Record<Language, (status: UpdateStatus) => string | null> = {
  en: (status) => {
    switch (status.phase) {
      case 'ready':
        return `Stockroom ${status.version} has been downloaded. It is installed the next time Stockroom is closed.`;
      case 'held':
        return status.reason === 'outbox-sending'
          ? `Stockroom ${status.version} was not installed: writes were still being sent to the back office. It is installed the next time Stockroom is closed.`
          : `Stockroom ${status.version} was not installed: a count is open and not yet committed. It is installed the next time Stockroom is closed after the count is committed.`;
      case 'refused':
        return `Stockroom did not install the update${offered(status.version)} offered by the update server: ${WHY_REFUSED.en[status.reason]} Stockroom ${status.current} keeps running. Tell whoever looks after the update server.`;
      default:
        return null;
    }
  },
  th: (status) => {
    switch (status.phase) {
      case 'ready':
        return `ดาวน์โหลด Stockroom ${status.version} แล้ว จะติดตั้งเมื่อปิด Stockroom ครั้งถัดไป`;
      case 'held':
        return status.reason === 'outbox-sending'
          ? `ยังไม่ได้ติดตั้ง Stockroom ${status.version} เพราะยังส่งรายการไปยังระบบหลังร้านไม่เสร็จ จะติดตั้งเมื่อปิด Stockroom ครั้งถัดไป`
          : `ยังไม่ได้ติดตั้ง Stockroom ${status.version} เพราะมีการนับสต็อกที่เปิดอยู่และยังไม่ได้ยืนยัน จะติดตั้งเมื่อปิด Stockroom ครั้งถัดไปหลังยืนยันการนับแล้ว`;
      case 'refused':
        return `Stockroom ไม่ได้ติดตั้งอัปเดต${offered(status.version)} ที่เซิร์ฟเวอร์อัปเดตเสนอมา เพราะ${WHY_REFUSED.th[status.reason]} Stockroom ${status.current} ยังทำงานต่อตามเดิม โปรดแจ้งผู้ดูแลเซิร์ฟเวอร์อัปเดต`;
      default:
        return null;
    }
  },
};

/** What to tell the person about the update, in their language; null when there is nothing to say. */
export function updateNotice(status: UpdateStatus, language: Language): string | null {
  return NOTICES[language](status);
}
