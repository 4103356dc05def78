import { randomUUID } from 'node:crypto';
import { fetchCaller, freePort, prepareOrder } from '@fibre/server/testing';
import { oidcEnv, startOidcIssuer, type OidcIssuer } from '@fibre/server/testing/oidc';
import {
  expectFitsWindowWidth,
  expectNoSeriousA11yViolations,
  narrowViewport,
} from '../support/checks.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { expect, test as base } from '../support/fixtures.ts';

// A server of its own: its tests run in one worker, which starts it once (e2e/README.md).
base.describe.configure({ mode: 'default' });

// docs/rules/operators.md#signing-in-through-the-providers-identity-service: a provider whose
// staff sign in through its identity service (here a local stand-in issuer that speaks OpenID
// Connect discovery, the token endpoint and JWKS), with passwords turned off.

interface Deployment {
  issuer: OidcIssuer;
  server: RunningServer;
}

const test = base.extend<{ deployment: Deployment }>({
  deployment: [
    async ({ keep }, use) => {
      await use(
        await keep('deployment', async () => {
          const issuer = await startOidcIssuer();
          // The identity service sends the browser back to PUBLIC_URL: the server's own origin.
          const port = await freePort();
          const server = await startServer({
            PORT: String(port),
            PUBLIC_URL: `http://127.0.0.1:${port}`,
            ADDRESS_INDEX_SIZE: '2000',
            ...oidcEnv(issuer),
            OIDC_PROVIDER_NAME: 'Acme Staff',
            OPERATOR_PASSWORDS: 'off',
          });
          return {
            value: { issuer, server },
            close: async () => {
              await server.stop();
              await issuer.close();
            },
          };
        }),
      );
    },
    { timeout: 150_000 },
  ],
  baseURL: async ({ deployment }, use) => {
    await use(deployment.server.baseURL);
  },
});

/** An order placed through the API, as the wizard places it, for the manager to find. */
async function placeOrder(baseURL: string, lastName: string): Promise<void> {
  const { body } = await prepareOrder(fetchCaller(baseURL), {
    contact: { firstName: 'Olive', lastName, email: `olive.${lastName.toLowerCase()}@example.com` },
  });
  const res = await fetch(`${baseURL}/api/v1/demo/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
}

test('a manager signs in through the identity service and sees the orders; no password form', async ({
  page,
  deployment,
  baseURL,
}) => {
  await placeOrder(baseURL!, 'Oidcson');
  deployment.issuer.user = {
    email: 'Mia.Manager@example.com',
    email_verified: true,
    fibre_role: 'manager',
  };

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Operator sign in', level: 1 })).toBeVisible();
  const button = page.getByRole('link', { name: 'Sign in with Acme Staff' });
  await expect(button).toBeVisible();
  // Passwords are off: no form, and its API refuses even without one.
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create the first manager' })).toHaveCount(0);
  const refused = await page.request.post('/admin/api/session', {
    data: { email: 'mia.manager@example.com', password: 'any password at all' },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe('password_sign_in_off');
  await expectNoSeriousA11yViolations(page, {
    label: 'console: sign in with the identity service',
  });

  await button.click();
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/admin`);
  await expect(page.getByText('mia.manager@example.com (manager)')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Orders' }).getByRole('link', { name: 'Olive Oidcson' }),
  ).toBeVisible();
  // The stand-in checked the client, the code, the redirect URI and the PKCE verifier.
  expect(deployment.issuer.refusals).toEqual([]);
});

test('a person the identity service gives no role is told so on the sign-in screen', async ({
  page,
  deployment,
}) => {
  await page.setViewportSize(narrowViewport);
  deployment.issuer.user = { email: 'sam@example.com', email_verified: true, fibre_role: 'guest' };
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Sign in with Acme Staff' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The identity service gives you no role in this console (manager or viewer). Ask whoever runs it for one.',
  );
  await expect(page.getByRole('heading', { name: 'Operator sign in', level: 1 })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await expectFitsWindowWidth(page, 'console sign-in at 320 px');
  await expectNoSeriousA11yViolations(page, { label: 'console: identity sign-in refused' });
  const who = await page.request.get('/admin/api/session');
  expect(who.status()).toBe(401);
});
