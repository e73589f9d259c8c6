// Each call's refusal reasons are part of its contract (CallReason): the page's switch over a call's
// reasons is checked by the compiler, and the IPC edge holds a call that lists its own to that list.
// The type assertions here fail `npm run typecheck` (tsconfig.node.json includes tests/), not vitest.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiCore, type CallHandlers } from '../../src-main/api/api-core.js';
import { EventHub } from '../../src-main/api/event-hub.js';
import { Refusal } from '../../src-main/refusal/refusal.js';
import {
  CALL_NAMES,
  type CallReason,
  type RefusalReason,
  type RefusalReasonOf,
  type StockroomBridge,
} from '../../src-shared/ipc/index.js';

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
  it('are the ones its contract entry lists, else its area’s, else none', () => {
    expectTypeOf<CallReason<'labels.sheet'>>().toEqualTypeOf<
      'labels-too-many' | 'label-code-too-wide' | 'label-code-not-printable'
    >();
    expectTypeOf<CallReason<'papers.saveSettings'>>().toEqualTypeOf<'prompt-pay-id'>();
    expectTypeOf<CallReason<'papers.settings'>>().toBeNever();
    expectTypeOf<CallReason<'print.quotation'>>().toBeNever();
    expectTypeOf<CallReason<'settings.get'>>().toBeNever();
    expectTypeOf<CallReason<'contacts.create'>>().toEqualTypeOf<RefusalReasonOf<'contacts'>>();
    expectTypeOf<CallReason<'contacts.update'>>().toEqualTypeOf<'code-too-short' | 'code-taken'>();
    expectTypeOf<CallReason<'contacts.search'>>().toBeNever();
    expectTypeOf<CallReason<'returns.void'>>().toEqualTypeOf<'voided' | 'approved'>();
  });

  it("a page's switch reads the call's own reason", async () => {
    expect(await savePapersWords(refusingBridge('prompt-pay-id'))).toBe('promptPayId');
  });
});

describe('the IPC edge', () => {
  function apiRefusing(reason: RefusalReason) {
    const handler = () => {
      throw Refusal.field('promptPayId', 'is not a PromptPay id', reason);
    };
    const handlers = Object.fromEntries(CALL_NAMES.map((name) => [name, handler])) as unknown as CallHandlers;
    return createApiCore({ handlers, events: new EventHub() });
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

  it('turns a reason the call does not list into an internal failure', async () => {
    const result = await apiRefusing('labels-too-many').call(
      'papers.saveSettings',
      { promptPayId: null },
      'ipc',
    );
    expect(result).toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong in Stockroom; the details are in the log.' },
    });
  });
});
