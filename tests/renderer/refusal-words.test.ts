// The page's words for a refusal or failure that came from main or the back office: a sentence chosen
// by the typed code (never the raw text), in the page's language, with the raw text kept for Details.
import './support/page-globals.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { locale } from '../../src-renderer/lib/i18n.svelte.js';
import { BY_REASON, failureSaid, refusalSaid } from '../../src-renderer/lib/refusal-words.js';
import { REFUSAL_REASONS } from '../../src-shared/ipc/refusal-reasons.js';

beforeEach(() => locale.set('th'));

const LINE_REFUSED_TEXT =
  'DecreaseProductStockList refused product 3 (SKU-3) with 999 in W0001: the product is unknown there, or the decrease is larger than the stock.';

describe('failureSaid', () => {
  it.each([
    ['LINE_REFUSED', LINE_REFUSED_TEXT, 'ระบบหลังร้านปฏิเสธรายการสต็อกนี้'],
    ['ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:443', 'ติดต่อระบบหลังร้านไม่ได้'],
    ['UND_ERR_CONNECT_TIMEOUT', 'fetch failed', 'ติดต่อระบบหลังร้านไม่ได้'],
    ['HTTP 503', 'Service Unavailable', 'ระบบหลังร้านตอบกลับไม่ได้ตามปกติ'],
    ['100', 'AddQuotationFile: Invalid ID.', 'ระบบหลังร้านไม่มีเอกสารนี้'],
    ['100', 'Invalid API', 'ระบบหลังร้านปฏิเสธคีย์ของร้านนี้'],
    ['700', 'UpdateProduct: sku is too long', 'ระบบหลังร้านปฏิเสธรายการนี้'],
    ['NOT_JSON', '<html>502 Bad Gateway</html>', 'อ่านคำตอบของระบบหลังร้านไม่ได้'],
  ])('%s "%s": a Thai sentence, the raw text only in the details', (code, text, sentence) => {
    const said = failureSaid(code, text);
    expect(said.sentence).toContain(sentence);
    expect(said.sentence).not.toContain(text);
    expect(said.details).toBe(`${code}: ${text}`);
  });

  it('reads the message out of a JSON answer body for the details; English on an English page', () => {
    locale.set('en');
    const said = failureSaid('HTTP 500', '{"message":"Internal Server Error"}');
    expect(said).toEqual({
      sentence: 'The back office had a problem answering. Stockroom tries again by itself.',
      details: 'HTTP 500: Internal Server Error',
    });
  });
});

describe('refusalSaid', () => {
  it('words main’s refusal by its code; the feature’s own sentence when it has one', () => {
    const error = { code: 'conflict', message: 'Quotation Q-1 is void.', reason: 'voided' } as const;
    expect(refusalSaid(error)).toEqual({
      sentence: 'ทำรายการนี้ไม่ได้ในสถานะปัจจุบันของเอกสาร โหลดใหม่แล้วตรวจดูอีกครั้ง',
      details: 'Quotation Q-1 is void.',
    });
    expect(refusalSaid(error, 'ใบเสนอราคานี้ถูกยกเลิกแล้ว')).toEqual({
      sentence: 'ใบเสนอราคานี้ถูกยกเลิกแล้ว',
      details: 'Quotation Q-1 is void.',
    });
    expect(refusalSaid({ code: 'internal', message: '' }).details).toBeNull();
  });

  it('every reason the contract declares has a sentence in English and in Thai', () => {
    for (const reason of REFUSAL_REASONS) {
      const error = { code: 'conflict', message: `main's words for ${reason}`, reason } as const;
      locale.set('en');
      const english = refusalSaid(error).sentence;
      locale.set('th');
      const thai = refusalSaid(error).sentence;
      expect(english, reason).toMatch(/^[A-Z].+\.$/);
      expect(thai, reason).toMatch(/[\u0E00-\u0E7F]/);
      expect(Object.keys(BY_REASON)).toContain(reason);
    }
    expect(Object.keys(BY_REASON).sort()).toEqual([...REFUSAL_REASONS].sort());
  });

  it('words a reason by the reason, not by the code it came with', () => {
    locale.set('en');
    const said = refusalSaid({ code: 'conflict', message: 'x', reason: 'record-not-found' });
    expect(said.sentence).toBe('The back office has no such record. Check the number, then attach again.');
  });
});
