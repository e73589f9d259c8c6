// electron-updater's own AppUpdater (its check: the provider, the channel file's version, the events) run
// under plain Node: an app adapter for a packaged 0.1.0 in a temp folder, and builder-util-runtime's
// HttpExecutor with Node's http in place of Electron's net (ElectronHttpExecutor differs only in how it
// opens a request; reading the body is the same HttpExecutor code). Downloads are counted, not made.
import {
  request as httpRequest,
  type ClientRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import { HttpExecutor } from 'builder-util-runtime';
import type * as ElectronUpdater from 'electron-updater';
import { vi } from 'vitest';

class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return httpRequest(options, callback);
  }
}

export interface NodeAutoUpdater extends ElectronUpdater.AppUpdater {
  readonly feeds: unknown[];
  downloads: number;
}

/** A real electron-updater AppUpdater for a packaged Stockroom 0.1.0 whose data lives in `folder`. */
export async function createNodeAutoUpdater(folder: string): Promise<NodeAutoUpdater> {
  const actual = await vi.importActual<typeof ElectronUpdater>('electron-updater');
  const app = {
    version: '0.1.0',
    name: 'Stockroom',
    isPackaged: true,
    appUpdateConfigPath: `${folder}/app-update.yml`,
    userDataPath: folder,
    baseCachePath: folder,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  class Updater extends actual.AppUpdater {
    readonly feeds: unknown[] = [];
    downloads = 0;
    constructor() {
      super(null, app);
      (this as unknown as { httpExecutor: HttpExecutor<ClientRequest> }).httpExecutor =
        new NodeHttpExecutor();
    }
    override setFeedURL(options: Parameters<ElectronUpdater.AppUpdater['setFeedURL']>[0]): void {
      this.feeds.push(options);
      super.setFeedURL(options);
    }
    protected doDownloadUpdate(): Promise<never> {
      this.downloads += 1;
      return Promise.resolve({ updateFile: 'not-downloaded' } as never);
    }
    quitAndInstall(): void {}
  }
  return new Updater();
}
