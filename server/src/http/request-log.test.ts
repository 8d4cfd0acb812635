import { describe, expect, it } from 'vitest';
import { serializeRequest } from './request-log';

describe('serializeRequest', () => {
  it('masks a token in the query and keeps the rest of the line', () => {
    expect(serializeRequest({ method: 'GET', url: '/api/events?token=abc.def&x=1', ip: '127.0.0.1' })).toEqual({
      method: 'GET',
      url: '/api/events?token=[masqué]&x=1',
      remoteAddress: '127.0.0.1',
    });
    expect(serializeRequest({ method: 'GET', url: '/api/events?a=2&TOKEN=s3cr3t', ip: '::1' }).url).toBe('/api/events?a=2&TOKEN=[masqué]');
    expect(serializeRequest({ method: 'POST', url: '/api/auth/login', ip: '::1' }).url).toBe('/api/auth/login');
  });

  it('masks the token of an e-mailed link, on its web page and on the API call it makes', () => {
    const token = 'Zm9vYmFyYmF6cXV4LXNlY3JldC10b2tlbi0xMjM0NTY';
    for (const [url, masked] of [
      [`/verify/${token}`, '/verify/[masqué]'],
      [`/recover-password/${token}?x=1`, '/recover-password/[masqué]?x=1'],
      [`/api/auth/confirmation/${token}`, '/api/auth/confirmation/[masqué]'],
      [`/api/auth/pswd/recover/${token}`, '/api/auth/pswd/recover/[masqué]'],
      [`/api/polls/${token}/preview/12`, '/api/polls/[masqué]/preview/12'],
      [`/sondage/${token}`, '/sondage/[masqué]'],
      [`/mon-profil/sondages/${token}`, '/mon-profil/sondages/[masqué]'],
    ]) {
      const line = serializeRequest({ method: 'GET', url: url!, ip: '::1' });
      expect(line.url).toBe(masked);
      expect(JSON.stringify(line)).not.toContain(token);
    }
  });
});
