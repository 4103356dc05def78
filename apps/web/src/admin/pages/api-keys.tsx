import type {
  ApiKeyAnswer,
  ApiKeyScope,
  CreatedApiKeyAnswer,
  RevokedApiKeyAnswer,
} from '@fibre/domain/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createApiKey, fetchApiKeys, revokeApiKey } from '../../shared/api/admin-api-keys.ts';
import { Button } from '../../shared/ui/button.tsx';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { Field } from '../../shared/ui/field.tsx';
import { whenText } from '../format.ts';
import { Empty, ErrorAlert, Loading, TableScroll } from '../ui.tsx';

/*
 * The back-office API's keys, for managers (docs/rules/operators.md#api-keys): made with a name,
 * a role and its scopes (reading only unless more are ticked), the key shown once to copy; listed
 * by name, scopes and first characters; revoked after a confirmation, which names the webhook
 * endpoints the key had added, disabled with it.
 */

const roleLabel = { viewer: 'Viewer (reads)', manager: 'Manager (reads and changes)' } as const;

/** The scopes a manager may tick; every key reads orders and leads (`orders:read`). */
const extraScopes: { scope: ApiKeyScope; label: string }[] = [
  { scope: 'orders:act', label: 'Act on orders and leads' },
  { scope: 'webhooks:manage', label: 'Manage webhook endpoints' },
];

/** The key just made: its text, once, with a copy button. */
function ShownOnce({ made }: { made: CreatedApiKeyAnswer }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="console-order-link console-section">
      <p>
        <strong>The key “{made.apiKey.name}”</strong>: copy it now. You will not see it again; only
        its first characters ({made.apiKey.prefix}…) are kept.
      </p>
      <p>
        <code className="console-key">{made.key}</code>
      </p>
      <Button
        variant="secondary"
        onClick={() =>
          void navigator.clipboard?.writeText(made.key).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? 'Copied' : 'Copy key'}
      </Button>
    </div>
  );
}

/** What revoking a key disabled with it: the webhook endpoints it had added. */
function RevokedNote({ revoked }: { revoked: RevokedApiKeyAnswer }) {
  return (
    <div role="status" className="console-section">
      <p>
        <strong>The key “{revoked.name}” is revoked.</strong>{' '}
        {revoked.disabledEndpoints.length === 0
          ? 'It had added no webhook endpoint.'
          : 'The webhook endpoints it had added are disabled:'}
      </p>
      {revoked.disabledEndpoints.length > 0 && (
        <ul>
          {revoked.disabledEndpoints.map((endpoint) => (
            <li key={endpoint.id}>
              <code>{endpoint.url}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RevokeKey({
  apiKey,
  onRevoked,
}: {
  apiKey: ApiKeyAnswer;
  onRevoked: (revoked: RevokedApiKeyAnswer) => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const revoke = useMutation({
    mutationFn: () => revokeApiKey(apiKey.id),
    onSuccess: async (revoked) => {
      setOpen(false);
      onRevoked(revoked);
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      }
      open={open}
      onOpenChange={setOpen}
      title={`Revoke the key “${apiKey.name}”?`}
      description="Every request with it is refused from now on, and the webhook endpoints it added or enabled are disabled. This cannot be undone: a system that still needs access needs a new key."
      confirm="Revoke the key"
      cancel="Keep it"
      destructive
      busy={revoke.isPending}
      error={revoke.error}
      onConfirm={() => revoke.mutate()}
    />
  );
}

export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: fetchApiKeys });
  const [name, setName] = useState('');
  const [role, setRole] = useState<'viewer' | 'manager'>('viewer');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const [missing, setMissing] = useState(false);
  const [revoked, setRevoked] = useState<RevokedApiKeyAnswer>();
  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: async () => {
      setName('');
      await queryClient.invalidateQueries({ queryKey: ['api-keys'] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    // A viewer key reads only: it takes no scope (docs/rules/operators.md#api-keys).
    create.mutate(
      role === 'manager' ? { name: name.trim(), role, scopes } : { name: name.trim(), role },
    );
  };
  const items = keys.data?.keys ?? [];
  return (
    <>
      <h1 className="console-title">API keys</h1>
      <p>
        A key lets another system use the console's API with the key's role, sending{' '}
        <code>Authorization: Bearer</code> and the key. It is shown once, when it is made. Every key
        reads orders and leads; a manager key does more only with the scopes ticked. No key mints an
        order page's link or unlocks an operator.
      </p>
      <form aria-label="New API key" className="console-filters" onSubmit={submit}>
        <Field label="Name" error={missing ? 'Give the key a name.' : undefined}>
          {(control) => (
            <input
              {...control}
              className="input"
              maxLength={60}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setMissing(false);
              }}
            />
          )}
        </Field>
        <Field label="Role">
          {(control) => (
            <select
              {...control}
              className="input"
              value={role}
              onChange={(event) => setRole(event.target.value as 'viewer' | 'manager')}
            >
              <option value="viewer">{roleLabel.viewer}</option>
              <option value="manager">{roleLabel.manager}</option>
            </select>
          )}
        </Field>
        <fieldset className="console-checkboxes" aria-describedby="api-key-scopes-hint">
          <legend className="field__label">Scopes</legend>
          <p className="field__hint" id="api-key-scopes-hint">
            {role === 'manager' ? 'None ticked: the key reads only.' : 'A viewer key reads only.'}
          </p>
          <label className="console-checkbox">
            <input type="checkbox" checked disabled /> Read orders and leads{' '}
            <code>orders:read</code>
          </label>
          {extraScopes.map(({ scope, label }) => (
            <label key={scope} className="console-checkbox">
              <input
                type="checkbox"
                disabled={role !== 'manager'}
                checked={role === 'manager' && scopes.includes(scope)}
                onChange={(event) =>
                  setScopes((now) =>
                    event.target.checked ? [...now, scope] : now.filter((other) => other !== scope),
                  )
                }
              />{' '}
              {label} <code>{scope}</code>
            </label>
          ))}
        </fieldset>
        <div className="console-filters__go">
          <Button type="submit" busy={create.isPending}>
            Create key
          </Button>
        </div>
      </form>
      <ErrorAlert error={create.error ?? keys.error} />
      {create.data && <ShownOnce made={create.data} />}
      {revoked && <RevokedNote revoked={revoked} />}
      {keys.isPending ? (
        <Loading>Loading keys…</Loading>
      ) : items.length === 0 ? (
        !keys.isError && <Empty>No API keys yet.</Empty>
      ) : (
        <TableScroll label="API keys">
          <table className="console-table">
            <caption className="visually-hidden">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Scopes</th>
                <th scope="col">Starts with</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Revoked</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {items.map((key) => (
                <tr key={key.id}>
                  <td>{key.name}</td>
                  <td>{key.role === 'manager' ? 'Manager' : 'Viewer'}</td>
                  <td>{key.scopes.join(', ')}</td>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>
                    {whenText(key.createdAt)} by {key.createdBy}
                  </td>
                  <td>{key.lastUsedAt ? whenText(key.lastUsedAt) : 'Never'}</td>
                  <td>
                    {key.revokedAt ? `${whenText(key.revokedAt)} by ${key.revokedBy ?? ''}` : '—'}
                  </td>
                  <td>{key.revokedAt ? '' : <RevokeKey apiKey={key} onRevoked={setRevoked} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
