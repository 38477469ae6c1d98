import { fromPromise } from 'xstate';
import type { PublicProfile } from '../../../../shared/upstream/loginProfile';
import type {
  ApplyCompanyInput,
  BannerInput,
  BannerOutput,
} from '../../../../machines/session/serviceCompanySwitchMachine';
import { companyIdOf } from '../../features/companySwitch/ServiceCompanySelector';
import { fetchDealerBanner, switchServiceCompany } from '../../features/companySwitch/companyApi';
import { ownerFlag, unlessAborted } from './sessionActors';

/** The switch's effects: the bridge stores the choice in the session; the banner follows. */
export const companySwitchActors = {
  applyCompany: fromPromise<PublicProfile, ApplyCompanyInput>(async ({ input, signal }) => {
    // NOTE: the bridge looks the entry up by its own id order (servco_no first), as the selector does.
    const answer = await unlessAborted(signal, switchServiceCompany(companyIdOf(input.company), signal));
    ownerFlag.setState(answer.isOwner);
    return answer.profile;
  }),
  fetchBanner: fromPromise<BannerOutput, BannerInput>(async ({ input, signal }) => ({
    bannerImage: await unlessAborted(signal, fetchDealerBanner(input.servcoNo, signal)),
  })),
};
