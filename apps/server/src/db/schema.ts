import type { CatalogueTables } from './tables/catalogue.ts';
import type { AddressTables } from './tables/addresses.ts';
import type { SchedulingTables } from './tables/scheduling.ts';
import type { OrderTables } from './tables/orders.ts';
import type { CatalogueVersionTables } from './tables/catalogue-versions.ts';
import type { NotificationTables } from './tables/notifications.ts';
import type { OperatorTables } from './tables/operators.ts';
import type { MailTables } from './tables/mail.ts';

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
    MailTables {}
