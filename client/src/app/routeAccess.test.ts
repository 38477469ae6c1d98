import { describe, expect, it } from 'vitest';
import { buildMenu, menuIds } from '../lib/menu/buildMenu';
import { guardRoute, landingOf, safeRememberedUrl } from './routeAccess';

const ownerIds = menuIds(buildMenu({ selectedNavIds: null, isOwner: true }));
const subIds = menuIds(buildMenu({ selectedNavIds: ['1', '3', '4', '7'], isOwner: false }));

describe('the route guard', () => {
  it('waits while the session is being checked', () => {
    expect(guardRoute({ status: 'checking', pathname: '/settings', allowedIds: ownerIds })).toEqual({
      kind: 'wait',
    });
  });

  it('sends a visitor without a session to sign in, remembering the whole url', () => {
    expect(
      guardRoute({
        status: 'signedOut',
        pathname: '/growth',
        search: '?x=1',
        hash: '#top',
        allowedIds: new Set(),
      }),
    ).toEqual({ kind: 'signIn', remember: '/growth?x=1#top' });
  });

  it('opens the wall display alone for a browser without a session (it pairs itself), and only it', () => {
    expect(
      guardRoute({ status: 'signedOut', pathname: '/wall', search: '?kiosk=1', allowedIds: new Set() }),
    ).toEqual({ kind: 'alone' });
    expect(guardRoute({ status: 'signedOut', pathname: '/dashboardDetails', allowedIds: new Set() })).toEqual(
      {
        kind: 'signIn',
        remember: '/dashboardDetails',
      },
    );
    // A signed-in user still needs the Live Alarm View for it.
    const noLiveView = menuIds(buildMenu({ selectedNavIds: ['3', '7'], isOwner: false }));
    expect(guardRoute({ status: 'signedIn', pathname: '/wall', allowedIds: noLiveView })).toEqual({
      kind: 'unauthorized',
    });
  });

  it('lets a signed-in user open the routes of their menu and the routes outside any menu', () => {
    for (const pathname of [
      '/dashboardDetails',
      '/dashboard1',
      '/systemontest',
      '/growth',
      '/settings',
      '/companyStatistics',
      '/newsLetter',
      '/unauthorized',
    ]) {
      expect(guardRoute({ status: 'signedIn', pathname, allowedIds: subIds })).toEqual({ kind: 'allow' });
    }
  });

  it('sends a route whose menu id is not in SelectedNavIds to /unauthorized', () => {
    for (const pathname of [
      '/zoneSummary',
      '/generatemonitoringcertificate',
      '/securitySettings',
      '/discrepancies',
    ]) {
      expect(guardRoute({ status: 'signedIn', pathname, allowedIds: subIds })).toEqual({
        kind: 'unauthorized',
      });
    }
  });

  it('keeps Security Settings for the owner', () => {
    expect(guardRoute({ status: 'signedIn', pathname: '/securitySettings', allowedIds: ownerIds })).toEqual({
      kind: 'allow',
    });
    const notOwner = menuIds(buildMenu({ selectedNavIds: null, isOwner: false }));
    expect(guardRoute({ status: 'signedIn', pathname: '/securitySettings', allowedIds: notOwner })).toEqual({
      kind: 'unauthorized',
    });
  });

  it('follows only remembered urls of this app', () => {
    expect(safeRememberedUrl('/growth?x=1')).toBe('/growth?x=1');
    expect(safeRememberedUrl('//evil.example/x')).toBeNull();
    expect(safeRememberedUrl('https://evil.example')).toBeNull();
    expect(safeRememberedUrl('/')).toBeNull();
    expect(safeRememberedUrl(null)).toBeNull();
  });

  it('lands on the first tab of the menu, or asks first when it is external', () => {
    expect(landingOf(buildMenu({ selectedNavIds: ['3', '1'], isOwner: false }))).toEqual({
      path: '/systemontest',
    });
    expect(landingOf(buildMenu({ selectedNavIds: ['2', '1'], isOwner: false }))).toEqual({
      path: '/externalLinks',
      externalMenuId: '2',
    });
    expect(landingOf(buildMenu({ selectedNavIds: ['506'], isOwner: false }))).toEqual({
      path: '/externalLinks',
      externalMenuId: '506',
    });
    expect(landingOf([])).toEqual({ path: '/unauthorized' });
  });
});
