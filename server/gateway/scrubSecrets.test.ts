import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './scrubSecrets';

describe('scrubSecrets', () => {
  it('removes secret keys at any depth and any case, and the session id as a value', () => {
    const answer = {
      result: [
        {
          pn: '1',
          PN: '2',
          tokenSecUser: 't',
          LoginGuid: 'g',
          keep: 'k',
          nested: { loginGUID: 'g', sid: 'S', list: ['S', 'x'] },
        },
      ],
    };
    expect(scrubSecrets(answer, 'S')).toEqual({ result: [{ keep: 'k', nested: { list: [null, 'x'] } }] });
  });
});
