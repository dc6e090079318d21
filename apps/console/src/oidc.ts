import * as oauth from "oauth4webapi";

/** The identity provider and the console's public client, from `/console/config.json`. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  scope: string;
  audience: string | null | undefined;
}

/** What the redirect leaves behind for the callback (this tab only). */
const PENDING = "mp.console.oidc";

/** The console's own address is its redirect URI: `https://<gateway>/console/`. */
export function redirectUri(): string {
  return `${window.location.origin}${import.meta.env.BASE_URL}`;
}

/** http issuers are accepted only on loopback (a local identity provider); everything else is https. */
function options(issuer: URL) {
  const loopback = ["127.0.0.1", "localhost", "[::1]"].includes(issuer.hostname);
  return loopback && issuer.protocol === "http:" ? { [oauth.allowInsecureRequests]: true } : {};
}

async function discover(settings: OidcSettings) {
  const issuer = new URL(settings.issuer);
  const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...options(issuer) });
  return { as: await oauth.processDiscoveryResponse(issuer, response), issuer };
}

/**
 * Authorization code with PKCE (S256), step 1: discovery, then off to the provider's authorization
 * endpoint with a fresh code verifier and state kept in sessionStorage.
 */
export async function startSignIn(settings: OidcSettings): Promise<void> {
  const { as } = await discover(settings);
  if (!as.authorization_endpoint) throw new Error("the identity provider names no authorization endpoint");
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  sessionStorage.setItem(PENDING, JSON.stringify({ verifier, state }));
  const url = new URL(as.authorization_endpoint);
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", redirectUri());
  url.searchParams.set("response_type", "code");
  url.searchParams.set("scope", settings.scope);
  url.searchParams.set("code_challenge", await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set("code_challenge_method", "S256");
  url.searchParams.set("state", state);
  if (settings.audience) url.searchParams.set("audience", settings.audience);
  window.location.assign(url.href);
}

/** Whether this page load is the provider's redirect back (a `code` or an `error` with a `state`). */
export function isCallback(): boolean {
  const params = new URLSearchParams(window.location.search);
  return params.has("state") && (params.has("code") || params.has("error"));
}

/**
 * Step 2, on the redirect back: check the state, exchange the code with the verifier, and resolve to
 * the access token (the gateway verifies it; the console reads its `org` and `roles`).
 */
export async function finishSignIn(settings: OidcSettings): Promise<string> {
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? "null") as {
    verifier: string;
    state: string;
  } | null;
  sessionStorage.removeItem(PENDING);
  // the code is single-use: take it out of the address bar whatever happens next
  const current = new URL(window.location.href);
  window.history.replaceState(null, "", redirectUri());
  if (!pending) throw new Error("this sign-in was not started here; start again");
  const { as, issuer } = await discover(settings);
  const client: oauth.Client = { client_id: settings.clientId };
  const params = oauth.validateAuthResponse(as, client, current, pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirectUri(),
    pending.verifier,
    options(issuer),
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response);
  return result.access_token;
}
