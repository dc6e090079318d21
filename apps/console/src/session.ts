/** Who is signed in: a bearer token and what the console reads from it (organisation, roles). */
export interface Session {
  token: string;
  organisationId: string;
  roles: string[];
  /** A name to show: the demo organisation's kind, or the token's subject. */
  label: string;
}

const KEY = "mp.console.session";

/** The claims the gateway reads (`org`, `roles`, `sub`), decoded without verification (the API verifies). */
export function sessionFromToken(token: string, label?: string): Session | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    if (typeof json.org !== "string" || !Array.isArray(json.roles)) return undefined;
    return {
      token,
      organisationId: json.org,
      roles: json.roles.map(String),
      label: label ?? String(json.sub ?? json.org),
    };
  } catch {
    return undefined;
  }
}

/** Kept for the browser tab only (sessionStorage): closing the tab signs out. */
export function loadSession(): Session | undefined {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Session;
  } catch {
    return undefined;
  }
}

export function saveSession(session: Session | undefined): void {
  if (session) sessionStorage.setItem(KEY, JSON.stringify(session));
  else sessionStorage.removeItem(KEY);
}
