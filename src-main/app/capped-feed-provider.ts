// electron-updater's provider for Stockroom's generic feed. electron-updater's own generic provider reads
// the channel file through builder-util-runtime's HttpExecutor, which keeps the whole body in memory: a
// feed host could make that read as large as it likes. This provider's only read of the channel file is
// the capped one (src-main/updates/channel-file.ts), so whatever the host answers, electron-updater sees
// either at most 1 MiB or a refusal; downloads still go through electron-updater.
import electronUpdater, { type ResolvedUpdateFileInfo, type UpdateInfo } from 'electron-updater';
import type { ProviderRuntimeOptions } from 'electron-updater/out/providers/Provider.js';
import { channelFile } from '../updates/feed-check.js';
import { channelInfoForUpdater, resolveChannelEntries } from '../updates/channel-file.js';

/** The options for autoUpdater.setFeedURL: the feed at `feedUrl`, read only through the capped reader. */
export function cappedFeedOptions(feedUrl: string) {
  class CappedFeedProvider extends electronUpdater.Provider<UpdateInfo> {
    // electron-updater constructs it as (options, updater, runtimeOptions).
    constructor(_options: unknown, _updater: unknown, runtimeOptions: ProviderRuntimeOptions) {
      super(runtimeOptions);
    }
    async getLatestVersion(): Promise<UpdateInfo> {
      const url = new URL(channelFile(process.platform, process.arch), feedUrl);
      return (await channelInfoForUpdater(url)) as unknown as UpdateInfo;
    }
    resolveFiles(updateInfo: UpdateInfo): ResolvedUpdateFileInfo[] {
      return resolveChannelEntries(
        updateInfo as unknown as Parameters<typeof resolveChannelEntries>[0],
        feedUrl,
      );
    }
  }
  return { provider: 'custom', updateProvider: CappedFeedProvider, url: feedUrl } as const;
}
