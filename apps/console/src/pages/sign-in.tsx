import { useEffect, useState } from "react";
import { type Session, sessionFromToken } from "../session";
import { Field } from "../ui/field";

interface ConsoleConfig {
  signIn: "demo" | "oidc" | "token";
  oidc: { issuer: string; clientId: string; scope: string } | null;
  demo: { kind: string; organisationId: string; token: string }[];
}

const DEMO_NAMES: Record<string, string> = {
  developer: "Demo Developer",
  provider: "Demo Provider",
  admin: "Demo Admin",
  operator: "Demo Platform Operator",
};

/**
 * Local runs: a picker of the demo organisations (the launcher's tokens). Elsewhere: a bearer token pasted
 * by hand; the identity provider's authorization-code + PKCE sign-in is configured but not built yet
 * (docs/console.md).
 */
export function SignIn({ onSignIn }: { onSignIn: (session: Session) => void }) {
  const [config, setConfig] = useState<ConsoleConfig>();
  const [token, setToken] = useState("");
  const [error, setError] = useState<string>();
  useEffect(() => {
    fetch(`${import.meta.env.BASE_URL}config.json`)
      .then((r) => (r.ok ? r.json() : { signIn: "token", oidc: null, demo: [] }))
      .then(setConfig, () => setConfig({ signIn: "token", oidc: null, demo: [] }));
  }, []);

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
          <p className="muted">
            Signing in through {new URL(config.oidc.issuer).host} (authorization code with PKCE) is not built
            yet; paste an access token below.
          </p>
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
