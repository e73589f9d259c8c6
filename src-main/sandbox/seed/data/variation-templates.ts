// Products sold in variations (sizes, colours, flavours): each template makes one variation whose
// members are every combination of its attribute values.
import { size, type SizeOption } from './catalogue-types.js';

export interface VariationAttribute {
  /** The variant name (Variant.variantname), e.g. สี. */
  readonly name: string;
  /** How a value appears in the product name: prefix + value ("สี" + "ขาว"). */
  readonly prefix: string;
  readonly values: readonly string[];
  /** How many of the values one variation offers (a consecutive run, so sizes stay in order). */
  readonly take: number;
}

export interface VariationTemplate {
  /** Must name a category of the catalogue. */
  readonly category: string;
  readonly names: readonly string[];
  readonly brands: readonly string[];
  readonly attributes: readonly VariationAttribute[];
  readonly size: SizeOption;
  readonly price: readonly [number, number];
}

const shirtColours = {
  name: 'สี',
  prefix: 'สี',
  values: ['ขาว', 'ดำ', 'กรมท่า', 'เทา', 'แดง', 'เขียวขี้ม้า'],
  take: 3,
};
const shirtSizes = { name: 'ไซซ์', prefix: 'ไซซ์ ', values: ['S', 'M', 'L', 'XL', '2XL'], take: 4 };
const flavours = {
  name: 'รสชาติ',
  prefix: 'รส',
  values: ['ส้ม', 'องุ่น', 'แอปเปิ้ล', 'ฝรั่ง', 'สับปะรด', 'มะม่วง', 'ลิ้นจี่', 'สตรอว์เบอร์รี'],
  take: 4,
};

export const variationTemplates: readonly VariationTemplate[] = [
  {
    category: 'เสื้อผ้าและรองเท้า',
    names: ['เสื้อยืดคอกลม', 'เสื้อยืดคอวี', 'เสื้อโปโล', 'เสื้อแขนยาวผ้าฝ้าย'],
    brands: ['ฝ้ายไทย', 'สยามคอตตอน', 'ใส่สบาย', 'ลายคราม'],
    attributes: [shirtColours, shirtSizes],
    size: size('1 ตัว', 'ตัว', 180, [30, 25, 2], 1),
    price: [159, 390],
  },
  {
    category: 'เสื้อผ้าและรองเท้า',
    names: ['รองเท้าแตะฟองน้ำ', 'รองเท้าผ้าใบ', 'รองเท้าแตะหูหนีบ'],
    brands: ['ก้าวดี', 'เดินสบาย', 'ใส่สบาย'],
    attributes: [
      { name: 'สี', prefix: 'สี', values: ['ดำ', 'น้ำเงิน', 'ขาว', 'น้ำตาล'], take: 2 },
      { name: 'เบอร์', prefix: 'เบอร์ ', values: ['37', '38', '39', '40', '41', '42', '43', '44'], take: 5 },
    ],
    size: size('1 คู่', 'คู่', 450, [30, 12, 10], 1),
    price: [89, 690],
  },
  {
    category: 'เครื่องดื่ม',
    names: ['น้ำผลไม้พร้อมดื่ม 250 มล.', 'เครื่องดื่มวิตามินซี 150 มล.', 'น้ำผลไม้ 100% 1 ลิตร'],
    brands: ['สยามสดใส', 'บ้านไร่', 'ชบาแก้ว'],
    attributes: [flavours],
    size: size('1 กล่อง', 'กล่อง', 280, [6, 4, 12], 1),
    price: [15, 59],
  },
  {
    category: 'ขนมขบเคี้ยว',
    names: ['มันฝรั่งแผ่นทอดกรอบ 48 กรัม', 'ข้าวเกรียบกุ้ง 62 กรัม'],
    brands: ['กรอบดี', 'สแน็คไทย'],
    attributes: [
      {
        name: 'รสชาติ',
        prefix: 'รส',
        values: ['ออริจินัล', 'บาร์บีคิว', 'สาหร่าย', 'ซาวครีม', 'ต้มยำกุ้ง', 'ลาบ'],
        take: 4,
      },
    ],
    size: size('1 ถุง', 'ถุง', 70, [18, 6, 25], 1),
    price: [20, 30],
  },
  {
    category: 'ของใช้ในบ้าน',
    names: ['ผ้าขนหนูคอตตอน', 'ผ้าเช็ดตัวนาโน'],
    brands: ['นุ่มสบาย', 'บ้านสุข'],
    attributes: [
      { name: 'สี', prefix: 'สี', values: ['ขาว', 'ครีม', 'ฟ้า', 'ชมพู', 'เทา'], take: 3 },
      { name: 'ขนาด', prefix: 'ขนาด', values: ['เช็ดผม 15x30 นิ้ว', 'เช็ดตัว 27x54 นิ้ว'], take: 2 },
    ],
    size: size('1 ผืน', 'ผืน', 350, [30, 20, 5], 1),
    price: [89, 290],
  },
  {
    category: 'เครื่องเขียน',
    names: ['สมุดโน้ตปกแข็ง', 'แฟ้มสันกว้าง 3 นิ้ว'],
    brands: ['ตรานกฮูก', 'ออฟฟิศเมท'],
    attributes: [
      { name: 'สี', prefix: 'สี', values: ['ฟ้า', 'เขียว', 'เหลือง', 'ชมพู', 'ดำ'], take: 4 },
      { name: 'ขนาด', prefix: 'ขนาด ', values: ['A5', 'B5', 'A4'], take: 2 },
    ],
    size: size('1 เล่ม', 'เล่ม', 300, [25, 18, 2], 1),
    price: [35, 120],
  },
  {
    category: 'เครื่องครัว',
    names: ['แก้วน้ำสแตนเลสเก็บความเย็น', 'กระบอกน้ำสุญญากาศ'],
    brands: ['คิทเช่นโปร', 'ครัวดี'],
    attributes: [
      { name: 'สี', prefix: 'สี', values: ['ดำ', 'ขาว', 'ชมพู', 'เขียวมินต์', 'ฟ้า'], take: 4 },
      { name: 'ความจุ', prefix: '', values: ['20 ออนซ์', '30 ออนซ์', '40 ออนซ์'], take: 2 },
    ],
    size: size('1 ใบ', 'ใบ', 400, [10, 10, 22], 1),
    price: [199, 490],
  },
];
