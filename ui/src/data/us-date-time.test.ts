import { formatUsDateTime } from './us-date-time';

describe('formatUsDateTime', () => {
  it('writes month/day/year, then the 12-hour clock with seconds', () => {
    expect(formatUsDateTime(new Date(2026, 10, 20, 9, 30, 0))).toBe('11/20/2026, 9:30:00 AM');
    expect(formatUsDateTime(new Date(2026, 0, 5, 16, 7, 9))).toBe('1/5/2026, 4:07:09 PM');
  });

  it('calls midnight 12 AM and noon 12 PM', () => {
    expect(formatUsDateTime(new Date(2026, 11, 31, 0, 0, 0))).toBe('12/31/2026, 12:00:00 AM');
    expect(formatUsDateTime(new Date(2026, 11, 31, 12, 0, 5))).toBe('12/31/2026, 12:00:05 PM');
    expect(formatUsDateTime(new Date(2026, 11, 31, 23, 59, 59))).toBe('12/31/2026, 11:59:59 PM');
  });

  it("agrees with toLocaleString('en-US') in this time zone, hour by hour and on random instants", () => {
    const instants = [
      ...Array.from({ length: 24 * 7 }, (_, hour) => Date.UTC(2026, 2, 6) + hour * 3_600_000),
      ...Array.from({ length: 500 }, (_, index) => Math.round(((index * 7919) % 500) * 6.3e9)),
    ];
    for (const instant of instants) {
      const date = new Date(instant);
      // ICU puts a narrow no-break space before AM/PM in some versions.
      expect(formatUsDateTime(date)).toBe(date.toLocaleString('en-US').replace(/\u202f/g, ' '));
    }
  });
});
