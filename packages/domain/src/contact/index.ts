// Contact and connection details: the form schemas and names (docs/rules/contact-and-connection.md).
export * from './validation.ts';
export * from './names.ts';
export * from './card.ts';
export * from './bank-account.ts';
