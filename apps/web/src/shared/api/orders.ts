import { orderPlacedAnswer } from '@fibre/domain/api';
import type { InstallBody } from '@fibre/domain/install';
import { post, type Options } from './client.ts';

/** Places the order (docs/rules/api.md); the same Idempotency-Key and body answer the first result again. */
export const placeInstall = (
  provider: string,
  body: InstallBody,
  idempotencyKey: string,
  o?: Options,
) =>
  post(`/api/v1/${encodeURIComponent(provider)}/install`, body, orderPlacedAnswer, {
    ...o,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
