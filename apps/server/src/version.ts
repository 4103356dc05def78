import { readFileSync } from 'node:fs';
import { rootPackageFile } from './http/paths.ts';

/**
 * The product's one version (semver): the root package.json's, released as CHANGELOG.md says
 * (docs/deploy.md#releases). /healthz, /api/docs and the console's footer show it.
 */
export const productVersion: string = (() => {
  const { version } = JSON.parse(readFileSync(rootPackageFile, 'utf8')) as { version?: unknown };
  return typeof version === 'string' ? version : '0.0.0';
})();
