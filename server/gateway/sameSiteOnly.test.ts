import { describe, expect, it } from 'vitest';
import { isWrite } from './sameSiteOnly';
import { canonicalPath, upstreamRouteOf } from './routeOfRequest';

const request = (method: string, originalUrl: string) => ({ method, originalUrl });

describe('which requests write', () => {
  it('the manual signal is a write in every spelling the router or a proxy takes for it', () => {
    for (const url of [
      '/api/alarm/SetManualSignal?CsNo=1',
      '/api/alarm/SetManualSignal/?CsNo=1',
      '/API/ALARM/SETMANUALSIGNAL',
      '/api//alarm///SetManualSignal//',
      '/api/alarm/SetManual%53ignal',
      '/api/alarm%2FSetManualSignal',
      '/api/alarm/SetManual%2553ignal',
      '/api/./alarm/x/../SetManualSignal',
      '/api\\alarm\\SetManualSignal',
    ]) {
      expect({ url, write: isWrite(request('GET', url)) }).toEqual({ url, write: true });
      expect({ url, write: isWrite(request('HEAD', url)) }).toEqual({ url, write: true });
    }
  });

  it('reads stay reads however spelled; every other method writes', () => {
    expect(isWrite(request('GET', '/api/GetRecentlyAccessedSites/'))).toBe(false);
    expect(isWrite(request('GET', '/api/session'))).toBe(false);
    expect(isWrite(request('GET', '/api/alarm/SetManualSignalX'))).toBe(false);
    expect(isWrite(request('POST', '/api/AdvancedSearch'))).toBe(true);
    expect(isWrite(request('DELETE', '/api/session'))).toBe(true);
  });

  it('resolves a path to its route table entry once, by method', () => {
    expect(upstreamRouteOf('get', '/api/alarm/setmanualsignal/')?.path).toBe('alarm/SetManualSignal');
    expect(upstreamRouteOf('POST', '/api/alarm/SetManualSignal')).toBeUndefined();
    expect(upstreamRouteOf('POST', '/api/AlarmBuffer/GetSiteInfo')?.method).toBe('POST');
    expect(canonicalPath('/api/%E0%A4%A?x')).toBe('/api/%e0%a4%a');
  });
});
