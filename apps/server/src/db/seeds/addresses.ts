import type { Config } from '../../config.ts';
import type { Database } from '../database.ts';

export async function seedAddresses(_database: Database, _config: Config): Promise<void> {}
