// The new money transfer form: from one payment method to another, an amount, a date, reference and
// description. Two different methods are checked here (named next to "To"); the rest is main's to judge
// and a refused field is named next to it, with what was typed kept.
import { refusalSaid, type MainRefusal, type Said } from '../../lib/refusal-words.js';
import type {
  CallArgs,
  IpcIssue,
  MoneyTransferView,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { formatThaiDate } from '../../../src-shared/time/index.js';
import { api } from '../../lib/api.js';
import type { PaymentMethod } from './money-list.svelte.js';
import { issuesByPath, optionId, refusedFigures, typedArg } from '../../lib/form-input.js';
import { PAYMENT_RULE } from '../../../src-shared/domain/typed-number.js';

export interface TransferValues {
  readonly fromMethodId: string;
  readonly toMethodId: string;
  readonly amount: string;
  readonly date: string;
  readonly reference: string;
  readonly description: string;
}

export type TransferField = keyof TransferValues;

export class TransferForm {
  readonly #api: StockroomBridge;
  #values = $state<TransferValues>({
    fromMethodId: '',
    toMethodId: '',
    amount: '',
    date: '',
    reference: '',
    description: '',
  });
  #issues = $state<ReadonlyMap<string, IpcIssue>>(new Map());
  #sameMethod = $state(false);
  #saving = $state(false);
  #saveError = $state<MainRefusal | null>(null);

  /** `methods`: the first is proposed as from, to is left to choose; `now` gives today (a test's clock). */
  constructor(
    methods: readonly PaymentMethod[],
    bridge: StockroomBridge = api,
    now: () => number = Date.now,
  ) {
    this.#api = bridge;
    this.#values = {
      ...this.#values,
      // Where the money goes is the person's choice: never proposed (issue 20, point 12).
      fromMethodId: methods[0] === undefined ? '' : String(methods[0].id),
      date: formatThaiDate(now()),
    };
  }

  get values(): TransferValues {
    return this.#values;
  }

  /** Refused fields by path ('toMethodId', 'amount'…). */
  get issues(): ReadonlyMap<string, IpcIssue> {
    return this.#issues;
  }

  /** A save was tried with the same method on both sides (checked here; main was not asked). */
  get sameMethod(): boolean {
    return this.#sameMethod;
  }

  get saving(): boolean {
    return this.#saving;
  }

  get saveError(): Said | null {
    return this.#saveError === null ? null : refusalSaid(this.#saveError);
  }

  setValue(field: TransferField, value: string): void {
    this.#values = { ...this.#values, [field]: value };
    this.#issues = new Map();
    this.#sameMethod = false;
  }

  args(): CallArgs<'money.createTransfer'> {
    const values = this.#values;
    const date = values.date.trim();
    return {
      fromMethodId: optionId(values.fromMethodId),
      toMethodId: optionId(values.toMethodId),
      amount: typedArg(values.amount, PAYMENT_RULE),
      ...(date === '' ? {} : { date }),
      reference: values.reference.trim(),
      description: values.description.trim(),
    };
  }

  /** Saves and queues the transfer; the transfer, or null when refused (the fields say why). */
  async save(): Promise<MoneyTransferView | null> {
    if (this.#saving) return null;
    this.#saveError = null;
    const values = this.#values;
    if (values.toMethodId === '') {
      this.#issues = new Map([
        ['toMethodId', { path: 'toMethodId', message: 'choose where the money goes' }],
      ]);
      return null;
    }
    if (values.fromMethodId !== '' && values.fromMethodId === values.toMethodId) {
      this.#sameMethod = true;
      return null;
    }
    const refused = refusedFigures([{ path: 'amount', text: values.amount, rule: PAYMENT_RULE }]);
    if (refused.length > 0) {
      this.#issues = issuesByPath(refused);
      return null;
    }
    this.#saving = true;
    try {
      const result = await this.#api.call('money.createTransfer', this.args());
      if (result.ok) return result.value;
      this.#issues = issuesByPath(result.error.issues);
      this.#saveError = this.#issues.size > 0 ? null : result.error;
      return null;
    } finally {
      this.#saving = false;
    }
  }
}
