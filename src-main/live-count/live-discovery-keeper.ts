// When this PC takes part in discovery (live-discovery.ts), for the live-count service: it advertises
// while one of its hosted counts has a join window open (a goodbye when the last one closes), and it
// listens for hosts only while a join dialog asks (closed again after a minute without a question).
// Discovery is a convenience: a failure is logged and the member types the address instead.
import type { Logger } from '../logging/index.js';
import {
  LiveDiscovery,
  type Advertisement,
  type DiscoveryNetwork,
  type FoundHost,
} from './live-discovery.js';

/** How long the socket stays open after the last question, when this PC advertises nothing. */
const IDLE_MS = 60_000;

export interface DiscoveryKeeperOptions {
  /** undefined: no discovery (the default of tests that host over loopback). */
  readonly network: DiscoveryNetwork | undefined;
  readonly logger: Logger;
}

function sameAdvert(a: Advertisement | undefined, b: Advertisement | undefined): boolean {
  return a?.name === b?.name && a?.host === b?.host && a?.port === b?.port;
}

export class DiscoveryKeeper {
  readonly #options: DiscoveryKeeperOptions;
  #discovery: LiveDiscovery | undefined;
  #advert: Advertisement | undefined;
  /** One change at a time, in order: an advertise and its goodbye never cross. */
  #queue: Promise<void> = Promise.resolve();
  #idle: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(options: DiscoveryKeeperOptions) {
    this.#options = options;
  }

  get enabled(): boolean {
    return this.#options.network !== undefined;
  }

  /** Asks the network and answers the hosts found so far (none when discovery is off or failed). */
  async findHosts(): Promise<FoundHost[]> {
    if (this.#options.network === undefined || this.#closed) return [];
    this.#touch();
    try {
      return await this.#use().browse();
    } catch (error) {
      this.#options.logger.warn('live discovery: looking for hosts failed', { error });
      return [];
    }
  }

  /** Advertises `advert` (undefined: says goodbye); repeated calls with the same one do nothing. */
  sync(advert: Advertisement | undefined): Promise<void> {
    if (this.#options.network === undefined || this.#closed || sameAdvert(advert, this.#advert)) {
      return this.#queue;
    }
    this.#advert = advert;
    this.#queue = this.#queue.then(async () => {
      try {
        if (advert === undefined) {
          await this.#discovery?.stopAdvertising();
          this.#touch();
        } else {
          await this.#use().advertise(advert);
        }
      } catch (error) {
        this.#options.logger.warn('live discovery: advertising failed', { error });
      }
    });
    return this.#queue;
  }

  async close(): Promise<void> {
    await this.sync(undefined);
    this.#closed = true;
    clearTimeout(this.#idle);
    const discovery = this.#discovery;
    this.#discovery = undefined;
    await discovery?.close();
  }

  #use(): LiveDiscovery {
    const network = this.#options.network;
    if (network === undefined) throw new Error('live discovery is off');
    this.#discovery ??= new LiveDiscovery({ network, logger: this.#options.logger });
    return this.#discovery;
  }

  #touch(): void {
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => {
      if (this.#advert !== undefined || this.#discovery === undefined) return;
      const discovery = this.#discovery;
      this.#discovery = undefined;
      this.#queue = this.#queue.then(() => discovery.close());
    }, IDLE_MS);
    this.#idle.unref();
  }
}
