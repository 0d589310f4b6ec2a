import { Fragment, useMemo, useState } from 'react';
import { permissionLabel } from '@domain/permission-labels';
import { allPermissions } from '@domain/permissions';
import { TextField } from '@ui/text-field';

/** Props of PermissionList. */
export interface PermissionListProps {
  /** The permission codes to show. */
  permissions: readonly string[];
  /** What the list is of, for the screen reader ("Permissions"). */
  label: string;
}

/** A code that may wrap after each underscore (never inside a word); its text stays the code, for copy and search. */
function breakableCode(code: string) {
  return code.split('_').map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? (
        <>
          _<wbr />
        </>
      ) : null}
      {part}
    </Fragment>
  ));
}

const catalogueOrder = new Map<string, number>(allPermissions.map((p, i) => [p, i]));

/**
 * A record's permissions for reading: each by its label, the code beside it in small text (staff search by either),
 * wrapping in the page's width, in the catalogue's order, with a filter.
 */
export function PermissionList({ permissions, label }: PermissionListProps) {
  const [filter, setFilter] = useState('');
  const ordered = useMemo(
    () => [...permissions].sort((a, b) => (catalogueOrder.get(a) ?? Infinity) - (catalogueOrder.get(b) ?? Infinity) || a.localeCompare(b)),
    [permissions],
  );
  const wanted = filter.trim().toLowerCase();
  const shown = wanted ? ordered.filter((p) => p.toLowerCase().includes(wanted) || permissionLabel(p).toLowerCase().includes(wanted)) : ordered;
  return (
    <div className="permission-list">
      <TextField label={`Find in ${label.toLowerCase()}`} value={filter} onChange={setFilter} placeholder="A name or a code, e.g. charger" />
      <p className="permission-list__count" aria-live="polite">
        {wanted ? `${shown.length} of ${ordered.length} shown` : `${ordered.length} ${ordered.length === 1 ? 'permission' : 'permissions'}`}
      </p>
      {shown.length === 0 ? (
        <p className="relation-picker__empty">No permission matches “{filter.trim()}”.</p>
      ) : (
        <ul className="permission-list__items" aria-label={label}>
          {shown.map((p) => (
            <li key={p} className="permission-list__item">
              <span className="permission-list__label">{permissionLabel(p)}</span>
              <code className="permission-list__code">{breakableCode(p)}</code>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
