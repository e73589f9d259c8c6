// The renderer's Content-Security-Policy, built in one place for both ways the page is served: by the
// app protocol in the desktop shell (the page reaches main over IPC only), and by the web host on
// 127.0.0.1 (the page reaches main over a WebSocket to the same host). Only what the page needs:
//
// - scripts, styles, fonts, media only from the page's own origin: no inline script, no eval, no inline
//   <style> or style="" attribute (Svelte 5 sets dynamic styles through the CSSOM, which CSP allows);
// - images from the page, data: URLs, and image origins given by the caller (none in the desktop shell:
//   product images should be fetched by main and served from the app's own origin);
// - connections to the page's origin and the origins given by the caller (the web host's WebSocket);
// - workers only from the page's own origin (pdf.js draws a PDF's pages in one; worker-src names it,
//   though script-src would cover it); no plugins, frames, forms, <base>, and no framing of the page;
// - with Trusted Types policy names, every DOM sink that parses HTML or loads script (innerHTML,
//   script.src, ...) needs a value from one of those policies: Svelte 5 creates `svelte-trusted-html`
//   for its own templates, so an innerHTML of app text throws instead of becoming markup; the PDF
//   viewer's policy turns only the bundled pdf.js worker's URL into a worker script URL.

import { PDF_WORKER_TRUSTED_TYPES_POLICY } from '../../src-shared/files/pdf-worker-policy.js';

/** The Trusted Types policy Svelte 5 creates for its compiled templates. */
export const SVELTE_TRUSTED_TYPES_POLICY = 'svelte-trusted-html';

/** The page's Trusted Types policies: Svelte's, and the PDF viewer's for its worker. */
export const PAGE_TRUSTED_TYPES_POLICIES = [
  SVELTE_TRUSTED_TYPES_POLICY,
  PDF_WORKER_TRUSTED_TYPES_POLICY,
] as const;

export interface ContentSecurityPolicyNeeds {
  /** Origins (scheme://host[:port]) the page may connect to besides its own, e.g. `ws://127.0.0.1:4173`. */
  connectOrigins?: readonly string[];
  /** Origins images may come from besides the page itself and data: URLs. */
  imageOrigins?: readonly string[];
  /** Trusted Types policy names the page may create; when given, DOM injection sinks require them. */
  trustedTypesPolicies?: readonly string[];
}

const ORIGIN = /^(https?|wss?):\/\/(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?)(:[0-9]{1,5})?$/;
const POLICY_NAME = /^[A-Za-z0-9\-#=_/@.%]+$/;

function checkedOrigins(kind: string, origins: readonly string[]): string[] {
  for (const origin of origins) {
    if (!ORIGIN.test(origin)) {
      throw new RangeError(
        `${kind} origin must be scheme://host[:port] in lower case, not ${JSON.stringify(origin)}`,
      );
    }
  }
  return [...new Set(origins)];
}

function checkedPolicyNames(names: readonly string[]): string[] {
  for (const name of names) {
    if (!POLICY_NAME.test(name))
      throw new RangeError(`Invalid Trusted Types policy name ${JSON.stringify(name)}`);
  }
  return [...new Set(names)];
}

/** The policy text for a Content-Security-Policy header (or meta tag, where frame-ancestors is ignored). */
export function buildContentSecurityPolicy(needs: ContentSecurityPolicyNeeds = {}): string {
  const connect = checkedOrigins('A connect', needs.connectOrigins ?? []);
  const images = checkedOrigins('An image', needs.imageOrigins ?? []);
  const policies = checkedPolicyNames(needs.trustedTypesPolicies ?? []);
  const directives: string[][] = [
    ['default-src', "'none'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', ...images],
    ['font-src', "'self'"],
    ['media-src', "'self'"],
    ['worker-src', "'self'"],
    ['connect-src', "'self'", ...connect],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  if (policies.length > 0) {
    directives.push(['require-trusted-types-for', "'script'"], ['trusted-types', ...policies]);
  }
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** The desktop shell's policy: the page talks to main over IPC only. */
export function desktopContentSecurityPolicy(): string {
  return buildContentSecurityPolicy({ trustedTypesPolicies: PAGE_TRUSTED_TYPES_POLICIES });
}

/**
 * The web host's policy for a page served from `pageOrigin` (http://127.0.0.1:<port>): the same, plus
 * the WebSocket back to that host (CSP3 lets 'self' match ws: on the same host and port, but older
 * engines do not, so it is named).
 */
export function webHostContentSecurityPolicy(pageOrigin: string): string {
  const [origin] = checkedOrigins('The page', [pageOrigin]);
  if (origin === undefined || !origin.startsWith('http'))
    throw new RangeError('The page origin must be http(s)');
  const socketOrigin = origin.replace(/^http/, 'ws');
  return buildContentSecurityPolicy({
    connectOrigins: [socketOrigin],
    trustedTypesPolicies: PAGE_TRUSTED_TYPES_POLICIES,
  });
}
