import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { hasPermission } from '@domain/permissions';
import { zodIssuesToFieldErrors } from '@domain/problem';
import { formFieldDef, routeFor, type Resource } from '@domain/resource/define-resource';
import { ApiError, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { createRecord, fetchRecord, updateRecord, type ApiRecord } from '@data/resource-api';
import { useIdempotencyKey } from '@data/use-idempotency-key';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pushToast } from '@state/toasts';
import { FieldInput } from './field-input';
import { workflowOf } from '@machines/workflow-registry';
import { emptyRaw, fromRaw, toRaw, type RawValue } from './form-values';
import { NoAccess } from './no-access';
import { useLeaveGuard } from './use-leave-guard';
import { extensionsFor, type ResourceExtension } from './resource-extension';
import './resources.css';

/** Props of FormPage. */
export interface FormPageProps {
  resource: Resource;
  mode: 'create' | 'edit';
  /** Record id (edit). */
  id?: string;
  /** What the console's features add to forms (src/app/resource-extensions.ts); those for this resource apply. */
  extensions?: readonly ResourceExtension[];
}

/** The one form page of every resource: add and edit, fields by section through the field dispatcher. */
export function FormPage({ resource, mode, id, extensions = [] }: FormPageProps) {
  const { user } = useSession();
  const permission = mode === 'create' ? resource.permissions.create : resource.permissions.update;
  const title = mode === 'create' ? `Add ${resource.title.toLowerCase()}` : `Edit ${resource.title.toLowerCase()}`;
  if (!permission) {
    return (
      <section className="page page--message" role="alert">
        <h1>{title}</h1>
        <p>{resource.plural} cannot be {mode === 'create' ? 'added' : 'edited'} here.</p>
      </section>
    );
  }
  if (!hasPermission(user.permissions, permission)) return <NoAccess permission={permission} title={title} />;
  if (mode === 'create') return <ResourceForm resource={resource} mode="create" extensions={extensions} />;
  return <EditLoader resource={resource} id={id!} extensions={extensions} />;
}

function EditLoader({ resource, id, extensions }: { resource: Resource; id: string; extensions: readonly ResourceExtension[] }) {
  const record = useQuery({ queryKey: queryKeys.resource(resource.name).one(id), queryFn: ({ signal }) => fetchRecord(resource, id, signal) });
  if (record.isPending) return <LoadingIndicator label={`Loading ${resource.title.toLowerCase()}`} showLabel />;
  if (record.error) {
    return (
      <section className="page page--message" role="alert">
        <p>{errorMessage(record.error)}</p>
      </section>
    );
  }
  return <ResourceForm resource={resource} mode="edit" record={record.data} extensions={extensions} />;
}

/** Field names of the form in this mode, by section (fields outside every section go last). */
function sectionsOf(resource: Resource, mode: 'create' | 'edit') {
  const writable = new Set(mode === 'create' ? resource.createFields : resource.updateFields);
  const sections = (resource.form ?? []).map((s) => ({ title: s.title, fields: s.fields.filter((f) => writable.has(f)) }));
  const placed = new Set(sections.flatMap((s) => s.fields));
  const rest = [...writable].filter((f) => !placed.has(f));
  if (rest.length > 0) sections.push({ title: 'More', fields: rest });
  return sections.filter((s) => s.fields.length > 0);
}

function ResourceForm({ resource, mode, record, extensions }: { resource: Resource; mode: 'create' | 'edit'; record?: ApiRecord; extensions: readonly ResourceExtension[] }) {
  const { globalConfig } = useSession();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const sections = useMemo(() => sectionsOf(resource, mode), [resource, mode]);
  const fieldNames = useMemo(() => sections.flatMap((s) => s.fields), [sections]);
  const initial = useMemo(
    () =>
      Object.fromEntries(
        fieldNames.map((name) => {
          const def = resource.allFields[name]!;
          return [name, record ? toRaw(def, record[name], record._labels?.[name]) : emptyRaw(def)];
        }),
      ) as Record<string, RawValue>,
    [fieldNames, resource, record],
  );
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const [saving, setSaving] = useState(false);
  // One key per content: pressing Create again after a lost answer replays the first create instead of adding twice.
  const idempotencyKey = useIdempotencyKey(values);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const panels = extensionsFor(extensions, resource, 'form').flatMap((e) => e.panels ?? []);
  const change = (changed: Readonly<Record<string, RawValue>>) => {
    setValues((prev) => ({ ...prev, ...changed }));
    setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !(k in changed))));
  };
  useLeaveGuard(dirty && !saving);

  const title = mode === 'create' ? `Add ${resource.title.toLowerCase()}` : `Edit ${resource.title.toLowerCase()}`;
  const id = record ? String(record[resource.idField]) : undefined;
  const back = id ? routeFor(resource.detailPath, id) : resource.views[0]!.path;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const name of fieldNames) {
      const def = resource.allFields[name]!;
      const value = fromRaw(def, values[name]!);
      if (mode === 'create') {
        if (value !== undefined) body[name] = value;
      } else if (JSON.stringify(values[name]) !== JSON.stringify(initial[name])) {
        body[name] = value ?? null;
      }
    }
    const schema = mode === 'create' ? resource.createSchema : resource.updateSchema;
    const checked = schema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(zodIssuesToFieldErrors(checked.error.issues).map((e) => [e.path, e.message])));
      setFormError('Some fields need attention.');
      return;
    }
    if (mode === 'edit' && Object.keys(body).length === 0) {
      navigate(back);
      return;
    }
    setSaving(true);
    setErrors({});
    setFormError(undefined);
    // Editing a workflow-bound record is its machine's EDIT event: it carries the version this form was loaded with.
    if (mode === 'edit' && workflowOf(resource.name)) body.version = record?.version;
    try {
      const saved = mode === 'create' ? await createRecord(resource, body, idempotencyKey) : await updateRecord(resource, id!, body);
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name).all });
      pushToast(mode === 'create' ? `${resource.title} created` : 'Changes saved', 'success');
      navigate(routeFor(resource.detailPath, String(saved[resource.idField])));
    } catch (error) {
      setSaving(false);
      if (error instanceof ApiError && error.problem.errors?.length) {
        setErrors(Object.fromEntries(error.problem.errors.map((e) => [e.path, e.message])));
      }
      setFormError(errorMessage(error));
    }
  };

  return (
    <section className="page resource-page" aria-labelledby="resource-form-title">
      <header className="resource-page__header">
        <h1 id="resource-form-title">{title}</h1>
        <Link href={back} className="ui-button ui-button--ghost ui-button--md">
          Cancel
        </Link>
      </header>
      <form className="resource-form" onSubmit={submit} noValidate aria-describedby={formError ? 'resource-form-error' : undefined}>
        {sections.map((section) => (
          <fieldset key={section.title} className="resource-form__section">
            <legend>{section.title}</legend>
            <div className="resource-form__grid">
              {section.fields.map((name) => {
                // A field with reserved values (a unit's Installed) offers only what the generic form may set.
                const def = formFieldDef(resource, name, record) ?? resource.allFields[name]!;
                const wide = ['textarea', 'items', 'images', 'permissions', 'lakhs'].includes(def.inputKind);
                return (
                  <div key={name} className={wide ? 'resource-form__wide' : undefined}>
                    <FieldInput
                      path={name}
                      def={def}
                      value={values[name]!}
                      onChange={(value) => {
                        setValues((prev) => ({ ...prev, [name]: value }));
                        setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => k !== name && !k.startsWith(`${name}.`))));
                      }}
                      errors={errors}
                      cdnBase={globalConfig?.imageCDNUrl}
                      isRequired={mode === 'create' && def.required}
                    />
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        {panels.map((Panel, i) => (
          <Panel key={i} resource={resource} values={values} change={change} />
        ))}
        {formError ? (
          <p id="resource-form-error" className="resource-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <div className="resource-form__actions">
          <Button type="submit" variant="primary" isDisabled={saving}>
            {saving ? 'Saving…' : mode === 'create' ? `Create ${resource.title.toLowerCase()}` : 'Save changes'}
          </Button>
          <Link href={back} className="ui-button ui-button--ghost ui-button--md">
            Cancel
          </Link>
        </div>
      </form>
    </section>
  );
}
