import { Link } from 'wouter';
import { routeFor } from '@domain/resource/define-resource';
import { findResource } from '@domain/resource/registry';
import type { ApiRecord } from '@data/resource-api';

/** Props of TicketSource. */
export interface TicketSourceProps {
  record: ApiRecord;
}

/** A line of the source reference: its label, the shown value and the record it links to (if any). */
interface SourceLine {
  label: string;
  value: string;
  resource?: string;
  id?: string;
}

const text = (value: unknown): string | undefined => (value === null || value === undefined || value === '' ? undefined : String(value));

/** The lines of a ticket's source reference, by the ticket's source type. */
export function sourceLines(record: ApiRecord): SourceLine[] {
  const id = text(record.sourceId);
  const name = text(record.sourceName);
  const delivery = text(record.sourceDeliveryTicket);
  switch (record.sourceType) {
    case 'VENDOR':
      return [
        { label: 'Vendor', value: name ?? '-', ...(id ? { resource: 'vendors', id } : {}) },
        { label: 'Vendor id', value: id ?? '-' },
      ];
    case 'WAREHOUSE':
      return [
        { label: 'Warehouse', value: name ?? '-', ...(id ? { resource: 'warehouses', id } : {}) },
        { label: 'Warehouse id', value: id ?? '-' },
      ];
    case 'INSTALLED_AT':
      return [{ label: 'Installed at', value: name ? `${name} (${id ?? '-'})` : (id ?? '-'), ...(id ? { resource: 'locations', id } : {}) }];
    case 'TECHNICIAN': {
      const user = text(record.sourceUser);
      return [
        { label: 'Technician', value: name ?? '-', ...(user ? { resource: 'users', id: user } : {}) },
        { label: 'User id', value: user ?? '-' },
      ];
    }
    case 'DELIVERY':
    case 'HOST_LOCATION':
      return [{ label: 'Delivery ticket', value: delivery ? `#${delivery}` : '-', ...(delivery ? { resource: 'delivery-tickets', id: delivery } : {}) }];
    default:
      return [];
  }
}

const sourceTitles: Record<string, string> = {
  VENDOR: 'Vendor',
  INSTALLED_AT: 'Installed at',
  WAREHOUSE: 'Warehouse',
  TECHNICIAN: 'Technician',
  DELIVERY: 'Delivery',
  HOST_LOCATION: 'Host location',
};

/** Where a ticket's goods or work come from (its source reference), with links to the referenced records. */
export function TicketSource({ record }: TicketSourceProps) {
  const type = text(record.sourceType);
  const lines = sourceLines(record);
  return (
    <section className="detail-section" aria-label="Source">
      <h2>
        Source {type ? <span className="pill pill--neutral">{sourceTitles[type] ?? type}</span> : null}
      </h2>
      {lines.length === 0 ? (
        <p className="ui-field__description">No source recorded.</p>
      ) : (
        <dl className="detail-grid">
          {lines.map((line) => {
            const target = line.resource ? findResource(line.resource) : undefined;
            return (
              <div key={line.label} className="detail-grid__item">
                <dt>{line.label}</dt>
                <dd>{target && line.id ? <Link href={routeFor(target.detailPath, line.id)}>{line.value}</Link> : line.value}</dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
