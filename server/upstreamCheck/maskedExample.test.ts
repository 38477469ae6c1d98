import { describe, expect, it } from 'vitest';
import { maskedExample } from './maskedExample';

describe("an example in upstream:check's differs line", () => {
  it.each([
    ['a name', 'site_name', 'Lewis Residence', '"L**** R********"'],
    ['an address', 'site_addr1', '7328 Washington St', '"7*** W********* S*"'],
    ['a city', 'city_name', 'Bryn Mawr', '"B*** M***"'],
    ['a phone', 'phone_number', '(714) 555-0101', '"(7**) 5**-0***"'],
    ['an e-mail', 'email_address', 'olivia.owens@example.com', '"o*****.o****@e******.c**"'],
    ['a phone sent as a number', 'phone_number', 7145550101, '**********'],
    [
      'a phone and an e-mail in free text',
      'alarm_text',
      'Call 714-555-0101 or olivia.owens@example.com',
      '"C*** ***-***-**** o* ******.*****@*******.***"',
    ],
  ])('shows %s (%s) masked', (_what, key, value, shown) => {
    expect(maskedExample(value, key)).toBe(shown);
  });

  it("shows what is no one's personal data as it came: a date, a count, a shape", () => {
    expect(maskedExample('2026-11-29T04:02:44-08:00', 'alarm_Date')).toBe('"2026-11-29T04:02:44-08:00"');
    expect(maskedExample(20, 'event_count')).toBe('20');
    expect(maskedExample([1, 2, 3], 'eventLogList')).toBe('a list of 3');
    expect(maskedExample(undefined, 'alarm_Date')).toBe('(missing)');
  });
});
