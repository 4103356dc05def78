import type { OperatorRole } from '@fibre/domain/api';
import type { ComponentType } from 'react';
import { ApiKeysPage } from './pages/api-keys.tsx';
import { AttentionPage } from './pages/attention.tsx';
import { FunnelPage } from './pages/funnel.tsx';
import { HoldsPage } from './pages/holds.tsx';
import { LeadsPage } from './pages/leads.tsx';
import { MailPage } from './pages/mail.tsx';
import { OffersPage } from './pages/offers.tsx';
import { OrderPage } from './pages/order.tsx';
import { OrdersPage } from './pages/orders.tsx';
import { PersonalDataPage } from './pages/personal-data.tsx';
import { SchedulePage } from './pages/schedule.tsx';
import { WebhooksPage } from './pages/webhooks.tsx';

/*
 * The console's pages (docs/rules/operator-console.md), each in one place: this table drives both
 * the navigation and the routing. A new page is a component in pages/ and a row here. The pages
 * load with the console's own chunk (admin/main.tsx loads console.tsx lazily).
 */

/** The path's `:name` parts, decoded. */
export type PageParams = Record<string, string>;

export interface ConsolePage {
  /** The page's path under /admin; a `:name` segment is a parameter (`/admin/orders/:id`). */
  path: string;
  /** Other paths that show the same page. */
  aliases?: readonly string[];
  /** The link's words in the navigation "Console"; a page without one has no link. */
  label?: string;
  /** The navigation link marked current on this page, when the page has no link of its own. */
  under?: string;
  component: ComponentType<{ params: PageParams }>;
  /** The least role that sees the page and its link (a manager sees every viewer's page). */
  role: OperatorRole;
}

export const consolePages: readonly ConsolePage[] = [
  {
    path: '/admin',
    aliases: ['/admin/orders'],
    label: 'Orders',
    component: OrdersPage,
    role: 'viewer',
  },
  {
    path: '/admin/orders/:id',
    under: '/admin',
    component: ({ params }) => <OrderPage id={params.id!} />,
    role: 'viewer',
  },
  { path: '/admin/attention', label: 'Needs attention', component: AttentionPage, role: 'viewer' },
  { path: '/admin/schedule', label: 'Schedule', component: SchedulePage, role: 'viewer' },
  { path: '/admin/holds', label: 'Holds', component: HoldsPage, role: 'viewer' },
  { path: '/admin/leads', label: 'Leads', component: LeadsPage, role: 'viewer' },
  { path: '/admin/offers', label: 'Offers', component: OffersPage, role: 'viewer' },
  { path: '/admin/mail', label: 'Mail', component: MailPage, role: 'viewer' },
  // docs/rules/funnel.md: no personal data; any operator reads and exports it, as the leads.
  { path: '/admin/funnel', label: 'Funnel', component: FunnelPage, role: 'viewer' },
  // docs/rules/webhooks.md#endpoints: any operator reads; the page shows a manager the changes.
  { path: '/admin/webhooks', label: 'Webhooks', component: WebhooksPage, role: 'viewer' },
  // docs/rules/personal-data-requests.md: managers only.
  {
    path: '/admin/personal-data',
    label: 'Personal data',
    component: PersonalDataPage,
    role: 'manager',
  },
  // docs/rules/operators.md#api-keys: managers only.
  { path: '/admin/api-keys', label: 'API keys', component: ApiKeysPage, role: 'manager' },
];

const rank: Record<OperatorRole, number> = { viewer: 0, manager: 1 };

/** Whether an operator of `role` sees `page`. */
export const sees = (role: OperatorRole, page: ConsolePage) => rank[role] >= rank[page.role];

/** The pattern's parameters when `path` (without a trailing slash) matches it, else null. */
function matchPath(pattern: string, path: string): PageParams | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: PageParams = {};
  for (const [i, part] of want.entries()) {
    const segment = got[i]!;
    if (part.startsWith(':')) {
      if (!segment) return null;
      params[part.slice(1)] = decodeURIComponent(segment);
    } else if (part !== segment) return null;
  }
  return params;
}

interface Found {
  page: ConsolePage;
  params: PageParams;
  /** The navigation link to mark current: the page's own, or the one it is under; none on an alias. */
  current: string | undefined;
}

/** The page at `path` an operator of `role` sees, with its parameters; null when none. */
export function pageAt(path: string, role: OperatorRole): Found | null {
  const clean = path.replace(/\/+$/, '') || '/admin';
  for (const page of consolePages) {
    if (!sees(role, page)) continue;
    const own = matchPath(page.path, clean);
    if (own) return { page, params: own, current: page.label ? page.path : page.under };
    for (const alias of page.aliases ?? []) {
      const params = matchPath(alias, clean);
      if (params) return { page, params, current: undefined };
    }
  }
  return null;
}
