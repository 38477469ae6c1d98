import { describe, expect, it } from 'vitest';
import {
  accountRequest,
  contactName,
  contactRequest,
  contactRows,
  defaultEventForm,
  emptyAccountForm,
  emptyContactForm,
  eventRequest,
  FILL_ANY_FIELD,
  formatFormDate,
  INVALID_EMAIL,
  maskPhone,
  parseFormDate,
  statusLabel,
  stripPhone,
  toWireDate,
  validateAccount,
  validateContact,
  validateEvent,
  zipDigits,
} from './advancedSearchRules';

describe('advanced search: account information (1001)', () => {
  it('asks to fill out a field when every field is empty or blank', () => {
    expect(validateAccount(emptyAccountForm())).toEqual({
      form: 'Please fill out any of the field to search.',
    });
    expect(validateAccount({ ...emptyAccountForm(), city: '   ' }).form).toBe(FILL_ANY_FIELD);
  });

  it('accepts any one filled field, including UDFs and code words', () => {
    for (const key of ['csNo', 'zipCode', 'udf4', 'codeWord2'] as const) {
      expect(validateAccount({ ...emptyAccountForm(), [key]: '1' })).toEqual({});
    }
  });

  it('sends the phone without spaces, parentheses and dashes, in the spec field names', () => {
    const req = accountRequest({ ...emptyAccountForm(), csNo: ' C100 ', phone: '(555) 123-4567' });
    expect(req.AdvancedSearchType).toBe(1001);
    expect(req.SearchByAccount.Cs_No).toBe('C100');
    expect(req.SearchByAccount.Phone).toBe('5551234567');
    expect(Object.keys(req.SearchByAccount)).toEqual(
      expect.arrayContaining([
        'Cs_No',
        'Site_No',
        'Name',
        'Address',
        'Address2',
        'City',
        'State',
        'Phone',
        'AltId',
        'PanelId',
        'Udf1',
        'Udf2',
        'Udf3',
        'Udf4',
        'CodeWord1',
        'CodeWord2',
      ]),
    );
  });

  it('keeps the zip code numeric', () => {
    expect(zipDigits('92a61-8')).toBe('92618');
  });
});

describe('the phone mask (999) 999-9999', () => {
  it('formats digits as they are typed', () => {
    expect(maskPhone('5')).toBe('(5');
    expect(maskPhone('5551')).toBe('(555) 1');
    expect(maskPhone('5551234')).toBe('(555) 123-4');
    expect(maskPhone('5551234567')).toBe('(555) 123-4567');
  });

  it('keeps 10 digits at most, drops other characters and a leading 0', () => {
    expect(maskPhone('555-123-4567 ext 89')).toBe('(555) 123-4567');
    expect(maskPhone('0555')).toBe('(555');
    expect(maskPhone('abc')).toBe('');
  });

  it('strips the mask for sending', () => {
    expect(stripPhone('(555) 123-4567')).toBe('5551234567');
  });
});

describe('advanced search: contact information (1003)', () => {
  it('asks to fill out a field when every field is empty', () => {
    expect(validateContact(emptyContactForm())).toEqual({ form: FILL_ANY_FIELD });
  });

  it('refuses an invalid email under the field', () => {
    expect(validateContact({ ...emptyContactForm(), email: 'not-an-email' })).toEqual({
      fields: { email: 'Please enter valid email address.' },
    });
    expect(validateContact({ ...emptyContactForm(), lastName: 'Lee', email: 'a@b' }).fields?.email).toBe(
      INVALID_EMAIL,
    );
    expect(validateContact({ ...emptyContactForm(), email: 'pat@example.com' })).toEqual({});
  });

  it('sends the contact fields in the spec names, phone stripped', () => {
    const req = contactRequest({
      ...emptyContactForm(),
      firstName: 'Pat',
      phone: '(555) 000-1111',
      idCode: '77',
    });
    expect(req.AdvancedSearchType).toBe(1003);
    expect(req.SearchByContact).toEqual({
      FirstName: 'Pat',
      LastName: '',
      Phone: '5550001111',
      EmailAddress: '',
      PIN: '',
      IDCode: '77',
    });
  });

  it('drops rows without a cs_no and names a contact by first and last name', () => {
    expect(contactRows([{ cs_no: 'C1' }, { cs_no: '' }, { cs_no: '  ' }])).toEqual([{ cs_no: 'C1' }]);
    expect(contactName({ first_name: 'Pat', last_name: 'Lee', name: 'x' })).toBe('Pat Lee');
    expect(contactName({ first_name: '', last_name: '', name: 'Site Contact' })).toBe('Site Contact');
  });
});

describe('advanced search: event history occurrence (1002)', () => {
  it('defaults to one day before now until now, as MM-dd-yyyy HH:mm', () => {
    const now = new Date(2024, 0, 5, 14, 7);
    expect(defaultEventForm(now)).toEqual({ start: '01-04-2024 14:07', end: '01-05-2024 14:07' });
  });

  it('reads and writes the form format', () => {
    expect(formatFormDate(new Date(2024, 10, 9, 8, 5))).toBe('11-09-2024 08:05');
    expect(parseFormDate('11-09-2024 08:05')?.getTime()).toBe(new Date(2024, 10, 9, 8, 5).getTime());
    expect(parseFormDate('02-30-2024 08:05')).toBeNull();
    expect(parseFormDate('2024-02-01 08:05')).toBeNull();
  });

  it('reformats dates to "Mon D YYYY h:mm" with the AM/PM suffix replaced by ":00"', () => {
    expect(toWireDate(new Date(2024, 0, 5, 14, 5))).toBe('Jan 5 2024 2:05:00');
    expect(toWireDate(new Date(2024, 11, 25, 9, 30))).toBe('Dec 25 2024 9:30:00');
    expect(toWireDate(new Date(2024, 6, 1, 0, 0))).toBe('Jul 1 2024 12:00:00');
  });

  it('sends the reformatted range', () => {
    const req = eventRequest({ start: '01-04-2024 14:07', end: '01-05-2024 09:00' });
    expect(req.AdvancedSearchType).toBe(1002);
    expect(req.SearchByEvent).toEqual({
      StartDate: 'Jan 4 2024 2:07:00',
      EndDate: 'Jan 5 2024 9:00:00',
      EventClass: '',
    });
  });

  it('has no check beyond the defaults, except a date it cannot read', () => {
    expect(validateEvent(defaultEventForm())).toEqual({});
    expect(validateEvent({ start: 'yesterday', end: '01-05-2024 09:00' }).fields?.start).toMatch(
      /MM-dd-yyyy HH:mm/,
    );
  });

  it('labels a status by its description, else its service type id', () => {
    expect(statusLabel({ status_descr: 'BURGLARY', servtype_id: '12' })).toBe('BURGLARY');
    expect(statusLabel({ status_descr: '', servtype_id: '12' })).toBe('12');
  });
});
