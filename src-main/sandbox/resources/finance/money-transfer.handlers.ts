// Money transfers: AddMoneyTransfer (our body: the MoneyTransfer record's names, since production's is
// not public), GetMoneyTransfers and GetMoneyTransferDetail (answered flat, like every detail).
// Voiding has no endpoint, so every transfer is Success.
import type { Handlers } from '../../core/handler.js';
import { invalidId, validation } from '../../core/handler.js';
import {
  dayRange,
  minuteRange,
  readKeyword,
  readPaging,
  thaiDateString,
  thaiDateTimeString,
  thaiIsoDateTime,
} from '../../core/list-helpers.js';
import { assertUniqueNumberUnused, recordUniqueNumber } from '../../core/unique-number.repository.js';
import { roundMoney } from '../../../../src-shared/money/index.js';
import { apiCreator } from '../shared/api-user.js';
import { documentDay } from '../shared/thai-day.js';
import {
  countMoneyTransfers,
  findMoneyTransfer,
  insertMoneyTransfer,
  listMoneyTransfers,
  type MoneyTransferRow,
} from './money-transfer.repository.js';
import { requirePaymentMethod } from './payment-method.js';

function moneyTransferRecord(row: MoneyTransferRow) {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    actiondate: thaiIsoDateTime(row.action_date),
    actiondateString: thaiDateString(row.action_date),
    fromPaymentMethodId: row.from_method_id,
    fromPaymentMethodName: row.from_method_name,
    toPaymentMethodId: row.to_method_id,
    toPaymentMethodName: row.to_method_name,
    reference: row.reference,
    description: row.description,
    createdatetime: thaiIsoDateTime(row.created_at),
    createdatetimeString: thaiDateTimeString(row.created_at),
    ...apiCreator,
    uniquenumber: row.uniquenumber,
  };
}

export const moneyTransferHandlers = {
  AddMoneyTransfer: ({ db, store, now, query, body }) => {
    // First, so a resend of an applied transfer answers 900 whatever its body says now.
    assertUniqueNumberUnused(db, store.id, 'AddMoneyTransfer', query.uniquenumber);
    const amount = roundMoney(body.amount);
    if (amount <= 0) throw validation('amount', 'must be at least 0.01');
    const from = requirePaymentMethod(
      db,
      store.id,
      { idField: 'fromPaymentMethodId', nameField: 'fromPaymentMethodName' },
      { id: body.fromPaymentMethodId, name: body.fromPaymentMethodName },
    );
    const toFields = { idField: 'toPaymentMethodId', nameField: 'toPaymentMethodName' };
    const to = requirePaymentMethod(db, store.id, toFields, {
      id: body.toPaymentMethodId,
      name: body.toPaymentMethodName,
    });
    if (to.id === from.id) {
      const field = body.toPaymentMethodId ? toFields.idField : toFields.nameField;
      throw validation(field, `must differ from the paying side (${from.name})`);
    }
    const createdAt = now();
    const id = insertMoneyTransfer(db, store.id, {
      status: 'Success',
      amount,
      action_date: documentDay(body.actiondate, createdAt),
      from_method_id: from.id,
      from_method_name: from.name,
      to_method_id: to.id,
      to_method_name: to.name,
      reference: body.reference ?? '',
      description: body.description ?? '',
      uniquenumber: query.uniquenumber ?? '',
      created_at: createdAt,
    });
    recordUniqueNumber(db, store.id, 'AddMoneyTransfer', query.uniquenumber, id);
    return { id };
  },

  GetMoneyTransfers: ({ db, store, query, headerLists }) => {
    const { limit, offset } = readPaging(query);
    const filter = {
      actionDate: dayRange(query.dateafter, query.datebefore),
      created: minuteRange(query.createdatetimeafter, query.createdatetimebefore),
      keyword: readKeyword(query.keyword),
      ids: headerLists.moneytransferidlist,
    };
    return {
      list: listMoneyTransfers(db, store.id, filter, limit, offset).map(moneyTransferRecord),
      count: countMoneyTransfers(db, store.id, filter),
    };
  },

  GetMoneyTransferDetail: ({ db, store, parent }) => {
    if (parent.id === undefined) throw invalidId();
    const row = findMoneyTransfer(db, store.id, parent.id);
    if (!row) throw invalidId(`No money transfer with id ${parent.id}`);
    return moneyTransferRecord(row);
  },
} satisfies Partial<Handlers>;
