// counting.*: count sessions on the active store. Every call is local and synchronous in the service;
// the drainer sends committed counts on its own (an enqueue wakes it).
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';
import { lineValue, productLineValue, reviewValue, sessionValue } from '../views.js';

type CountingHandlers = Pick<
  CallHandlers,
  | 'counting.createSession'
  | 'counting.listSessions'
  | 'counting.session'
  | 'counting.lines'
  | 'counting.scan'
  | 'counting.setQuantity'
  | 'counting.adjustQuantity'
  | 'counting.undoLast'
  | 'counting.resolveUnknown'
  | 'counting.review'
  | 'counting.commit'
  | 'counting.discard'
  | 'counting.exportCsv'
>;

/** A file name safe on every OS: the session's name without path or reserved characters. */
export function csvFileName(sessionName: string): string {
  const base = [...sessionName]
    .map((character) => (character < ' ' || '\\/:*?"<>|'.includes(character) ? ' ' : character))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base === '' ? 'count' : base}.csv`;
}

export function countingHandlers(services: ApiServices): CountingHandlers {
  const counting = async () => (await services.store()).counting;
  return {
    'counting.createSession': async ({ warehouseCode, name, blind, driftPolicy }) =>
      sessionValue(
        (await counting()).createSession({
          warehouseCode,
          blind,
          driftPolicy,
          ...(name === undefined ? {} : { name }),
        }),
      ),
    'counting.listSessions': async ({ state }) =>
      (await counting()).listSessions(state === undefined ? {} : { state }).map(sessionValue),
    'counting.session': async ({ sessionId }) => sessionValue((await counting()).session(sessionId)),
    'counting.lines': async ({ sessionId }) => (await counting()).lines(sessionId).map(lineValue),
    'counting.scan': async (args) => lineValue((await counting()).scan(args)),
    'counting.setQuantity': async (args) => lineValue((await counting()).setQuantity(args)),
    'counting.adjustQuantity': async (args) => lineValue((await counting()).adjustQuantity(args)),
    'counting.undoLast': async (args) => {
      const undone = (await counting()).undoLast(args);
      return { undoneEventId: undone.undoneEventId, kind: undone.kind, line: lineValue(undone.line) };
    },
    'counting.resolveUnknown': async (args) => {
      const resolved = (await counting()).resolveUnknown(args);
      return { line: productLineValue(resolved.line), barcodeToAssign: resolved.barcodeToAssign ?? null };
    },
    'counting.review': async ({ sessionId, filter, offset, limit }) =>
      reviewValue((await counting()).review(sessionId, filter, { offset, limit })),
    'counting.commit': async (args) => {
      const committed = (await counting()).commit(args);
      return {
        session: sessionValue(committed.session),
        operationIds: [...committed.operationIds],
        linesSent: committed.linesSent,
        unknownCodesDiscarded: committed.unknownCodesDiscarded,
      };
    },
    'counting.discard': async ({ sessionId }) => sessionValue((await counting()).discardSession(sessionId)),
    'counting.exportCsv': async ({ sessionId }) => {
      const service = await counting();
      const session = service.session(sessionId);
      return { fileName: csvFileName(session.name), csv: service.exportCsv(sessionId) };
    },
  };
}
