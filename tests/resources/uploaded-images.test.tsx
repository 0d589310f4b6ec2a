/** @vitest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsResource } from '@domain/resources/content/news';
import { siteInspectionTicketResource } from '@domain/resources/tickets/site-inspection-ticket';
import { CellValue } from '@resources/cell-value';
import { FormPage } from '@resources/form-page';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const privatePath = (name: string) => `uploads/private/site-inspection-images/2026/03/${name}.png`;
const signedOf = (path: string) => `${path}?expires=1772356200&signature=${'s'.repeat(43)}`;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });
}

/** A fetch that signs every private path it is asked for except `refused`, and records each request. */
function fakeApi(refused: string[] = []) {
  const requests: { url: string; body: unknown }[] = [];
  const fetchSpy = vi.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body });
    if (url === '/upload-service/signed-urls') {
      const { paths } = JSON.parse(String(init.body)) as { paths: string[] };
      return answer(200, { urls: Object.fromEntries(paths.filter((p) => !refused.includes(p)).map((p) => [p, signedOf(p)])) });
    }
    if (url.startsWith('/upload-service/generic-file-upload')) {
      return answer(201, { id: 'up-1', relativePath: privatePath('newupload0001'), name: 'parking.png', size: 10, contentType: 'image/png' });
    }
    return answer(404, { status: 404, title: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return requests;
}

describe('uploaded images in the console', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads private site photos through signed links, asked for in one request for the whole page', async () => {
    const requests = fakeApi([privatePath('refusedfile01')]);
    const def = siteInspectionTicketResource.allFields.images!;
    const records = [
      { id: 1, images: [{ id: 'a', relativePath: privatePath('parkingbay001'), name: 'parking.png' }] },
      { id: 2, images: [{ id: 'b', relativePath: privatePath('meterboard001'), name: 'meter board.png' }, { id: 'c', relativePath: privatePath('refusedfile01'), name: 'refused.png' }] },
    ];
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_ALL_SITE_INSPECTION_TICKETS']));
    render(
      <>
        {records.map((record) => (
          <CellValue key={record.id} def={def} field="images" record={record} cdnBase="/cdn/" />
        ))}
      </>,
      { wrapper: Wrapper },
    );
    // While the links are fetched the images shimmer (and request nothing).
    expect(screen.getByRole('img', { name: 'parking.png' })).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(screen.getByRole('img', { name: 'parking.png' })).toHaveAttribute('src', `/cdn/${signedOf(privatePath('parkingbay001'))}&w=96&q=75`));
    expect(screen.getByRole('img', { name: 'meter board.png' })).toHaveAttribute('src', `/cdn/${signedOf(privatePath('meterboard001'))}&w=96&q=75`);
    // A path the API did not sign shows the not-found image rather than a request that would be refused.
    await waitFor(() => expect(screen.getByRole('img', { name: 'refused.png' }).getAttribute('src')).not.toContain('refusedfile01'));
    expect(requests).toEqual([{ url: '/upload-service/signed-urls', body: { paths: [privatePath('parkingbay001'), privatePath('meterboard001'), privatePath('refusedfile01')] } }]);
  });

  it('loads public images (news, bundled CDN images) straight from the CDN, asking for no link', async () => {
    const requests = fakeApi();
    const { Wrapper } = renderWith(fakeSession(['ROLE_VIEW_FEATURED_IN']));
    render(<CellValue def={newsResource.allFields.image!} field="image" record={{ id: 7, image: 'uploads/2026/03/launchphoto01.jpg' }} cdnBase="/cdn/" />, { wrapper: Wrapper });
    expect(screen.getByRole('img', { name: 'Image' })).toHaveAttribute('src', '/cdn/uploads/2026/03/launchphoto01.jpg?w=96&q=75');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });

  it('uploads site photos as their kind from the add form and previews them through a signed link', async () => {
    const requests = fakeApi();
    const { Wrapper } = renderWith(
      fakeSession(['ROLE_VIEW_ALL_SITE_INSPECTION_TICKETS', 'ROLE_ADD_SITE_INSPECTION_DATA'], { globalConfig: { imageCDNUrl: '/cdn/' } as never }),
      '/ticket-management/site-inspection-tickets/add',
    );
    render(<FormPage resource={siteInspectionTicketResource} mode="create" />, { wrapper: Wrapper });
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'parking.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Site images'), png);
    await waitFor(() => expect(screen.getByRole('img', { name: 'parking.png' })).toHaveAttribute('src', `/cdn/${signedOf(privatePath('newupload0001'))}&w=200&q=75`));
    // (The form's relation pickers ask for their options too.)
    expect(requests.map((r) => r.url).filter((url) => url.startsWith('/upload-service/'))).toEqual(['/upload-service/generic-file-upload?kind=site-inspection-images', '/upload-service/signed-urls']);
  });
});
