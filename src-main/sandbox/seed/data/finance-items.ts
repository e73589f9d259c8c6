// What a Thai store's incomes and expenses are made of: item names under a category, a usual range in
// baht, and for bills the payee printed on them.

export interface FinanceItemTemplate {
  readonly categoryname: string;
  readonly names: readonly string[];
  readonly range: readonly [number, number];
  /** A fixed payee (utilities); absent: a contact of the store, or nobody. */
  readonly payee?: string;
}

export const incomeItems: readonly FinanceItemTemplate[] = [
  { categoryname: 'รายได้ค่าบริการ', names: ['ค่าบริการจัดส่งสินค้า', 'ค่าบริการติดตั้ง'], range: [200, 5000] },
  { categoryname: 'รายได้ค่าเช่า', names: ['ค่าเช่าพื้นที่วางสินค้า', 'ค่าเช่าชั้นวางหน้าร้าน'], range: [3000, 15000] },
  { categoryname: 'รายได้อื่น', names: ['ขายเศษกล่องกระดาษ', 'ขายพาเลทไม้เก่า'], range: [150, 1500] },
  {
    categoryname: 'รายได้ส่งเสริมการขาย',
    names: ['ค่าส่งเสริมการขายจากผู้จำหน่าย', 'ค่าจัดวางสินค้าพิเศษ'],
    range: [1000, 20000],
  },
  { categoryname: 'ดอกเบี้ยรับ', names: ['ดอกเบี้ยเงินฝากธนาคาร'], range: [20, 800] },
  { categoryname: 'รายได้จากการขาย', names: ['ขายสินค้าส่ง', 'ขายสินค้าให้ร้านค้าปลีก'], range: [2000, 50000] },
];

export const expenseItems: readonly FinanceItemTemplate[] = [
  { categoryname: 'ค่าเช่า', names: ['ค่าเช่าอาคารคลังสินค้า', 'ค่าเช่าหน้าร้าน'], range: [15000, 45000] },
  { categoryname: 'ค่าสาธารณูปโภค', names: ['ค่าไฟฟ้า'], range: [2500, 18000], payee: 'การไฟฟ้านครหลวง' },
  { categoryname: 'ค่าสาธารณูปโภค', names: ['ค่าน้ำประปา'], range: [300, 2500], payee: 'การประปานครหลวง' },
  {
    categoryname: 'ค่าสาธารณูปโภค',
    names: ['ค่าอินเทอร์เน็ต', 'ค่าโทรศัพท์สำนักงาน'],
    range: [599, 2500],
    payee: 'บริษัท ไทยเน็ตเวิร์ค คอมมิวนิเคชั่น จำกัด',
  },
  { categoryname: 'เงินเดือนและค่าแรง', names: ['ค่าแรงพนักงานรายวัน', 'ค่าล่วงเวลา'], range: [3000, 20000] },
  { categoryname: 'ค่าขนส่ง', names: ['ค่าขนส่งสินค้า', 'ค่าน้ำมันรถส่งของ'], range: [300, 6000] },
  {
    categoryname: 'วัสดุสิ้นเปลือง',
    names: ['เทปกาวและกล่องพัสดุ', 'ถุงพลาสติกและสติกเกอร์บาร์โค้ด', 'กระดาษใบเสร็จ'],
    range: [200, 3000],
  },
  { categoryname: 'ค่าซ่อมบำรุง', names: ['ค่าซ่อมรถโฟล์คลิฟท์', 'ค่าซ่อมชั้นวางสินค้า'], range: [1500, 12000] },
  { categoryname: 'ค่าโฆษณา', names: ['ค่าโฆษณาออนไลน์', 'ค่าพิมพ์ใบปลิว'], range: [500, 10000] },
];

export const financeTags: readonly string[] = ['ประจำเดือน', 'รอใบกำกับภาษี', 'ค่าใช้จ่ายสำนักงาน', 'ตรวจสอบแล้ว'];

export const transferDescriptions: readonly string[] = [
  'นำเงินสดเข้าบัญชีธนาคาร',
  'เบิกเงินสดย่อย',
  'โอนเงินระหว่างบัญชี',
  'ปิดยอดเงินสดประจำวัน',
];
