import type { KyselyPlugin, OperationNode, RootOperationNode } from 'kysely';
import type { Database } from '../db/database.ts';
import { DatabaseUnavailable } from '../http/database-unavailable.ts';

/**
 * A database that refuses statements on demand, as one that restarts refuses them (docs/deploy.md,
 * "When the database restarts"): the same database with a Kysely plugin that throws
 * DatabaseUnavailable, the error the PostgreSQL pools raise for a lost or refused connection,
 * before the statement reaches the engine. An app built on it sees a restart at the statement a
 * test picks, on PGlite as on PostgreSQL, without disturbing the test PostgreSQL other files share.
 */
export interface RefusingDatabase {
  database: Database;
  /** Every statement is refused while true: the database away. */
  away: boolean;
  /** Refuses the next `times` statements `which` matches (while the rest go through). */
  refuse(which: (node: RootOperationNode) => boolean, times?: number): void;
  /** Goes away at the next statement `which` matches: it and every one after are refused. */
  awayFrom(which: (node: RootOperationNode) => boolean): void;
  /** How many statements were refused so far. */
  refused: number;
}

const nameOf = (node: OperationNode | undefined): string | undefined => {
  if (!node) return undefined;
  const n = node as unknown as {
    kind: string;
    table?: { identifier?: { name?: string } };
    column?: { name?: string };
  };
  if (n.kind === 'TableNode') return n.table?.identifier?.name;
  if (n.kind === 'ColumnNode') return n.column?.name;
  return undefined;
};

/**
 * An UPDATE of `table` that writes `column`: ('mail_outbox', 'delivered_at') records a mail as
 * sent, ('webhook_deliveries', 'last_status') a receiver's answer.
 */
export const writeOf =
  (table: string, column: string) =>
  (node: RootOperationNode): boolean =>
    node.kind === 'UpdateQueryNode' &&
    nameOf(node.table) === table &&
    (node.updates ?? []).some((update) => nameOf(update.column) === column);

export function refusingDatabase(database: Database): RefusingDatabase {
  const rules: Array<{ which: (node: RootOperationNode) => boolean; left: number }> = [];
  let awayAt: ((node: RootOperationNode) => boolean) | undefined;
  const control: RefusingDatabase = {
    database,
    away: false,
    refused: 0,
    refuse(which, times = 1) {
      rules.push({ which, left: times });
    },
    awayFrom(which) {
      awayAt = which;
    },
  };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      if (awayAt?.(node)) {
        awayAt = undefined;
        control.away = true;
      }
      const rule = rules.find((r) => r.left > 0 && r.which(node));
      if (control.away || rule) {
        if (rule && !control.away) rule.left -= 1;
        control.refused += 1;
        throw new DatabaseUnavailable(new Error('Connection terminated unexpectedly'));
      }
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  control.database = { ...database, db: database.db.withPlugin(plugin) };
  return control;
}
