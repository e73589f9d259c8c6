// The Host names a server on 127.0.0.1 answers to, shared by the web host and the sandbox back office.
// A leaf (it imports nothing), so the sandbox need not import the web host's folder.

/** The Host header values a loopback server on this port answers to. */
export function allowedHosts(port: number): readonly string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** Whether a Host header names this host (browsers send it in lower case; compared without case). */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (host === undefined) return false;
  return allowedHosts(port).includes(host.toLowerCase());
}
