/**
 * The test-mode vault's test BSBs (docs/rules/contact-and-connection.md#direct-debit): 000-000
 * debits as any account does; 000-001 tokenises but its debit is dishonoured at billing.
 */
export const DISHONOURED_BSB = '000001';
