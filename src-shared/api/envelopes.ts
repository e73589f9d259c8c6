// Envelopes and result codes as production uses them (notes: "Envelopes and errors").
// Business, validation and auth failures come back with HTTP 200; the verdict is in the body.
import { z } from 'zod';
import type { ListTotal } from './define.js';
import { parseUntrusted } from '../parse-untrusted.js';

export const ResultCode = {
  success: '200',
  generalError: '100',
  serverError: '500',
  notEnoughInventory: '700',
  duplicateNumber: '900',
} as const;
export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

/** Texts production sends with code 100; clients classify failures by them. */
export const ResultText = {
  success: 'Success',
  invalidApi: 'Invalid API',
  invalidId: 'Invalid ID.',
  accessDenied: 'Access Denied.',
  quotaReached: (perDay: number) => `API Request Limits (${perDay} requests/day)`,
  duplicateNumber: 'Duplicate uniquenumber',
} as const;

/** resCode is a string in production, but readers accept a number too. */
const resCode = z.union([z.string(), z.number()]).transform(String);

export const ResStatus = z.looseObject({ resCode, resDesc: z.string().nullish() });

/** `{res:{resCode,resDesc}}`: the list envelope's status and the failed read. */
export const ResEnvelope = z.looseObject({ res: ResStatus });

/** `{resCode,resDesc,...}` at the top level: writes. */
export const TopLevelStatus = z.looseObject({ resCode, resDesc: z.string().nullish() });

export function listEnvelope(item: z.ZodType, totals: readonly ListTotal[]) {
  const totalFields = Object.fromEntries(totals.map((name) => [name, z.number().optional()]));
  return z.looseObject({ res: ResStatus, list: z.array(item), count: z.number().int(), ...totalFields });
}

export function writeEnvelope(created: boolean, payload?: { key: string; schema: z.ZodType }) {
  const detail = created ? { detail: z.looseObject({ id: z.number().int() }).optional() } : {};
  const extra = payload ? { [payload.key]: payload.schema.optional() } : {};
  return z.looseObject({ resCode, resDesc: z.string().nullish(), ...detail, ...extra });
}

export interface ResultStatus {
  readonly code: string;
  readonly description: string;
}

/**
 * Reads the verdict of any answer: `res.resCode` first, then a top-level `resCode` (notes). Returns
 * undefined when the body carries neither (a detail record, or a bare file list).
 */
export function readResultStatus(payload: unknown): ResultStatus | undefined {
  const wrapped = parseUntrusted(ResEnvelope, payload);
  if (wrapped.success) {
    return { code: wrapped.data.res.resCode, description: wrapped.data.res.resDesc ?? '' };
  }
  const topLevel = parseUntrusted(TopLevelStatus, payload);
  if (topLevel.success) {
    return { code: topLevel.data.resCode, description: topLevel.data.resDesc ?? '' };
  }
  return undefined;
}
