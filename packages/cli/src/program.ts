import { Command, CommanderError } from "commander";
import { adminCommands } from "./commands/admin";
import { developerCommands } from "./commands/developer";
import { providerCommands } from "./commands/provider";
import { rolloutCommands } from "./commands/rollout";
import type { Action } from "./commands/run";
import { Context, type Io } from "./context";
import { EXIT, type ExitCode, exitCodeOf } from "./exit-codes";
import { errorSentence } from "./problem-sentence";

const ENVIRONMENT_HELP = `
Environment:
  MKT_URL      the gateway (default http://127.0.0.1:8080)
  MKT_TOKEN    an access token, sent as Authorization: Bearer
  MKT_API_KEY  an API key (mk_live_... / mk_test_...), sent as x-api-key; for CI

Exit codes: 0 done, 1 usage (arguments, settings, local files), 2 the API refused (4xx),
3 the API failed (5xx) or could not be reached, or a wait gave up.`;

/**
 * The `mkt` command line: parses `argv` (without node and the script), runs one command against the
 * gateway and returns the exit code. Nothing here exits the process, so tests run it in-process.
 */
export async function runCli(argv: readonly string[], io: Io): Promise<ExitCode> {
  let code: ExitCode = EXIT.ok;
  const program = new Command("mkt")
    .description(
      "The marketplace from the command line: developers publish, providers sell, admins run instances.",
    )
    .option("--json", "print the API's own JSON instead of lines for people")
    .showHelpAfterError("(mkt <command> --help shows its usage)")
    .addHelpText("after", ENVIRONMENT_HELP)
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });

  const run = (command: Command, action: Action): Command =>
    command.exitOverride().action(async (...args: unknown[]) => {
      const options = (args.at(-1) as Command).optsWithGlobals() as { json?: boolean };
      // commander passes the positional arguments, the command's options, then the command itself.
      const positional = args.slice(0, -2);
      const ctx = new Context(io, Boolean(options.json));
      const result = await action(ctx, ...positional, args.at(-2));
      code = typeof result === "number" ? (result as ExitCode) : EXIT.ok;
    });

  developerCommands(program, run);
  const statements = program.command("statements").description("settlement statements");
  providerCommands(program, run, statements);
  rolloutCommands(program, run);
  adminCommands(program, run, statements);
  for (const command of [program, ...program.commands]) command.exitOverride();

  try {
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return EXIT.usage;
    }
    await program.parseAsync([...argv], { from: "user" });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    io.stderr(`mkt: ${errorSentence(error)}\n`);
    return exitCodeOf(error);
  }
}
