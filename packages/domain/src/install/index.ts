// The install call: the body the wizard builds, the server's reading of it, the extra named
// fields and the answer's meaning (docs/rules/orders.md).
export * from './extra-fields.ts';
export * from './install-payload.ts';
export * from './install-read.ts';
export * from './install-error.ts';
export * from './order-reference.ts';
export * from './service-status.ts';
