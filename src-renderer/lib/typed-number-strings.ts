// The words of a refused typed number (src-shared/domain/typed-number.ts) in English and Thai; {bound}
// and {decimals} name the limit the figure broke. A missing Thai string is a type error.
import { translator } from './i18n.svelte.js';

export const numberWords = translator({
  en: {
    empty: 'Type a number here.',
    notANumber: '“{text}” is not a number: type digits, e.g. 1,412.40.',
    exponent: '“{text}” is written as an exponent: type the digits out, e.g. 1000.',
    grouping: '“{text}” has commas out of place: group thousands as 1,412.40.',
    tooManyDecimals: '“{text}” has more than {decimals} decimals: type at most {decimals}, e.g. 12.34.',
    notWhole: '“{text}” is not a whole number: quantities are whole units.',
    negative: '“{text}” is negative: type 0 or more.',
    sign: '“{text}” has a + sign: type the number without it.',
    zero: 'Type more than 0.',
    tooLarge: '“{text}” is too large: at most {bound}.',
  },
  th: {
    empty: 'พิมพ์ตัวเลขในช่องนี้',
    notANumber: '“{text}” ไม่ใช่ตัวเลข: พิมพ์เป็นตัวเลข เช่น 1,412.40',
    exponent: '“{text}” เขียนแบบเลขยกกำลัง: พิมพ์ตัวเลขเต็ม เช่น 1000',
    grouping: '“{text}” ใส่จุลภาคผิดตำแหน่ง: คั่นหลักพันแบบ 1,412.40',
    tooManyDecimals: '“{text}” มีทศนิยมเกิน {decimals} ตำแหน่ง: พิมพ์ไม่เกิน {decimals} ตำแหน่ง เช่น 12.34',
    notWhole: '“{text}” ไม่ใช่จำนวนเต็ม: จำนวนสินค้าต้องเป็นหน่วยเต็ม',
    negative: '“{text}” ติดลบ: พิมพ์ 0 ขึ้นไป',
    sign: '“{text}” มีเครื่องหมาย +: พิมพ์ตัวเลขโดยไม่ต้องใส่',
    zero: 'พิมพ์จำนวนที่มากกว่า 0',
    tooLarge: '“{text}” มากเกินไป: ไม่เกิน {bound}',
  },
});
