// Secrets never reach a log line: values registered at runtime are replaced wherever they appear (in
// messages, field values, keys, error messages and stacks, URLs), keys that name a secret have their
// value replaced whatever it is, and URLs lose their password and secret-named query values. An error's
// texts (message, stack, its own text fields) also have what looks like personal data masked: errors
// carry the back office's refusal texts, which quote the tax ids, phones and e-mails sent.
import { maskPersonalData } from './personal-data.js';

export const REDACTED = '[redacted]';

/** Shorter values are not registered: replacing every "1" or "ab" would ruin the log and hide nothing. */
export const MIN_SECRET_LENGTH = 4;

const MAX_DEPTH = 8;
const MAX_STRING_LENGTH = 16_384;

/** Keys (case-insensitive, `-`/`_` ignored) whose values are secrets whatever they hold. */
const SECRET_KEYS = new Set([
  'apikey',
  'apisecret',
  'password',
  'passwd',
  'passphrase',
  'token',
  'secret',
  'authorization',
  'cookie',
  'setcookie',
  'clientsecret',
]);
/** Key endings that name a secret: `accessToken`, `storePassword`, `x-api-secret`. */
const SECRET_KEY_SUFFIXES = ['token', 'password', 'secret', 'apikey'];

const SECRET_QUERY_NAMES =
  'apikey|api_key|api-key|apisecret|api_secret|api-secret|password|passwd|token|access_token|refresh_token|secret|client_secret';
const SECRET_QUERY_PARAMETER = new RegExp(`([?&;](?:${SECRET_QUERY_NAMES})=)[^&#;\\s"'<>]*`, 'gi');
/** `scheme://user:password@` — the password part of a URL's user info. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:"'<>]*:)[^\s/?#@"'<>]*@/gi;

export function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[-_\s]/g, '');
  return SECRET_KEYS.has(normalized) || SECRET_KEY_SUFFIXES.some((suffix) => normalized.endsWith(suffix));
}

/** The forms a registered value takes in text: as is, URL-encoded (both ways) and JSON-escaped. */
function encodedForms(value: string): string[] {
  const forms = new Set([
    value,
    encodeURIComponent(value),
    new URLSearchParams({ v: value }).toString().slice(2),
  ]);
  forms.add(JSON.stringify(value).slice(1, -1));
  return [...forms].filter((form) => form.length >= MIN_SECRET_LENGTH);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export interface Redactor {
  /** Registers a value (an API key, a password) to be replaced by `[redacted]` in everything logged. */
  registerSecret(value: string): void;
  /** A string with every registered value and every URL password or secret query value replaced. */
  redactText(text: string): string;
  /** A JSON-safe copy of any value, redacted (errors become `{ name, message, stack, ... }`). */
  redactValue(value: unknown): unknown;
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  let pattern: RegExp | null = null;

  function rebuildPattern(): void {
    const forms = [...secrets].flatMap(encodedForms);
    // Longest first, so a value containing another is replaced whole.
    const unique = [...new Set(forms)].sort((a, b) => b.length - a.length);
    pattern = unique.length === 0 ? null : new RegExp(unique.map(escapeRegExp).join('|'), 'g');
  }

  function redactText(text: string): string {
    let result = pattern === null ? text : text.replace(pattern, REDACTED);
    result = result.replace(URL_PASSWORD, `$1${REDACTED}@`).replace(SECRET_QUERY_PARAMETER, `$1${REDACTED}`);
    return result.length > MAX_STRING_LENGTH
      ? `${result.slice(0, MAX_STRING_LENGTH)}…[${result.length - MAX_STRING_LENGTH} more characters]`
      : result;
  }

  function redactErrorText(text: string): string {
    return maskPersonalData(redactText(text));
  }

  function redactError(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
    const plain: Record<string, unknown> = { name: error.name, message: redactErrorText(error.message) };
    if (error.stack !== undefined) plain['stack'] = redactErrorText(error.stack);
    for (const [key, value] of Object.entries(error)) {
      if (key === 'name' || key === 'message' || key === 'stack') continue;
      plain[redactText(key)] = isSecretKey(key)
        ? REDACTED
        : typeof value === 'string'
          ? redactErrorText(value)
          : redactAny(value, depth + 1, seen);
    }
    if (error.cause !== undefined) plain['cause'] = redactAny(error.cause, depth + 1, seen);
    return plain;
  }

  function redactAny(value: unknown, depth: number, seen: WeakSet<object>): unknown {
    switch (typeof value) {
      case 'string':
        return redactText(value);
      case 'number':
        return Number.isFinite(value) ? value : String(value);
      case 'boolean':
        return value;
      case 'bigint':
        return value.toString();
      case 'undefined':
        return undefined;
      case 'symbol':
        return redactText(value.toString());
      case 'function':
        return `[function ${value.name || 'anonymous'}]`;
    }
    if (value === null) return null;
    const object = value as object;
    if (seen.has(object)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[nested too deep]';
    seen.add(object);
    try {
      if (object instanceof Error) return redactError(object, depth, seen);
      if (object instanceof Date)
        return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
      if (object instanceof URL) return redactText(object.href);
      if (ArrayBuffer.isView(object)) return `[${object.byteLength} bytes]`;
      if (object instanceof Map) {
        return [...object.entries()].map(([key, entry]) => [
          redactAny(key, depth + 1, seen),
          typeof key === 'string' && isSecretKey(key) ? REDACTED : redactAny(entry, depth + 1, seen),
        ]);
      }
      if (object instanceof Set) return [...object].map((entry) => redactAny(entry, depth + 1, seen));
      if (Array.isArray(object)) return object.map((entry) => redactAny(entry, depth + 1, seen));
      const plain: Record<string, unknown> = {};
      for (const [key, entry] of Object.entries(object)) {
        plain[redactText(key)] = isSecretKey(key) ? REDACTED : redactAny(entry, depth + 1, seen);
      }
      return plain;
    } finally {
      seen.delete(object);
    }
  }

  return {
    registerSecret(value: string): void {
      if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || secrets.has(value)) return;
      secrets.add(value);
      rebuildPattern();
    },
    redactText,
    redactValue: (value) => redactAny(value, 0, new WeakSet()),
  };
}
