import { describe, expect, it } from 'vitest';
import { spanText, timeText, whenText, windowText, zoneLabel } from './format.ts';
import { actionText, changeLines } from './history.ts';

// docs/rules/operator-console.md: history in plain words, every time with its zone named.

describe('the console history in plain words', () => {
  it('names each action in words, and an unknown one from its own', () => {
    expect(actionText('order_cancelled')).toBe('Cancelled');
    expect(actionText('order_retry_failed')).toBe('Retry failed');
    expect(actionText('personal_data.exported')).toBe('Personal data exported');
  });

  it('says where a service change went, and names the webhooks actions', () => {
    // docs/rules/orders.md#service-status, docs/rules/webhooks.md#endpoints
    expect(actionText('order_service_changed', { service: 'installed', note: 'Fitted' })).toBe(
      'Service set to installed',
    );
    expect(actionText('order_service_changed', { service: 'active' })).toBe(
      'Service set to active',
    );
    expect(actionText('order_service_changed')).toBe('Service status changed');
    expect(actionText('webhook_endpoint_added')).toBe('Webhook endpoint added');
    expect(actionText('webhook_endpoint_disabled')).toBe('Webhook endpoint disabled');
    expect(actionText('webhook_delivery_resent')).toBe('Webhook delivery resent');
    expect(changeLines({ service: null }, { service: 'installed', note: 'Fitted' })).toEqual([
      'Service: Not yet installed → Installed',
      'Note: Fitted',
    ]);
  });

  it('writes each changed value before → after, and what only appears after on its own', () => {
    expect(
      changeLines(
        { status: 'needs_attention', reason: 'Billing failed', refs: { task: 't1' } },
        { status: 'confirmed', reason: null, refs: { task: 't1' }, note: 'Called the bank' },
      ),
    ).toEqual([
      'Status: Needs attention → Confirmed',
      'Reason: Billing failed → none',
      'Note: Called the bank',
    ]);
  });

  it("writes a window in its state's zone, zone named", () => {
    expect(
      changeLines(
        { window: { state: 'WA', start: '2026-12-03T00:00:00Z', end: '2026-12-03T04:00:00Z' } },
        { window: { state: 'WA', start: '2026-12-04T00:00:00Z', end: '2026-12-04T04:00:00Z' } },
      ),
    ).toEqual([
      'Window: Thursday 3 December 2026, 8:00 am – 12:00 pm AWST → Friday 4 December 2026, 8:00 am – 12:00 pm AWST',
    ]);
  });

  it('says nothing when nothing changed', () => {
    expect(changeLines({ status: 'confirmed' }, { status: 'confirmed' })).toEqual([]);
    expect(changeLines(null, undefined)).toEqual([]);
  });
});

describe('times with their zone', () => {
  it('names the zone in force at the moment, summer or winter', () => {
    expect(zoneLabel('2026-12-03T00:00:00Z', 'Australia/Sydney')).toBe('AEDT');
    expect(zoneLabel('2026-07-03T00:00:00Z', 'Australia/Sydney')).toBe('AEST');
    expect(zoneLabel('2026-12-03T00:00:00Z', 'Australia/Perth')).toBe('AWST');
    expect(zoneLabel('2026-12-03T00:00:00Z', 'Australia/Adelaide')).toBe('ACDT');
  });

  it('writes when, spans, times and windows with the zone once', () => {
    const at = '2026-12-03T03:47:00Z';
    expect(whenText(at)).toBe('3 Dec 2026, 2:47 pm AEDT');
    expect(timeText(at, 'Australia/Perth')).toBe('11:47 am AWST');
    expect(spanText('2026-12-03T00:00:00Z', '2026-12-03T04:00:00Z', 'Australia/Perth')).toBe(
      '3 Dec 2026, 8:00 am – 12:00 pm AWST',
    );
    expect(
      windowText({ state: 'QLD', start: '2026-12-03T22:00:00Z', end: '2026-12-04T00:00:00Z' }),
    ).toBe('Friday 4 December 2026, 8:00 am – 10:00 am AEST');
  });
});
