// documents.return*: return purchase orders from the local copy; writes go through the outbox.
// Transport only: each call's parsed arguments go to one ReturnsService / ReturnActions method.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type ReturnsHandlers = Pick<
  CallHandlers,
  | 'documents.returns'
  | 'documents.returnDetail'
  | 'documents.refreshReturn'
  | 'documents.newReturnNumber'
  | 'documents.createReturn'
  | 'documents.setReturnStatus'
  | 'documents.recordReturnPayment'
  | 'documents.voidReturnPayment'
  | 'documents.voidReturn'
  | 'documents.addReturnTag'
  | 'documents.removeReturnTag'
>;

export function returnsHandlers(services: ApiServices): ReturnsHandlers {
  const returns = async () => (await services.store()).returns;
  return {
    'documents.returns': async (filter) => (await returns()).service.list(filter),
    'documents.returnDetail': async ({ id }) => (await returns()).service.detail(id),
    'documents.refreshReturn': async ({ id }) => (await returns()).service.refresh(id),
    'documents.newReturnNumber': async () => (await returns()).service.newNumber(),
    'documents.createReturn': async (draft) => (await returns()).service.create(draft),
    'documents.setReturnStatus': async (args) => (await returns()).actions.setStatus(args),
    'documents.recordReturnPayment': async (args) => (await returns()).actions.recordPayment(args),
    'documents.voidReturnPayment': async ({ id }) => (await returns()).actions.voidPayment(id),
    'documents.voidReturn': async ({ id }) => (await returns()).actions.voidOrder(id),
    'documents.addReturnTag': async ({ id, tag }) => (await returns()).actions.setTag(id, tag, true),
    'documents.removeReturnTag': async ({ id, tag }) => (await returns()).actions.setTag(id, tag, false),
  };
}
