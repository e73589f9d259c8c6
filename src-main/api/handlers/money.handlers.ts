// money.*: incomes, expenses, transfers and payments from the local copy; writes go through the outbox.
// Transport only: each call's parsed arguments go to the MoneyService method of the same name.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type MoneyHandlers = Pick<
  CallHandlers,
  | 'money.list'
  | 'money.detail'
  | 'money.preview'
  | 'money.create'
  | 'money.previewPayment'
  | 'money.recordPayment'
  | 'money.transfers'
  | 'money.createTransfer'
  | 'money.paymentMethods'
  | 'money.contacts'
  | 'money.syncInfo'
>;

export function moneyHandlers(services: ApiServices): MoneyHandlers {
  const money = async () => (await services.store()).money;
  return {
    'money.list': async (filter) => (await money()).list(filter),
    'money.detail': async ({ id }) => (await money()).detail(id),
    'money.preview': async (draft) => (await money()).preview(draft),
    'money.create': async (draft) => (await money()).create(draft),
    'money.previewPayment': async (payment) => (await money()).previewPayment(payment),
    'money.recordPayment': async (payment) => (await money()).recordPayment(payment),
    'money.transfers': async (filter) => (await money()).transfers(filter),
    'money.createTransfer': async (transfer) => (await money()).createTransfer(transfer),
    'money.paymentMethods': async () => (await money()).paymentMethods(),
    'money.contacts': async ({ text, limit }) => (await money()).contacts(text, limit),
    'money.syncInfo': async () => (await money()).syncInfo(),
  };
}
