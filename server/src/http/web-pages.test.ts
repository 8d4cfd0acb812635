import { describe, expect, it } from 'vitest';
import { isWebPagePath } from './web-pages';

describe('isWebPagePath', () => {
  it('answers the web app’s paths with its page', () => {
    for (const url of ['/', '/concours/design', '/details-concours/12', '/verify/abc_DEF-123', '/confirmation?idConcours=4&transactionId=t.1', '/messages/40']) {
      expect(isWebPagePath('GET', url), url).toBe(true);
    }
    expect(isWebPagePath('HEAD', '/faq')).toBe(true);
  });

  it('leaves the API, files and other methods to a 404', () => {
    for (const url of ['/api/nexiste-pas', '/api', '/assets/index-OLD123.js', '/assets/', '/favicon.ico', '/illustrations/absente.svg', '/robots.txt']) {
      expect(isWebPagePath('GET', url), url).toBe(false);
    }
    expect(isWebPagePath('POST', '/concours')).toBe(false);
  });
});
