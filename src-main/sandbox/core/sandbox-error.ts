// How a handler says "no": a result code and description that the server turns into the v4 failure
// envelope (`{res:{resCode,resDesc}}` for reads, `{resCode,resDesc}` for writes), always with HTTP 200.
import { ResultCode, ResultText } from '../../../src-shared/api/envelopes.js';

export class SandboxError extends Error {
  constructor(
    readonly code: string,
    readonly description: string,
  ) {
    super(`${code} ${description}`);
    this.name = 'SandboxError';
  }
}

/** '100' "Invalid ID." — the parent record is missing or unknown; `detail` follows the text. */
export function invalidId(detail?: string): SandboxError {
  const text = detail ? `${ResultText.invalidId} ${detail}` : ResultText.invalidId;
  return new SandboxError(ResultCode.generalError, text);
}

/** '100' "Access Denied." — also production's answer to an unknown warehouse code. */
export function accessDenied(): SandboxError {
  return new SandboxError(ResultCode.generalError, ResultText.accessDenied);
}

/** '100' "<field> <message>", e.g. validation('list[0].sku', 'is required'). */
export function validation(field: string, message: string): SandboxError {
  return new SandboxError(ResultCode.generalError, `${field} ${message}`);
}

/** '700' not enough inventory, naming what ran short. */
export function notEnoughInventory(detail?: string): SandboxError {
  const text = detail ? `Not enough inventory: ${detail}` : 'Not enough inventory';
  return new SandboxError(ResultCode.notEnoughInventory, text);
}

/** '900' a repeated `uniquenumber` (or another duplicate number); nothing is created. */
export function duplicate(detail?: string): SandboxError {
  const text = detail ? `${ResultText.duplicateNumber}: ${detail}` : ResultText.duplicateNumber;
  return new SandboxError(ResultCode.duplicateNumber, text);
}

/** '100' for an endpoint of the table that no resource module implements yet. */
export function notImplemented(endpointName: string): SandboxError {
  return new SandboxError(ResultCode.generalError, `Not implemented in the sandbox: ${endpointName}`);
}
