import { TransactionHost } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * The entity manager of the current transaction (or the plain one outside a transaction).
 * Repositories always query through `tx.tx`, so they join the caller's transaction without
 * plumbing and never take a second pool connection while one is held.
 */
export type Tx = TransactionHost<TransactionalAdapterTypeOrm>;
export { TransactionHost };
