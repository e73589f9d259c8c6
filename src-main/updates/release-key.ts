// This build's release public key (Ed25519, SPKI PEM): the only key whose signed manifest it takes an
// update from (release-manifest.ts). The private key never enters the repository: the release owner
// creates the pair once with `npx tsx tooling/sign-release.ts --generate-key <file outside the repo>`,
// pastes the public key it prints here and commits that (docs/decisions/0011, "Release signature").
// Until then it is null and a build with a feed set turns update checks off, saying why in the log:
// nothing it could download could be verified.
import { createPublicKey, type KeyObject } from 'node:crypto';

export const RELEASE_PUBLIC_KEY_PEM: string | null = null;

/** The release public key as a key object, or why there is none usable. */
export function releasePublicKey(
  pem: string | null = RELEASE_PUBLIC_KEY_PEM,
): { ok: true; key: KeyObject } | { ok: false; problem: string } {
  if (pem === null)
    return { ok: false, problem: 'this build carries no release public key (release-key.ts)' };
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') {
      return {
        ok: false,
        problem: `the release public key is ${key.asymmetricKeyType ?? 'unknown'}, not ed25519`,
      };
    }
    return { ok: true, key };
  } catch {
    return { ok: false, problem: 'the release public key is not a PEM public key' };
  }
}
