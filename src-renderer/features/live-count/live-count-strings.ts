// The words of counting together live (hosting a count, joining one, who is in), English and Thai.
import { translator } from '../../lib/i18n.svelte.js';

/** The text of `key` in the page's language, with {name} placeholders filled from `values`. */
export const lt = translator({
  en: {
    liveTitle: 'Counting together',
    hostButton: 'Let other PCs join (Alt+H)',
    newCode: 'New join code (Alt+H)',
    hostIntro:
      'On another PC of this shop’s network: Count sessions → Join a count, then type this address and code.',
    address: 'Address',
    code: 'Join code',
    qrAlt: 'QR code of the address {address} and the join code',
    closeWindow: 'Close the join window',
    windowClosed: 'The join window is closed; members already in keep counting.',
    stopHosting: 'Stop hosting',
    members: 'PCs counting with this one',
    noMembers: 'No PC has joined yet.',
    connected: 'connected',
    idle: 'idle',
    gone: 'gone',
    lastScan: 'last change received: no. {seq}',
    stateClosing: 'sending its last scans',
    stateFinal: 'all its scans are in',
    stateReleased: 'hands over by file',
    blocked: 'Waiting: {why}',
    blockedShelf:
      'Waiting: shelf {shelf} is not on the host PC. Import the shelves file on the host (Shelves page); the counts then go on by themselves.',
    otherVersionOlder:
      'A PC with an older Stockroom tried to join this count and was refused: update Stockroom on it, then join again.',
    otherVersionNewer:
      'A PC with a newer Stockroom tried to join this count and was refused: update Stockroom on this PC.',
    'memberOf-host-older':
      'The host’s Stockroom is older than this PC’s, so it refuses this PC’s scans: update Stockroom on the host. Scans are kept here.',
    'memberOf-member-older':
      'This PC’s Stockroom is older than the host’s, so the host refuses its scans: update Stockroom here. Scans are kept here.',
    flush: 'Ask the PCs for their last scans (Alt+S)',
    ready: 'Every PC’s scans are in: review and commit here.',
    release: 'Hand over by file',
    memberOf: 'Counting with {host} ({address}).',
    memberConnected: 'Connected: {acked} of {latest} changes are on the host.',
    memberOffline:
      'The host cannot be reached: scans are kept on this PC and sent when it is back ({acked} of {latest} on the host). If it stays so while the host runs, allow Stockroom on private networks on the host PC.',
    memberClosing: 'The host asked for the last scans: this PC takes no more.',
    memberFinal: 'The host has every scan of this PC; it commits the count.',
    joinedTitle: 'The count on the host, every PC together',
    joinedRange: 'Products {from}–{to} of {total}, by SKU',
    joinedNone: 'Nothing is counted on the host yet.',
    joinedPcs: 'The PCs counting with the host:',
    joinedName: 'Product',
    joinedCounted: 'All PCs',
    joinedParts: 'Each PC',
    joinedPrevious: 'Previous products',
    joinedNext: 'Next products',
    joinedUnreachable:
      'The host cannot be reached now, so its count cannot be shown; this PC’s own scans are kept and sent when it is back.',
    joinedNotLive: 'This PC no longer sends this count to a host, so the host’s count is not shown here.',
    'not-live': 'This PC does not send this count to a host.',
    leave: 'Leave the live count',
    left: 'This PC no longer sends its scans; what the host has stays there.',
    joinButton: 'Join a count on another PC (Alt+J)',
    joinTitle: 'Join a count on another PC',
    joinAddress: 'Host address (as the host shows it, e.g. 192.168.1.20:47613)',
    joinCode: 'Join code (six digits)',
    foundHosts: 'Hosts found on this network (arrows choose, Enter fills the address)',
    noHostsFound: 'No host found on this network yet: type the address the host shows.',
    joinSubmit: 'Join',
    joining: 'Joining…',
    cancel: 'Cancel (Esc)',
    badAddress: 'The address must be as the host shows it: numbers or a name, a colon and the port.',
    badCode: 'The join code is six digits.',
    'wrong-code': 'The code does not match the host’s join window. Check the code on the host.',
    'window-closed':
      'The host’s join window is closed (five wrong codes close it). Ask the host for a new code.',
    unreachable:
      'Nothing answers at {address}: the host has stopped, or a firewall blocks it. On the host PC, allow Stockroom through Windows Firewall on private networks (TCP port 47613), and set the shop’s network to Private there, not Public.',
    'no-network': 'This PC is not on a shop network, so other PCs cannot reach it.',
    'not-hostable': 'Only an open count of this PC can be hosted.',
    'host-older':
      'The host’s Stockroom is older than this PC’s, so they cannot count together live: update Stockroom on the host, then join again.',
    'member-older':
      'This PC’s Stockroom is older than the host’s, so they cannot count together live: update Stockroom on this PC, then join again.',
    'host-silent':
      'The host took the code but did not answer after it. Join again with the same code; if it happens again, restart Stockroom on the host.',
    refused: 'The host refused this PC. Try again in a moment.',
  },
  th: {
    liveTitle: 'นับร่วมกัน',
    hostButton: 'ให้เครื่องอื่นเข้าร่วม (Alt+H)',
    newCode: 'รหัสเข้าร่วมใหม่ (Alt+H)',
    hostIntro: 'ที่เครื่องอื่นในเครือข่ายของร้าน: รอบการนับ → เข้าร่วมการนับ แล้วพิมพ์ที่อยู่และรหัสนี้',
    address: 'ที่อยู่',
    code: 'รหัสเข้าร่วม',
    qrAlt: 'คิวอาร์โค้ดของที่อยู่ {address} และรหัสเข้าร่วม',
    closeWindow: 'ปิดการรับเข้าร่วม',
    windowClosed: 'ปิดการรับเข้าร่วมแล้ว เครื่องที่เข้าร่วมแล้วนับต่อได้',
    stopHosting: 'หยุดเป็นเครื่องหลัก',
    members: 'เครื่องที่นับร่วมกับเครื่องนี้',
    noMembers: 'ยังไม่มีเครื่องใดเข้าร่วม',
    connected: 'เชื่อมต่ออยู่',
    idle: 'ไม่มีความเคลื่อนไหว',
    gone: 'ขาดการเชื่อมต่อ',
    lastScan: 'การเปลี่ยนแปลงล่าสุดที่ได้รับ: ลำดับที่ {seq}',
    stateClosing: 'กำลังส่งการสแกนสุดท้าย',
    stateFinal: 'ได้รับการสแกนครบแล้ว',
    stateReleased: 'ส่งมอบด้วยไฟล์',
    blocked: 'รออยู่: {why}',
    blockedShelf: 'รออยู่: เครื่องหลักไม่มีชั้นวาง {shelf} นำเข้าไฟล์ชั้นวางที่เครื่องหลัก (หน้าชั้นวาง) แล้วการนับจะส่งต่อเอง',
    otherVersionOlder:
      'มีเครื่องที่ใช้ Stockroom รุ่นเก่ากว่าพยายามเข้าร่วมการนับนี้และถูกปฏิเสธ: อัปเดต Stockroom ที่เครื่องนั้นแล้วเข้าร่วมใหม่',
    otherVersionNewer: 'มีเครื่องที่ใช้ Stockroom รุ่นใหม่กว่าพยายามเข้าร่วมการนับนี้และถูกปฏิเสธ: อัปเดต Stockroom ที่เครื่องนี้',
    'memberOf-host-older':
      'Stockroom ของเครื่องหลักเก่ากว่าเครื่องนี้ จึงไม่รับการสแกนของเครื่องนี้: อัปเดต Stockroom ที่เครื่องหลัก การสแกนเก็บไว้ที่เครื่องนี้',
    'memberOf-member-older':
      'Stockroom ของเครื่องนี้เก่ากว่าเครื่องหลัก เครื่องหลักจึงไม่รับการสแกน: อัปเดต Stockroom ที่เครื่องนี้ การสแกนเก็บไว้ที่เครื่องนี้',
    flush: 'ขอการสแกนสุดท้ายจากเครื่องต่าง ๆ (Alt+S)',
    ready: 'ได้รับการสแกนของทุกเครื่องครบแล้ว ตรวจทานและยืนยันที่เครื่องนี้',
    release: 'ส่งมอบด้วยไฟล์',
    memberOf: 'นับร่วมกับ {host} ({address})',
    memberConnected: 'เชื่อมต่ออยู่: เครื่องหลักได้รับ {acked} จาก {latest} รายการ',
    memberOffline:
      'ติดต่อเครื่องหลักไม่ได้ การสแกนเก็บไว้ในเครื่องนี้และจะส่งเมื่อกลับมา (เครื่องหลักได้รับ {acked} จาก {latest}) ถ้ายังติดต่อไม่ได้ทั้งที่เครื่องหลักเปิดอยู่ ให้อนุญาต Stockroom บนเครือข่ายส่วนตัวที่เครื่องหลัก',
    memberClosing: 'เครื่องหลักขอการสแกนสุดท้ายแล้ว เครื่องนี้ไม่รับการสแกนเพิ่ม',
    memberFinal: 'เครื่องหลักได้รับการสแกนทั้งหมดของเครื่องนี้แล้ว และจะยืนยันการนับเอง',
    joinedTitle: 'การนับที่เครื่องหลัก รวมทุกเครื่อง',
    joinedRange: 'สินค้า {from}–{to} จาก {total} เรียงตามรหัสสินค้า',
    joinedNone: 'เครื่องหลักยังไม่มีการนับ',
    joinedPcs: 'เครื่องที่นับร่วมกับเครื่องหลัก:',
    joinedName: 'สินค้า',
    joinedCounted: 'ทุกเครื่อง',
    joinedParts: 'แต่ละเครื่อง',
    joinedPrevious: 'สินค้าก่อนหน้า',
    joinedNext: 'สินค้าถัดไป',
    joinedUnreachable:
      'ติดต่อเครื่องหลักไม่ได้ในตอนนี้ จึงแสดงการนับของเครื่องหลักไม่ได้ การสแกนของเครื่องนี้เก็บไว้และจะส่งเมื่อติดต่อได้',
    joinedNotLive: 'เครื่องนี้ไม่ได้ส่งการนับนี้ไปยังเครื่องหลักแล้ว จึงไม่แสดงการนับของเครื่องหลัก',
    'not-live': 'เครื่องนี้ไม่ได้ส่งการนับนี้ไปยังเครื่องหลัก',
    leave: 'ออกจากการนับร่วม',
    left: 'เครื่องนี้ไม่ส่งการสแกนแล้ว สิ่งที่เครื่องหลักได้รับยังอยู่ที่นั่น',
    joinButton: 'เข้าร่วมการนับของเครื่องอื่น (Alt+J)',
    joinTitle: 'เข้าร่วมการนับของเครื่องอื่น',
    joinAddress: 'ที่อยู่เครื่องหลัก (ตามที่เครื่องหลักแสดง เช่น 192.168.1.20:47613)',
    joinCode: 'รหัสเข้าร่วม (หกหลัก)',
    foundHosts: 'เครื่องหลักที่พบในเครือข่ายนี้ (ลูกศรเลือก Enter ใส่ที่อยู่)',
    noHostsFound: 'ยังไม่พบเครื่องหลักในเครือข่ายนี้ พิมพ์ที่อยู่ตามที่เครื่องหลักแสดง',
    joinSubmit: 'เข้าร่วม',
    joining: 'กำลังเข้าร่วม…',
    cancel: 'ยกเลิก (Esc)',
    badAddress: 'ที่อยู่ต้องเป็นตามที่เครื่องหลักแสดง: ตัวเลขหรือชื่อ เครื่องหมายทวิภาค และพอร์ต',
    badCode: 'รหัสเข้าร่วมมีหกหลัก',
    'wrong-code': 'รหัสไม่ตรงกับการรับเข้าร่วมของเครื่องหลัก ตรวจรหัสที่เครื่องหลัก',
    'window-closed': 'เครื่องหลักปิดการรับเข้าร่วมแล้ว (รหัสผิดห้าครั้งจะปิด) ขอรหัสใหม่จากเครื่องหลัก',
    unreachable:
      'ไม่มีเครื่องตอบที่ {address}: เครื่องหลักหยุดไปแล้ว หรือไฟร์วอลล์กั้นไว้ ที่เครื่องหลักให้อนุญาต Stockroom ผ่าน Windows Firewall บนเครือข่ายส่วนตัว (TCP พอร์ต 47613) และตั้งเครือข่ายของร้านเป็น "ส่วนตัว" ไม่ใช่ "สาธารณะ"',
    'no-network': 'เครื่องนี้ไม่ได้อยู่ในเครือข่ายของร้าน เครื่องอื่นจึงติดต่อไม่ได้',
    'not-hostable': 'เป็นเครื่องหลักได้เฉพาะการนับที่เปิดอยู่ของเครื่องนี้',
    'host-older': 'Stockroom ของเครื่องหลักเก่ากว่าเครื่องนี้ จึงนับร่วมกันไม่ได้: อัปเดต Stockroom ที่เครื่องหลัก แล้วเข้าร่วมใหม่',
    'member-older': 'Stockroom ของเครื่องนี้เก่ากว่าเครื่องหลัก จึงนับร่วมกันไม่ได้: อัปเดต Stockroom ที่เครื่องนี้ แล้วเข้าร่วมใหม่',
    'host-silent': 'เครื่องหลักรับรหัสแล้วแต่ไม่ตอบต่อ เข้าร่วมใหม่ด้วยรหัสเดิม ถ้ายังเป็นอีก ให้เปิด Stockroom ที่เครื่องหลักใหม่',
    refused: 'เครื่องหลักไม่รับเครื่องนี้ ลองอีกครั้งในสักครู่',
  },
});

export type LiveKey = Parameters<typeof lt>[0];

/** A PC of a live count as the lists say it: its state once it is done, else connected, idle or gone. */
export function presenceText(
  state: 'joined' | 'closing' | 'final' | 'released',
  presence: 'connected' | 'idle' | 'gone',
): string {
  if (state === 'final') return lt('stateFinal');
  if (state === 'released') return lt('stateReleased');
  if (presence === 'gone') return lt('gone');
  if (state === 'closing') return lt('stateClosing');
  return lt(presence);
}
