// The Documents page's words in English and Thai (quotations; the returns and files tabs bring their
// own), and a refused field's message chosen by the field it names (never by main's text), in the
// page's language. A missing Thai string is a type error.
import {
  QUOTATION_STATUSES,
  type QuotationStatus,
  type QuotationWrite,
} from '../../../src-shared/domain/vocabulary.js';
import type { IpcIssue, SendState } from '../../../src-shared/ipc/index.js';
import type { ActionFailure } from './quotations.svelte.js';
import { lineIssueWords } from '../../components/document-lines-strings.js';
import { translator } from '../../lib/i18n.svelte.js';
import { refusalSaid, type Said } from '../../lib/refusal-words.js';

const en = {
  title: 'Documents',
  tabsLabel: 'Which documents',
  tabQuotations: 'Quotations (Alt+1)',
  tabReturns: 'Return purchase orders (Alt+2)',
  tabFiles: 'Files (Alt+3)',
  newQuotation: 'New quotation (Alt+N)',
  intro: 'Quotations kept on this PC. Work saved here is sent to the back office when it can be.',
  filtersTitle: 'Filters',
  statusFilter: 'Status',
  statusPending: 'Pending',
  statusSuccess: 'Approved',
  statusVoided: 'Void',
  dateFrom: 'From date',
  dateTo: 'To date',
  amountMin: 'Amount from',
  amountMax: 'Amount to',
  keyword: 'Keyword',
  keywordHint: 'Number, customer, product…',
  createdBy: 'Made by',
  applyFilters: 'Show',
  clearFilters: 'Clear',
  listTitle: 'Quotations',
  totalsLine: '{count} quotations · {amount}',
  pageOf: 'Page {n} of {m}',
  previous: 'Previous page',
  next: 'Next page',
  empty: 'No quotation matches.',
  listHint: 'Up/Down: choose · Enter: open · PgUp/PgDn: pages · Alt+F: filters',
  coverage:
    'This PC keeps quotations from {start} and every pending one. Last read from the back office: {when}.',
  neverPulled: 'not yet',
  columnNumber: 'Number',
  columnDate: 'Date',
  columnCustomer: 'Customer',
  columnStatus: 'Status',
  columnAmount: 'Amount',
  columnSend: 'Sending',
  noCustomer: '(no customer)',
  sendFromBackOffice: 'From the back office',
  sendWaiting: 'Waiting to send',
  sendSent: 'Sent',
  sendAttention: 'Needs attention',
  sendDiscarded: 'Discarded',
  writesWaiting: '{count} waiting',
  detailTitle: 'Quotation {number}',
  closeDetail: 'Close (Esc)',
  loading: 'Reading…',
  customer: 'Customer',
  salesChannel: 'Sales channel',
  reference: 'Reference',
  description: 'Description',
  status: 'Status',
  approvedOn: 'Approved on',
  createdByLabel: 'Made by',
  serverId: 'Back office id',
  notSentYet: 'not sent yet',
  idAtNextRead: 'sent; the id comes with the next read',
  linesTitle: 'Products',
  quantity: 'Quantity',
  unitPrice: 'Unit price',
  unitDiscount: 'Discount / unit',
  lineTotal: 'Line total',
  subtotal: 'Sum of the lines',
  discountAmount: 'Discount',
  shipping: 'Shipping',
  amountPretax: 'Before VAT',
  vatAmount: 'VAT',
  amount: 'Amount',
  tagsTitle: 'Tags',
  noTags: 'No tags.',
  tagNew: 'New tag',
  addTag: 'Add tag (Alt+T)',
  removeTag: 'Remove tag {tag}',
  chainTitle: 'Writes made on this PC',
  chainEmpty: 'None: this quotation came from the back office.',
  chainWaitsForCreate: 'waits for the create',
  writeCreate: 'Create',
  writeEditInfo: 'Edit info',
  writeEdit: 'Edit lines and amounts',
  writeApprove: 'Approve',
  writeVoid: 'Void',
  writeAddTag: 'Add tag',
  writeRemoveTag: 'Remove tag',
  editInfo: 'Edit info (Alt+I)',
  editLines: 'Edit lines (Alt+E)',
  approve: 'Approve (Alt+A)',
  voidAction: 'Void (Alt+V)',
  newTitle: 'New quotation',
  editInfoTitle: 'Edit info of {number}',
  editLinesTitle: 'Edit lines of {number}',
  scanNotHere: 'Scanned {code}: products are added with Edit lines (Alt+E), not here. Nothing was typed.',
  number: 'Number',
  numberHint: 'Proposed by this PC; you may change it.',
  date: 'Date',
  dateHint: 'yyyy-MM-dd; today when left empty',
  customerSearch: 'Customer (type to find a saved contact)',
  customerPicked: 'Saved contact: {name}',
  customerTyped: 'A customer typed here (not a saved contact).',
  contactSuggestions: 'Saved contacts',
  salesChannelNone: '(none)',
  tags: 'Tags',
  tagsHint: 'Separated by commas',
  save: 'Save (Ctrl+Enter)',
  cancel: 'Cancel',
  formHint: 'Enter: next field · Ctrl+Enter: save · Esc: cancel',
  approveTitle: 'Approve {number}',
  approveDate: 'Approval date',
  approveSave: 'Approve (Ctrl+Enter)',
  voidTitle: 'Void quotation {number}?',
  voidText: 'A void quotation cannot be changed or approved any more. This cannot be taken back.',
  voidConfirm: 'Void it',
  created: 'Quotation {number} saved; it is sent when the back office can be reached.',
  savedInfo: 'Info of {number} saved.',
  savedLines: 'Lines of {number} saved.',
  approved: 'Quotation {number} approved.',
  voided: 'Quotation {number} is void.',
  tagAdded: 'Tag {tag} added.',
  tagRemoved: 'Tag {tag} removed.',
  refusedVoided: 'This quotation is void: it cannot change.',
  refusedApproved: 'This quotation is approved: its lines and amounts stay as they are.',
  issueNumber: 'Type a number of at most 50 characters, not used by another quotation.',
  issueDate: 'Type a date as yyyy-MM-dd, e.g. 2026-11-24.',
  issueAmount: 'Type an amount of 0 or more, with at most 2 decimals.',
  issueText: 'This text is too long.',
  issueTag: 'Type a tag of at most 100 characters.',
  issueOther: 'Check this field: {message}',
} as const;

type DocumentsKey = keyof typeof en;

export const dt = translator<DocumentsKey>({
  en,
  th: {
    title: 'เอกสาร',
    tabsLabel: 'เอกสารประเภทใด',
    tabQuotations: 'ใบเสนอราคา (Alt+1)',
    tabReturns: 'ใบคืนสินค้า (Alt+2)',
    tabFiles: 'ไฟล์ (Alt+3)',
    newQuotation: 'ใบเสนอราคาใหม่ (Alt+N)',
    intro: 'ใบเสนอราคาที่เก็บไว้ในเครื่องนี้ งานที่บันทึกที่นี่จะส่งไปยังระบบหลังร้านเมื่อเชื่อมต่อได้',
    filtersTitle: 'ตัวกรอง',
    statusFilter: 'สถานะ',
    statusPending: 'รออนุมัติ',
    statusSuccess: 'อนุมัติแล้ว',
    statusVoided: 'ยกเลิก',
    dateFrom: 'ตั้งแต่วันที่',
    dateTo: 'ถึงวันที่',
    amountMin: 'ยอดตั้งแต่',
    amountMax: 'ยอดถึง',
    keyword: 'คำค้น',
    keywordHint: 'เลขที่ ลูกค้า สินค้า…',
    createdBy: 'ผู้สร้าง',
    applyFilters: 'แสดง',
    clearFilters: 'ล้าง',
    listTitle: 'ใบเสนอราคา',
    totalsLine: '{count} ใบ · {amount}',
    pageOf: 'หน้า {n} จาก {m}',
    previous: 'หน้าก่อน',
    next: 'หน้าถัดไป',
    empty: 'ไม่มีใบเสนอราคาที่ตรงกัน',
    listHint: 'ขึ้น/ลง: เลือก · Enter: เปิด · PgUp/PgDn: หน้า · Alt+F: ตัวกรอง',
    coverage: 'เครื่องนี้เก็บใบเสนอราคาตั้งแต่ {start} และทุกใบที่รออนุมัติ อ่านจากระบบหลังร้านล่าสุด: {when}',
    neverPulled: 'ยังไม่เคย',
    columnNumber: 'เลขที่',
    columnDate: 'วันที่',
    columnCustomer: 'ลูกค้า',
    columnStatus: 'สถานะ',
    columnAmount: 'ยอดเงิน',
    columnSend: 'การส่ง',
    noCustomer: '(ไม่มีลูกค้า)',
    sendFromBackOffice: 'จากระบบหลังร้าน',
    sendWaiting: 'รอส่ง',
    sendSent: 'ส่งแล้ว',
    sendAttention: 'ต้องตรวจสอบ',
    sendDiscarded: 'ทิ้งแล้ว',
    writesWaiting: 'รอ {count} รายการ',
    detailTitle: 'ใบเสนอราคา {number}',
    closeDetail: 'ปิด (Esc)',
    loading: 'กำลังอ่าน…',
    customer: 'ลูกค้า',
    salesChannel: 'ช่องทางการขาย',
    reference: 'อ้างอิง',
    description: 'รายละเอียด',
    status: 'สถานะ',
    approvedOn: 'อนุมัติเมื่อ',
    createdByLabel: 'ผู้สร้าง',
    serverId: 'รหัสในระบบหลังร้าน',
    notSentYet: 'ยังไม่ได้ส่ง',
    idAtNextRead: 'ส่งแล้ว รหัสจะมากับการอ่านครั้งถัดไป',
    linesTitle: 'สินค้า',
    quantity: 'จำนวน',
    unitPrice: 'ราคาต่อหน่วย',
    unitDiscount: 'ส่วนลดต่อหน่วย',
    lineTotal: 'รวมรายการ',
    subtotal: 'รวมรายการสินค้า',
    discountAmount: 'ส่วนลด',
    shipping: 'ค่าขนส่ง',
    amountPretax: 'ก่อนภาษี',
    vatAmount: 'ภาษีมูลค่าเพิ่ม',
    amount: 'ยอดเงิน',
    tagsTitle: 'แท็ก',
    noTags: 'ไม่มีแท็ก',
    tagNew: 'แท็กใหม่',
    addTag: 'เพิ่มแท็ก (Alt+T)',
    removeTag: 'ลบแท็ก {tag}',
    chainTitle: 'การเขียนที่ทำในเครื่องนี้',
    chainEmpty: 'ไม่มี: ใบเสนอราคานี้มาจากระบบหลังร้าน',
    chainWaitsForCreate: 'รอการสร้างก่อน',
    writeCreate: 'สร้าง',
    writeEditInfo: 'แก้ไขข้อมูล',
    writeEdit: 'แก้ไขรายการและยอดเงิน',
    writeApprove: 'อนุมัติ',
    writeVoid: 'ยกเลิก',
    writeAddTag: 'เพิ่มแท็ก',
    writeRemoveTag: 'ลบแท็ก',
    editInfo: 'แก้ไขข้อมูล (Alt+I)',
    editLines: 'แก้ไขรายการ (Alt+E)',
    approve: 'อนุมัติ (Alt+A)',
    voidAction: 'ยกเลิกใบ (Alt+V)',
    newTitle: 'ใบเสนอราคาใหม่',
    editInfoTitle: 'แก้ไขข้อมูลของ {number}',
    editLinesTitle: 'แก้ไขรายการของ {number}',
    scanNotHere: 'สแกน {code} แล้ว: เพิ่มสินค้าได้ที่แก้ไขรายการ (Alt+E) ไม่ใช่ที่นี่ และไม่ได้พิมพ์ลงในช่องใด',
    number: 'เลขที่',
    numberHint: 'เครื่องนี้เสนอให้ แก้ไขได้',
    date: 'วันที่',
    dateHint: 'ปปปป-ดด-วว (ค.ศ.) เว้นว่างคือวันนี้',
    customerSearch: 'ลูกค้า (พิมพ์เพื่อค้นหาผู้ติดต่อที่บันทึกไว้)',
    customerPicked: 'ผู้ติดต่อที่บันทึกไว้: {name}',
    customerTyped: 'ลูกค้าที่พิมพ์เอง (ไม่ใช่ผู้ติดต่อที่บันทึกไว้)',
    contactSuggestions: 'ผู้ติดต่อที่บันทึกไว้',
    salesChannelNone: '(ไม่ระบุ)',
    tags: 'แท็ก',
    tagsHint: 'คั่นด้วยจุลภาค',
    save: 'บันทึก (Ctrl+Enter)',
    cancel: 'ยกเลิก',
    formHint: 'Enter: ช่องถัดไป · Ctrl+Enter: บันทึก · Esc: ยกเลิก',
    approveTitle: 'อนุมัติ {number}',
    approveDate: 'วันที่อนุมัติ',
    approveSave: 'อนุมัติ (Ctrl+Enter)',
    voidTitle: 'ยกเลิกใบเสนอราคา {number}?',
    voidText: 'ใบเสนอราคาที่ยกเลิกแล้วจะแก้ไขหรืออนุมัติไม่ได้อีก และย้อนกลับไม่ได้',
    voidConfirm: 'ยกเลิกใบนี้',
    created: 'บันทึกใบเสนอราคา {number} แล้ว จะส่งเมื่อเชื่อมต่อระบบหลังร้านได้',
    savedInfo: 'บันทึกข้อมูลของ {number} แล้ว',
    savedLines: 'บันทึกรายการของ {number} แล้ว',
    approved: 'อนุมัติใบเสนอราคา {number} แล้ว',
    voided: 'ยกเลิกใบเสนอราคา {number} แล้ว',
    tagAdded: 'เพิ่มแท็ก {tag} แล้ว',
    tagRemoved: 'ลบแท็ก {tag} แล้ว',
    refusedVoided: 'ใบเสนอราคานี้ถูกยกเลิกแล้ว แก้ไขไม่ได้',
    refusedApproved: 'ใบเสนอราคานี้อนุมัติแล้ว รายการและยอดเงินคงเดิม',
    issueNumber: 'พิมพ์เลขที่ไม่เกิน 50 ตัวอักษร และไม่ซ้ำกับใบอื่น',
    issueDate: 'พิมพ์วันที่แบบ yyyy-MM-dd เช่น 2026-11-24',
    issueAmount: 'พิมพ์จำนวนเงินตั้งแต่ 0 ขึ้นไป ทศนิยมไม่เกิน 2 ตำแหน่ง',
    issueText: 'ข้อความยาวเกินไป',
    issueTag: 'พิมพ์แท็กไม่เกิน 100 ตัวอักษร',
    issueOther: 'ตรวจสอบช่องนี้: {message}',
  },
});

const STATUSES: Record<QuotationStatus, DocumentsKey> = {
  Pending: 'statusPending',
  Success: 'statusSuccess',
  Voided: 'statusVoided',
};

export function quotationStatusWords(status: QuotationStatus): string {
  return dt(STATUSES[status]);
}

/** A status as a printed quotation carries it (any text): the page's word, or the text as it is. */
export function printedQuotationStatusWords(status: string): string {
  return isQuotationStatus(status) ? quotationStatusWords(status) : status;
}

function isQuotationStatus(status: string): status is QuotationStatus {
  return (QUOTATION_STATUSES as readonly string[]).includes(status);
}

const SEND_STATES: Record<SendState, DocumentsKey> = {
  waitingToSend: 'sendWaiting',
  sent: 'sendSent',
  needsAttention: 'sendAttention',
  discarded: 'sendDiscarded',
};

/** Where a quotation or write made on this PC stands; null: it came from the back office. */
export function sendStateWords(state: SendState | null): string {
  return state === null ? dt('sendFromBackOffice') : dt(SEND_STATES[state]);
}

const WRITES: Record<QuotationWrite, DocumentsKey> = {
  create: 'writeCreate',
  editInfo: 'writeEditInfo',
  edit: 'writeEdit',
  approve: 'writeApprove',
  void: 'writeVoid',
  addTag: 'writeAddTag',
  removeTag: 'writeRemoveTag',
};

export function writeWords(write: QuotationWrite): string {
  return dt(WRITES[write]);
}

/** The message of a refused field, by its path (the line editor's paths in its own words). */
const FIELD_MESSAGES: Record<string, DocumentsKey> = {
  number: 'issueNumber',
  date: 'issueDate',
  dateFrom: 'issueDate',
  dateTo: 'issueDate',
  amountMin: 'issueAmount',
  amountMax: 'issueAmount',
  tag: 'issueTag',
  tags: 'issueTag',
  salesChannel: 'issueText',
  reference: 'issueText',
  description: 'issueText',
  keyword: 'issueText',
  createdBy: 'issueText',
  customer: 'issueText',
};

export function documentIssueWords(issue: IpcIssue): string {
  const first = issue.path.split('.')[0] ?? '';
  if (first === 'lines' || first === 'discount' || first === 'shippingAmount') {
    const words = lineIssueWords(issue);
    if (words !== null) return words;
  }
  const key = FIELD_MESSAGES[first];
  return key === undefined ? dt('issueOther', { message: issue.message }) : dt(key);
}

/** The words for the refused field at `path` (any path under it for 'tags' and 'customer'), or null. */
export function issueFor(issues: ReadonlyMap<string, IpcIssue>, path: string): string | null {
  for (const [at, issue] of issues) {
    if (at === path || at.startsWith(`${path}.`)) return documentIssueWords(issue);
  }
  return null;
}

/** Why an action was refused when no field is to blame, in the page's words. */
export function failureWords(failure: ActionFailure): Said {
  if (failure.reason === 'voided') return refusalSaid(failure, dt('refusedVoided'));
  if (failure.reason === 'approved') return refusalSaid(failure, dt('refusedApproved'));
  return refusalSaid(failure);
}
