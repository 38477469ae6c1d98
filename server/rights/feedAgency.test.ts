import { describe, expect, it } from 'vitest';
import { feedAgencyOf } from './feedAgency';

const corporate = {
  servco_name: 'Nationwide Retail Corp.',
  servco_Type: 'C ',
  servco_no: '31006',
  install_servco_no: '21006',
  corpacct_servco_no: '31006',
};
const dealer = {
  servco_name: 'Lone Star Alarm Co.',
  servco_Type: 'D',
  servco_no: '21002',
  install_servco_no: '21002',
};

describe("a feed's agency id", () => {
  it("joins a corporate account's own id to its install id, from the login record's company list", () => {
    const profile = {
      agencyId: '21002',
      agencyIdForCorpAccount: null,
      install_servco_Type: 'D',
      serviceCompanyList: [dealer, corporate],
    };
    expect(feedAgencyOf(profile, '31006')).toBe('21006');
    expect(feedAgencyOf(profile, '21006')).toBe('21006');
    expect(feedAgencyOf(profile, '21002')).toBe('21002');
  });

  it('a session switched to the corporate account goes by its install id', () => {
    const profile = {
      agencyId: '31006',
      agencyIdForCorpAccount: '21006',
      install_servco_Type: 'C',
      serviceCompanyList: [],
    };
    expect(feedAgencyOf(profile, '31006')).toBe('21006');
  });

  it("leaves a dealer's and a contractor's ids as they are", () => {
    const profile = {
      agencyId: '21001',
      agencyIdForCorpAccount: null,
      install_servco_Type: 'D',
      serviceCompanyList: [
        {
          servco_name: 'Sub',
          servco_Type: 'D',
          servco_no: '21009',
          install_servco_no: '21001',
          contractor_servco_no: '41009',
        },
      ],
    };
    expect(feedAgencyOf(profile, '21009')).toBe('21009');
    expect(feedAgencyOf(profile, '41009')).toBe('41009');
  });
});
