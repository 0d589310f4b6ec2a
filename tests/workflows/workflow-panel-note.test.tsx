/** @vitest-environment jsdom */
// The workflow panel's "Nothing more to do" is said only when nothing is offered: neither an event of the machine nor
// an action of the record bound to its state (a stopped booking's Issue invoice, a charging booking's Stop charging).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingResource } from '@domain/resources/bookings/booking';
import { bookingWorkflow } from '@machines/booking.workflow';
import { WorkflowPanel } from '@workflows/workflow-panel';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const booking = (status: string) => ({ id: 42, status, version: 3, userId: 'dd4822eb-3710-a7af-9659-4cd08661c883', paymentMode: 'WALLET', amount: 12_000, energyWh: 8_000 });

describe('the workflow panel’s note', () => {
  it('says nothing more is to be done when no step is offered', () => {
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ALL_BOOKINGS']));
    render(<WorkflowPanel workflow={bookingWorkflow} resource={bookingResource} record={booking('CANCELLED')} />, { wrapper: Wrapper });
    expect(screen.getByText('Nothing more to do: this booking is cancelled.')).toBeInTheDocument();
  });

  it('does not, beside the record’s actions bound to its state', () => {
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ALL_BOOKINGS', 'ROLE_ISSUE_INVOICE']));
    // Stopped by admin is final for the machine, but the booking's Issue invoice is offered in it.
    render(<WorkflowPanel workflow={bookingWorkflow} resource={bookingResource} record={booking('STOPPED_BY_ADMIN')} />, { wrapper: Wrapper });
    expect(screen.queryByText(/Nothing more to do/)).not.toBeInTheDocument();
  });

  it('does not while a charging booking can be closed or stopped', () => {
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ALL_BOOKINGS', 'ROLE_CLOSE_STUCK_SESSION']));
    render(<WorkflowPanel workflow={bookingWorkflow} resource={bookingResource} record={booking('CHARGING')} />, { wrapper: Wrapper });
    expect(screen.queryByText(/Nothing more to do/)).not.toBeInTheDocument();
  });
});
