// The checks of a contact's ids and ways to reach them, wherever a person types them (contacts, money,
// quotations, returns). The page runs them before sending; main's schemas run them again, so a form
// that skipped them is still refused. Every field may be left empty; a typed value is taken as typed
// (trimmed) or refused, never rewritten. Kept free of zod: the renderer imports this module.

/** Why a typed id, phone or e-mail is refused (the page's words are keyed by these). */
export type PartyIssue =
  'taxIdDigits' | 'taxIdCheckDigit' | 'branchNoDigits' | 'phoneInvalid' | 'emailInvalid';

/** The party fields these checks cover. */
export type PartyField = 'idNumber' | 'branchNo' | 'phone' | 'email';

export const TAX_ID_DIGITS = 13;
export const BRANCH_NO_DIGITS = 5;
/** The branch number of a head office. */
export const HEAD_OFFICE_BRANCH = '00000';
/** Digits of one phone number, leaving out an extension: a Thai landline has 9, a mobile 10, +66… 11. */
export const PHONE_MIN_DIGITS = 9;
export const PHONE_MAX_DIGITS = 15;

// A tax id may be typed grouped as printed on Thai papers (0-1055-12345-67-8): hyphens or spaces.
const TAX_ID_TEXT = /^[0-9](?:[ -]?[0-9]){12}$/u;
const BRANCH_NO_TEXT = /^[0-9]{5}$/u;
// One number: an optional +, digits with the separators people write (space, hyphen, dot, brackets),
// then an optional extension (ext 12, x12, #12, ต่อ 12).
const PHONE_NUMBER = /^(\+?[0-9 ().-]+?)(?:\s*(?:ext\.?|x|#|ต่อ)\s*[0-9]{1,6})?$/iu;
// Several numbers may share the field: "081-234-5678, 02-123-4567" or with a slash.
const PHONE_SEPARATOR = /\s*[,/]\s*/u;
// One address: no spaces, one @, a domain of dot-separated labels (Thai ones too, with their marks) and
// a top-level label of 2+ letters.
// a top-level label of 2+ letters.
const EMAIL_TEXT =
  /^[^\s@"(),:;<>[\\\]]+@(?:[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?\.)+\p{L}[\p{L}\p{M}]+$/u;

/**
 * A Thai tax id (a company's, or a person's citizen id, which the Revenue Department uses as one):
 * 13 digits whose last is the check digit of the first twelve.
 */
export function taxIdIssue(text: string): PartyIssue | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (!TAX_ID_TEXT.test(typed)) return 'taxIdDigits';
  const digits = typed.replace(/[ -]/gu, '');
  return taxIdCheckDigit(digits.slice(0, 12)) === Number(digits[12]) ? null : 'taxIdCheckDigit';
}

/** The check digit of a tax id's first twelve digits (weights 13 down to 2, mod 11). */
export function taxIdCheckDigit(first12: string): number {
  let sum = 0;
  for (let at = 0; at < 12; at++) sum += Number(first12[at]) * (13 - at);
  return (11 - (sum % 11)) % 10;
}

/** A branch number: five digits, 00000 for the head office. */
export function branchNoIssue(text: string): PartyIssue | null {
  const typed = text.trim();
  if (typed === '') return null;
  return BRANCH_NO_TEXT.test(typed) ? null : 'branchNoDigits';
}

/** One or more phone numbers, each of 9 to 15 digits (an extension aside). */
export function phoneIssue(text: string): PartyIssue | null {
  const typed = text.trim();
  if (typed === '') return null;
  for (const number of typed.split(PHONE_SEPARATOR)) {
    const match = PHONE_NUMBER.exec(number);
    const main = match?.[1];
    if (main === undefined) return 'phoneInvalid';
    const digits = main.replace(/[^0-9]/gu, '').length;
    if (digits < PHONE_MIN_DIGITS || digits > PHONE_MAX_DIGITS) return 'phoneInvalid';
  }
  return null;
}

/** One e-mail address (name@example.co.th). */
export function emailIssue(text: string): PartyIssue | null {
  const typed = text.trim();
  if (typed === '') return null;
  if (!EMAIL_TEXT.test(typed)) return 'emailInvalid';
  const local = typed.slice(0, typed.lastIndexOf('@'));
  return local.startsWith('.') || local.endsWith('.') || local.includes('..') ? 'emailInvalid' : null;
}

const CHECKS: Record<PartyField, (text: string) => PartyIssue | null> = {
  idNumber: taxIdIssue,
  branchNo: branchNoIssue,
  phone: phoneIssue,
  email: emailIssue,
};

/** The check of one party field. */
export function partyFieldIssue(field: PartyField, text: string): PartyIssue | null {
  return CHECKS[field](text);
}

export function isPartyIssue(value: string): value is PartyIssue {
  return Object.hasOwn(PARTY_ISSUE_MESSAGES, value);
}

/** What main says when it refuses a party field (the page shows its own words, keyed by the issue). */
export const PARTY_ISSUE_MESSAGES: Record<PartyIssue, string> = {
  taxIdDigits: `a tax id is ${TAX_ID_DIGITS} digits (0-9; hyphens or spaces between them are fine)`,
  taxIdCheckDigit: 'this tax id does not add up: its last digit is not the check digit of the first twelve',
  branchNoDigits: `a branch number is ${BRANCH_NO_DIGITS} digits (${HEAD_OFFICE_BRANCH} for the head office)`,
  phoneInvalid: `a phone number has ${PHONE_MIN_DIGITS}-${PHONE_MAX_DIGITS} digits (0-9, with spaces, hyphens or a leading +)`,
  emailInvalid: 'an e-mail address looks like name@example.co.th',
};

/** The party check behind one of main's refusal messages (main words them from the list above). */
export function partyIssueOfMessage(message: string): PartyIssue | null {
  return (
    (Object.keys(PARTY_ISSUE_MESSAGES) as PartyIssue[]).find(
      (issue) => PARTY_ISSUE_MESSAGES[issue] === message,
    ) ?? null
  );
}
