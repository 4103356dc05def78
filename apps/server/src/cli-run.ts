import { ConfigError } from './config.ts';

/** A refusal the command line explains in one line (no stack): bad arguments, a missing account. */
export class CliError extends Error {}

/**
 * Runs a command-line entry point (`npm run catalogue`, `npm run operator`): exits with the code
 * `main` answers, or 1 with one line naming the command when it throws. A configuration or CLI
 * refusal shows its own message; anything else shows what was thrown.
 */
export function runCli(name: string, main: (args: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      const message =
        error instanceof ConfigError || error instanceof CliError ? error.message : String(error);
      console.error(`${name} ${process.argv[2] ?? ''} failed: ${message}`);
      process.exit(1);
    },
  );
}
