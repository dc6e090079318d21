/**
 * Finds secrets in captured log lines: anything shaped like a bearer token, an API key, a Stripe key or
 * endpoint secret, a private key (PEM or a JWK's private member) or a URL with a password, and every
 * value the caller knows to be secret (the tokens, keys and passwords a test stack was given).
 */
export interface SecretFinding {
  kind: string;
  /** Index of the line in the input. */
  line: number;
  /** The line with the secret cut short, so a report does not leak it again. */
  excerpt: string;
}

const SHAPES: ReadonlyArray<{ kind: string; pattern: RegExp }> = [
  { kind: "JSON web token", pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/ },
  { kind: "API key", pattern: /\bmk_(?:live|test)_[0-9A-Za-z]{32,}/ },
  { kind: "Stripe secret", pattern: /\b(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{8,}|\bwhsec_[0-9A-Za-z_]{8,}/ },
  { kind: "private key", pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----|"d"\s*:\s*"[A-Za-z0-9_-]{20,}"/ },
  { kind: "URL with a password", pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:@/"'[\]]+:[^\s@/"']+@/i },
];

/**
 * Shortest known secret looked for: shorter values would match ordinary words (embedded PostgreSQL's
 * password is `postgres`, s3rver's secret `S3RVER`, and both appear in the launcher's lines as names).
 */
const MIN_KNOWN_LENGTH = 10;

export function findSecrets(lines: readonly string[], known: readonly string[] = []): SecretFinding[] {
  const values = known.filter((value) => value.length >= MIN_KNOWN_LENGTH);
  const findings: SecretFinding[] = [];
  lines.forEach((text, line) => {
    for (const { kind, pattern } of SHAPES) {
      const match = pattern.exec(text);
      if (match) findings.push({ kind, line, excerpt: cut(text, match.index) });
    }
    for (const value of values) {
      const at = text.indexOf(value);
      if (at >= 0) findings.push({ kind: "known secret", line, excerpt: cut(text, at) });
    }
  });
  return findings;
}

/** The password of a connection URL, when it has one (to add to the known secrets). */
export function urlPassword(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

function cut(text: string, at: number): string {
  return `${text.slice(Math.max(0, at - 60), at)}<secret at ${at}>`;
}
