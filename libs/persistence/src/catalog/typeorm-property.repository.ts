import { Injectable } from '@nestjs/common';
import { PageRequest, Property, PropertyFields, PropertyRepository } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';
import { propertyColumns, toProperty } from './catalog.mapper';
import { PropertyOrmEntity } from './property.orm-entity';

@Injectable()
export class TypeOrmPropertyRepository extends PropertyRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get repo() {
    return this.tx.tx.getRepository(PropertyOrmEntity);
  }

  async create(tenantId: string, fields: PropertyFields): Promise<Property> {
    const result = await this.repo.insert({ ...propertyColumns(fields), tenantId });
    const id = (result.identifiers[0] as { id: string }).id;
    return toProperty(await this.repo.findOneByOrFail({ id, tenantId }));
  }

  async update(tenantId: string, id: string, patch: Partial<PropertyFields>): Promise<Property | null> {
    await this.repo
      .createQueryBuilder()
      .update()
      .set({ ...propertyColumns(patch), updatedAt: () => 'now()' })
      .where('id = :id AND tenant_id = :tenantId', { id, tenantId })
      .execute();
    return this.findById(tenantId, id);
  }

  async findById(tenantId: string, id: string): Promise<Property | null> {
    const row = await this.repo.findOneBy({ id, tenantId });
    return row ? toProperty(row) : null;
  }

  async findBySlug(tenantId: string, slug: string): Promise<Property | null> {
    const row = await this.repo.findOneBy({ slug, tenantId });
    return row ? toProperty(row) : null;
  }

  async list(tenantId: string, page: PageRequest, promotedOnly: boolean): Promise<Property[]> {
    const query = this.repo.createQueryBuilder('p').where('p.tenant_id = :tenantId', { tenantId });
    if (promotedOnly) query.andWhere('p.promoted_at IS NOT NULL');
    if (page.afterSlug !== null) query.andWhere('p.slug > :after', { after: page.afterSlug });
    const rows = await query.orderBy('p.slug', 'ASC').limit(page.limit).getMany();
    return rows.map(toProperty);
  }

  async markPromoted(tenantId: string, id: string, at: Date): Promise<void> {
    await this.repo
      .createQueryBuilder()
      .update()
      .set({ promotedAt: at, updatedAt: () => 'now()' })
      .where('id = :id AND tenant_id = :tenantId AND promoted_at IS NULL', { id, tenantId })
      .execute();
  }
}
