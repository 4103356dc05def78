import { describe, expect, it } from 'vitest';
import { everyMail, SAMPLE_ADDRESS, sampleProvider } from '../test-support/mail-samples.ts';

// docs/rules/mail.md: every mail carries the same address line, unit included, in its text, its
// HTML and its invite's LOCATION, and links what a telco must publish
// (docs/rules/documents-and-consent.md#what-a-telco-links). The browser test
// (e2e/tests/mail-phone.spec.ts) lays each one out at 320 px.

const mails = everyMail();
const orderMails = mails.filter((m) => !m.name.startsWith('the finish-later'));
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '');

describe('every mail', () => {
  it.each(orderMails.map((m) => [m.name, m.mail] as const))(
    '%s carries the address line with its unit',
    (_name, mail) => {
      expect(mail.text).toContain(`  ${SAMPLE_ADDRESS}\n`);
      expect(mail.html).toContain(SAMPLE_ADDRESS);
    },
  );

  it.each(
    orderMails
      .filter((m) => m.mail.attachments.length > 0)
      .map((m) => [m.name, m.mail.attachments[0]!.content] as const),
  )("%s's invite has the unit in its LOCATION", (_name, ics) => {
    expect(unfold(ics)).toContain(`LOCATION:${SAMPLE_ADDRESS.replaceAll(',', '\\,')}\r\n`);
  });

  it.each(mails.map((m) => [m.name, m.mail] as const))(
    '%s links the complaints process, the Ombudsman, the hardship policy and family-violence support',
    (_name, mail) => {
      for (const link of sampleProvider.help!) {
        expect(mail.html).toContain(`<a href="${link.href}"`);
        expect(mail.html).toContain(`>${link.label}</a>`);
        expect(mail.text).toContain(`  ${link.label}: ${link.href}\n`);
      }
      expect(mail.text).toContain('Telecommunications Industry Ombudsman 1800 062 058');
      // Fluid: nothing is laid out wider than the screen (the browser test measures it).
      expect(mail.html).not.toMatch(/width="\d+"/);
    },
  );
});
