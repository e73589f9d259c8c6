// The pairing handshake: OPAQUE (RFC 9807) through @serenity-kit/opaque (opaque-ke, audited). The
// host registers the join code (or a member's rejoin secret) with its own key pair and keeps only the
// registration record; a member proves it knows the code without sending it, and both get a session
// key. An eavesdropper learns nothing to test codes against offline; a guess costs one online attempt,
// which the host counts (live-host.ts).
import * as opaque from '@serenity-kit/opaque';

// Key stretching protects a stolen registration record. The code's record lives only in the host's
// memory for one join window, and the rejoin secrets are 256-bit random: stretching buys nothing, and a
// reconnect after a restart must not cost a second of CPU on a till PC.
const KEY_STRETCHING = { 'argon2id-custom': { iterations: 1, memory: 1024, parallelism: 1 } } as const;

export const opaqueReady: Promise<void> = opaque.ready;

export function newServerSetup(): string {
  return opaque.server.createSetup();
}

/** The host registers a secret it made itself (the code, a member's secret): both halves run here. */
export function registrationRecordFor(serverSetup: string, identity: string, secret: string): string {
  const start = opaque.client.startRegistration({ password: secret });
  const { registrationResponse } = opaque.server.createRegistrationResponse({
    serverSetup,
    userIdentifier: identity,
    registrationRequest: start.registrationRequest,
  });
  return opaque.client.finishRegistration({
    password: secret,
    registrationResponse,
    clientRegistrationState: start.clientRegistrationState,
    keyStretching: KEY_STRETCHING,
  }).registrationRecord;
}

export function hostStartLogin(
  serverSetup: string,
  identity: string,
  record: string,
  request: string,
): { state: string; response: string } | undefined {
  try {
    const started = opaque.server.startLogin({
      serverSetup,
      registrationRecord: record,
      startLoginRequest: request,
      userIdentifier: identity,
    });
    return { state: started.serverLoginState, response: started.loginResponse };
  } catch {
    return undefined;
  }
}

/** The session key, or undefined when the member did not know the secret (or the frame is not OPAQUE). */
export function hostFinishLogin(state: string, request: string): string | undefined {
  try {
    return opaque.server.finishLogin({ serverLoginState: state, finishLoginRequest: request }).sessionKey;
  } catch {
    return undefined;
  }
}

export function memberStartLogin(secret: string): { state: string; request: string } {
  const started = opaque.client.startLogin({ password: secret });
  return { state: started.clientLoginState, request: started.startLoginRequest };
}

export function memberFinishLogin(
  state: string,
  response: string,
  secret: string,
): { request: string; sessionKey: string } | undefined {
  try {
    const finished = opaque.client.finishLogin({
      clientLoginState: state,
      loginResponse: response,
      password: secret,
      keyStretching: KEY_STRETCHING,
    });
    return finished && { request: finished.finishLoginRequest, sessionKey: finished.sessionKey };
  } catch {
    return undefined;
  }
}
