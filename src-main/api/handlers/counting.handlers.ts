// counting.*: count sessions on the active store. Every call is local and synchronous in the service;
// the drainer sends committed counts on its own (an enqueue wakes it).
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type CountingHandlers = Pick<
  CallHandlers,
  | 'counting.createSession'
  | 'counting.listSessions'
  | 'counting.session'
  | 'counting.lines'
  | 'counting.scan'
  | 'counting.codeIndex'
  | 'counting.setQuantity'
  | 'counting.adjustQuantity'
  | 'counting.undoLast'
  | 'counting.resolveUnknown'
  | 'counting.removeUnknownCode'
  | 'counting.review'
  | 'counting.commit'
  | 'counting.discard'
  | 'counting.exportCsv'
  | 'counting.exportSession'
  | 'counting.mergeSession'
  | 'counting.contributions'
  | 'counting.requestRecount'
  | 'counting.recountLines'
  | 'counting.recordRecount'
  | 'counting.chooseRecount'
>;

export function countingHandlers(services: ApiServices): CountingHandlers {
  const counting = async () => (await services.store()).counting;
  return {
    'counting.createSession': async ({ name, ...input }) =>
      (await counting()).createSession({ ...input, ...(name === undefined ? {} : { name }) }),
    'counting.listSessions': async ({ state }) =>
      (await counting()).listSessions(state === undefined ? {} : { state }),
    'counting.session': async ({ sessionId }) => (await counting()).session(sessionId),
    'counting.lines': async ({ sessionId, order }) => (await counting()).lines(sessionId, order),
    'counting.scan': async (args) => (await counting()).scan(args),
    'counting.codeIndex': async ({ sessionId, after, limit }) =>
      (await counting()).codeIndex(sessionId, after ?? null, limit),
    'counting.setQuantity': async (args) => (await counting()).setQuantity(args),
    'counting.adjustQuantity': async (args) => (await counting()).adjustQuantity(args),
    'counting.undoLast': async (args) => (await counting()).undoLast(args),
    'counting.resolveUnknown': async (args) => (await counting()).resolveUnknown(args),
    'counting.removeUnknownCode': async ({ sessionId, lineId }) =>
      (await counting()).removeUnknownCode(sessionId, lineId),
    'counting.review': async ({ sessionId, filter, offset, limit }) =>
      (await counting()).review(sessionId, filter, { offset, limit }),
    'counting.commit': async (args) => (await counting()).commit(args),
    'counting.discard': async ({ sessionId }) => (await counting()).discardSession(sessionId),
    'counting.exportCsv': async ({ sessionId }) => (await counting()).exportCsv(sessionId),
    'counting.exportSession': async ({ sessionId, handOver }) =>
      (await counting()).exportSession(sessionId, handOver),
    'counting.mergeSession': async ({ sessionId, text }) => (await counting()).mergeSession(sessionId, text),
    'counting.contributions': async ({ sessionId }) => (await counting()).contributions(sessionId),
    'counting.requestRecount': async (args) => (await counting()).requestRecount(args),
    'counting.recountLines': async ({ sessionId }) => (await counting()).recountLines(sessionId),
    'counting.recordRecount': async (args) => (await counting()).recordRecount(args),
    'counting.chooseRecount': async ({ sessionId, lineId, use }) =>
      (await counting()).chooseRecount(sessionId, lineId, use),
  };
}
