import { useEffect, useState } from "react";
import type { OidcSettings } from "../oidc";
import { type Session, sessionFromToken } from "../session";
import { Field } from "../ui/field";

interface ConsoleConfig {
  signIn: "demo" | "oidc" | "token";
  oidc: OidcSettings | null;
  demo: { kind: string; organisationId: string; token: string }[];
}

const DEMO_NAMES: Record<string, string> = {
  developer: "Demo Developer",
  provider: "Demo Provider",
  admin: "Demo Admin",
  operator: "Demo Platform Operator",
};

/** The OIDC code is loaded only where an identity provider is configured (not in local runs). */
const oidc = () => import("../oidc");

/**
 * Local runs: a picker of the demo organisations (the launcher's tokens). With an identity provider: its
 * authorization-code + PKCE sign-in (and the redirect back handled here). Always: a pasted bearer token.
 */
export function SignIn({ onSignIn }: { onSignIn: (session: Session) => void }) {
  const [config, setConfig] = useState<ConsoleConfig>();
  const [token, setToken] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [oidcError, setOidcError] = useState<string>();
  useEffect(() => {
    fetch(`${import.meta.env.BASE_URL}config.json`)
      .then((r) => (r.ok ? r.json() : { signIn: "token", oidc: null, demo: [] }))
      .then(setConfig, () => setConfig({ signIn: "token", oidc: null, demo: [] }));
  }, []);
  // Back from the identity provider: exchange the code for the access token.
  useEffect(() => {
    const settings = config?.oidc;
    if (!settings) return;
    void oidc().then(async ({ isCallback, finishSignIn }) => {
      if (!isCallback()) return;
      setBusy(true);
      try {
        const session = sessionFromToken(await finishSignIn(settings));
        if (session) onSignIn(session);
        else setOidcError("The identity provider's access token carries no organisation and roles.");
      } catch (caught) {
        setOidcError(`Signing in failed: ${(caught as Error).message}.`);
      } finally {
        setBusy(false);
      }
    });
  }, [config, onSignIn]);

  const pasted = () => {
    const session = sessionFromToken(token.trim());
    if (session) onSignIn(session);
    else setError("That is not a marketplace access token (a JWT with org and roles).");
  };

  return (
    <main id="main" className="sign-in">
      <h1>Sign in to the marketplace</h1>
      {config?.demo.length ? (
        <section aria-labelledby="demo-heading">
          <h2 id="demo-heading">Demo organisations</h2>
          <p className="muted">This stack runs locally: pick an organisation to act as.</p>
          <ul className="picker">
            {config.demo
              .filter((d) => DEMO_NAMES[d.kind])
              .map((d) => (
                <li key={d.kind}>
                  <button
                    type="button"
                    onClick={() => {
                      const session = sessionFromToken(d.token, DEMO_NAMES[d.kind]);
                      if (session) onSignIn(session);
                    }}
                  >
                    {DEMO_NAMES[d.kind]}
                    <span className="muted small"> {d.kind}</span>
                  </button>
                </li>
              ))}
          </ul>
        </section>
      ) : null}
      {config?.oidc ? (
        <section aria-labelledby="oidc-heading">
          <h2 id="oidc-heading">Your organisation's account</h2>
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => {
              const settings = config.oidc;
              if (!settings) return;
              setBusy(true);
              oidc()
                .then(({ startSignIn }) => startSignIn(settings))
                .catch((caught: unknown) => {
                  setBusy(false);
                  setOidcError(`Signing in failed: ${(caught as Error).message}.`);
                });
            }}
          >
            Sign in with {new URL(config.oidc.issuer).host}
          </button>
          {busy ? <p role="status">Signing in…</p> : null}
          {oidcError ? (
            <p className="error" role="alert">
              {oidcError}
            </p>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="token-heading">
        <h2 id="token-heading">Access token</h2>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            pasted();
          }}
        >
          <Field label="Bearer token" error={error}>
            {(input) => (
              <input {...input} value={token} onChange={(e) => setToken(e.target.value)} autoComplete="off" />
            )}
          </Field>
          <button type="submit">Sign in</button>
        </form>
      </section>
    </main>
  );
}
