// The probe page of the CSP-in-Chromium test: a page with its own script and stylesheet, and one of
// each thing the CSP must refuse (inline script, inline handler, inline <style> and style="", eval, a
// foreign fetch/WebSocket/image, raw innerHTML, Trusted Types policies). checks.js gathers the outcomes
// and every securitypolicyviolation event into `window.results`.

export interface Violation {
  directive: string;
  blocked: string;
}

export interface ProbeResults {
  ownScriptRan: boolean;
  inlineScriptRan: boolean;
  inlineHandlerRan: boolean;
  eval: string;
  functionConstructor: string;
  ownFetch: string;
  foreignFetch: string;
  foreignSocket: string;
  foreignImage: string;
  rawInnerHtml: string;
  sveltePolicy: string;
  otherPolicy: string;
  colours: Record<'own' | 'inline' | 'attribute' | 'cssom', string>;
  violations: Violation[];
}

export const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>CSP probe</title>
    <script src="./probe.js"></script>
    <link rel="stylesheet" href="./page.css" />
    <style>#inline { color: rgb(255, 0, 0); }</style>
  </head>
  <body>
    <p id="own">own stylesheet</p>
    <p id="inline">inline style element</p>
    <p id="attribute" style="color: rgb(255, 0, 0)">style attribute</p>
    <p id="cssom">CSSOM</p>
    <img alt="" src="data:," onerror="window.inlineHandlerRan = true" onload="window.inlineHandlerRan = true" />
    <script>window.inlineScriptRan = true;</script>
    <script src="./checks.js"></script>
  </body>
</html>`;

export const PROBE = `window.violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI });
});
window.ownScriptRan = true;`;

export const CSS = '#own { color: rgb(0, 0, 255); }';

export function checksScript(foreignOrigin: string): string {
  const foreignSocket = foreignOrigin.replace('http:', 'ws:');
  return `const attempt = async (action) => { try { return String(await action()); } catch (error) { return error.name; } };
window.results = (async () => {
  const results = {};
  results.eval = await attempt(() => eval('1 + 1'));
  results.functionConstructor = await attempt(() => new Function('return 2')());
  results.ownFetch = await attempt(async () => (await fetch('./page.css')).status);
  results.foreignFetch = await attempt(async () => (await fetch('${foreignOrigin}/data')).status);
  results.foreignSocket = await new Promise((resolve) => {
    try {
      const socket = new WebSocket('${foreignSocket}/socket');
      socket.onopen = () => resolve('open');
      socket.onerror = () => resolve('error');
    } catch (error) { resolve(error.name); }
  });
  results.foreignImage = await new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve('loaded');
    image.onerror = () => resolve('error');
    image.src = '${foreignOrigin}/pixel.png';
  });
  results.rawInnerHtml = await attempt(() => { document.createElement('div').innerHTML = '<b>x</b>'; return 'assigned'; });
  results.sveltePolicy = await attempt(() => {
    const policy = trustedTypes.createPolicy('svelte-trusted-html', { createHTML: (html) => html });
    const box = document.createElement('div');
    box.innerHTML = policy.createHTML('<b>x</b>');
    return box.firstChild.nodeName;
  });
  results.otherPolicy = await attempt(() => { trustedTypes.createPolicy('other', { createHTML: (html) => html }); return 'created'; });
  document.getElementById('cssom').style.color = 'rgb(0, 128, 0)';
  const colour = (id) => getComputedStyle(document.getElementById(id)).color;
  results.colours = { own: colour('own'), inline: colour('inline'), attribute: colour('attribute'), cssom: colour('cssom') };
  await new Promise((resolve) => setTimeout(resolve, 200));
  results.ownScriptRan = window.ownScriptRan === true;
  results.inlineScriptRan = window.inlineScriptRan === true;
  results.inlineHandlerRan = window.inlineHandlerRan === true;
  results.violations = window.violations;
  return results;
})();`;
}
