// Holds a store's credentials so that nothing but the request headers ever sees the key and secret:
// not errors, not logs, not JSON.stringify or util.inspect of the client.
import { inspect } from 'node:util';

export interface BackofficeCredentials {
  readonly storename: string;
  readonly apikey: string;
  readonly apisecret: string;
}

const REDACTED = '[redacted]';

export class CredentialVault {
  readonly #credentials: BackofficeCredentials;

  constructor(credentials: BackofficeCredentials) {
    // A copy: the caller's object may be logged later; ours is never handed out.
    this.#credentials = {
      storename: credentials.storename,
      apikey: credentials.apikey,
      apisecret: credentials.apisecret,
    };
  }

  /** The store name is not secret: it names the budget and shows in the UI. */
  get storename(): string {
    return this.#credentials.storename;
  }

  /** The three headers every v4 request needs. */
  headers(): Record<string, string> {
    const { storename, apikey, apisecret } = this.#credentials;
    return { storename, apikey, apisecret };
  }

  /**
   * Removes the key and secret from a text that came from outside (a server message, a transport error):
   * a proxy or a faulty server may echo request headers back.
   */
  redact(text: string): string {
    let result = text;
    for (const secret of [this.#credentials.apikey, this.#credentials.apisecret]) {
      if (secret !== '') result = result.split(secret).join(REDACTED);
    }
    return result;
  }

  toJSON(): string {
    return `CredentialVault(${this.#credentials.storename})`;
  }

  toString(): string {
    return this.toJSON();
  }

  [inspect.custom](): string {
    return this.toJSON();
  }
}
