import { apiKeyName } from '@fibre/domain/api';
import type { Kysely } from 'kysely';
import { CliError } from '../cli-run.ts';
import type { Schema } from '../db/schema.ts';
import { createApiKey, revokeKey } from './api-keys.ts';
import { listApiKeys } from './repository/api-keys.ts';

/*
 * `npm run operator -- key create NAME --role viewer|manager`, `key revoke NAME`, `key list`
 * (docs/rules/operators.md#api-keys): the console's API keys from the command line, audited as
 * done by `cli`. The key's text is printed once, on a line of its own.
 */

export type KeyCommand =
  | { command: 'create'; name: string; role: 'viewer' | 'manager' }
  | { command: 'revoke'; name: string }
  | { command: 'list' };

export function parseKeyArgs(args: string[]): KeyCommand | undefined {
  const [command, name, ...rest] = args;
  if (command === 'list' && name === undefined) return { command };
  if (command === 'revoke' && name && rest.length === 0) return { command, name };
  if (command === 'create' && name && rest.length === 2 && rest[0] === '--role') {
    const role = rest[1];
    if (role === 'manager' || role === 'viewer') return { command, name, role };
  }
  return undefined;
}

/** The name as the console would take it (trimmed, 1 to 60 characters, no control character). */
export function checkKeyName(name: string): string {
  const parsed = apiKeyName.safeParse(name);
  if (!parsed.success) throw new CliError(`the name ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

export async function runKeyCommand(db: Kysely<Schema>, parsed: KeyCommand): Promise<number> {
  const now = new Date();
  if (parsed.command === 'list') {
    for (const key of await listApiKeys(db)) {
      const state = key.revoked_at ? `revoked ${key.revoked_at.toISOString()}` : 'live';
      const used = key.last_used_at?.toISOString() ?? 'never';
      console.log(
        `${key.name}\t${key.role}\t${key.prefix}…\tcreated ${key.created_at.toISOString()} by ${key.created_by}\tlast used ${used}\t${state}`,
      );
    }
    return 0;
  }
  if (parsed.command === 'revoke') {
    const row = await revokeKey(db, { name: parsed.name }, 'cli', now);
    if (!row) throw new CliError(`no live key is named ${parsed.name}`);
    console.log(`${row.name}: revoked; every instance refuses it from now on`);
    return 0;
  }
  const made = await createApiKey(db, { name: parsed.name, role: parsed.role, by: 'cli', now });
  if ('taken' in made) throw new CliError(`a live key is already named ${parsed.name}`);
  console.log(`${made.row.name}: a ${made.row.role} key. It is shown this once; keep it now:`);
  console.log(made.key);
  return 0;
}
