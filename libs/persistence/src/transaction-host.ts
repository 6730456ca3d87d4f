import { TransactionHost as ClsTransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * The transaction host typed once for the TypeORM adapter: `tx.tx` is the entity manager of the
 * current transaction (or the plain one outside a transaction). Repositories always query through
 * it, so they join the caller's transaction without plumbing and never take a second pool
 * connection while one is held.
 *
 * At run time this is the library's own class, so it is also the DI token: a constructor parameter
 * typed `TransactionHost` injects the host `ClsPluginTransactional` registers.
 */
export type TransactionHost = ClsTransactionHost<TransactionalAdapterTypeOrm>;
export const TransactionHost = ClsTransactionHost as new (
  ...args: ConstructorParameters<typeof ClsTransactionHost<TransactionalAdapterTypeOrm>>
) => TransactionHost;

/** Kept as a short name for the typed host. */
export type Tx = TransactionHost;
