// print.*: printable models of what the open store holds, and the shell's PDF of the print view.
// Transport only: each call's parsed arguments go to one service method.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type PrintingHandlers = Pick<
  CallHandlers,
  | 'print.moneyRecord'
  | 'print.countSheet'
  | 'print.varianceReport'
  | 'print.savePdf'
  | 'print.quotation'
  | 'print.returnPurchaseOrder'
>;

export function printingHandlers(services: ApiServices): PrintingHandlers {
  const printing = async () => (await services.store()).printing;
  return {
    'print.moneyRecord': async (args) => (await printing()).moneyRecord(args),
    'print.countSheet': async ({ sessionId }) => (await printing()).countSheet(sessionId),
    'print.varianceReport': async ({ sessionId }) => (await printing()).varianceReport(sessionId),
    'print.savePdf': ({ fileName }) => services.savePdf(fileName),
    'print.quotation': async ({ id }) => (await printing()).quotation(id),
    'print.returnPurchaseOrder': async ({ id }) => (await printing()).returnPurchaseOrder(id),
  };
}
