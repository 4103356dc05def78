// One schema per request and per answer of the API (docs/rules/api.md,
// docs/decisions/013-one-schema-per-message.md). Answers: zod/mini, parsed by the wizard. Requests:
// zod, checked by the server (the wizard imports only their types).
export * from './answers-common.ts';
export * from './public-config.ts';
export * from './acceptance.ts';
export * from './addresses.ts';
export * from './catalogue.ts';
export * from './offers.ts';
export * from './scheduling.ts';
export * from './orders.ts';
export * from './addresses-input.ts';
export * from './catalogue-input.ts';
export * from './offers-input.ts';
export * from './scheduling-input.ts';
export * from './orders-input.ts';
export * from './admin.ts';
export * from './admin-input.ts';
export * from './order-page.ts';
export * from './order-page-input.ts';
export * from './first-manager.ts';
export * from './first-manager-input.ts';
export * from './personal-data.ts';
export * from './personal-data-input.ts';
export * from './webhooks.ts';
export * from './webhooks-input.ts';
export * from './webhook-events.ts';
export * from './sign-in-options.ts';
export * from './units.ts';
export * from './units-input.ts';
export * from './funnel.ts';
export * from './funnel-input.ts';
export * from './finish-later.ts';
export * from './finish-later-input.ts';
export * from './remind-me.ts';
