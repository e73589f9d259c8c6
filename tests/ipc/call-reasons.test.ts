// Each call's refusal reasons are part of its contract (CallReason): the page's switch over a call's
// reasons is checked by the compiler, and the IPC edge holds every call to its own list (none when it
// lists none). The type assertions here fail `npm run typecheck` (tsconfig.node.json includes tests/),
// not vitest.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiCore, type CallHandlers } from '../../src-main/api/api-core.js';
import { EventHub } from '../../src-main/api/event-hub.js';
import { createLogger } from '../../src-main/logging/index.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import {
  CALL_NAMES,
  callContract,
  REFUSAL_REASONS,
  type CallReason,
  type CallSpec,
  type ReasonOfCalls,
  type RefusalReason,
  type StockroomBridge,
} from '../../src-shared/ipc/index.js';
import { scanCallReasons } from '../../tooling/call-reasons-scan.js';

/** A bridge whose every call refuses with `reason` (as main would send it). */
function refusingBridge(reason: RefusalReason): StockroomBridge {
  return {
    call: () =>
      Promise.resolve({ ok: false, error: { code: 'invalid-arguments', message: 'no', reason } }) as never,
    on: () => () => undefined,
  };
}

/** What the papers page does with a refusal of papers.saveSettings: an exhaustive switch. */
async function savePapersWords(bridge: StockroomBridge): Promise<string> {
  const result = await bridge.call('papers.saveSettings', { promptPayId: '12' });
  if (result.ok) return 'saved';
  switch (result.error.reason) {
    case 'prompt-pay-id':
      return 'promptPayId';
    // @ts-expect-error labels.sheet refuses with it, papers.saveSettings cannot
    case 'labels-too-many':
      return 'tooMany';
    case undefined:
      return 'raw';
    default: {
      const unreachable: never = result.error.reason;
      return unreachable;
    }
  }
}

describe("a call's refusal reasons", () => {
  it('are the ones its contract entry lists, else none', () => {
    expectTypeOf<CallReason<'labels.sheet'>>().toEqualTypeOf<
      'labels-too-many' | 'label-code-too-wide' | 'label-code-not-printable'
    >();
    expectTypeOf<CallReason<'papers.saveSettings'>>().toEqualTypeOf<'prompt-pay-id'>();
    expectTypeOf<CallReason<'papers.settings'>>().toBeNever();
    expectTypeOf<CallReason<'print.quotation'>>().toBeNever();
    expectTypeOf<CallReason<'settings.get'>>().toBeNever();
    expectTypeOf<CallReason<'contacts.create'>>().toEqualTypeOf<'code-too-short' | 'code-taken'>();
    expectTypeOf<CallReason<'contacts.update'>>().toEqualTypeOf<'code-too-short' | 'code-taken'>();
    expectTypeOf<CallReason<'contacts.search'>>().toBeNever();
    // once from the area's list (returns.* and money.* have no reasons of their own any more)
    expectTypeOf<CallReason<'returns.void'>>().toBeNever();
    expectTypeOf<CallReason<'documents.approveQuotation'>>().toEqualTypeOf<'voided' | 'approved'>();
    expectTypeOf<CallReason<'documents.voidQuotation'>>().toEqualTypeOf<'voided'>();
  });

  it("of several calls, for a page that handles them all, are every one's", () => {
    expectTypeOf<ReasonOfCalls<'documents.approveQuotation' | 'contacts.create'>>().toEqualTypeOf<
      'voided' | 'approved' | 'code-too-short' | 'code-taken'
    >();
    expectTypeOf<ReasonOfCalls<'papers.saveSettings' | 'papers.settings'>>().toEqualTypeOf<'prompt-pay-id'>();
  });

  // Compiling all of main takes about a minute on a quiet machine: once, for both checks below.
  let scanned: Map<string, Set<string>> | undefined;
  const scan = () => (scanned ??= scanCallReasons());

  it('cover every reason a service in main gives (an omission is caught here)', () => {
    // The scan follows each call from its handler into the services and finds the reason words written
    // where a reason is expected (tooling/call-reasons-scan.ts). Each must be listed by a call: a reason
    // a service gives that no call lists would reach the page only as a bare refusal.
    const listed = new Set<string>(
      CALL_NAMES.flatMap((name) => {
        const spec: CallSpec = callContract[name];
        return spec.reasons ?? [];
      }),
    );
    const given = new Set([...scan().values()].flatMap((reasons) => [...reasons]));
    expect(given.size).toBeGreaterThan(50);
    expect([...given].filter((reason) => !listed.has(reason)).sort()).toEqual([]);
    // a bound for a loaded machine (it compiles all of main: about a minute on a quiet one)
  }, 300_000);

  it('are each given by some service: the vocabulary declares no reason nothing raises', () => {
    // A declared reason nobody raises still needs words on every page whose call lists it, and
    // promises a refusal that never comes ('no-current-shelf' was one).
    const given = new Set([...scan().values()].flatMap((reasons) => [...reasons]));
    expect(REFUSAL_REASONS.filter((reason) => !given.has(reason))).toEqual([]);
  }, 300_000);

  it("a page's switch reads the call's own reason", async () => {
    expect(await savePapersWords(refusingBridge('prompt-pay-id'))).toBe('promptPayId');
  });
});

describe('the IPC edge', () => {
  type Warned = Record<string, unknown>;
  function apiRefusing(reason: RefusalReason, warned: Warned[] = []) {
    const handler = () => {
      throw Refusal.field('promptPayId', 'is not a PromptPay id', reason);
    };
    const handlers = Object.fromEntries(CALL_NAMES.map((name) => [name, handler])) as unknown as CallHandlers;
    const logger = createLogger({
      level: 'warn',
      sinks: [{ write: (line) => void warned.push(JSON.parse(line) as Warned) }],
    });
    // 'log', the production policy: under vitest the default also fails the run (checked below).
    return createApiCore({ handlers, events: new EventHub(), logger, unlistedReason: 'log' });
  }

  it('passes a refusal with a reason the call lists', async () => {
    const result = await apiRefusing('prompt-pay-id').call(
      'papers.saveSettings',
      { promptPayId: null },
      'ipc',
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid-arguments', reason: 'prompt-pay-id' },
    });
  });

  it('sends a reason the call does not list without it, and warns with the call and the reason', async () => {
    const warned: Warned[] = [];
    const result = await apiRefusing('labels-too-many', warned).call(
      'papers.saveSettings',
      { promptPayId: null },
      'ipc',
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-arguments',
        message: 'promptPayId is not a PromptPay id',
        issues: [{ path: 'promptPayId', message: 'is not a PromptPay id' }],
      },
    });
    expect(warned).toEqual([
      expect.objectContaining({
        level: 'warn',
        message: 'A call refused with a reason its contract does not list',
        call: 'papers.saveSettings',
        reason: 'labels-too-many',
      }),
    ]);
  });

  it('gives a call that lists no reasons none', async () => {
    const warned: Warned[] = [];
    const result = await apiRefusing('prompt-pay-id', warned).call('papers.settings', {}, 'ipc');
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-arguments' } });
    expect(result.ok ? undefined : result.error.reason).toBeUndefined();
    expect(warned).toHaveLength(1);
  });
});
