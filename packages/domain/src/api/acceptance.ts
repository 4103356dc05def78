import * as z from 'zod/mini';

/**
 * An order's acceptance record (docs/rules/documents-and-consent.md) as stored and as the console
 * reads it: what the visitor was shown and agreed to, built by the server (consent/acceptance.ts).
 */
export const acceptedDocument = z.object({
  kind: z.enum(['terms', 'privacy', 'cis', 'direct_debit']),
  title: z.string(),
  url: z.string(),
  /** null: the catalogue named no version (a plan's CIS may go without). */
  version: z.nullable(z.string()),
  sha256: z.nullable(z.string()),
});
export type AcceptedDocument = z.infer<typeof acceptedDocument>;

export const acceptanceRecordAnswer = z.object({
  /** The shape's own version, for readers of stored records. */
  schema: z.literal(1),
  /** ISO time the order was placed. */
  acceptedAt: z.string(),
  /** The catalogue version served when it was placed. */
  catalogueVersion: z.number(),
  documents: z.array(acceptedDocument),
  /** The boxes ticked, each with the exact words shown beside it. */
  agreements: z.array(
    z.object({
      box: z.enum(['monthly_charge', 'new_development_charge', 'terms', 'direct_debit']),
      words: z.string(),
    }),
  ),
  /** The collection notice shown where the contact details were taken. */
  collectionNotice: z.string(),
  /** The marketing choice (Spam Act consent evidence) and the box's words. */
  marketing: z.object({ agreed: z.boolean(), words: z.string() }),
  /** The other charges shown before paying, as the catalogue named them (dollars). */
  otherCharges: z.array(z.object({ name: z.string(), amount: z.number(), when: z.string() })),
});
export type AcceptanceRecord = z.infer<typeof acceptanceRecordAnswer>;
