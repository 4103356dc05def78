import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { OperatorRole } from '../../db/tables/operators.ts';

/**
 * The account of someone the identity service signed in
 * (docs/rules/operators.md#signing-in-through-the-providers-identity-service), found by the
 * issuer and the ID token's subject, never by the email alone.
 */

export interface IdentityClaims {
  issuer: string;
  subject: string;
  /** Trimmed, lower-cased and checked by the email rule; undefined when the service gave none. */
  email: string | undefined;
  /** Only the boolean true: a missing, false or string `email_verified` is not. */
  emailVerified: boolean;
  role: OperatorRole;
  /** OIDC_MANAGES_LOCAL_ROLES: the claim sets the role of accounts the setup code or CLI made too. */
  managesLocalRoles: boolean;
  /** For an account made now. */
  id: string;
  passwordHash: string;
  now: Date;
}

export type IdentityAccount =
  | {
      ok: true;
      id: string;
      email: string;
      role: OperatorRole;
      /** Made now, by the identity service. */
      added: boolean;
      /** An account the setup code or CLI made, bound to this identity now. */
      linked: boolean;
      /** The role before this sign-in set it, when it changed it. */
      roleBefore: OperatorRole | undefined;
    }
  | { ok: false; reason: 'oidc_no_email' | 'oidc_email_unverified' | 'oidc_other_identity' };

/**
 * The identity's account: the one bound to its issuer and subject; else, with a verified email,
 * a new one, or the email's account when no identity is bound to it yet (bound now, once). An
 * email account bound to another identity is refused. The role is the claim's for an account the
 * identity service made (or for every account when told to); else the account's own.
 */
export async function identityAccount(
  db: Kysely<Schema>,
  claims: IdentityClaims,
): Promise<IdentityAccount> {
  return db.transaction().execute(async (trx) => {
    const columns = [
      'id',
      'email',
      'role',
      'identity_issuer',
      'identity_subject',
      'identity_made',
    ] as const;
    let added = false;
    let linked = false;
    let account = await trx
      .selectFrom('operators')
      .select(columns)
      .where('identity_issuer', '=', claims.issuer)
      .where('identity_subject', '=', claims.subject)
      .forUpdate()
      .executeTakeFirst();
    if (!account) {
      if (claims.email === undefined) return { ok: false, reason: 'oidc_no_email' };
      if (!claims.emailVerified) return { ok: false, reason: 'oidc_email_unverified' };
      const email = claims.email;
      // Any conflict does nothing: the email's account is met below; a sign-in of the same
      // identity at the same moment made the row first, and it is the one found by subject.
      const made = await trx
        .insertInto('operators')
        .values({
          id: claims.id,
          email,
          role: claims.role,
          password_hash: claims.passwordHash,
          identity_issuer: claims.issuer,
          identity_subject: claims.subject,
          identity_made: true,
          created_at: claims.now,
          updated_at: claims.now,
        })
        .onConflict((c) => c.doNothing())
        .returning('id')
        .executeTakeFirst();
      added = made !== undefined;
      account =
        (await trx
          .selectFrom('operators')
          .select(columns)
          .where('email', '=', email)
          .forUpdate()
          .executeTakeFirst()) ??
        (await trx
          .selectFrom('operators')
          .select(columns)
          .where('identity_issuer', '=', claims.issuer)
          .where('identity_subject', '=', claims.subject)
          .forUpdate()
          .executeTakeFirstOrThrow());
      if (!added) {
        const bound = account.identity_issuer !== null || account.identity_subject !== null;
        const same =
          account.identity_issuer === claims.issuer && account.identity_subject === claims.subject;
        if (bound && !same) return { ok: false, reason: 'oidc_other_identity' };
        if (!bound) {
          await trx
            .updateTable('operators')
            .set({
              identity_issuer: claims.issuer,
              identity_subject: claims.subject,
              updated_at: claims.now,
            })
            .where('id', '=', account.id)
            .execute();
          linked = true;
        }
      }
    }
    let roleBefore: OperatorRole | undefined;
    const followsClaim = account.identity_made || claims.managesLocalRoles;
    if (!added && followsClaim && account.role !== claims.role) {
      roleBefore = account.role;
      await trx
        .updateTable('operators')
        .set({ role: claims.role, updated_at: claims.now })
        .where('id', '=', account.id)
        .execute();
    }
    return {
      ok: true,
      id: account.id,
      email: account.email,
      role: followsClaim ? claims.role : account.role,
      added,
      linked,
      roleBefore,
    };
  });
}
