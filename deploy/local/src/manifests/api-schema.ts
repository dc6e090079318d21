import type { Manifest } from "./load";

/**
 * The Kubernetes version whose API schemas `kubernetes-models` (5.1.0) ships, and so the version the
 * manifests are checked against (deploy/README.md says the same).
 */
export const TARGET_KUBERNETES = "1.34";

/**
 * Why `object` does not satisfy the Kubernetes API schema of its apiVersion and kind, or undefined when it
 * does. A kind the models do not know is a failure too (a typo in `kind` or `apiVersion`).
 */
export async function apiSchemaProblem(object: Manifest): Promise<string | undefined> {
  const { apiVersion, kind } = object;
  let models: Record<string, new (data: unknown) => { validate(): void }>;
  try {
    models = await import(`kubernetes-models/${apiVersion}`);
  } catch {
    return `unknown apiVersion ${apiVersion}`;
  }
  const Model = models[kind];
  if (typeof Model !== "function") return `unknown kind ${kind} in ${apiVersion}`;
  try {
    new Model(asSubmitted(object)).validate();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Secret `data` as the API server decodes it: kustomize wraps long base64 values over several lines, and
 * the server's decoder skips line breaks, while the schema's `byte` format does not.
 */
function asSubmitted(object: Manifest): Manifest {
  if (object.kind !== "Secret" || !object.data) return object;
  const data = Object.fromEntries(
    Object.entries(object.data).map(([key, value]) => [key, String(value).replace(/[\r\n]/g, "")]),
  );
  return { ...object, data };
}
