// Building blocks of the call schemas. Arguments are strict objects (an unknown key is refused, so a
// typo never passes silently) with bounded strings and safe integers; results are plain objects without
// transforms, so what main sends is exactly what the schema describes. Results use null, never
// undefined: the web host carries them as JSON, where undefined disappears.
import { z } from 'zod';
import { PARTY_ISSUE_MESSAGES, partyFieldIssue, type PartyField } from '../../domain/party-checks.js';
import { readTypedFigure, refusalMessage, type NumberRule } from '../../domain/typed-number.js';
import { DRIFT_POLICIES } from '../../domain/vocabulary.js';

export const EMPTY_ARGS = z.strictObject({});

/** Ids and counts: safe, non-negative integers. */
export const count = z.int().nonnegative();
export const rowId = z.int().positive();
/** Epoch milliseconds. */
export const epochMs = z.number();

export const shortText = (max = 200) => z.string().max(max);
export const requiredText = (max = 200) => z.string().trim().min(1).max(max);

/**
 * A contact's tax id, branch number, phone or e-mail as a person typed it: empty, or passing its check
 * (domain/party-checks, the same the page runs first).
 */
export const partyText = (field: PartyField, max: number) =>
  shortText(max)
    .refine((text) => partyFieldIssue(field, text) === null, {
      error: (issue) => {
        const found = typeof issue.input === 'string' ? partyFieldIssue(field, issue.input) : null;
        return found === null ? 'not valid' : PARTY_ISSUE_MESSAGES[found];
      },
    })
    .default('');

/** What a person types of a contact besides its code and name (contacts, money, quotations). */
export const partyFields = {
  idNumber: partyText('idNumber', 50),
  phone: partyText('phone', 50),
  email: partyText('email', 200),
  address: shortText(500).default(''),
  branchName: shortText(200).default(''),
  branchNo: partyText('branchNo', 50),
};

/**
 * Text a person types to search: bounded, and holding no control character (NUL, tab, line break, the
 * C1 controls). Those reach SQLite's full-text MATCH and LIKE, where they failed as 'internal'; no one
 * types them, so they are refused here, naming the field (issue 21).
 */
export const searchText = (max = 100) =>
  z
    .string()
    .max(max)
    .refine((text) => !/\p{Cc}/u.test(text), { error: 'holds a control character; type plain text' });

export const uuidLike = z.string().min(1).max(64);

/** Who scanned or changed a line: each counter has their own undo stack. */
export const DEFAULT_COUNTER = 'default';
export const counter = requiredText(64).default(DEFAULT_COUNTER);

/** Paging of long lists. */
export const MAX_PAGE = 500;
export const pageArgs = {
  offset: count.default(0),
  limit: z.int().min(1).max(MAX_PAGE).default(100),
};

export const driftPolicy = z.enum(DRIFT_POLICIES);

/**
 * A product of the local catalogue: the server's id (≥ 1), or a product made on this PC whose create
 * has not reached the back office yet (≤ −1: minus its create's outbox operation id).
 */
export const productRef = z.int().refine((value) => value !== 0, 'a product id is never 0');

/**
 * A figure a person typed, under the one rule of src-shared/domain/typed-number.ts: the page sends the
 * text as typed (or a number, from other callers), and main refuses exactly what the page refuses, with
 * the rule and its bound in the issue's message. Handlers receive the exact number.
 */
export function typedFigure(rule: NumberRule) {
  return z
    .union([z.number(), z.string().max(64)], { error: 'must be a number' })
    .transform((input, context) => {
      const read = readTypedFigure(input, rule);
      if (read.ok) return read.value;
      context.addIssue({ code: 'custom', message: refusalMessage(read.refusal), input });
      return z.NEVER;
    });
}
