// General brand names (invented), built from marks and words the way Thai trade marks often are:
// "ตรา" + an emblem + a qualifier (ตราช้างทอง), or a Thai word + an English-sounding ending (สยามเฟรช).

const emblems = [
  'ช้าง',
  'นกยูง',
  'ดอกบัว',
  'เรือใบ',
  'ดาว',
  'มังกร',
  'ม้าบิน',
  'ปลาคู่',
  'สิงห์',
  'หงส์',
  'กระต่าย',
  'เสือ',
  'นกอินทรี',
  'ใบโพธิ์',
  'มงกุฎ',
  'ระฆัง',
  'พระอาทิตย์',
  'จันทร์เสี้ยว',
  'ภูเขา',
  'กุหลาบ',
];
const qualifiers = ['', 'ทอง', 'คู่', 'เงิน', 'แดง', 'ฟ้า', 'เขียว', 'น้อย', 'ไทย', 'สามดาว'];

const stems = ['สยาม', 'ไทย', 'บ้าน', 'ทอง', 'ฟ้า', 'ดี', 'สุข', 'รุ่ง', 'ศรี', 'มงคล', 'เจริญ', 'ชัย'];
const endings = ['โปร', 'พลัส', 'เฟรช', 'มาร์ท', 'เฮ้าส์', 'แลนด์', 'ซีเล็คท์', 'แคร์', 'ลีฟวิ่ง', 'ชอยส์'];

export const brands: readonly string[] = [
  ...emblems.flatMap((emblem) => qualifiers.map((qualifier) => `ตรา${emblem}${qualifier}`)),
  ...stems.flatMap((stem) => endings.map((ending) => `${stem}${ending}`)),
];
