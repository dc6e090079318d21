const NAMESPACE = /^(?:[A-Za-z0-9_-]+\.)*$/;
const STREAM_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * A namespace is empty (production) or dot-terminated tokens (`t1a2b3c.`), so that prefixing keeps every
 * subject a valid NATS subject and test files never share subjects or streams.
 */
export function assertNamespace(namespace: string): string {
  if (!NAMESPACE.test(namespace)) {
    throw new Error(`Invalid bus namespace "${namespace}": use "" or dot-terminated tokens like "t1a2b3c."`);
  }
  return namespace;
}

/** Subject of an event type inside a namespace: the namespace is a plain prefix. */
export function namespacedSubject(namespace: string, type: string): string {
  return namespace + type;
}

/**
 * Stream names cannot contain dots, so the namespace becomes an upper-cased prefix with `_` for `.`:
 * `t1a2b3c.` + `ORDERS` -> `T1A2B3C_ORDERS`.
 */
export function namespacedStreamName(namespace: string, name: string): string {
  if (!STREAM_NAME.test(name)) throw new Error(`Invalid stream name "${name}"`);
  return streamPrefix(namespace) + name;
}

/** The part of every stream name that comes from the namespace (`""` in production). */
export function streamPrefix(namespace: string): string {
  return namespace.toUpperCase().replaceAll(".", "_");
}

/** NATS subject matching with `*` (one token) and `>` (one or more trailing tokens). */
export function subjectMatches(pattern: string, subject: string): boolean {
  const want = pattern.split(".");
  const have = subject.split(".");
  for (let i = 0; i < want.length; i++) {
    const token = want[i];
    if (token === ">") return have.length > i;
    if (i >= have.length) return false;
    if (token !== "*" && token !== have[i]) return false;
  }
  return want.length === have.length;
}
