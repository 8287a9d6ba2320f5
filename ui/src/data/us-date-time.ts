const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A date and time as `toLocaleString('en-US')` writes it, "11/20/2026, 9:30:00 AM", in the viewer's
 * time zone. Written by hand because a page's first Intl call loads ICU's locale data: 25–40 ms
 * (100–165 ms with the CPU 4× slower, `bench/web-vitals.ts`), spent in the first render of
 * every table that shows a date, before its largest paint.
 */
export function formatUsDateTime(date: Date): string {
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return (
    `${date.getMonth() + 1}/${date.getDate()}/${date.getFullYear()}, ` +
    `${hour12}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())} ${hours < 12 ? 'AM' : 'PM'}`
  );
}
