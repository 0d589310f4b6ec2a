import { describe, expect, it } from 'vitest';
import { resourceByName } from '@domain/resource/registry';
import { columnWidth, formatFieldText } from '@resources/cell-value';

describe('default column widths', () => {
  it('keep record numbers narrow and names wide', () => {
    const bookings = resourceByName('bookings')!;
    expect(columnWidth(bookings.allFields[bookings.idField]!)).toBe(96);
    const users = resourceByName('users')!;
    expect(columnWidth(users.allFields.name!)).toBeGreaterThanOrEqual(200);
  });
});

describe('numbers with units', () => {
  it('read with their unit in cells and on record pages', () => {
    const vehicles = resourceByName('vehicles');
    const battery = vehicles?.allFields.batteryKwh;
    expect(battery?.unit).toBe('kWh');
    expect(formatFieldText(battery!, 66.4)).toBe('66.4 kWh');
    expect(formatFieldText({ ...battery!, unit: '%' }, 12)).toBe('12%');
    expect(formatFieldText({ ...battery!, unit: undefined }, 1234.5)).toBe('1,234.5');
    expect(formatFieldText(battery!, null)).toBe('-');
  });
});

describe('lists of items', () => {
  it('read as labels with units, without the codes behind them', () => {
    const sockets = resourceByName('chargers')!.allFields.sockets!;
    expect(formatFieldText(sockets, [{ code: '16AMP_WALL_SOCKET', displayText: '16 Amp Socket', value: 3.3 }, { code: 'CCS_2', displayText: 'CCS 2', value: 60 }])).toBe(
      '16 Amp Socket · 3.3 kW; CCS 2 · 60 kW',
    );
    expect(formatFieldText(sockets, [])).toBe('-');
  });

  it('leave out the ids of related records (a credit request reads as numbers and amounts)', () => {
    const credits = resourceByName('credit-requests')!.allFields.rows!;
    const rows = [
      { mobileNumber: '8000005000', userId: '8e48e323-c742-b452-b2a2-c3aa3f2b4813', amount: 250_000 },
      { mobileNumber: '8000004999', userId: 'a28c15bb-3203-df3e-7521-f3e56b9f8261', amount: 150_000 },
    ];
    const text = formatFieldText(credits, rows);
    expect(text).not.toContain('8e48e323');
    expect(text).toMatch(/^\+91 80000 05000 · ₹2,500(\.00)?; \+91 80000 04999 · ₹1,500(\.00)?$/);
  });
});
