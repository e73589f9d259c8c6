// PromptPay on quotations (issue 25): the EMVCo merchant-presented payload for the store's PromptPay id
// and the amount, made by promptpay-qr (the payload library Thai shops' own tools use: tag 29 with the
// PromptPay AID, 58 TH, 53 764, 54 the amount, 63 the CRC-16/CCITT-FALSE), drawn as a QR by bwip-js (error correction M, BWIPP's default).
// A static QR carries no reference, so the paper prints the quotation's number beside it.
import bwipjs from 'bwip-js/node';
import generatePayload from 'promptpay-qr';

/** Why a PromptPay id is not one (English: the page words the reason itself), or null. */
export function promptPayIdProblem(id: string): string | null {
  if (!/^\d+$/.test(id)) return 'A PromptPay id is digits only';
  if (id.length === 10) {
    return id.startsWith('0') ? null : 'A PromptPay phone number has 10 digits and starts with 0';
  }
  if (id.length === 13) return thaiTaxIdIsValid(id) ? null : 'The tax id’s check digit is wrong';
  return 'A PromptPay id is a 10-digit phone number or a 13-digit tax id';
}

/** A Thai tax or citizen id's check digit: Σ dᵢ·(13 − i) over the first 12, (11 − Σ mod 11) mod 10. */
export function thaiTaxIdIsValid(id: string): boolean {
  if (!/^\d{13}$/.test(id)) return false;
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(id[index]) * (13 - index);
  return (11 - (sum % 11)) % 10 === Number(id[12]);
}

export interface PromptPayQr {
  readonly id: string;
  readonly amount: number;
  readonly payload: string;
  /** The QR as an SVG data URL. */
  readonly qrDataUrl: string;
}

/** The QR asking for `amount` baht to the PromptPay id (checked with promptPayIdProblem first). */
export function promptPayQr(id: string, amount: number): PromptPayQr {
  const payload = generatePayload(id, { amount });
  const svg = bwipjs.toSVG({ bcid: 'qrcode', text: payload, scale: 1, paddingwidth: 0 });
  return {
    id,
    amount,
    payload,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}
