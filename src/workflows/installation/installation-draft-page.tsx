import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, type RouteComponentProps } from 'wouter';
import { installationTicketResource } from '@domain/resources/tickets/installation-ticket';
import { routeFor } from '@domain/resource/define-resource';
import { humanise } from '@domain/resource/field';
import { hasPermission } from '@domain/permissions';
import { fillFormEventSchema } from '@machines/installation.events';
import { installationWorkflow } from '@machines/installation.workflow';
import { apiRequest, errorMessage } from '@data/api-client';
import { queryKeys } from '@data/query-keys';
import { fetchRecord, type ApiRecord } from '@data/resource-api';
import { useSession } from '@app/session/session-context';
import { Button } from '@ui/button';
import { LoadingIndicator } from '@ui/loading-indicator';
import { pushToast } from '@state/toasts';
import { ActionForm, useActionForm } from '@resources/action-form';
import { draftFieldDef, draftFromTicket, fillFormEvent, installationDraftFields, resetDraft, type InstallationDraft } from './installation-draft';

const resource = installationTicketResource;

/** True when the installation ticket's state accepts FILL_FORM now. */
export function canFillForm(record: Readonly<Record<string, unknown>>): boolean {
  const snapshot = installationWorkflow.machine.resolveState({ value: String(record[installationWorkflow.stateField]), context: installationWorkflow.contextOf(record) as never });
  return snapshot.can({ type: 'FILL_FORM' } as never);
}

/** The installation draft screen (tickets/{id}/installation/add): fills the installation ticket's form (FILL_FORM). */
export function InstallationDraftPage({ params }: RouteComponentProps<{ id: string }>) {
  const id = params.id;
  const valid = /^\d{1,15}$/.test(id);
  const record = useQuery({ queryKey: queryKeys.resource(resource.name).one(id), queryFn: ({ signal }) => fetchRecord(resource, id, signal), enabled: valid });
  if (!valid) return <Message text={`No ${resource.title.toLowerCase()} has the id ${id}.`} />;
  if (record.isPending) return <LoadingIndicator label="Loading installation ticket" showLabel />;
  if (record.error) return <Message text={errorMessage(record.error)} />;
  return <InstallationDraftForm ticket={record.data} />;
}

function Message({ text }: { text: string }) {
  return (
    <section className="page page--message" role="alert">
      <h1>Installation form</h1>
      <p>{text}</p>
      <p>
        <Link href={resource.views[0]!.path}>Back to {resource.plural.toLowerCase()}</Link>
      </p>
    </section>
  );
}

/** Props of InstallationDraftForm. */
export interface InstallationDraftFormProps {
  ticket: ApiRecord;
}

/** The draft form of one ticket: Save sends FILL_FORM; Reset clears the draft but keeps its unique id. */
export function InstallationDraftForm({ ticket }: InstallationDraftFormProps) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const form = useActionForm({
    fields: installationDraftFields.map((field) => ({ path: field, def: draftFieldDef(field), required: draftFieldDef(field).required })),
    initial: draftFromTicket(ticket),
    // The draft words its event its own way (the unique id kept, empty fields left out).
    bodyOf: (values) => fillFormEvent(values as InstallationDraft),
    schema: fillFormEventSchema,
  });
  const ticketId = String(ticket[resource.idField]);
  const detail = routeFor(resource.detailPath, ticketId);
  const permitted = hasPermission(user.permissions, installationWorkflow.permissions.FILL_FORM!);
  const open = canFillForm(ticket);

  const save = async () => {
    const checked = form.check();
    if (!checked) return;
    const sent = await form.run(async () => {
      await apiRequest(`${resource.apiPath}/${encodeURIComponent(ticketId)}/transition`, { method: 'POST', body: { ...(checked.parsed as object), version: ticket.version } });
      await queryClient.invalidateQueries({ queryKey: queryKeys.resource(resource.name).all });
      await queryClient.invalidateQueries({ queryKey: ['audit', resource.name, ticketId] });
    });
    if (!sent) return;
    pushToast('Installation form saved', 'success');
    navigate(detail);
  };

  return (
    <section className="page resource-page" aria-labelledby="installation-draft-title">
      <header className="resource-page__header">
        <div>
          <p className="resource-page__eyebrow">
            {resource.title} · {ticketId}
          </p>
          <h1 id="installation-draft-title">Installation form</h1>
          <p className="ui-field__description">
            <Link href={detail}>{String(ticket.title ?? `Ticket ${ticketId}`)}</Link> · {humanise(String(ticket.status))}
          </p>
        </div>
      </header>
      {!permitted ? (
        <p role="alert">You do not have the permission this needs ({installationWorkflow.permissions.FILL_FORM}).</p>
      ) : !open ? (
        <p role="alert">The form of a ticket that is {humanise(String(ticket.status)).toLowerCase()} cannot be filled any more.</p>
      ) : (
        <ActionForm
          form={form}
          className="resource-form"
          fieldsLabel="Installation"
          submitLabel="Save form"
          onSubmit={() => void save()}
          onCancel={() => navigate(detail)}
          extraButtons={
            <Button
              variant="secondary"
              isDisabled={form.busy}
              onPress={() => {
                form.setValues((prev) => resetDraft(prev as InstallationDraft));
                form.clear();
              }}
            >
              Reset
            </Button>
          }
        />
      )}
    </section>
  );
}
