import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { anyViewPermissions, routeFor, type RelatedList, type Resource } from '@domain/resource/define-resource';
import type { FieldDef } from '@domain/resource/field';
import { findResource, ownResourceOf } from '@domain/resource/registry';
import { hasPermission } from '@domain/permissions';
import { errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { fetchList, fetchRecord, setRecordActive, type ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { ConfirmDialog } from '@ui/confirm-dialog';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pushToast } from '@state/toasts';
import { CellValue, formatFieldText } from './cell-value';
import { PermissionList } from './permission-list';
import { NotFoundPage } from '@app/not-found-page';
import { workflowOf } from '@machines/workflow-registry';
import { acceptsEdit } from '@machines/workflow-snapshot';
import { ActivityTimeline } from './activity-timeline';
import { RecordEditingProvider, useHeldRecord } from './record-editing';
import { RecordFileButton } from './record-file-button';
import { offeredFor, ResourceActionDialog } from './resource-action';
import { RecordHeaderActions } from './record-header-actions';
import { listUrl } from './list-page';
import { extensionsFor, type RecordExtension, type RecordPartProps, type ResourceExtension } from './resource-extension';
import './resources.css';

/** Props of DetailPage. */
export interface DetailPageProps {
  resource: Resource;
  id: string;
  /** What the console's features add to record pages (src/app/resource-extensions.ts); those for this resource apply. */
  extensions?: readonly ResourceExtension[];
}

/** True when the text can be an id of the resource (a number for bigint ids, a UUID for uuid ids). */
function isIdOf(resource: Resource, id: string): boolean {
  if (resource.idType === 'bigint') return /^\d{1,15}$/.test(id);
  if (resource.idType === 'uuid') return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  return id.length > 0;
}

/**
 * The one record page of every resource: a header (title, status, the actions the state and the user allow), the
 * record's properties in a side panel, and one activity timeline in the main column; with what the features
 * declare for the resource (panels, header actions, properties edited in place: a ticket's assignee, priority, due
 * date and tags).
 */
export function DetailPage({ resource, id, extensions = [] }: DetailPageProps) {
  if (!isIdOf(resource, id)) return <NotFoundPage />;
  return <RecordDetail resource={resource} id={id} extensions={extensions} />;
}

function RecordDetail({ resource, id, extensions }: DetailPageProps) {
  const keys = queryKeys.resource(resource.name);
  const record = useQuery({ queryKey: keys.one(id), queryFn: ({ signal }) => fetchRecord(resource, id, signal) });

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
  // Keyed by record: what one record holds back never carries over to the next one opened.
  return <RecordView key={`${resource.name}/${id}`} resource={resource} id={id} extensions={extensions ?? []} latest={record.data} readAt={record.dataUpdatedAt} />;
}

/** A field holding prose (a description): read in the main column, not squeezed into the properties panel. */
const isProse = (def: FieldDef | undefined): boolean => def?.inputKind === 'textarea';
/** A list of permissions: read in the main column, by label, with a filter (a role holds a hundred or more). */
const isPermissionList = (def: FieldDef | undefined): boolean => def?.inputKind === 'permissions';

/** One part of every applicable extension, in the order of the list. */
const partsOf = <T,>(declared: readonly RecordExtension[], pick: (e: RecordExtension) => readonly T[] | undefined): T[] => declared.flatMap((e) => pick(e) ?? []);

function RecordView({ resource, id, extensions, latest, readAt }: Required<DetailPageProps> & { latest: ApiRecord; readAt: number }) {
  const { globalConfig } = useSession();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const keys = queryKeys.resource(resource.name);
  // A newer version from the live channel replaces the record quietly, unless the user is editing it.
  const held = useHeldRecord(latest);
  const data = held.shown;
  const cdnBase = globalConfig?.imageCDNUrl;
  // A ticket opened from a cross-kind list (My Tickets) moves along its kind's machine and shows its kind's history.
  const owner = ownResourceOf(resource, data);
  const workflow = workflowOf(owner.name);
  const declared = extensionsFor(extensions, resource, 'record');
  const part: RecordPartProps = { resource, owner, record: data, id };
  const label = data[resource.labelField];
  const labelDef = resource.allFields[resource.labelField];
  // The label as staff read it anywhere else: a person's name, not their id (CZO Access, User Roles); a report
  // type's name, not its code (downloads); a number as people write it (+91 98450 22222).
  const heading = label !== null && label !== undefined && label !== '' ? (labelDef ? formatFieldText(labelDef, label, data, resource.labelField) : String(label)) : `${resource.title} ${id}`;
  const active = resource.activeField ? Boolean(data[resource.activeField]) : undefined;
  const recordId = String(data[resource.idField]);

  // No field shown twice: the title is the heading, the state and the active flag are the header's pills, a header
  // badge is a pill, a field a feature shows in a panel of its own (a ticket's source) is there, prose has the main
  // column; the version is the workflow's concurrency token, not something staff read or act on.
  const elsewhere = new Set<string>([
    resource.labelField,
    resource.idField,
    'version',
    ...(workflow ? [workflow.stateField] : []),
    ...(resource.activeField ? [resource.activeField] : []),
    ...(resource.headerBadges ?? []).map((b) => b.field),
    ...partsOf(declared, (e) => e.shownElsewhere),
  ]);
  const placed = new Set<string>();
  const take = (fields: readonly string[]) =>
    fields.filter((f) => {
      if (placed.has(f) || elsewhere.has(f) || !resource.allFields[f]) return false;
      placed.add(f);
      return true;
    });
  const prose = take(Object.keys(resource.allFields).filter((f) => isProse(resource.allFields[f])));
  const permissionLists = take(Object.keys(resource.allFields).filter((f) => isPermissionList(resource.allFields[f])));
  const sections = [
    // A field of a feature's section that only means something once set (a ticket's close reason) is no empty row.
    ...partsOf(declared, (e) => e.propertySections).map((s) => ({ title: s.title, fields: take(s.fields).filter((f) => !s.onlyWhenSet?.includes(f) || Boolean(data[f])) })),
    ...(resource.form ?? []).map((s) => ({ title: s.title, fields: take(s.fields) })),
    { title: 'Details', fields: take(Object.keys(resource.allFields).filter((f) => !['createdAt', 'updatedAt'].includes(f))) },
    { title: 'Record', fields: take(['createdAt', 'updatedAt']) },
  ]
    // A form section named like a feature's own (creatable ticket kinds' "Ticket") joins it.
    .reduce<{ title: string; fields: string[] }[]>((out, s) => {
      const same = out.find((o) => o.title === s.title);
      if (same) same.fields.push(...s.fields);
      else out.push({ title: s.title, fields: [...s.fields] });
      return out;
    }, [])
    .filter((s) => s.fields.length > 0);

  const toggleActive = async () => {
    try {
      await held.editing.ownWrite(async () => {
        await setRecordActive(resource, id, !active);
        await queryClient.invalidateQueries({ queryKey: keys.all });
      });
      await queryClient.invalidateQueries({ queryKey: ['audit', resource.name, id] });
      pushToast(`${resource.title} ${active ? 'inactivated' : 'activated'}`, 'success');
    } catch (error) {
      pushToast(errorMessage(error), 'error');
      throw error;
    }
  };

  const ownProperties = partsOf(declared, (e) => (e.properties ? [e.properties] : []));
  const Scope = partsOf(declared, (e) => (e.propertiesScope ? [e.propertiesScope] : []))[0];
  const WorkflowSlot = partsOf(declared, (e) => (e.workflowPanel ? [e.workflowPanel] : []))[0];
  const History = partsOf(declared, (e) => (e.history ? [e.history] : []))[0] ?? ActivityTimeline;
  const panels = (place: 'top' | 'beforeHistory') =>
    partsOf(declared, (e) => e.panels)
      .filter((p) => p.place === place)
      .map((p, i) => <p.component key={`${place}-${i}`} {...part} />);

  const properties = (
    <aside className="resource-page__side record-properties" aria-label="Properties">
      {sections.map((section) => (
        <section key={section.title} className="detail-section" aria-label={section.title}>
          <h2>{section.title}</h2>
          <dl className="property-list">
            {section.fields.map((field) => {
              const Own = ownProperties.find((p) => p.fields.includes(field))?.component;
              if (Own) return <Own key={field} field={field} />;
              const def = resource.allFields[field]!;
              return (
                <div key={field} className="property">
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
      {partsOf(declared, (e) => e.sidePanels).map((Panel, i) => (
        <Panel key={i} {...part} />
      ))}
    </aside>
  );

  return (
    <RecordEditingProvider value={held.editing}>
      <section className="page resource-page record-page" aria-labelledby="resource-detail-title">
        <header className="record-header">
          <div className="record-header__title">
            {/* A number names the record where staff say it ("Ticket 1042"); a UUID is nobody's name. */}
            {resource.idType !== 'uuid' && resource.labelField !== resource.idField ? (
              <p className="resource-page__eyebrow">
                {owner.title} · {recordId}
              </p>
            ) : (
              <p className="resource-page__eyebrow">{owner.title}</p>
            )}
            <div className="record-header__heading">
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
          </div>
          <RecordHeaderActions
            leading={
              <>
                {partsOf(declared, (e) => e.headerActions).map((Action, i) => (
                  <Action key={i} {...part} />
                ))}
                {(resource.files ?? []).map((file) => (
                  <RecordFileButton key={file.path} resource={resource} file={file} id={id} fallbackName={`${String(label ?? `${resource.title}-${id}`).replace(/[^A-Za-z0-9-]+/g, '-')}.${file.path}`} />
                ))}
              </>
            }
            actions={[
              ...(resource.permissions.update && resource.updateFields.length > 0 && (!workflow || acceptsEdit(workflow, data))
                ? [{ key: 'edit', label: 'Edit', permission: resource.permissions.update, onPress: () => navigate(routeFor(resource.editPath, id)) }]
                : []),
              ...resource.actions
                .filter((action) => action.on === 'record' && offeredFor(resource, action, data))
                .map((action) => ({
                  key: `action:${action.name}`,
                  label: action.title,
                  permission: action.permission,
                  primary: action.variant === 'primary',
                  danger: action.variant === 'danger',
                  dialog: (close: () => void) => <ResourceActionDialog resource={resource} action={action} record={data} onClose={close} />,
                })),
              ...(resource.activeField && resource.permissions.activate
                ? [
                    {
                      key: 'active',
                      label: active ? 'Inactivate' : 'Activate',
                      permission: resource.permissions.activate,
                      danger: Boolean(active),
                      dialog: (close: () => void) => (
                        <ConfirmDialog
                          isOpen
                          onOpenChange={(open) => (open ? undefined : close())}
                          title={`${active ? 'Inactivate' : 'Activate'} ${resource.title.toLowerCase()}?`}
                          confirmLabel={active ? 'Inactivate' : 'Activate'}
                          confirmVariant={active ? 'danger' : 'primary'}
                          onConfirm={toggleActive}
                        >
                          {heading} will be {active ? 'inactivated: it stops being offered until someone activates it again' : 'activated'}. The change is recorded in its history.
                        </ConfirmDialog>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {workflow && WorkflowSlot ? (
            <div className="record-header__workflow">
              <WorkflowSlot
                key={held.editKey}
                workflow={workflow}
                resource={owner}
                record={data}
                offeredElsewhere={partsOf(declared, (e) => e.workflowEvents)}
                extra={partsOf(declared, (e) => e.workflowActions).map((Action, i) => (
                  <Action key={i} {...part} />
                ))}
              />
            </div>
          ) : null}
        </header>

        <div className="record-page__changed" role="status">
          {held.changedElsewhere ? (
            <p className="record-page__changed-note">
              This record was changed by someone else ·{' '}
              <button type="button" className="record-page__reload" onClick={held.reload}>
                Reload
              </button>
            </p>
          ) : null}
        </div>

        <div className="resource-page__split">
          {Scope ? (
            <Scope key={held.editKey} resource={owner} record={data}>
              {properties}
            </Scope>
          ) : (
            properties
          )}
          <div className="resource-page__main">
            {panels('top')}

            {prose.map((field) =>
              data[field] !== null && data[field] !== undefined && data[field] !== '' ? (
                <section key={field} className="detail-section" aria-label={resource.allFields[field]!.label}>
                  <h2>{resource.allFields[field]!.label}</h2>
                  <p className="record-page__prose">{String(data[field])}</p>
                </section>
              ) : null,
            )}

            {permissionLists.map((field) => {
              const def = resource.allFields[field]!;
              const granted = Array.isArray(data[field]) ? (data[field] as string[]) : [];
              return (
                <section key={field} className="detail-section" aria-label={def.label}>
                  <h2>{def.label}</h2>
                  {granted.length > 0 ? <PermissionList permissions={granted} label={def.label} /> : <p className="cell-empty">None</p>}
                </section>
              );
            })}

            {(resource.related ?? []).map((related) => (
              <RelatedRecords key={`${related.resource}.${related.field}`} related={related} id={data[resource.idField] as string | number} />
            ))}

            {panels('beforeHistory')}

            <History resource={owner} id={id} recordReadAt={readAt} />
          </div>
        </div>
      </section>
    </RecordEditingProvider>
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
