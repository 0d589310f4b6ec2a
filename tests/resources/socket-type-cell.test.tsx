/** @vitest-environment jsdom */
// A socket code (a booking's socket) reads as its display text from the socket types reference data the session
// holds ("CCS 2"), never as the code the booking stores ("CCS_2").
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GlobalConfig } from '@domain/global-config';
import { resourceByName } from '@domain/resource/registry';
import { CellValue } from '@resources/cell-value';
import { fakeSession, renderWith } from '@tests/app/fake-session';

const globalConfig = {
  socketTypeList: {
    CCS_2: { displayText: 'CCS 2', imageRelativePath: null, isActive: true },
    BHARAT_DC_001: { displayText: 'Bharat DC-001', imageRelativePath: null, isActive: true },
  },
} as unknown as GlobalConfig;

describe('a socket code in a cell or on a record page', () => {
  it('shows the socket type’s display text, not its code', () => {
    const bookings = resourceByName('bookings');
    const def = bookings.allFields.socketCode!;
    const { Wrapper } = renderWith(fakeSession([], { globalConfig }));
    render(
      <>
        <CellValue def={def} field="socketCode" record={{ socketCode: 'CCS_2' }} cdnBase={undefined} />
        <CellValue def={def} field="socketCode" record={{ socketCode: 'BHARAT_DC_001' }} cdnBase={undefined} />
      </>,
      { wrapper: Wrapper },
    );
    expect(screen.getByText('CCS 2')).toBeInTheDocument();
    expect(screen.getByText('Bharat DC-001')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/CCS_2|BHARAT_DC_001/);
  });

  it('shows a code the reference data does not know as it is', () => {
    const def = resourceByName('bookings').allFields.socketCode!;
    const { Wrapper } = renderWith(fakeSession([], { globalConfig }));
    render(<CellValue def={def} field="socketCode" record={{ socketCode: 'TYPE_9' }} cdnBase={undefined} />, { wrapper: Wrapper });
    expect(screen.getByText('TYPE_9')).toBeInTheDocument();
  });
});
