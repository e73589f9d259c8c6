// files.*: attachments of orders, purchase orders and quotations. Transport only: each call's parsed
// arguments go to the FilesService method of the same name.
import type { CallHandlers } from '../api-core.js';
import type { ApiServices } from '../api-services.js';

type FilesHandlers = Pick<CallHandlers, 'files.stage' | 'files.attach' | 'files.list' | 'files.open'>;

export function filesHandlers(services: ApiServices): FilesHandlers {
  const files = async () => (await services.store()).files;
  return {
    'files.stage': async (args) => (await files()).stage(args),
    'files.attach': async (args) => (await files()).attach(args),
    'files.list': async (args) => (await files()).list(args),
    'files.open': async (args) => (await files()).open(args),
  };
}
