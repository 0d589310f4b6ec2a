import { describe, expect, it } from 'vitest';
import { localCommands } from '@commands/palette-sources';
import { fakeContext } from './fake-context';

const titles = (list: { title: string }[]) => list.map((c) => c.title);

describe('Firmware campaigns in the palette', () => {
  it('offers New firmware campaign only with ROLE_RUN_FIRMWARE_CAMPAIGN', () => {
    expect(titles(localCommands(fakeContext(), 'actions'))).not.toContain('New firmware campaign');
    const withIt = localCommands(fakeContext({ permissions: new Set(['ROLE_RUN_FIRMWARE_CAMPAIGN']) }), 'actions');
    expect(withIt.find((c) => c.title === 'New firmware campaign')).toMatchObject({ href: '/charger-management/firmware-campaigns/new', kind: 'action' });
  });

  it('finds the list through the side menu with the view permission', () => {
    const withIt = localCommands(fakeContext({ permissions: new Set(['ROLE_VIEW_FIRMWARE_CAMPAIGNS']) }), 'pages');
    expect(withIt.find((c) => c.title === 'Firmware Campaigns')?.href).toBe('/charger-management/firmware-campaigns');
    expect(titles(localCommands(fakeContext(), 'pages'))).not.toContain('Firmware Campaigns');
  });
});
