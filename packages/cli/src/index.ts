export type { Io } from "./context";
export { EXIT, type ExitCode } from "./exit-codes";
export { runCli } from "./program";
