// The calls that do not simply forward to their area service's method of the same name (call-routes.ts):
// main's own services (profiles, sync, settings), a different method name, positional arguments, or a
// service that is not the area's. Transport only: no mapping, no logic beyond picking the method.
// The API key and secret arrive only as arguments of profiles.add, profiles.edit and
// profiles.testConnection: they are registered with the log redactor at once (so no log line can hold
// them, whatever later fails) and handed to the profile service, which keeps them in the keychain only.
import { registerSecret } from '../logging/index.js';
import { labelSheetOf } from '../printing/labels.js';
import type { ApiServices } from './api-services.js';
import type { CallOverrides } from './call-routes.js';

function redactLater(...values: ReadonlyArray<string | undefined>): void {
  for (const value of values) if (value !== undefined) registerSecret(value);
}

export function callOverrides(services: ApiServices): CallOverrides {
  const store = () => services.store();
  return {
    // profiles, demo
    'profiles.list': () => services.listProfiles(),
    'profiles.active': () => services.activeProfile(),
    'profiles.keychainStatus': () => services.keychainStatus(),
    'profiles.add': ({ activate, ...input }) => {
      redactLater(input.apikey, input.apisecret);
      return services.addProfile({ ...input, kind: 'store' }, activate);
    },
    'profiles.edit': ({ profileId, changes }) => {
      redactLater(changes.apikey, changes.apisecret);
      return services.editProfile(profileId, changes);
    },
    'profiles.remove': ({ profileId, discardUnsent }) => services.removeProfile(profileId, discardUnsent),
    'profiles.removalPreview': ({ profileId }) => services.removalPreview(profileId),
    'profiles.switch': ({ profileId }) => services.switchProfile(profileId),
    'profiles.testConnection': (target) => {
      if (!('profileId' in target)) redactLater(target.apikey, target.apisecret);
      return services.testConnection(target);
    },
    'demo.start': () => services.startDemo(),
    // sync, connectivity, budget, settings
    'sync.status': () => services.syncStatus(),
    'sync.syncNow': async () => (await services.store()).syncNow(),
    'connectivity.status': () => services.connectivity(),
    'budget.get': () => services.budget(),
    'settings.get': () => services.getSettings(),
    'settings.set': (changes) => services.setSettings(changes),
    // catalogue
    'catalogue.lookup': async ({ code }) => (await store()).catalogue.lookup(code),
    'catalogue.lookupMany': async ({ codes }) => (await store()).catalogue.lookupMany(codes),
    'catalogue.search': async ({ text, limit }) => (await store()).catalogue.search(text, limit),
    'catalogue.product': async ({ productId }) => (await store()).catalogue.product(productId),
    'catalogue.assignBarcode': async ({ productId, barcode, replace }) =>
      (await store()).catalogue.assignBarcode(productId, barcode, replace),
    'catalogue.productImage': async ({ productId }) => (await store()).catalogue.productImage(productId),
    'catalogue.aliases': async ({ productId }) => (await store()).catalogue.aliases(productId),
    'catalogue.addAlias': async ({ productId, code, units }) =>
      (await store()).catalogue.addAlias(productId, code, units),
    'catalogue.removeAlias': async ({ code }) => (await store()).catalogue.removeAlias(code),
    'catalogue.importAliases': async ({ text }) => (await store()).catalogue.importAliases(text),
    // catalogue: products
    'catalogue.searchPage': async ({ text, offset, limit }) =>
      (await store()).catalogue.searchPage(text, offset, limit),
    'catalogue.productFields': async ({ productId }) => (await store()).catalogue.productFields(productId),
    'catalogue.createProduct': async ({ fields }) => (await store()).catalogue.createProduct(fields),
    'catalogue.updateProduct': async ({ productId, fields }) =>
      (await store()).catalogue.updateProduct(productId, fields),
    'catalogue.setProductActive': async ({ productId, active }) =>
      (await store()).catalogue.setProductActive(productId, active),
    'catalogue.productUsage': async ({ productId }) => (await store()).catalogue.productUsage(productId),
    'catalogue.deleteProduct': async ({ productId }) => (await store()).catalogue.deleteProduct(productId),
    // counting
    'counting.session': async ({ sessionId }) => (await store()).counting.session(sessionId),
    'counting.lines': async ({ sessionId, order }) => (await store()).counting.lines(sessionId, order),
    'counting.codeIndex': async ({ sessionId, after, limit }) =>
      (await store()).counting.codeIndex(sessionId, after ?? null, limit),
    'counting.removeUnknownCode': async ({ sessionId, lineId }) =>
      (await store()).counting.removeUnknownCode(sessionId, lineId),
    'counting.review': async ({ sessionId, filter, offset, limit }) =>
      (await store()).counting.review(sessionId, filter, { offset, limit }),
    'counting.discard': async ({ sessionId }) => (await store()).counting.discardSession(sessionId),
    'counting.exportCsv': async ({ sessionId }) => (await store()).counting.exportCsv(sessionId),
    'counting.exportSession': async ({ sessionId, handOver }) =>
      (await store()).counting.exportSession(sessionId, handOver),
    'counting.mergeSession': async ({ sessionId, text }) =>
      (await store()).counting.mergeSession(sessionId, text),
    'counting.contributions': async ({ sessionId }) => (await store()).counting.contributions(sessionId),
    'counting.recountLines': async ({ sessionId }) => (await store()).counting.recountLines(sessionId),
    'counting.chooseRecount': async ({ sessionId, lineId, use }) =>
      (await store()).counting.chooseRecount(sessionId, lineId, use),
    // outbox
    'outbox.retry': async ({ operationId, policy }) =>
      (await store()).outbox.retryParked(operationId, policy),
    'outbox.editValue': async ({ operationId, value }) =>
      (await store()).outbox.editParked(operationId, value),
    'outbox.discard': async ({ operationId, note }) =>
      (await store()).outbox.discardParked(operationId, note),
    'outbox.withdrawalPlan': async ({ operationId }) => (await store()).outbox.withdrawalPlan(operationId),
    'outbox.withdraw': async ({ operationId, note }) => (await store()).outbox.withdraw(operationId, note),
    // money
    'money.detail': async ({ id }) => (await store()).money.detail(id),
    'money.contacts': async ({ text, limit }) => (await store()).money.contacts(text, limit),
    // labels (no store needed) and the store's paper settings (the printing service's)
    'labels.sheet': ({ layout, items }) => labelSheetOf(layout, items),
    'papers.settings': async () => (await store()).printing.paperSettings(),
    'papers.saveSettings': async (changes) => (await store()).printing.savePaperSettings(changes),
    // cycle counting
    'cycle.countNext': async ({ warehouseCode, offset, limit }) =>
      (await store()).cycle.countNext(warehouseCode, { offset, limit }),
    // contacts
    'contacts.detail': async ({ ref }) => (await store()).contacts.detail(ref),
    // print
    'print.countSheet': async ({ sessionId }) => (await store()).printing.countSheet(sessionId),
    'print.varianceReport': async ({ sessionId }) => (await store()).printing.varianceReport(sessionId),
    'print.savePdf': ({ fileName }) => services.savePdf(fileName),
    'print.quotation': async ({ id }) => (await store()).printing.quotation(id),
    'print.returnPurchaseOrder': async ({ id }) => (await store()).printing.returnPurchaseOrder(id),
    // documents
    'documents.quotations': async (filter) => (await store()).documents.list(filter),
    'documents.quotation': async ({ id }) => (await store()).documents.detail(id),
    'documents.proposeQuotationNumber': async () => (await store()).documents.proposeNumber(),
    'documents.createQuotation': async (draft) => (await store()).documents.create(draft),
    'documents.editQuotationInfo': async (args) => (await store()).documents.editInfo(args),
    'documents.editQuotation': async (args) => (await store()).documents.edit(args),
    'documents.approveQuotation': async (args) => (await store()).documents.approve(args),
    'documents.voidQuotation': async (args) => (await store()).documents.void(args),
    'documents.addQuotationTag': async (args) => (await store()).documents.addTag(args),
    'documents.removeQuotationTag': async (args) => (await store()).documents.removeTag(args),
    // documents: returns
    'returns.detail': async ({ id }) => (await store()).returns.service.detail(id),
    'returns.refresh': async ({ id }) => (await store()).returns.service.refresh(id),
    'returns.setStatus': async (args) => (await store()).returns.actions.setStatus(args),
    'returns.recordPayment': async (args) => (await store()).returns.actions.recordPayment(args),
    'returns.voidPayment': async ({ id }) => (await store()).returns.actions.voidPayment(id),
    'returns.void': async ({ id }) => (await store()).returns.actions.voidOrder(id),
    'returns.addTag': async ({ id, tag }) => (await store()).returns.actions.setTag(id, tag, true),
    'returns.removeTag': async ({ id, tag }) => (await store()).returns.actions.setTag(id, tag, false),
    // bundles, pictures, serials
    'bundles.detail': async ({ bundleId }) => (await store()).bundles.detail(bundleId),
    'bundles.activate': async ({ bundleId }) => (await store()).bundles.activate(bundleId),
    'bundles.delete': async ({ bundleId }) => (await store()).bundles.remove(bundleId),
    'catalogue.replaceImage': async (picture) => (await store()).pictures.replace(picture),
    'catalogue.pictureUpload': async ({ productId }) => (await store()).pictures.upload(productId),
    'serials.list': async ({ productId }) => (await store()).serials.list(productId),
    'serials.remove': async ({ productId, name }) => (await store()).serials.remove(productId, name),
  };
}
