import { publicConfigAnswer } from '@fibre/domain';
import { get, type Options } from './client.ts';

/** The public configuration (docs/rules/api.md), which every page reads first. */

export type { PublicConfig } from '@fibre/domain';

export const fetchPublicConfig = (o?: Options) =>
  get('/api/v1/public/config', publicConfigAnswer, o);
