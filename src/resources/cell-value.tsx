import { useContext } from 'react';
import { Link } from 'wouter';
import { formatDate, formatDateTime } from '@domain/format-date';
import { displayValue } from '@domain/format-empty';
import { formatKwh } from '@domain/format-energy';
import { socketTypeText } from '@domain/socket-types';
import { formatInr } from '@domain/format-money';
import { mapLink } from '@domain/map-link';
import { permissionLabel } from '@domain/permission-labels';
import { formatIndianMobile } from '@domain/phone';
import { routeFor } from '@domain/resource/define-resource';
import { humanise, type FieldDef } from '@domain/resource/field';
import { findResource } from '@domain/resource/registry';
import type { ApiRecord } from '@data/resource-api';
import { SessionContext } from '@app/session/session-context';
import { ExternalLink } from '@ui/external-link';
import { UploadedImage } from './uploaded-image';

/** Text of a value by its field's display kind (for cells, copy and the detail page). */
export function formatFieldText(def: FieldDef, value: unknown, record?: ApiRecord, field?: string): string {
  if (value === null || value === undefined || value === '') return '-';
  switch (def.display) {
    case 'money':
      return def.signed && Number(value) > 0 ? `+${formatInr(value as number)}` : formatInr(value as number);
    case 'energy':
      return formatKwh(value as number);
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'phone':
      return formatIndianMobile(value as string);
    case 'number': {
      const text = typeof value === 'number' ? value.toLocaleString('en-IN') : displayValue(value as string);
      // Numbers carry their unit wherever they are read: "66.4 kWh", "1.6 km".
      return def.unit ? `${text}${def.unit === '%' ? '' : ' '}${def.unit}` : text;
    }
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'status':
    case 'badge':
      return def.options?.find((o) => o.value === value)?.label ?? humanise(String(value));
    case 'badges':
      // Permissions read by their labels ("Stop booking"), not their codes.
      if (def.inputKind === 'permissions') return (value as string[]).map((v) => permissionLabel(v)).join(', ') || '-';
      return (value as string[]).map((v) => def.options?.find((o) => o.value === v)?.label ?? v).join(', ') || '-';
    case 'relation':
      return (field && record?._labels?.[field]) || String(value);
    case 'coordinates': {
      const point = value as { latitude: number; longitude: number };
      return `${point.latitude}, ${point.longitude}`;
    }
    case 'lakhs': {
      const amount = value as { valueIn: string; value: number };
      return `₹${amount.value.toLocaleString('en-IN')} ${amount.valueIn === 'CRORES' ? 'crore' : 'lakh'}`;
    }
    case 'images':
      return `${(value as unknown[]).length} image${(value as unknown[]).length === 1 ? '' : 's'}`;
    case 'items':
      return itemsText(def, value as Record<string, unknown>[]);
    case 'json':
      return JSON.stringify(value);
    default:
      return def.options?.find((o) => o.value === value)?.label ?? displayValue(value as string);
  }
}

function itemsText(def: FieldDef, items: readonly Record<string, unknown>[]): string {
  if (items.length === 0) return '-';
  const fields = def.itemFields ?? {};
  // A code beside its display text is that text's key, not something staff read ("16 Amp Socket · 3.3 kW", never
  // "16AMP_WALL_SOCKET · 16 Amp Socket · 3.3").
  // Likewise a related record's id inside an item: the item's own fields name it (a number, a name), the id does not.
  const keys = Object.keys(fields).filter((k) => !(k === 'code' && 'displayText' in fields) && fields[k]!.display !== 'relation');
  return items
    .map((item) =>
      keys
        .filter((k) => item[k] !== null && item[k] !== undefined && item[k] !== '')
        .slice(0, 3)
        .map((k) => formatFieldText(fields[k]!, item[k]))
        .join(' · '),
    )
    .join('; ');
}

/** Props of CellValue. */
export interface CellValueProps {
  def: FieldDef;
  field: string;
  record: ApiRecord;
  cdnBase: string | undefined;
  /** Image size; default a 48×36 thumbnail. */
  imageSize?: { width: number; height: number };
}

/** A value rendered by its display kind: pills for statuses, thumbnails for images, links for relations. */
export function CellValue({ def, field, record, cdnBase, imageSize = { width: 48, height: 36 } }: CellValueProps) {
  // The socket types reference data comes with the signed-in session (its global config); outside one, codes show as they are.
  const socketTypes = useContext(SessionContext)?.globalConfig?.socketTypeList;
  const value = record[field];
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return <span className="cell-empty">-</span>;
  if (def.socketType) {
    // Staff know a socket by its display text ("CCS 2"); the code is the key chargers and bookings store.
    const text = socketTypeText(socketTypes, String(value));
    return <span title={text}>{text}</span>;
  }
  switch (def.display) {
    case 'status':
    case 'badge': {
      const option = def.options?.find((o) => o.value === value);
      return <span className={`pill pill--${option?.tone ?? 'neutral'}`}>{option?.label ?? humanise(String(value))}</span>;
    }
    case 'badges':
      // A list cell of permissions: their labels as one line of text, the whole list in the tooltip.
      if (def.inputKind === 'permissions') return <span title={formatFieldText(def, value)}>{formatFieldText(def, value)}</span>;
      return (
        <span className="pill-list">
          {(value as string[]).map((v) => (
            <span key={v} className="pill pill--neutral">
              {def.options?.find((o) => o.value === v)?.label ?? v}
            </span>
          ))}
        </span>
      );
    case 'boolean':
      return <span className={`pill pill--${value ? 'success' : 'neutral'}`}>{value ? 'Yes' : 'No'}</span>;
    case 'image':
      return <UploadedImage cdnBase={cdnBase} relativePath={value as string} requestWidth={imageSize.width * 2} alt={def.label} {...imageSize} />;
    case 'images': {
      const images = value as { relativePath: string; name: string }[];
      return (
        <span className="pill-list">
          {images.slice(0, 3).map((image) => (
            <UploadedImage key={image.relativePath} cdnBase={cdnBase} relativePath={image.relativePath} requestWidth={imageSize.width * 2} alt={image.name} {...imageSize} />
          ))}
          {images.length > 3 ? <span className="cell-more">+{images.length - 3}</span> : null}
        </span>
      );
    }
    case 'link':
      return <ExternalLink url={value as string} title={value as string} />;
    case 'coordinates': {
      const point = value as { latitude: number; longitude: number };
      return <ExternalLink url={mapLink(point.latitude, point.longitude)} title={formatFieldText(def, value)} />;
    }
    case 'relation': {
      const target = def.relation ? findResource(def.relation) : undefined;
      const text = formatFieldText(def, value, record, field);
      return target ? (
        <Link href={routeFor(target.detailPath, String(value))} onClick={(e) => e.stopPropagation()}>
          {text}
        </Link>
      ) : (
        <span>{text}</span>
      );
    }
    default:
      return <span title={formatFieldText(def, value, record, field)}>{formatFieldText(def, value, record, field)}</span>;
  }
}

/** Column width by display kind (px). */
export function columnWidth(def: FieldDef): number {
  // Record numbers (bigint ids) are short: an 8-digit id fits in 96 px.
  if (def.display === 'text' && (def.storage === 'bigint' || def.storage === 'integer')) return 96;
  switch (def.display) {
    case 'boolean':
      return 90;
    case 'image':
      return 80;
    case 'number':
    case 'energy':
      return 110;
    case 'money':
      return 120;
    case 'date':
      return 120;
    case 'datetime':
      return 190;
    case 'phone':
      return 150;
    case 'status':
    case 'badge':
      return 150;
    case 'images':
    case 'badges':
    case 'items':
      return 220;
    default:
      return 200;
  }
}

/** Smallest useful width by display kind (px): ids, dates and numbers stay whole; text shrinks to an ellipsis. */
export function columnMinWidth(def: FieldDef): number {
  if (def.display === 'text' && (def.storage === 'bigint' || def.storage === 'integer')) return 72;
  // One of fixed values: as wide as its longest label (a pill adds its padding), so "CSV" takes little room and
  // "Delivery Failed" is never cut.
  if (def.options && def.options.length > 0 && (def.display === 'status' || def.display === 'badge' || def.display === 'text')) {
    const longest = Math.max(...def.options.map((o) => o.label.length));
    return Math.max(64, Math.min(160, Math.ceil(longest * 7.2) + (def.display === 'text' ? 20 : 36)));
  }
  switch (def.display) {
    case 'boolean':
    case 'image':
      return 64;
    case 'number':
    case 'energy':
      return 84;
    case 'money':
      return 96;
    case 'date':
      return 100;
    case 'datetime':
      return 156;
    case 'phone':
      return 120;
    default:
      return 104;
  }
}

/** Right-aligned kinds (numbers). */
export function isNumeric(def: FieldDef): boolean {
  return def.display === 'number' || def.display === 'money' || def.display === 'energy';
}
