import { runCli } from "./program";

/** `mkt` as a process: the real environment and streams; progress bars on stderr. */
const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  progressStream: process.stderr,
});
process.exitCode = code;
