// The words of a refusal or failure that came from main or the back office, in English and Thai: one
// sentence per kind of failure saying what failed and what to do (lib/refusal-words.ts picks it from
// the typed code or reason). The raw text is only ever shown behind "Details". A missing Thai string is
// a type error.
import { translator } from './i18n.svelte.js';

export const refusalText = translator({
  en: {
    details: 'Details',
    // By the contract's error code
    invalidArguments: 'Something typed here was refused. Check the fields, then try again.',
    notFound: 'What this names is no longer there. Reload the page, then try again.',
    noProfile: 'No store is open. Add a store, or try the demo store.',
    keychainUnavailable:
      'The computer’s keychain cannot be used now, so the store’s key cannot be read. Unlock it, then try again.',
    storeKeychainUnavailable:
      'This store did not open: its key could not be read from the computer’s keychain. Unlock the keychain (or fix what Details names), then restart Stockroom.',
    credentialsMissing: 'This store’s API key and secret are missing. Type them again in Stores.',
    conflict: 'This cannot be done while the record is as it is now. Reload it, then look again.',
    refused: 'This page may not do that. Restart Stockroom if it goes on.',
    internal: 'Something went wrong inside Stockroom. Try again; if it goes on, send the log to support.',
    // By the back office's or the network's failure code
    unreachable:
      'The back office could not be reached. Stockroom tries again by itself; check the network if this goes on.',
    serverTrouble: 'The back office had a problem answering. Stockroom tries again by itself.',
    unreadable:
      'The back office’s answer could not be read. Stockroom tries again by itself; tell support if it goes on.',
    quota: 'The store’s daily request limit is reached. Sending starts again by itself tomorrow.',
    credentialsRefused:
      'The back office refused this store’s key. Check the API key and secret in Stores, then resume.',
    backOfficeRefused:
      'The back office refused it. Correct what Details names, then send it again or discard it.',
    lineRefused:
      'The back office refused this stock line: the product may be unknown there, or the decrease larger than its stock. Check the stock, then send it again or discard it in the Outbox.',
    recordMissing: 'The back office has no such record. Check the number, then attach again.',
    needsAttention: 'This needs a person. Open the Outbox to send it again or discard it.',
  },
  th: {
    details: 'รายละเอียด',
    invalidArguments: 'ข้อมูลที่พิมพ์บางช่องไม่ผ่าน ตรวจสอบช่องต่าง ๆ แล้วลองอีกครั้ง',
    notFound: 'ไม่พบสิ่งที่อ้างถึงแล้ว โหลดหน้านี้ใหม่ แล้วลองอีกครั้ง',
    noProfile: 'ยังไม่ได้เปิดร้าน เพิ่มร้าน หรือลองใช้ร้านตัวอย่าง',
    keychainUnavailable: 'ใช้ที่เก็บรหัสของเครื่องไม่ได้ในตอนนี้ จึงอ่านคีย์ของร้านไม่ได้ ปลดล็อกแล้วลองอีกครั้ง',
    storeKeychainUnavailable:
      'ร้านนี้ยังไม่ได้เปิด เพราะอ่านคีย์ของร้านจากที่เก็บรหัสของเครื่องไม่ได้ ปลดล็อกที่เก็บรหัส (หรือแก้ตามที่รายละเอียดระบุ) แล้วเปิด Stockroom ใหม่',
    credentialsMissing: 'ไม่มี API key และ secret ของร้านนี้ พิมพ์ใหม่ในหน้าร้านค้า',
    conflict: 'ทำรายการนี้ไม่ได้ในสถานะปัจจุบันของเอกสาร โหลดใหม่แล้วตรวจดูอีกครั้ง',
    refused: 'หน้านี้ทำรายการนี้ไม่ได้ ถ้ายังเป็นอยู่ให้เปิด Stockroom ใหม่',
    internal: 'เกิดข้อผิดพลาดภายใน Stockroom ลองอีกครั้ง ถ้ายังเป็นอยู่ให้ส่งบันทึกให้ฝ่ายสนับสนุน',
    unreachable: 'ติดต่อระบบหลังร้านไม่ได้ Stockroom จะลองใหม่เอง ถ้ายังเป็นอยู่ให้ตรวจสอบเครือข่าย',
    serverTrouble: 'ระบบหลังร้านตอบกลับไม่ได้ตามปกติ Stockroom จะลองใหม่เอง',
    unreadable: 'อ่านคำตอบของระบบหลังร้านไม่ได้ Stockroom จะลองใหม่เอง ถ้ายังเป็นอยู่ให้แจ้งฝ่ายสนับสนุน',
    quota: 'ใช้โควตาคำขอรายวันของร้านครบแล้ว การส่งจะเริ่มใหม่เองในวันพรุ่งนี้',
    credentialsRefused: 'ระบบหลังร้านปฏิเสธคีย์ของร้านนี้ ตรวจสอบ API key และ secret ในหน้าร้านค้า แล้วส่งต่อ',
    backOfficeRefused: 'ระบบหลังร้านปฏิเสธรายการนี้ แก้ไขตามที่ระบุในรายละเอียด แล้วส่งอีกครั้งหรือยกเลิก',
    lineRefused:
      'ระบบหลังร้านปฏิเสธรายการสต็อกนี้: อาจไม่มีสินค้านี้ที่หลังร้าน หรือจำนวนที่ลดมากกว่าสต็อก ตรวจสอบสต็อก แล้วส่งอีกครั้งหรือยกเลิกในหน้ารายการรอส่ง',
    recordMissing: 'ระบบหลังร้านไม่มีเอกสารนี้ ตรวจสอบเลขที่ แล้วแนบไฟล์อีกครั้ง',
    needsAttention: 'รายการนี้ต้องให้คนตัดสินใจ เปิดหน้ารายการรอส่งเพื่อส่งอีกครั้งหรือยกเลิก',
  },
});

export type RefusalTextKey = Parameters<typeof refusalText>[0];
