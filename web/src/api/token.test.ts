import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_COOKIE, syncPageCookie, TOKEN_KEY, writePageCookie } from './token';

const TOKEN = 'd'.repeat(43);
const pageCookie = () => document.cookie.split('; ').find((part) => part.startsWith(`${PAGE_COOKIE}=`))?.slice(PAGE_COOKIE.length + 1) ?? null;

afterEach(() => {
  localStorage.clear();
  writePageCookie(null);
});

describe('the page cookie', () => {
  it('is written and cleared with the token', () => {
    writePageCookie(TOKEN);
    expect(pageCookie()).toBe(TOKEN);
    writePageCookie(null);
    expect(pageCookie()).toBeNull();
  });

  it('follows the stored token at each start: a session kept from before, one ended elsewhere', () => {
    localStorage.setItem(TOKEN_KEY, TOKEN);
    syncPageCookie();
    expect(pageCookie()).toBe(TOKEN);
    localStorage.removeItem(TOKEN_KEY);
    syncPageCookie();
    expect(pageCookie()).toBeNull();
  });
});
