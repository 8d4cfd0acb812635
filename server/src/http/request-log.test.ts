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
});
