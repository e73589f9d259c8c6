// "Test connection": one GetMerchantProfile with short timeouts and no retry, and a sentence for each
// way it can fail. The failure classes follow the client's kinds (src-main/backoffice/failure.ts), sorted
// by what the person should fix: the address, the credentials, or nothing (wait).
import {
  BackofficeClient,
  isBackofficeFailure,
  LocalCode,
  type BackofficeFailure,
  type BackofficeTimeouts,
} from '../backoffice/index.js';
import type { StoreSecrets } from '../credentials/index.js';
import type { ConnectionTestResult } from './profile-types.js';

/** Long enough for a slow link, short enough that a person waiting at the form is not left guessing. */
export const CONNECTION_TEST_TIMEOUTS: BackofficeTimeouts = {
  connectMs: 5_000,
  headersMs: 10_000,
  bodyMs: 10_000,
};

export interface ConnectionTestSettings {
  readonly baseUrl: string;
  readonly storename: string;
  readonly secrets: StoreSecrets;
  readonly timeouts?: Partial<BackofficeTimeouts>;
}

export async function runConnectionTest(settings: ConnectionTestSettings): Promise<ConnectionTestResult> {
  const { baseUrl, storename, secrets } = settings;
  const timeouts = { ...CONNECTION_TEST_TIMEOUTS, ...settings.timeouts };
  const client = new BackofficeClient({
    baseUrl,
    credentials: { storename, apikey: secrets.apikey, apisecret: secrets.apisecret },
    timeouts,
    // One answer is the test; a retry would only spend the store's quota to learn the same thing.
    retry: { attempts: 1 },
  });
  try {
    const merchant = await client.call('GetMerchantProfile');
    // The v4 record's name is lenient (it may be missing); the store name still says who answered.
    return { connected: true, merchantName: merchant.name || storename };
  } catch (error) {
    const result = isBackofficeFailure(error)
      ? describeFailure(error, client.baseUrl, timeouts)
      : {
          connected: false as const,
          failure: 'unexpected' as const,
          message: `The test failed unexpectedly: ${errorText(error)}`,
        };
    return { ...result, message: redact(result.message, secrets) };
  } finally {
    await client.close();
  }
}

function describeFailure(
  failure: BackofficeFailure,
  baseUrl: string,
  timeouts: BackofficeTimeouts,
): ConnectionTestResult & { connected: false } {
  switch (failure.kind) {
    case 'notSent':
      return {
        connected: false,
        failure: 'unreachable',
        message: `Could not reach ${baseUrl} — check the address and the network (${failure.code}).`,
      };
    case 'auth':
      // A v4 back office refuses credentials with code 100 in an HTTP 200 answer; an HTTP 404, 405 or
      // redirect comes from something else at that address (a web site, a proxy's login page).
      if (failure.code.startsWith('HTTP ')) {
        return {
          connected: false,
          failure: 'unreachable',
          message: `${baseUrl} answered ${failure.code}, which a v4 back office does not — check the address.`,
        };
      }
      return {
        connected: false,
        failure: 'credentials',
        message: `The store name, API key or API secret was refused (${failure.text}).`,
      };
    case 'quota':
      return {
        connected: false,
        failure: 'quota',
        message: `The back office answered, but the store's daily request limit is used up (${failure.text}). Try again after midnight, Thai time; the limit is shared by every computer using this store.`,
      };
    case 'unclear':
      return {
        connected: false,
        failure: 'server',
        message: `The back office at ${baseUrl} did not answer properly (${serverProblem(failure, timeouts)}). Try again in a few minutes.`,
      };
    case 'malformed':
      if (failure.code === LocalCode.answerTooLarge) {
        return {
          connected: false,
          failure: 'tooLarge',
          message: `${baseUrl} answered with more than a v4 back office sends (${failure.text}) — check the address.`,
        };
      }
      return {
        connected: false,
        failure: 'unexpected',
        message: `${baseUrl} answered, but not like a v4 back office (${failure.code}) — check the address.`,
      };
    case 'permanent':
    case 'duplicate':
      return {
        connected: false,
        failure: 'unexpected',
        message: `The back office refused the test (${failure.code} ${failure.text}).`,
      };
  }
}

function serverProblem(failure: BackofficeFailure, timeouts: BackofficeTimeouts): string {
  if (failure.code === 'UND_ERR_HEADERS_TIMEOUT' || failure.code === 'UND_ERR_BODY_TIMEOUT') {
    const seconds = Math.max(timeouts.headersMs, timeouts.bodyMs) / 1000;
    return `no answer within ${seconds.toLocaleString('en', { maximumFractionDigits: 1 })} s`;
  }
  if (failure.code === 'ECONNRESET' || failure.code === 'UND_ERR_SOCKET')
    return 'the connection was cut before the answer';
  if (failure.code.startsWith('HTTP ')) return failure.code;
  if (failure.code === '500') return `server error: ${failure.text || 'resCode 500'}`;
  return `${failure.code}${failure.text ? `: ${failure.text}` : ''}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The client already redacts its errors; anything else that reaches a message goes through this too. */
function redact(text: string, secrets: StoreSecrets): string {
  let result = text;
  for (const secret of [secrets.apikey, secrets.apisecret]) {
    if (secret !== '') result = result.split(secret).join('[redacted]');
  }
  return result;
}
