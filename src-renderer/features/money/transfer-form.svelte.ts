// The new money transfer form: from one payment method to another, an amount, a date, reference and
// description. Two different methods are checked here (named next to "To"); the rest is main's to judge
// and a refused field is named next to it, with what was typed kept.
import type {
  CallArgs,
  IpcIssue,
  MoneyTransferView,
  StockroomBridge,
} from '../../../src-shared/ipc/index.js';
import { formatThaiDate } from '../../../src-shared/time/index.js';
import { api } from '../../lib/api.js';
import type { PaymentMethod } from './money-list.svelte.js';
import { issuesByPath, parseAmount } from '../../lib/form-input.js';

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
  #saveError = $state<string | null>(null);

  /** `methods`: the first two are proposed as from and to; `now` gives today (a test's clock). */
  constructor(
    methods: readonly PaymentMethod[],
    bridge: StockroomBridge = api,
    now: () => number = Date.now,
  ) {
    this.#api = bridge;
    this.#values = {
      ...this.#values,
      fromMethodId: methods[0] === undefined ? '' : String(methods[0].id),
      toMethodId: methods[1] === undefined ? '' : String(methods[1].id),
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

  get saveError(): string | null {
    return this.#saveError;
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
      fromMethodId: values.fromMethodId === '' ? 0 : Number(values.fromMethodId),
      toMethodId: values.toMethodId === '' ? 0 : Number(values.toMethodId),
      amount: parseAmount(values.amount),
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
    if (values.fromMethodId !== '' && values.fromMethodId === values.toMethodId) {
      this.#sameMethod = true;
      return null;
    }
    this.#saving = true;
    try {
      const result = await this.#api.call('money.createTransfer', this.args());
      if (result.ok) return result.value;
      this.#issues = issuesByPath(result.error.issues);
      this.#saveError = this.#issues.size > 0 ? null : result.error.message;
      return null;
    } finally {
      this.#saving = false;
    }
  }
}
