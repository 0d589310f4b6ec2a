import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { permissionChanges, permissionLabel } from '@domain/permission-labels';
import { formatDateTime } from '@domain/format-date';
import { anyViewPermissions, routeFor, type RelatedList, type Resource } from '@domain/resource/define-resource';
import { humanise, type FieldDef } from '@domain/resource/field';
import { findResource, ownResourceOf } from '@domain/resource/registry';
import { hasPermission } from '@domain/permissions';
import { errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import type { AuditEntry } from '@domain/resource/audit-entry';
import { fetchAudit, fetchList, fetchRecord, setRecordActive, type ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pushToast } from '@state/toasts';
import { CellValue, formatFieldText } from './cell-value';
import { NotFoundPage } from '@app/not-found-page';
import { workflowOf } from '@machines/workflow-registry';
import { acceptsEdit } from '@machines/workflow-snapshot';
import { WorkflowPanel } from '@workflows/workflow-panel';
import { TicketSource } from '@workflows/ticket-source';
import { FillFormLink } from '@workflows/installation/fill-form-link';
import { TicketActionsPanel } from '@workflows/ticket-actions/ticket-actions-panel';
import { ChangeNumberPanel } from '@workflows/change-number/change-number-panel';
import { ChargerLivePanel } from '@workflows/charger-live/charger-live-panel';
import { BookingTimelinePanel } from '@workflows/booking/booking-timeline-panel';
import { userResource } from '@domain/entities/users';

import { GatedAction } from './gated-action';
import { RecordFileButton } from './record-file-button';
import { ResourceActionButton } from './resource-action';
import { listUrl } from './list-page';
import './resources.css';

/** A ticket's source fields, shown in its Source section. */
const TICKET_SOURCE_FIELDS = ['sourceType', 'sourceId', 'sourceName', 'sourceUser', 'sourceDeliveryTicket'];

/** Workflow events the ticket actions panel offers on every ticket page (Close, with the spec's close reasons). */
const ticketPanelEvents = ['CLOSE'] as const;

/** Props of DetailPage. */
export interface DetailPageProps {
  resource: Resource;
  id: string;
}

/** True when the text can be an id of the resource (a number for bigint ids, a UUID for uuid ids). */
function isIdOf(resource: Resource, id: string): boolean {
  if (resource.idType === 'bigint') return /^\d{1,15}$/.test(id);
  if (resource.idType === 'uuid') return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  return id.length > 0;
}

/** The one detail page of every resource: fields by section, actions, related lists and the audit timeline. */
export function DetailPage({ resource, id }: DetailPageProps) {
  if (!isIdOf(resource, id)) return <NotFoundPage />;
  return <RecordDetail resource={resource} id={id} />;
}

function RecordDetail({ resource, id }: DetailPageProps) {
  const { globalConfig } = useSession();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const keys = queryKeys.resource(resource.name);
  const record = useQuery({ queryKey: keys.one(id), queryFn: ({ signal }) => fetchRecord(resource, id, signal) });
  const cdnBase = globalConfig?.imageCDNUrl;

  if (record.isPending) return <LoadingIndicator label={`Loading ${resource.title.toLowerCase()}`} showLabel />;
  if (record.error) {
    return (
      <section className="page page--message" role="alert">
        <h1>{resource.title}</h1>
        <p>{errorMessage(record.error)}</p>
        <p>
          <Link href={resource.views[0]!.path}>Back to {resource.plural.toLowerCase()}</Link>
        </p>
      </section>
    );
  }
  const data = record.data;
  // A ticket opened from a cross-kind list (My Tickets) moves along its kind's machine and shows its kind's history.
  const owner = ownResourceOf(resource, data);
  const workflow = workflowOf(owner.name);
  const label = data[resource.labelField];
  const labelDef = resource.allFields[resource.labelField];
  // The label as staff read it anywhere else: a person's name, not their id (CZO Access, User Roles); a report
  // type's name, not its code (downloads); a number as people write it (+91 98450 22222).
  const heading = label !== null && label !== undefined && label !== '' ? (labelDef ? formatFieldText(labelDef, label, data, resource.labelField) : String(label)) : `${resource.title} ${id}`;
  const active = resource.activeField ? Boolean(data[resource.activeField]) : undefined;
  const hasSide = Boolean(workflow) || resource.table === 'tickets';

  const sectioned = new Set((resource.form ?? []).flatMap((s) => s.fields));
  const sections = [
    ...(resource.form ?? []).map((s) => ({ title: s.title, fields: [...s.fields] })),
    {
      title: 'Details',
      // The version is the workflow's concurrency token, not something staff read or act on.
      // A ticket's source fields have their own section (TicketSource), so they are not listed twice.
      fields: Object.keys(resource.allFields).filter((f) => !sectioned.has(f) && !['createdAt', 'updatedAt', 'version'].includes(f) && !(resource.table === 'tickets' && TICKET_SOURCE_FIELDS.includes(f))),
    },
    { title: 'Record', fields: ['createdAt', 'updatedAt'] },
  ].filter((s) => s.fields.length > 0);

  const toggleActive = async () => {
    try {
      await setRecordActive(resource, id, !active);
      await queryClient.invalidateQueries({ queryKey: keys.all });
      await queryClient.invalidateQueries({ queryKey: ['audit', resource.name, id] });
      pushToast(`${resource.title} ${active ? 'inactivated' : 'activated'}`, 'success');
    } catch (error) {
      pushToast(errorMessage(error), 'error');
      throw error;
    }
  };

  return (
    <section className="page resource-page" aria-labelledby="resource-detail-title">
      <header className="resource-page__header">
        <div>
          <p className="resource-page__eyebrow">
            {resource.title} · {String(data[resource.idField])}
          </p>
          <h1 id="resource-detail-title">{heading}</h1>
          {active !== undefined ? <span className={`pill pill--${active ? 'success' : 'neutral'}`}>{active ? 'Active' : 'Inactive'}</span> : null}
          {(resource.headerBadges ?? [])
            .filter((badge) => data[badge.field] === true)
            .map((badge) => (
              <span key={badge.field} className={`pill pill--${badge.tone}`}>
                {badge.label}
              </span>
            ))}
        </div>
        <div className="resource-page__actions">
          {resource.permissions.update && resource.updateFields.length > 0 && (!workflow || acceptsEdit(workflow, data)) ? (
            <GatedAction permission={resource.permissions.update}>
              <Button variant="primary" onPress={() => navigate(routeFor(resource.editPath, id))}>
                Edit
              </Button>
            </GatedAction>
          ) : null}
          {resource.activeField && resource.permissions.activate ? (
            <GatedAction permission={resource.permissions.activate}>
              <ConfirmDialog
                title={`${active ? 'Inactivate' : 'Activate'} ${resource.title.toLowerCase()}?`}
                confirmLabel={active ? 'Inactivate' : 'Activate'}
                confirmVariant={active ? 'danger' : 'primary'}
                onConfirm={toggleActive}
                trigger={<Button variant={active ? 'danger' : 'secondary'}>{active ? 'Inactivate' : 'Activate'}</Button>}
              >
                {heading} will be {active ? 'inactivated: it stops being offered until someone activates it again' : 'activated'}. The change is recorded in its history.
              </ConfirmDialog>
            </GatedAction>
          ) : null}
          {(resource.files ?? []).map((file) => (
            <RecordFileButton key={file.path} resource={resource} file={file} id={id} fallbackName={`${String(label ?? `${resource.title}-${id}`).replace(/[^A-Za-z0-9-]+/g, '-')}.${file.path}`} />
          ))}
          {resource.actions
            .filter((action) => action.on === 'record')
            .map((action) => (
              <ResourceActionButton key={action.name} resource={resource} action={action} record={data} />
            ))}
        </div>
      </header>

      <div className={hasSide ? 'resource-page__split' : 'resource-page__body'}>
        {hasSide ? (
          // What staff do to the record beside what it is: the details stay above the fold (narrow screens: on top).
          <aside className="resource-page__side" aria-label="Work on this record">
            {workflow ? <WorkflowPanel workflow={workflow} resource={owner} record={data} offeredElsewhere={resource.table === 'tickets' ? ticketPanelEvents : []} /> : null}
            {resource.table === 'tickets' ? <TicketActionsPanel resource={resource} record={data} /> : null}
          </aside>
        ) : null}
        <div className="resource-page__main">
      {resource.name === userResource.name ? <ChangeNumberPanel record={data} /> : null}
      {resource.name === 'chargers' ? <ChargerLivePanel chargerId={Number(data.id)} /> : null}

      {sections.map((section) => (
        <section key={section.title} className="detail-section" aria-label={section.title}>
          <h2>{section.title}</h2>
          <dl className="detail-grid">
            {section.fields.map((field) => {
              const def = resource.allFields[field];
              if (!def) return null;
              return (
                <div key={field} className="detail-grid__item">
                  <dt>{def.label}</dt>
                  <dd>
                    <CellValue def={def} field={field} record={data} cdnBase={cdnBase} imageSize={{ width: 100, height: 75 }} />
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}

      {resource.table === 'tickets' ? <FillFormLink resource={resource} record={data} /> : null}
      {resource.table === 'tickets' ? <TicketSource record={data} /> : null}

      {(resource.related ?? []).map((related) => (
        <RelatedRecords key={`${related.resource}.${related.field}`} related={related} id={data[resource.idField] as string | number} />
      ))}

      {resource.name === 'bookings' ? <BookingTimelinePanel bookingId={id} /> : null}

      <AuditTimeline resource={owner} id={id} />
        </div>
      </div>
    </section>
  );
}

function RelatedRecords({ related, id }: { related: RelatedList; id: string | number }) {
  const { user, globalConfig } = useSession();
  const target = findResource(related.resource);
  const canView = target ? anyViewPermissions(target).some((p) => p === null || hasPermission(user.permissions, p)) : false;
  const list = useQuery({
    queryKey: target ? queryKeys.resource(target.name).list({ related: related.field, id: String(id) }) : ['none'],
    queryFn: ({ signal }) => fetchList(target!, { page: 0, size: 10, sort: '', q: '', filters: { [related.field]: String(id) } }, signal),
    enabled: Boolean(target) && canView && target?.permissions.view !== undefined,
  });
  if (!target || !canView) return null;
  const view = target.views.find((v) => !v.scope) ?? target.views[0]!;
  const columns = target.list.columns.filter((c) => !c.hidden && c.field !== related.field).slice(0, 5);
  return (
    <section className="detail-section" aria-label={related.title}>
      <h2>
        {related.title} {list.data ? <span className="resource-page__count">({list.data.count.toLocaleString('en-IN')})</span> : null}
      </h2>
      {list.isPending ? (
        <LoadingIndicator label={`Loading ${related.title.toLowerCase()}`} />
      ) : list.error ? (
        <p role="alert">{errorMessage(list.error)}</p>
      ) : list.data.items.length === 0 ? (
        <p className="ui-field__description">None.</p>
      ) : (
        <table className="related-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.field} scope="col">
                  {target.allFields[c.field]!.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((row: ApiRecord) => (
              <tr key={String(row[target.idField])}>
                {columns.map((c, i) => (
                  <td key={c.field}>
                    {i === 0 ? (
                      <Link href={routeFor(target.detailPath, String(row[target.idField]))}>
                        <CellValue def={target.allFields[c.field]!} field={c.field} record={row} cdnBase={globalConfig?.imageCDNUrl} />
                      </Link>
                    ) : (
                      <CellValue def={target.allFields[c.field]!} field={c.field} record={row} cdnBase={globalConfig?.imageCDNUrl} />
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.data && list.data.count > list.data.items.length ? <Link href={listUrl(view, { [related.field]: String(id) })}>See all {related.title.toLowerCase()}</Link> : null}
    </section>
  );
}

const ACTIONS: Record<string, string> = {
  create: 'created it',
  update: 'updated it',
  activate: 'activated it',
  inactivate: 'inactivated it',
  'transfer-device': 'transferred it to another host',
  block: 'blocked it',
  unblock: 'unblocked it',
  add: 'added it to the account',
  remove: 'removed it from the account',
  'edit-permissions': 'edited its permissions',
  'bulk-assign': 'assigned it (bulk assign)',
};

/** "updated it", "moved it from OPEN to CLOSED", or the action in words. */
function actionText(entry: AuditEntry): string {
  if (entry.fromState || entry.toState) return `moved it from ${humanise(entry.fromState ?? '-')} to ${humanise(entry.toState ?? '-')}${entry.event ? ` (${humanise(entry.event)})` : ''}`;
  return ACTIONS[entry.action] ?? humanise(entry.action).toLowerCase();
}

function describeChange(value: unknown, def?: FieldDef): string {
  if (value === null || value === undefined || value === '') return '-';
  // Labels, not codes: a choice by its option's label, a yes/no field in words.
  if (def?.options) return def.options.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function AuditTimeline({ resource, id }: { resource: Resource; id: string }) {
  const audit = useQuery({ queryKey: ['audit', resource.name, id], queryFn: ({ signal }) => fetchAudit(resource, id, signal) });
  return (
    <section className="detail-section" aria-label="History">
      <h2>History</h2>
      {audit.isPending ? (
        <LoadingIndicator label="Loading history" />
      ) : audit.error ? (
        <p role="alert">{errorMessage(audit.error)}</p>
      ) : audit.data.length === 0 ? (
        <p className="ui-field__description">No changes recorded yet.</p>
      ) : (
        <ol className="audit-timeline">
          {audit.data.map((entry: AuditEntry) => (
            <li key={entry.id}>
              <p>
                <strong>{entry.actorName ?? 'System'}</strong> {actionText(entry)}
                <span className="audit-timeline__when"> · {formatDateTime(entry.createdAt)}</span>
              </p>
              {entry.reason ? <p>Reason: {entry.reason}</p> : null}
              {entry.changes && entry.action !== 'create' ? (
                <ul>
                  {Object.entries(entry.changes).map(([field, change]) => {
                    const c = change as { from?: unknown; to?: unknown };
                    if (resource.allFields[field]?.inputKind === 'permissions' && Array.isArray(c.from) && Array.isArray(c.to)) {
                      // Labels of what was added and removed, not two long lists of codes.
                      const { added, removed } = permissionChanges(c.from as string[], c.to as string[]);
                      return [
                        ...added.map((p) => <li key={`+${p}`}>+ {permissionLabel(p)}</li>),
                        ...removed.map((p) => <li key={`-${p}`}>− {permissionLabel(p)}</li>),
                      ];
                    }
                    return (
                      <li key={field}>
                        {resource.allFields[field]?.label ?? field}: {describeChange(c.from, resource.allFields[field])} → {describeChange(c.to, resource.allFields[field])}
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
