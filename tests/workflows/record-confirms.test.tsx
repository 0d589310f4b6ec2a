/** @vitest-environment jsdom */
// An event's dialog names what it acts on by the record's values (the workflow's `asks`), never "this top-up request".
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { recordText, recordTextFields } from '@domain/record-text';
import { creditRequestResource } from '@domain/resources/wallets/credit-request';
import { topUpRequestResource } from '@domain/resources/wallets/top-up-request';
import { resourceByName } from '@domain/resource/registry';
import { creditRequestWorkflow } from '@machines/credit-request.workflow';
import { topUpRequestWorkflow } from '@machines/top-up-request.workflow';
import { recordWorkflows } from '@machines/workflow-registry';
import { WorkflowPanel } from '@workflows/workflow-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const topUp = {
  id: 7,
  userId: 'dd4822eb-3710-a7af-9659-4cd08661c883',
  amount: 50_000,
  mode: 'UPI',
  paymentReference: 'UTR000001886084',
  status: 'REQUESTED',
  version: 0,
  _labels: { userId: 'Asha Rao · +91 98450 22222' },
};

describe('record values in an event’s dialog', () => {
  it('asks to approve a top-up by its amount and its customer', async () => {
    const { Wrapper } = renderWith(fakeSession(['ROLE_APPROVE_TOP_UP_REQUEST', 'ROLE_REJECT_TOP_UP_REQUEST']));
    render(<WorkflowPanel workflow={topUpRequestWorkflow} resource={topUpRequestResource} record={topUp} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve' });
    expect(dialog).toHaveTextContent('Approve ₹500 top-up for Asha Rao · +91 98450 22222?');
    expect(dialog).toHaveTextContent('cannot be taken back');
    expect(dialog).not.toHaveTextContent('this top-up request');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('dialog', { name: 'Reject' })).toHaveTextContent('Reject ₹500 top-up for Asha Rao · +91 98450 22222?');
  });

  it('asks to approve a credit request by its total, its wallets and its reason', async () => {
    const { Wrapper } = renderWith(fakeSession(['ROLE_APPROVE_CREDIT_REQUEST']));
    const record = { id: 9, status: 'PENDING', version: 4, total: 35_000, count: 2, message: 'Goodwill for the outage' };
    render(<WorkflowPanel workflow={creditRequestWorkflow} resource={creditRequestResource} record={record} />, { wrapper: Wrapper });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('dialog', { name: 'Approve' })).toHaveTextContent('Approve ₹350 of credits to 2 wallets (Goodwill for the outage)?');
  });

  it('every question a workflow asks names fields its resource has, for events it has', () => {
    for (const workflow of recordWorkflows) {
      const resource = resourceByName(workflow.resource);
      for (const [event, template] of Object.entries(workflow.asks ?? {})) {
        expect(Object.keys(workflow.eventSchemas), `${workflow.resource} ${event}`).toContain(event);
        for (const field of recordTextFields(template)) expect(Object.keys(resource.allFields), `${workflow.resource} ${event} {${field}}`).toContain(field);
      }
    }
    expect(recordText('Pay {amount} to {nobody}', (f) => (f === 'amount' ? '₹5' : undefined))).toBe('Pay ₹5 to {nobody}');
  });
});
