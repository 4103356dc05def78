import { API_KEY_SCOPES, apiKeyName, type ApiKeyScope } from '@fibre/domain/api';
import type { Kysely } from 'kysely';
import { CliError } from '../cli-run.ts';
import type { Schema } from '../db/schema.ts';
import { createApiKey, keyScopes, revokeKey } from './api-keys.ts';
import { listApiKeys } from './repository/api-keys.ts';

/*
 * `npm run operator -- key create NAME --role viewer|manager [--scopes orders:act,webhooks:manage]`,
 * `key revoke NAME`, `key list` (docs/rules/operators.md#api-keys): the console's API keys from the
 * command line, audited as done by `cli`. The key's text is printed once, on a line of its own.
 * Without --scopes a key reads only.
 */

export type KeyCommand =
  | { command: 'create'; name: string; role: 'viewer' | 'manager'; scopes: ApiKeyScope[] }
  | { command: 'revoke'; name: string }
  | { command: 'list' };

const isScope = (text: string): text is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(text);

export function parseKeyArgs(args: string[]): KeyCommand | undefined {
  const [command, name, ...rest] = args;
  if (command === 'list' && name === undefined) return { command };
  if (command === 'revoke' && name && rest.length === 0) return { command, name };
  if (command !== 'create' || !name || rest[0] !== '--role') return undefined;
  const role = rest[1];
  if (role !== 'manager' && role !== 'viewer') return undefined;
  if (rest.length === 2) return { command, name, role, scopes: [] };
  if (rest.length !== 4 || rest[2] !== '--scopes') return undefined;
  const scopes = rest[3]!.split(',').map((scope) => scope.trim());
  if (!scopes.every(isScope)) return undefined;
  return { command, name, role, scopes };
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
        `${key.name}\t${key.role}\t${key.prefix}…\t${key.scopes.join(',')}\tcreated ${key.created_at.toISOString()} by ${key.created_by}\tlast used ${used}\t${state}`,
      );
    }
    return 0;
  }
  if (parsed.command === 'revoke') {
    const revoked = await revokeKey(db, { name: parsed.name }, 'cli', now);
    if (!revoked) throw new CliError(`no live key is named ${parsed.name}`);
    console.log(`${revoked.row.name}: revoked; every instance refuses it from now on`);
    for (const endpoint of revoked.disabledEndpoints)
      console.log(`webhook endpoint ${endpoint.id} (${endpoint.url}), added by the key: disabled`);
    return 0;
  }
  const scopes = keyScopes(parsed.role, parsed.scopes);
  if ('refused' in scopes) throw new CliError(scopes.refused);
  const made = await createApiKey(db, {
    name: parsed.name,
    role: parsed.role,
    scopes,
    by: 'cli',
    now,
  });
  if ('taken' in made) throw new CliError(`a live key is already named ${parsed.name}`);
  console.log(
    `${made.row.name}: a ${made.row.role} key (${made.row.scopes.join(', ')}). It is shown this once; keep it now:`,
  );
  console.log(made.key);
  return 0;
}
