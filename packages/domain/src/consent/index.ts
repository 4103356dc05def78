// The provider's documents, the words of the boxes and notices, and the order's acceptance record
// (docs/rules/documents-and-consent.md).
export * from './legal.ts';
export * from './help-links.ts';
export * from './agreements.ts';
export * from './acceptance.ts';
