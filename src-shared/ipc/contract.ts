// The IPC contract: every call the renderer makes, as `<area>.<verb>` with ONE named-object argument
// and a result schema. Main validates arguments with these schemas before any service sees them
// (src-main/api/api-core.ts), over Electron IPC and over the web host alike; results go through their
// schema too, so nothing outside it (a secret, an internal field) can ride along.
import type { z } from 'zod';
import type { CallNameList } from './names.js';
import type { RefusalReason } from './refusal-reasons.js';
import { catalogueCalls } from './schemas/catalogue.js';
import { catalogueProductCalls } from './schemas/catalogue-products.js';
import { countingCalls } from './schemas/counting.js';
import { countShelfCalls } from './schemas/count-shelves.js';
import { shelvesCalls } from './schemas/shelves.js';
import { documentLinesCalls } from './schemas/document-lines.js';
import { quotationsCalls } from './schemas/quotations.js';
import { returnCalls } from './schemas/returns.js';
import { filesCalls } from './schemas/files.js';
import { moneyCalls } from './schemas/money.js';
import { contactsCalls } from './schemas/contacts.js';
import { outboxCalls } from './schemas/outbox.js';
import { printingCalls } from './schemas/printing.js';
import { profileCalls } from './schemas/profiles.js';
import { settingsCalls } from './schemas/settings.js';
import { statusCalls } from './schemas/status.js';
import { stockMoveCalls } from './schemas/stock-moves.js';
import { productExtraCalls } from './schemas/product-extras.js';
import { bundleCalls } from './schemas/bundles.js';
import { cycleCountingCalls } from './schemas/cycle-counting.js';
import { labelCalls } from './schemas/labels.js';
import { liveCountCalls } from './schemas/live-count.js';

export interface CallSpec {
  readonly args: z.ZodType;
  readonly result: z.ZodType;
  /**
   * Every reason this call refuses with, exactly (none when left out). The IPC edge sends another one
   * without it and logs it (src-main/api/api-core.ts); the page switches over these (CallReason).
   */
  readonly reasons?: readonly RefusalReason[];
}

export const callContract = {
  ...profileCalls,
  ...statusCalls,
  ...catalogueCalls,
  ...countingCalls,
  ...countShelfCalls,
  ...shelvesCalls,
  ...outboxCalls,
  ...moneyCalls,
  ...settingsCalls,
  ...contactsCalls,
  ...printingCalls,
  ...stockMoveCalls,
  ...documentLinesCalls,
  ...quotationsCalls,
  ...returnCalls,
  ...filesCalls,
  ...catalogueProductCalls,
  ...productExtraCalls,
  ...bundleCalls,
  ...cycleCountingCalls,
  ...labelCalls,
  ...liveCountCalls,
} satisfies Record<CallNameList, CallSpec>;

export type CallContract = typeof callContract;
export type CallName = keyof CallContract;
/** What the renderer passes (defaults may be left out). */
export type CallArgs<N extends CallName> = z.input<CallContract[N]['args']>;
/** What a handler in main receives (defaults filled in). */
export type ParsedCallArgs<N extends CallName> = z.output<CallContract[N]['args']>;
export type CallValue<N extends CallName> = z.output<CallContract[N]['result']>;

/**
 * The reasons call N may refuse with: the ones its contract entry lists (`reasons`), `never` for a call
 * that lists none, so a page's switch over `error.reason` names only reasons the call can return.
 */
export type CallReason<N extends CallName> = CallContract[N] extends {
  readonly reasons: readonly (infer R extends RefusalReason)[];
}
  ? R
  : never;

/**
 * The reasons any of the calls N may refuse with (each call's CallReason, joined): the table of a page
 * that handles several calls, so a reason added to one of their lists needs the page's words.
 */
export type ReasonOfCalls<N extends CallName> = N extends CallName ? CallReason<N> : never;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to compile when the generated names (the preload's allow-list) and the contract disagree:
// run `npm run generate:names`.
export const CALL_NAMES_MATCH: Same<CallName, CallNameList> = true;

/** The contract's own key list (the runtime twin of CallName). */
export const CONTRACT_CALL_NAMES = Object.keys(callContract) as readonly string[];
