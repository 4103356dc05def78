import type { Config } from '../config.ts';
import type { Database } from './database.ts';
import { seedCatalogue } from './seeds/catalogue.ts';
import { seedAddresses } from './seeds/addresses.ts';
import { seedScheduling } from './seeds/scheduling.ts';

/**
 * Loads the demo data of PRODUCT.md section 5, idempotently: every seed inserts by key and skips
 * what exists, so a restart or a second instance changes nothing.
 */
export async function seed(database: Database, config: Config): Promise<void> {
  await seedCatalogue(database, config);
  await seedAddresses(database, config);
  await seedScheduling(database, config);
}
