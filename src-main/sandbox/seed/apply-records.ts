// Puts contacts, bundles and the document history into a store, each at its own moment.
import type { StoreContext } from '../core/handler.js';
import type { GeneratedBundle } from './bundles.js';
import type { GeneratedContact } from './contacts.js';
import type { SeedRunner } from './runner.js';
import { addContactExtras, setBundleActive } from './seed-support-adapter.js';
import type { DocumentEndpoint, SeedStep, StepOf } from './steps.js';

export function applyContacts(
  context: StoreContext,
  runner: SeedRunner,
  contacts: readonly GeneratedContact[],
): void {
  for (const contact of contacts) {
    const { code } = contact.body;
    const { id } = runner.run('AddContact', { at: contact.at, query: {}, body: contact.body }, code);
    if (id === undefined) throw new Error(`demo seed: AddContact ${code} answered no id`);
    if (contact.subContacts.length > 0 || contact.shippingAddresses.length > 0) {
      addContactExtras(context.db, context.store.id, id, {
        subContacts: contact.subContacts,
        shippingAddresses: contact.shippingAddresses,
      });
    }
  }
}

export function applyBundles(
  context: StoreContext,
  runner: SeedRunner,
  bundles: readonly GeneratedBundle[],
): void {
  for (const bundle of bundles) {
    const { sku } = bundle.body;
    const { id } = runner.run('AddBundle', { at: bundle.at, query: {}, body: bundle.body }, sku);
    if (id === undefined) throw new Error(`demo seed: AddBundle ${sku} answered no id`);
    // v4 has ActiveBundle but nothing that disables a bundle.
    if (!bundle.active) setBundleActive(context.db, context.store.id, id, false, bundle.at);
  }
}

/** Runs the steps in order, giving each follow-up the id its target got. */
export function applySteps(runner: SeedRunner, steps: readonly SeedStep[]): void {
  const ids = new Map<string, number>();
  for (const item of steps) {
    const parentId = item.target === undefined ? undefined : ids.get(item.target);
    if (item.target !== undefined && parentId === undefined) {
      throw new Error(`demo seed: ${item.endpoint} acts on ${item.target}, which no earlier step made`);
    }
    const id = runStep(runner, item, parentId);
    if (item.creates !== undefined) {
      if (id === undefined) throw new Error(`demo seed: ${item.endpoint} ${item.creates} answered no id`);
      ids.set(item.creates, id);
    }
  }
}

function runStep<N extends DocumentEndpoint>(
  runner: SeedRunner,
  item: StepOf<N>,
  parentId: number | undefined,
): number | undefined {
  const label = item.creates ?? item.target ?? '';
  const request = { at: item.at, query: item.query, body: item.body };
  const result = runner.run(
    item.endpoint,
    parentId === undefined ? request : { ...request, parentId },
    label,
  );
  return 'id' in result && typeof result.id === 'number' ? result.id : undefined;
}
