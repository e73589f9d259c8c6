// Stand-in services for api-core tests: every method records its call and fails, so a test can prove
// that a refused call reached no service at all.
import type { ApiServices } from '../../../src-main/api/api-services.js';

export interface RecordingServices {
  readonly services: ApiServices;
  readonly calls: string[];
}

export function recordingServices(): RecordingServices {
  const calls: string[] = [];
  const services = new Proxy(
    {},
    {
      get(_target, key) {
        return (..._args: unknown[]) => {
          calls.push(String(key));
          throw new Error(`service ${String(key)} called`);
        };
      },
    },
  ) as ApiServices;
  return { services, calls };
}
