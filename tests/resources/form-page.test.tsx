/** @vitest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coordinatesMessages } from '@domain/coordinates';
import { vendorResource } from '@domain/resources/catalogue/vendor';
import { defineResource } from '@domain/resource/define-resource';
import { f } from '@domain/resource/field';
import { FormPage } from '@resources/form-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const siteResource = defineResource({
  name: 'test-sites',
  title: 'Site',
  plural: 'Sites',
  service: '/charger-service',
  path: 'test-site',
  table: 'test_sites',
  labelField: 'name',
  fields: { name: f.text('Name', { required: true }), coordinates: f.coordinates('Coordinates', { required: true }), pinCode: f.text('Pin code', { digitsOnly: true, max: 6 }) },
  list: { columns: [{ field: 'name' }] },
  form: [{ title: 'Site', fields: ['name', 'coordinates', 'pinCode'] }],
  permissions: { view: 'ROLE_VIEW_ALL_LOCATION', create: 'ROLE_ADD_LOCATION' },
  views: [{ path: '/test-sites', title: 'Sites' }],
  createPath: '/test-sites/add',
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

describe('the form page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the zod messages next to each field and sends nothing while they stand', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR', 'ROLE_ADD_VENDOR']), '/global-data-management/vendor-management/add');
    render(<FormPage resource={vendorResource} mode="create" />, { wrapper: Wrapper });
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile number/ }), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create vendor' }));
    expect(await screen.findByText('Some fields need attention.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/This field is required/);
    expect(screen.getByRole('textbox', { name: /Mobile number/ })).toHaveAccessibleDescription(/Enter a valid 10-digit Indian mobile number/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('maps the server’s field errors to their fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, { status: 409, title: 'Conflict', detail: 'GSTIN is already used by another vendor.', errors: [{ path: 'gstin', message: 'GSTIN is already used by another vendor' }] })),
    );
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR', 'ROLE_ADD_VENDOR']), '/global-data-management/vendor-management/add');
    render(<FormPage resource={vendorResource} mode="create" />, { wrapper: Wrapper });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Tata Power Parts');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile number/ }), '+91 98450 12345');
    await userEvent.type(screen.getByRole('textbox', { name: /GSTIN/ }), '29ABCDE1234F1Z5');
    await userEvent.click(screen.getByRole('button', { name: 'Create vendor' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /GSTIN/ })).toHaveAccessibleDescription(/already used by another vendor/));
    expect(screen.getByRole('alert')).toHaveTextContent('GSTIN is already used by another vendor.');
  });

  it('sends the values as typed (the server normalises them) and goes to the new record', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return answer(201, { id: 41, name: 'Tata Power Parts' });
      }),
    );
    const { Wrapper, location } = renderWith(fakeSession(['ROLE_VIEW_VENDOR', 'ROLE_ADD_VENDOR']), '/global-data-management/vendor-management/add');
    render(<FormPage resource={vendorResource} mode="create" />, { wrapper: Wrapper });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Tata Power Parts');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile number/ }), '0 98450 12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create vendor' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/global-data-management/vendor-management/41'));
    expect(bodies[0]).toEqual({ name: 'Tata Power Parts', mobileNumber: '0 98450 12345' });
  });

  it('sends one Idempotency-Key per content: the same key when Create is pressed again after a lost answer', async () => {
    const keys: (string | undefined)[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
        calls += 1;
        // The first answer is lost on the way back (the server may well have created the vendor).
        if (calls === 1) throw new TypeError('Failed to fetch');
        return answer(201, { id: 42, name: 'Tata Power Parts' });
      }),
    );
    const { Wrapper, location } = renderWith(fakeSession(['ROLE_VIEW_VENDOR', 'ROLE_ADD_VENDOR']), '/global-data-management/vendor-management/add');
    render(<FormPage resource={vendorResource} mode="create" />, { wrapper: Wrapper });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Tata Power Parts');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9845012345');
    await userEvent.click(screen.getByRole('button', { name: 'Create vendor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    await userEvent.click(screen.getByRole('button', { name: 'Create vendor' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/global-data-management/vendor-management/42'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{8,200}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a new Idempotency-Key when the content changed since the last submit', async () => {
    const keys: (string | undefined)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        keys.push((init.headers as Record<string, string>)['Idempotency-Key']);
        return answer(409, { status: 409, title: 'Conflict', detail: 'GSTIN is already used by another vendor.', errors: [{ path: 'gstin', message: 'GSTIN is already used by another vendor' }] });
      }),
    );
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_VENDOR', 'ROLE_ADD_VENDOR']), '/global-data-management/vendor-management/add');
    render(<FormPage resource={vendorResource} mode="create" />, { wrapper: Wrapper });
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Tata Power Parts');
    await userEvent.type(screen.getByRole('textbox', { name: /Mobile number/ }), '9845012345');
    await userEvent.type(screen.getByRole('textbox', { name: /GSTIN/ }), '29ABCDE1234F1Z5');
    await userEvent.click(screen.getByRole('button', { name: 'Create vendor' }));
    await waitFor(() => expect(keys).toHaveLength(1));
    await userEvent.clear(screen.getByRole('textbox', { name: /GSTIN/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /GSTIN/ }), '29ABCDE1234F1Z6');
    await userEvent.click(screen.getByRole('button', { name: 'Create vendor' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows each of the coordinates messages and filters non-digits from digit-only fields', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { Wrapper } = renderWith(fakeSession(['ROLE_ADD_LOCATION']), '/test-sites/add');
    render(<FormPage resource={siteResource} mode="create" />, { wrapper: Wrapper });
    const field = screen.getByRole('textbox', { name: /Coordinates/ });
    const cases: [string, string][] = [
      ['abc,77', coordinatesMessages.notNumbers],
      ['95,200', coordinatesMessages.bothOutOfRange],
      ['95,77', coordinatesMessages.latitudeOutOfRange],
      ['12,200', coordinatesMessages.longitudeOutOfRange],
    ];
    for (const [typed, message] of cases) {
      await userEvent.clear(field);
      await userEvent.type(field, typed);
      expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Create site' }));
    expect(field).toHaveAccessibleDescription(new RegExp(coordinatesMessages.required));
    const pin = screen.getByRole('textbox', { name: /Pin code/ });
    await userEvent.type(pin, '56a0b034');
    expect(pin).toHaveValue('560034');
  });
});
