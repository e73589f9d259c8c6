// The refusal of a write before anything is stored. It lives in the core so kinds that validate their
// own requests (serial numbers) refuse the same way enqueue.ts does.
import { Refusal } from '../../refusal/refusal.js';

/** A write the outbox refuses before anything is stored (a bad figure, code or warehouse). */
export class OutboxInputError extends Refusal {
  override name = 'OutboxInputError';

  constructor(message: string) {
    super('invalid-arguments', message);
  }
}
