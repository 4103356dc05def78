import type { Selectable } from 'kysely';
import type { CatalogueTables } from './tables/catalogue.ts';
import type { AddressTables } from './tables/addresses.ts';
import type { SchedulingTables } from './tables/scheduling.ts';
import type { OrderTables } from './tables/orders.ts';
import type { CatalogueVersionTables } from './tables/catalogue-versions.ts';
import type { NotificationTables } from './tables/notifications.ts';
import type { OperatorTables } from './tables/operators.ts';
import type { MailTables } from './tables/mail.ts';
import type { FunnelTables } from './tables/funnel.ts';
import type { SignupTables } from './tables/signups.ts';

/** Every table the repositories may touch, as Kysely sees it; one file per migration's tables. */
export interface Schema
  extends
    CatalogueTables,
    CatalogueVersionTables,
    AddressTables,
    SchedulingTables,
    OrderTables,
    NotificationTables,
    OperatorTables,
    MailTables,
    FunnelTables,
    SignupTables {}

/**
 * A building row as stored (catalogue/repository/buildings.ts): what a lookup answers, in the
 * catalogue and in the address search (addresses/answers.ts).
 */
export type Building = Selectable<Schema['buildings']>;

/**
 * A lead row as stored: the table's own type, so the two cannot drift, less the console's
 * contacted mark (migration 012), which a new lead never has, and its change stamp (migration 027),
 * which the database writes.
 */
export type NewLead = Omit<
  Selectable<Schema['leads']>,
  'contacted_at' | 'contacted_by' | 'event_sequence' | 'updated_at' | 'change_xid'
>;
