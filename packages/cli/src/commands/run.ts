import type { Command } from "commander";
import type { Context } from "../context";
import type { ExitCode } from "../exit-codes";

/**
 * Binds a command's action: it gets the context (client, `--json`, I/O) then commander's arguments and
 * options, and may return an exit code (0 when it returns anything else).
 */
// biome-ignore lint/suspicious/noExplicitAny: each action declares its own argument and option types
export type Action = (ctx: Context, ...args: any[]) => Promise<ExitCode | unknown>;
export type Run = (command: Command, action: Action) => Command;
