import { CliError, runCli } from '../cli-run.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { DataDirInUse } from '../db/data-dir-lock.ts';
import { migrate } from '../db/migrate.ts';
import { deleteOperator, insertOperator, recordAudit } from './repository/operators.ts';
import { inTransaction } from '../db/transactions.ts';
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts';
import { isOperatorEmail, newOperatorId, normaliseEmail } from './sessions.ts';
import { checkKeyName, parseKeyArgs, runKeyCommand } from './key-cli.ts';

/**
 * `npm run operator -- add EMAIL --role manager|viewer`: a new operator account; the password
 * from OPERATOR_PASSWORD, else asked for twice on the terminal without echo.
 * `npm run operator -- remove EMAIL`: removes the account and ends its sessions.
 * `npm run operator -- key create NAME --role viewer|manager [--scopes …]`, `key revoke NAME`, `key list`: the
 * back-office API's keys (key-cli.ts).
 * Both work on the database the server's own environment names (DATABASE_URL or DATA_DIR), after
 * its migrations. An embedded (PGlite) data directory is one process's at a time: beside a running
 * server the command refuses and writes nothing (docs/rules/operators.md).
 */

const firstManagerHint =
  "For the first manager, the running server needs no stopping: open its /admin and choose 'Create the first manager', with the one-time setup code it printed at start.";

const usage = [
  'usage: npm run operator -- add EMAIL --role manager|viewer',
  '       npm run operator -- remove EMAIL',
  '       npm run operator -- key create NAME --role viewer|manager [--scopes orders:act,webhooks:manage]',
  '       npm run operator -- key revoke NAME',
  '       npm run operator -- key list',
].join('\n');

function parseArgs(args: string[]) {
  const [command, email, ...rest] = args;
  if (command === 'remove' && email && rest.length === 0) return { command, email } as const;
  if (command === 'add' && email && rest.length === 2 && rest[0] === '--role') {
    const role = rest[1];
    if (role === 'manager' || role === 'viewer') return { command, email, role } as const;
  }
  return undefined;
}

/** Reads a line from the terminal without showing it. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    return Promise.reject(
      new CliError('no password: set OPERATOR_PASSWORD, or run this in a terminal to be asked'),
    );
  }
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.resume();
  input.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new CliError('cancelled'));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    input.on('data', onData);
  });
}

async function passwordFor(email: string): Promise<string> {
  const fromEnv = process.env.OPERATOR_PASSWORD;
  const password = fromEnv ?? (await askHidden(`Password for ${email}: `));
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new CliError(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (fromEnv === undefined && (await askHidden('Again: ')) !== password) {
    throw new CliError('the two passwords differ');
  }
  return password;
}

/** The server's database, migrated; refused beside a server holding the same data directory. */
async function openDatabase() {
  const config = loadConfig(process.env);
  const database = await connectDatabase(config, 'npm run operator').catch((error: unknown) => {
    // A running server holds the directory: it also offers the first manager itself.
    if (!(error instanceof DataDirInUse)) throw error;
    throw new CliError(`${error.message}\n${firstManagerHint}`);
  });
  try {
    await migrate(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function keyMain(args: string[]): Promise<number> {
  const parsed = parseKeyArgs(args);
  if (!parsed) {
    console.error(usage);
    return 2;
  }
  if (parsed.command !== 'list') parsed.name = checkKeyName(parsed.name);
  const database = await openDatabase();
  try {
    return await runKeyCommand(database.db, parsed);
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<number> {
  if (args[0] === 'key') return keyMain(args.slice(1));
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(usage);
    return 2;
  }
  const email = normaliseEmail(parsed.email);
  if (!isOperatorEmail(email)) throw new CliError(`${parsed.email} is not an email address`);
  const password = parsed.command === 'add' ? await passwordFor(email) : undefined;

  const database = await openDatabase();
  try {
    const now = new Date();
    const audit = { operatorEmail: 'cli', at: now, subjectType: 'operator', subjectId: email };
    if (parsed.command === 'add') {
      const role = parsed.role;
      const password_hash = await hashPassword(password!);
      const added = await inTransaction(database.db, async (trx) => {
        const ok = await insertOperator(trx, {
          id: newOperatorId(),
          email,
          role,
          password_hash,
          created_at: now,
        });
        if (ok)
          await recordAudit(trx, { ...audit, action: 'operator_added', after: { email, role } });
        return ok;
      });
      if (!added) {
        throw new CliError(`${email} already has an account (remove it first to change it)`);
      }
      console.log(`${email}: added as ${role}`);
      return 0;
    }
    const removed = await inTransaction(database.db, async (trx) => {
      const row = await deleteOperator(trx, email);
      if (row) {
        const before = { email: row.email, role: row.role };
        await recordAudit(trx, { ...audit, action: 'operator_removed', before });
      }
      return row;
    });
    if (!removed) throw new CliError(`${email} has no account`);
    console.log(`${email}: removed, and signed out everywhere`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('operator', main);
