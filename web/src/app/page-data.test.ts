import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { TOKEN_KEY } from '../api/token';
import { takePageData, tokenDigest } from './page-data';
import { PAGE_DATA_ID } from './prerendered';

const TOKEN = 'b'.repeat(43);

function pageWith(data: unknown): void {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_DATA_ID;
  block.textContent = JSON.stringify(data);
  document.body.append(block);
}

function drawnCache(): ReturnType<typeof dehydrate> {
  const server = new QueryClient();
  server.setQueryData(['contests', 'detail', 7], { id: 7, companyName: 'Au Pain Doré' });
  return dehydrate(server);
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('the data a member page was drawn with', () => {
  it('names the member as the server does (SHA-256 of the token, base64url)', async () => {
    expect(await tokenDigest(TOKEN)).toBe(createHash('sha256').update(TOKEN).digest('base64url'));
  });

  it('fills the cache of the member it was drawn for, once', async () => {
    localStorage.setItem(TOKEN_KEY, TOKEN);
    pageWith({ for: await tokenDigest(TOKEN), queries: drawnCache() });
    const client = new QueryClient();
    expect(await takePageData(client)).toBe(true);
    expect(client.getQueryData(['contests', 'detail', 7])).toEqual({ id: 7, companyName: 'Au Pain Doré' });
    expect(document.getElementById(PAGE_DATA_ID)).toBeNull();
  });

  it('is dropped for anyone else: another tab signed in as someone else since', async () => {
    localStorage.setItem(TOKEN_KEY, TOKEN);
    pageWith({ for: await tokenDigest('c'.repeat(43)), queries: drawnCache() });
    const client = new QueryClient();
    expect(await takePageData(client)).toBe(false);
    expect(client.getQueryData(['contests', 'detail', 7])).toBeUndefined();
  });

  it('is dropped without a session, or unreadable', async () => {
    pageWith({ for: await tokenDigest(TOKEN), queries: drawnCache() });
    expect(await takePageData(new QueryClient())).toBe(false);
    localStorage.setItem(TOKEN_KEY, TOKEN);
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_DATA_ID;
    block.textContent = '{ pas du json';
    document.body.append(block);
    expect(await takePageData(new QueryClient())).toBe(false);
  });
});
