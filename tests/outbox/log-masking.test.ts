// A back-office refusal quoting personal data, through the real outbox against the sandbox: the row is
// parked with the refusal whole (the person at the PC needs it), while the warn line telling the park
// has the tax id, phone and e-mail masked and keeps the product's barcode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueWrite } from '../../src-main/outbox/index.js';
import { validation } from '../../src-main/sandbox/core/handler.js';
import { memoryLogger, type LogEntry } from '../support/memory-logger.js';
import { startOutboxFixture, states, type OutboxFixture } from './support/outbox-fixture.js';

const TAX_ID = '1101700203450';
const PHONE = '081-234-5678';
const EMAIL = 'somchai.k@mail.example.co.th';
const BARCODE = '8850999220000';
/** What production answers when a contact's figures clash with another's (the sandbox's words for it). */
const REFUSAL = `idnumber ${TAX_ID} is already used by a contact with phone ${PHONE} and e-mail ${EMAIL} (barcode ${BARCODE})`;

describe('a parked refusal in the log', () => {
  let fx: OutboxFixture;
  beforeAll(async () => {
    fx = await startOutboxFixture({
      products: 5,
      handlers: {
        AddContact: () => {
          throw validation('contact', REFUSAL);
        },
      },
    });
  });
  afterAll(() => fx.close());

  it('masks the tax id, phone and e-mail the back office quoted, and keeps the barcode', async () => {
    const log = memoryLogger();
    const { operationId } = enqueueWrite(fx.db, {
      kind: 'addContact',
      body: { code: 'C-MASK', name: 'Somchai K.', phone: PHONE, email: EMAIL, idnumber: TAX_ID },
    });
    await fx.outbox({ logger: log.logger }).drain();
    const row = states(fx.db).find((candidate) => candidate.id === operationId);
    expect(row?.state).toBe('parked');
    expect(row?.reason_text).toContain(REFUSAL);

    const parkLine = log
      .entries()
      .find(
        (entry: LogEntry & { operationIds?: number[] }) =>
          entry.level === 'warn' &&
          /parked/i.test(entry.message) &&
          entry.operationIds?.includes(operationId),
      );
    expect(parkLine?.['reason']).toBe(
      `AddContact: contact idnumber [tax id] is already used by a contact with phone [phone] and e-mail ` +
        `[e-mail] (barcode ${BARCODE})`,
    );
    for (const line of log.lines)
      for (const value of [TAX_ID, PHONE, EMAIL]) expect(line).not.toContain(value);
  });
});
