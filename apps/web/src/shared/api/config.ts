import { publicConfigAnswer } from '@fibre/domain/api';
export type { PublicConfig } from '@fibre/domain/api';
import { get, type Options } from './client.ts';

/** The public configuration (docs/rules/api.md), which every page reads first. */

export const fetchPublicConfig = (o?: Options) =>
  get('/api/v1/public/config', publicConfigAnswer, o);
