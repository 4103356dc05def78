import { describe, expect, it } from 'vitest';
import { consolePages, pageAt } from './pages.tsx';

describe('the table of console pages', () => {
  it('lists the navigation in its order', () => {
    expect(consolePages.filter((page) => page.label).map((page) => page.label)).toEqual([
      'Orders',
      'Needs attention',
      'Schedule',
      'Holds',
      'Leads',
      'Offers',
      'Mail',
      'Funnel',
      'Webhooks',
      'Personal data',
      'API keys',
    ]);
  });

  it('finds a page by its path, with or without a trailing slash', () => {
    expect(pageAt('/admin/schedule/', 'viewer')).toMatchObject({
      page: { label: 'Schedule' },
      current: '/admin/schedule',
    });
    expect(pageAt('/admin/', 'manager')).toMatchObject({ page: { label: 'Orders' } });
  });

  it("finds an order's page under Orders, its id decoded", () => {
    expect(pageAt('/admin/orders/ord%201', 'viewer')).toMatchObject({
      page: { path: '/admin/orders/:id' },
      params: { id: 'ord 1' },
      current: '/admin',
    });
  });

  it('shows the orders at /admin/orders, with no link marked current', () => {
    expect(pageAt('/admin/orders', 'viewer')).toMatchObject({
      page: { label: 'Orders' },
      current: undefined,
    });
  });

  it('shows Personal data to a manager only', () => {
    expect(pageAt('/admin/personal-data', 'manager')).toMatchObject({
      page: { label: 'Personal data' },
    });
    expect(pageAt('/admin/personal-data', 'viewer')).toBeNull();
  });

  it('shows API keys to a manager only', () => {
    expect(pageAt('/admin/api-keys', 'manager')).toMatchObject({ page: { label: 'API keys' } });
    expect(pageAt('/admin/api-keys', 'viewer')).toBeNull();
  });

  it('shows Webhooks to any operator', () => {
    expect(pageAt('/admin/webhooks', 'viewer')).toMatchObject({ page: { label: 'Webhooks' } });
    expect(pageAt('/admin/webhooks', 'manager')).toMatchObject({ page: { label: 'Webhooks' } });
  });

  it('finds no page elsewhere', () => {
    expect(pageAt('/admin/nowhere', 'manager')).toBeNull();
    expect(pageAt('/admin/orders/ord_1/more', 'manager')).toBeNull();
  });
});
