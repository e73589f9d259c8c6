// The failure envelopes as schemas: a result code other than "200" and its description, res-wrapped for
// reads and top-level for writes (notes: "Envelopes and errors"). They are components of the document.
import { z } from 'zod';
import { FAILURE_CODES } from './document-text.js';

const [firstCode, ...otherCodes] = FAILURE_CODES;
if (firstCode === undefined) throw new Error('ResultCode names no failure code');

/** "100", "500", "700" or "900"; never "200", so a failure never also reads as a success. */
export const FailureCode = z.enum([firstCode, ...otherCodes]);

const failureStatus = () => z.looseObject({ resCode: FailureCode, resDesc: z.string() });

/** `{res:{resCode,resDesc}}`: a failed GET. */
export const ReadFailure = z.looseObject({ res: failureStatus() });

/** `{resCode,resDesc}` at the top level: a failed POST. */
export const WriteFailure = failureStatus();
