import {
  apiKeysAnswer,
  createdApiKeyAnswer,
  revokedApiKeyAnswer,
  type ApiKeyScope,
} from '@fibre/domain/api';
import { call } from './admin-client.ts';

/** The console's API key calls (docs/rules/operators.md#api-keys), for managers. */

export const fetchApiKeys = () => call('GET', '/admin/api/keys', apiKeysAnswer);

export const createApiKey = (body: {
  name: string;
  role: 'viewer' | 'manager';
  scopes?: ApiKeyScope[];
}) => call('POST', '/admin/api/keys', createdApiKeyAnswer, { body });

export const revokeApiKey = (id: string) =>
  call('DELETE', `/admin/api/keys/${encodeURIComponent(id)}`, revokedApiKeyAnswer);
