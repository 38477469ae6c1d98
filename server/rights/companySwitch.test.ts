import { describe, expect, it } from 'vitest';
import { loginProfileSchema } from '../../shared/upstream/loginProfile';
import { switchCompany } from './companySwitch';

const profile = loginProfileSchema().parse({
  loginGUID: 'g',
  agencyId: 100,
  agencyIdForCorpAccount: null,
  servco_no: 100,
  install_servco_Type: 'D',
  contactNumber: 1,
  firstName: 'A',
  lastName: 'B',
  dataManagementTool: 7001,
  serviceCompanyList: [
    { servco_name: 'Dealer One', servco_Type: 'D', servco_no: 100 },
    { servco_name: 'Dealer Two', servco_Type: 'd', servco_no: 200 },
    { servco_name: 'Corp', servco_Type: 'c', servco_no: 300, install_servco_no: 310 },
  ],
});

describe('switchCompany (docs/product/shell-session-search.md#states)', () => {
  it('a dealer entry sets servco_no and agencyId and makes the session a dealer', () => {
    const p = switchCompany({ ...profile, install_servco_Type: 'C' }, '200');
    expect(p).toMatchObject({ servco_no: '200', agencyId: '200', install_servco_Type: 'D' });
  });

  it('a type c entry, in any case, makes a corporate account on its install_servco_no', () => {
    const p = switchCompany(profile, '300');
    expect(p).toMatchObject({
      servco_no: '300',
      agencyId: '300',
      install_servco_Type: 'C',
      agencyIdForCorpAccount: '310',
    });
  });

  it('a company that is not on the list is refused', () => {
    expect(switchCompany(profile, '999')).toBeNull();
  });
});
